// The upload pipeline for videos: those uploaded through POST /api/admin/media on a real
// server over HTTP are copied by ffmpeg with their picture and sound only (no re-encoding), so no location survives
// wherever the phone or camera wrote it, with a poster that is stripped like any image. Images: admin-media.test.ts;
// refusals: admin-media-refusals.test.ts. The videos are made by the server's own ffmpeg, then written into by hand
// (video-fixtures.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_MESSAGES } from '@studio/shared/media-upload';
import {
  cameraJpeg,
  cleanUp,
  dataPath,
  download,
  filesUnder,
  form,
  leftovers,
  MB,
  NOTHING,
  SECRET,
  upload,
  useMediaServer,
} from './admin-media-support';
import {
  baseMp4,
  decodes,
  GPS_SAMPLE_NUMBERS,
  mp4WithLocation,
  picturePackets,
  PLACES,
  probe,
  rotation,
  soundOnlyMp4,
  trackHandlers,
  walkBoxes,
  webmWithTags,
} from './video-fixtures';

useMediaServer();

/** What of a phone's location a served MP4 still holds: [] when nothing. */
function leaks(served: Buffer): string[] {
  const found: string[] = Object.entries(PLACES)
    .filter(([, text]) => served.includes(text, 0, 'latin1'))
    .map(([place]) => place);
  if (served.includes(GPS_SAMPLE_NUMBERS)) found.push('gpsTrackNumbers');
  const boxes = walkBoxes(served).map((b) => b.path);
  for (const kind of ['uuid', '\xa9xyz', 'XMP_', 'keys', 'name'])
    if (boxes.some((p) => p.split('/').includes(kind))) found.push(`${kind} box`);
  return found;
}

