// Issue 16, the image pipeline: videos uploaded through POST /api/admin/media on a real server over HTTP are kept as
// they were sent but for their metadata, with a poster that is stripped like any image. Images:
// admin-media.test.ts; refusals: admin-media-refusals.test.ts.
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
  NOTHING,
  SECRET,
  upload,
  useMediaServer,
} from './admin-media-support';

useMediaServer();

describe('videos', () => {
  const webm = readFileSync(path.join(__dirname, '..', 'media-src', 'video', 'runway-walk.webm'));
  // The first bytes of an MP4 as phones and editors write it (the server keeps a video as it is, decoding nothing).
  const mp4 = Buffer.concat([
    Buffer.from('\0\0\0\x20ftypisom\0\0\x02\0isomiso2avc1mp41\0\0\0\x08free', 'latin1'),
    Buffer.alloc(20_000, 1),
  ]);

  test('a WebM is kept as it is, with a neutral poster when none is sent', async () => {
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
    expect((await download(res.json.url)).equals(webm)).toBe(true);
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
        { file: { bytes: mp4, name: 'b.mp4', type: 'video/mp4' }, poster: { bytes: still, name: 'still.jpg' } },
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

  test("an MP4's metadata (where it was filmed, on what) is blanked in the public file; the video data is untouched", async () => {
    const box = (type: string, ...children: Buffer[]) => {
      const body = Buffer.concat(children);
      const header = Buffer.alloc(8);
      header.writeUInt32BE(8 + body.length);
      header.write(type, 4, 'latin1');
      return Buffer.concat([header, body]);
    };
    const where = Buffer.from('\0\x12\x15\xc7+40.4461-079.9822/', 'latin1');
    const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1'));
    const mdat = box('mdat', Buffer.alloc(4000, 7));
    const moov = box(
      'moov',
      box('mvhd', Buffer.alloc(100)),
      box('trak', box('tkhd', Buffer.alloc(84)), box('udta', box('name', Buffer.from('Owner iPhone')))),
      box('udta', box('\xa9xyz', where)),
      box('meta', Buffer.from('com.apple.quicktime.location.ISO6709 +40.4461-079.9822/', 'latin1')),
    );
    const video = Buffer.concat([ftyp, mdat, moov]);
    const res = await upload(form({ alt: 'Walk', section: 'digitals' }, { file: { bytes: video, name: 'IMG_1.MP4' } }));
    expect(res.status).toBe(201);
    const served = await download(res.json.url);
    expect(served.length).toBe(video.length);
    for (const needle of ['+40.4461', 'Owner iPhone', 'udta', 'meta'])
      expect({ needle, found: served.includes(needle) }).toEqual({ needle, found: false });
    // The media data and the boxes around the metadata are byte for byte what was sent.
    expect(served.subarray(0, ftyp.length + mdat.length).equals(video.subarray(0, ftyp.length + mdat.length))).toBe(
      true,
    );
    expect(served.includes(box('mvhd', Buffer.alloc(100)))).toBe(true);
    await cleanUp(res.json);
  }, 60_000);

  test('a poster that is not an image is refused, and the video is not kept either', async () => {
    const res = await upload(
      form(
        { alt: 'Backstage', section: 'digitals' },
        { file: { bytes: mp4, name: 'b.mp4' }, poster: { bytes: Buffer.from('hello there'), name: 'p.jpg' } },
      ),
    );
    expect(res).toEqual({
      status: 415,
      json: { message: MEDIA_MESSAGES.posterNotImage, fieldErrors: { poster: [MEDIA_MESSAGES.posterNotImage] } },
    });
    expect(leftovers()).toEqual(NOTHING);
  });
});
