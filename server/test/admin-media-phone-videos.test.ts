// Videos straight from a phone, uploaded through POST /api/admin/media on a real server over HTTP (real SQLite): a
// QuickTime movie (.mov) of H.264 is copied into an MP4 (its picture packets as sent, the movie header first), and
// HEVC, which browsers do not play, in a .mov or an MP4 is converted to H.264 in an MP4: upright, 8-bit, SDR. Neither
// keeps where it was filmed. A conversion longer than the site converts is refused before any work, and while one
// runs the server goes on answering. The videos are made here by the server's own ffmpeg (video-fixtures.ts).
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@studio/shared/media-upload';
import { cleanUp, download, form, leftovers, NOTHING, upload, useMediaServer } from './admin-media-support';
import {
  brandsOf,
  canEncode,
  decodes,
  phoneVideo,
  pictureOf,
  picturePackets,
  PLACES,
  probe,
  rotation,
  trackHandlers,
  walkBoxes,
} from './video-fixtures';

const media = useMediaServer();

const topBoxes = (bytes: Buffer) =>
  walkBoxes(bytes)
    .filter((b) => !b.path.includes('/'))
    .map((b) => b.path);

/** What a browser needs of a served video: an MP4 (brand isom), its header first, H.264 and AAC that decode. */
function servedAsMp4(served: Buffer) {
  return {
    major: brandsOf(served)[0],
    headerFirst: topBoxes(served).indexOf('moov') < topBoxes(served).indexOf('mdat'),
    tracks: trackHandlers(served),
    picture: pictureOf(served)?.codec,
    pixelFormat: pictureOf(served)?.pixelFormat,
    sound: /Audio: (\w+)/.exec(probe(served))?.[1],
    decodes: decodes(served),
    location: served.includes(PLACES.xyz),
  };
}
const PLAYABLE = {
  major: 'isom',
  headerFirst: true,
  tracks: ['vide', 'soun'],
  picture: 'h264',
  pixelFormat: 'yuv420p',
  sound: 'aac',
  decodes: { video: true, audio: true },
  location: false,
};

const hevc = canEncode('libx265') ? test : test.skip;

test('an H.264 .mov from a phone is copied into an MP4: the same picture packets, the header first, no location', async () => {
  const mov = phoneVideo({ codec: 'h264', container: 'mov' });
  expect(brandsOf(mov)[0]).toBe('qt  ');
  expect(probe(mov)).toContain(PLACES.xyz);
  const res = await upload(
    form(
      { alt: 'Serum unboxing', section: 'ugc' },
      { file: { bytes: mov, name: 'IMG_0042.MOV', type: 'video/quicktime' } },
    ),
  );
  expect(res.status).toBe(201);
  const id = res.json.id ?? '';
  expect(res.json).toEqual({
    id,
    type: 'video',
    url: `/media/uploads/${id}/video.mp4`,
    name: 'Serum unboxing',
    poster: `/media/uploads/${id}/poster.jpg`,
  });
  const served = await download(res.json.url);
  expect(servedAsMp4(served)).toEqual(PLAYABLE);
  // Copied, not re-encoded: no loss, and seconds for a long one.
  expect(picturePackets(served)).toBe(picturePackets(mov));
  expect(pictureOf(served)?.size).toBe('320x240');
  // Its row says what she sent.
  expect(media.t.repos.db.prepare('SELECT kind, format FROM media WHERE id = ?').get(id)).toEqual({
    kind: 'video',
    format: 'mov',
  });
  await cleanUp(res.json);
}, 60_000);

hevc(
  'an HEVC .mov filmed upright in HDR is converted to upright 8-bit SDR H.264 in an MP4, without its location',
  async () => {
    const mov = phoneVideo({ codec: 'hevc', container: 'mov', hdr: true, rotate: 90 });
    expect(pictureOf(mov)).toEqual({ codec: 'hevc', pixelFormat: 'yuv420p10le', size: '320x240' });
    expect(probe(mov)).toContain('arib-std-b67');
    expect(rotation(mov)).toBe('90.00');
    const res = await upload(
      form(
        { alt: 'Backstage', section: 'digitals' },
        { file: { bytes: mov, name: 'IMG_0043.MOV', type: 'video/quicktime' } },
      ),
    );
    expect(res.status).toBe(201);
    expect(res.json.url).toBe(`/media/uploads/${res.json.id}/video.mp4`);
    const served = await download(res.json.url);
    expect(servedAsMp4(served)).toEqual(PLAYABLE);
    // Turned upright once, by the conversion: no rotation left for a player to apply twice.
    expect(pictureOf(served)?.size).toBe('240x320');
    expect(rotation(served)).toBeUndefined();
    expect(probe(served)).not.toMatch(/arib-std-b67|bt2020/);
    await cleanUp(res.json);
  },
  60_000,
);

hevc(
  'an HEVC MP4 from an Android phone is converted too',
  async () => {
    const mp4 = phoneVideo({ codec: 'hevc', container: 'mp4', size: '640x360', rate: 30 });
    expect(brandsOf(mp4)[0]).toBe('isom');
    const res = await upload(
      form({ alt: 'Walk', section: 'ugc' }, { file: { bytes: mp4, name: 'VID_20261123.mp4', type: 'video/mp4' } }),
    );
    expect(res.status).toBe(201);
    const served = await download(res.json.url);
    expect(servedAsMp4(served)).toEqual(PLAYABLE);
    expect(pictureOf(served)?.size).toBe('640x360');
    await cleanUp(res.json);
  },
  60_000,
);

hevc(
  'an HEVC video longer than the site converts is refused with what to do, and nothing is kept',
  async () => {
    const long = phoneVideo({
      codec: 'hevc',
      container: 'mov',
      seconds: MEDIA_LIMITS.videoConvertSeconds + 2,
      size: '128x72',
      rate: 2,
    });
    const res = await upload(form({ alt: 'Long', section: 'ugc' }, { file: { bytes: long, name: 'long.mov' } }));
    expect(res).toEqual({
      status: 413,
      json: {
        message: MEDIA_MESSAGES.videoTooLongToConvert,
        fieldErrors: { file: [MEDIA_MESSAGES.videoTooLongToConvert] },
      },
    });
    expect(MEDIA_MESSAGES.videoTooLongToConvert).toMatch(/longer than 1 minute, the longest the site converts/);
    expect(leftovers()).toEqual(NOTHING);
  },
  60_000,
);

hevc(
  'while a video is converted the server goes on answering: the work is never on its event loop',
  async () => {
    const mov = phoneVideo({ codec: 'hevc', container: 'mov', seconds: 4, size: '640x360', rate: 30 });
    let uploaded = false;
    const sending = upload(form({ alt: 'Busy', section: 'ugc' }, { file: { bytes: mov, name: 'busy.mov' } })).finally(
      () => {
        uploaded = true;
      },
    );
    // Health answers, timed, until the upload's own answer arrives.
    const answers: Array<{ status: number; ms: number }> = [];
    while (!uploaded) {
      const started = Date.now();
      const res = await fetch(`${media.origin}/api/health`);
      await res.arrayBuffer();
      if (!uploaded) answers.push({ status: res.status, ms: Date.now() - started });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const res = await sending;
    expect(res.status).toBe(201);
    expect(answers.length).toBeGreaterThanOrEqual(3);
    expect(answers.every((a) => a.status === 200 && a.ms < 2000)).toBe(true);
    await cleanUp(res.json);
  },
  60_000,
);