describe('videos', () => {
  const base = baseMp4();
  // What a player needs: the picture and the sound, decodable, the picture's packets as they were sent, and which way
  // up to show it (a phone filming upright stores the picture sideways).
  const playsAsSent = (served: Buffer) => ({
    tracks: trackHandlers(served),
    decodes: decodes(served),
    picture: picturePackets(served),
    rotation: rotation(served),
  });
  const asSent = {
    tracks: ['vide', 'soun'],
    decodes: { video: true, audio: true },
    picture: picturePackets(base),
    rotation: rotation(base),
  };

  test('an MP4 from a phone or an action camera keeps its picture and sound and no location at all', async () => {
    const video = mp4WithLocation(base);
    // The file holds every place a camera writes a location, as ffmpeg reads it: ©xyz, Apple's key, a GPS data track;
    // and the boxes.
    expect(probe(video)).toMatch(/location\s+: \+40\.4461-079\.9822\/[\s\S]*Data: bin_data \(gpmd/);
    expect(asSent.rotation).toBe('90.00');
    expect(leaks(video).sort()).toEqual(
      [...Object.keys(PLACES), 'gpsTrackNumbers', 'uuid box', '\xa9xyz box', 'XMP_ box', 'keys box', 'name box'].sort(),
    );
    const res = await upload(
      form({ alt: 'Walk', section: 'digitals' }, { file: { bytes: video, name: 'GX010042.MP4' } }),
    );
    expect(res.status).toBe(201);
    expect(res.json.url).toBe(`/media/uploads/${res.json.id}/video.mp4`);
    const served = await download(res.json.url);
    expect(leaks(served)).toEqual([]);
    expect(probe(served)).not.toMatch(/location|GoPro|Data:|handler_name\s+: (?!VideoHandler|SoundHandler)/);
    expect(playsAsSent(served)).toEqual(asSent);
    // The movie header comes first: a browser starts playing before the whole file has arrived.
    expect(
      walkBoxes(served)
        .filter((b) => !b.path.includes('/'))
        .map((b) => b.path),
    ).toEqual(['ftyp', 'moov', 'free', 'mdat']);
    await cleanUp(res.json);
  }, 60_000);

  test('a movie header over 64 MB is no different: its ©xyz is gone too', async () => {
    const video = mp4WithLocation(base, { moovPadding: 64 * MB + 1 });
    const res = await upload(form({ alt: 'Walk', section: 'digitals' }, { file: { bytes: video, name: 'long.mp4' } }));
    expect(res.status).toBe(201);
    const served = await download(res.json.url);
    expect(leaks(served)).toEqual([]);
    expect(served.length).toBeLessThan(MB);
    expect(playsAsSent(served)).toEqual(asSent);
    await cleanUp(res.json);
  }, 60_000);

  test('a WebM keeps its picture and loses its tags, with a neutral poster when none is sent', async () => {
    const webm = webmWithTags(
      readFileSync(path.join(__dirname, '..', 'media-src', 'video', 'runway-walk.webm')),
      PLACES.xyz,
    );
    expect(probe(webm)).toContain(PLACES.xyz);
    const res = await upload(
      form(
        { alt: 'Runway walk', section: 'runway/fall-show' },
        { file: { bytes: webm, name: 'walk.webm', type: 'video/webm' } },
      ),
    );
    expect(res.status).toBe(201);
    const id = res.json.id ?? '';
    expect(res.json).toEqual({
      id,
      type: 'video',
      url: `/media/uploads/${id}/video.webm`,
      name: 'Runway walk',
      poster: `/media/uploads/${id}/poster.jpg`,
    });
    const served = await download(res.json.url);
    expect(served.includes(PLACES.xyz)).toBe(false);
    expect(served.includes(PLACES.owner)).toBe(false);
    expect(probe(served)).toMatch(/Input #0, matroska,webm[\s\S]*Video: vp9/);
    expect(decodes(served).video).toBe(true);
    expect(picturePackets(served)).toBe(picturePackets(webm));
    const poster = await sharp(await download(res.json.poster ?? '')).metadata();
    expect(poster).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
    expect(filesUnder(dataPath('media-originals'))).toEqual([]);
    await cleanUp(res.json);
  }, 60_000);

  test('an MP4 with a poster image: the poster is turned upright, stripped and at most 1280 px wide', async () => {
    const still = await cameraJpeg(1600, 900, { orientation: 8 });
    const res = await upload(
      form(
        { alt: 'Backstage', section: 'digitals' },
        { file: { bytes: base, name: 'b.mp4', type: 'video/mp4' }, poster: { bytes: still, name: 'still.jpg' } },
      ),
    );
    expect(res.status).toBe(201);
    expect(res.json.url).toBe(`/media/uploads/${res.json.id}/video.mp4`);
    const bytes = await download(res.json.poster ?? '');
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 900, height: 1600 });
    expect({ exif: meta.exif, xmp: meta.xmp, icc: meta.icc }).toEqual({});
    expect(bytes.includes(SECRET)).toBe(false);
    await cleanUp(res.json);
  }, 60_000);

  test('an MP4 that ffmpeg cannot copy is refused under its own field, and nothing of the upload is kept', async () => {
    // An MP4's first bytes and nothing a player could read after them.
    const damaged = Buffer.concat([
      Buffer.from('\0\0\0\x20ftypisom\0\0\x02\0isomiso2avc1mp41\0\0\0\x08free', 'latin1'),
      Buffer.alloc(20_000, 1),
    ]);
    const still = await cameraJpeg(160, 90);
    const res = await upload(
      form(
        { alt: 'Backstage', section: 'digitals' },
        { file: { bytes: damaged, name: 'b.mp4' }, poster: { bytes: still, name: 'still.jpg' } },
      ),
    );
    expect(res).toEqual({
      status: 422,
      json: { message: MEDIA_MESSAGES.videoUnreadable, fieldErrors: { file: [MEDIA_MESSAGES.videoUnreadable] } },
    });
    expect(leftovers()).toEqual(NOTHING);
  });

  test('an MP4 with sound and no picture is refused', async () => {
    const sound = soundOnlyMp4();
    const res = await upload(form({ alt: 'Voice', section: 'digitals' }, { file: { bytes: sound, name: 'a.mp4' } }));
    expect(res).toEqual({
      status: 422,
      json: { message: MEDIA_MESSAGES.videoUnreadable, fieldErrors: { file: [MEDIA_MESSAGES.videoUnreadable] } },
    });
    expect(leftovers()).toEqual(NOTHING);
  });

  test('a poster that is not an image is refused, and the video is not kept either', async () => {
    const res = await upload(
      form(
        { alt: 'Backstage', section: 'digitals' },
        { file: { bytes: base, name: 'b.mp4' }, poster: { bytes: Buffer.from('hello there'), name: 'p.jpg' } },
      ),
    );
    expect(res).toEqual({
      status: 415,
      json: { message: MEDIA_MESSAGES.posterNotImage, fieldErrors: { poster: [MEDIA_MESSAGES.posterNotImage] } },
    });
    expect(leftovers()).toEqual(NOTHING);
  });
});
