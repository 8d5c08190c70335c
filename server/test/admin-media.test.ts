// The image pipeline: uploads through POST /api/admin/media on a real server over HTTP, processed by real
// sharp in its child process. What a visitor can download must carry nothing of the original's metadata (checked on
// the bytes of every public copy), and images come out upright in sRGB at the widths the srcSet names. Refused,
// failed and cut-off uploads: admin-media-refusals.test.ts; videos: admin-media-videos.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { MEDIA_MESSAGES } from '@studio/shared/media-upload';
import type { MediaItem } from '@studio/shared/domain';
import {
  cameraJpeg,
  cleanUp,
  dataPath,
  deleteMedia,
  download,
  form,
  GPS_IFD_POINTER,
  ifd0Tags,
  jpegSegments,
  publicCopies,
  SECRET,
  upload,
  useMediaServer,
  XMP_SECRET,
} from './admin-media-support';

const media = useMediaServer();

describe('a JPEG straight from a phone', () => {
  let original: Buffer;
  let item: MediaItem;

  beforeAll(async () => {
    original = await cameraJpeg(2600, 1800);
    // The fixture is what the test claims: GPS, a description, XMP and a profile.
    const meta = await sharp(original).metadata();
    expect(ifd0Tags(meta.exif ?? Buffer.alloc(0))).toContain(GPS_IFD_POINTER);
    expect(meta.xmp).toBeDefined();
    expect(meta.icc).toBeDefined();
    const res = await upload(
      form(
        { alt: 'Headshot against a plain wall', section: 'comp-card' },
        { file: { bytes: original, name: 'IMG_0042.JPG', type: 'image/jpeg' } },
      ),
    );
    expect(res.status).toBe(201);
    item = res.json;
  }, 120_000);

  test('answers the MediaItem: id, alt text as its name, natural size, the largest JPEG and WebP widths up to 2400', () => {
    expect(item).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'image',
      url: `/media/uploads/${item.id}/2400.jpg`,
      name: 'Headshot against a plain wall',
      width: 2600,
      height: 1800,
      srcSet: [400, 800, 1200, 1600, 2000, 2400].map((w) => `/media/uploads/${item.id}/${w}.webp ${w}w`).join(', '),
      placeholder: expect.stringMatching(/^data:image\/webp;base64,/),
    });
    expect((item.placeholder ?? '').length).toBeLessThan(1000);
  });

  test('every public copy is served at the width it names, in its format, in sRGB, with no metadata at all', async () => {
    const copies = publicCopies(item);
    expect(copies).toHaveLength(18);
    for (const { url, width } of copies) {
      const bytes = await download(url);
      const meta = await sharp(bytes).metadata();
      const format = url.endsWith('.avif') ? 'heif' : url.endsWith('.webp') ? 'webp' : 'jpeg';
      expect({ url, format: meta.format, width: meta.width, height: meta.height, space: meta.space }).toEqual({
        url,
        format,
        width,
        height: Math.round((width * 1800) / 2600),
        space: 'srgb',
      });
      expect({ url, exif: meta.exif, xmp: meta.xmp, icc: meta.icc, iptc: meta.iptc }).toEqual({ url });
      // On the bytes: no EXIF block, no XMP packet, nothing of what the phone wrote.
      for (const needle of [
        'Exif',
        SECRET,
        XMP_SECRET,
        'PhoneMaker',
        'http://ns.adobe.com/xap',
        'xmpmeta',
        'ICC_PROFILE',
      ])
        expect({ url, needle, found: bytes.includes(needle) }).toEqual({ url, needle, found: false });
      if (format === 'jpeg') expect(jpegSegments(bytes).filter((s) => s.marker === 0xe1)).toEqual([]);
    }
  }, 60_000);

  test('the colours were converted from the Display P3 profile to sRGB, not just stripped of it', async () => {
    const jpeg = await download(`/media/uploads/${item.id}/400.jpg`);
    const { data } = await sharp(jpeg)
      .extract({ left: 50, top: 100, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Pure red in P3 terms is about (234, 51, 35); read back through the profile it is sRGB red again.
    expect(data[0]).toBeGreaterThan(245);
    expect(data[1]).toBeLessThan(12);
    expect(data[2]).toBeLessThan(12);
  });

  test('the original is kept privately, byte for byte, and no address serves it', async () => {
    const kept = dataPath('media-originals', `${item.id}.jpeg`);
    expect(readFileSync(kept).equals(original)).toBe(true);
    for (const url of [
      `/media-originals/${item.id}.jpeg`,
      `/media/../media-originals/${item.id}.jpeg`,
      `/media/%2e%2e/media-originals/${item.id}.jpeg`,
      `/media/uploads/${item.id}/original.jpeg`,
      `/media/uploads/${item.id}/`,
    ]) {
      const res = await fetch(`${media.origin}${url}`);
      const body = Buffer.from(await res.arrayBuffer());
      expect({ url, original: body.includes(SECRET) || body.equals(original) }).toEqual({ url, original: false });
    }
  });

  test('the upload is recorded: kind, sniffed format, section, alt text, size', () => {
    const row = media.t.repos.db.prepare('SELECT * FROM media WHERE id = ?').get(item.id) as Record<string, unknown>;
    expect(row).toMatchObject({
      kind: 'image',
      format: 'jpeg',
      section: 'comp-card',
      alt: 'Headshot against a plain wall',
      width: 2600,
      height: 1800,
      bytes: original.length,
    });
    expect(JSON.parse(String(row.item))).toEqual(item);
  });

  test('deleting it removes the row, the public copies and the original; a second delete is a 404', async () => {
    await cleanUp(item);
    expect((await fetch(`${media.origin}${item.url}`)).status).toBe(404);
    const again = await deleteMedia(item.id ?? '');
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: MEDIA_MESSAGES.notFound });
  });
});

test('a photo whose EXIF says "turn me a quarter" comes out upright, its size recorded upright', async () => {
  // Stored 300 x 200 (red left, blue right) with orientation 6: shown turned 90° clockwise, red on top.
  const res = await upload(
    form(
      { alt: 'Portrait', section: 'digitals' },
      { file: { bytes: await cameraJpeg(300, 200, { orientation: 6 }), name: 'p.jpg' } },
    ),
  );
  expect(res.status).toBe(201);
  expect(res.json).toMatchObject({ width: 200, height: 300, srcSet: `/media/uploads/${res.json.id}/200.webp 200w` });
  for (const url of publicCopies(res.json).map((c) => c.url)) {
    const bytes = await download(url);
    const meta = await sharp(bytes).metadata();
    expect({ url, width: meta.width, height: meta.height, orientation: meta.orientation }).toEqual({
      url,
      width: 200,
      height: 300,
      orientation: undefined,
    });
    const pixel = async (top: number) => [
      ...(await sharp(bytes).extract({ left: 100, top, width: 1, height: 1 }).removeAlpha().raw().toBuffer()),
    ];
    const [top, bottom] = [await pixel(40), await pixel(260)];
    expect({ url, topIsRed: top[0]! > 200 && top[2]! < 60, bottomIsBlue: bottom[2]! > 200 && bottom[0]! < 60 }).toEqual(
      {
        url,
        topIsRed: true,
        bottomIsBlue: true,
      },
    );
  }
  await cleanUp(res.json);
}, 60_000);

test('a PNG named .jpg (and sent as image/jpeg) is taken for what its bytes are: a PNG, transparency laid on white in the JPEG', async () => {
  const png = await sharp({
    create: { width: 500, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toBuffer();
  const res = await upload(
    form({ alt: 'Logo', section: 'services' }, { file: { bytes: png, name: 'logo.jpg', type: 'image/jpeg' } }),
  );
  expect(res.status).toBe(201);
  expect(res.json).toMatchObject({
    type: 'image',
    width: 500,
    height: 300,
    url: `/media/uploads/${res.json.id}/400.jpg`,
  });
  const row = media.t.repos.db.prepare('SELECT format FROM media WHERE id = ?').get(res.json.id) as { format: string };
  expect(row.format).toBe('png');
  expect(existsSync(dataPath('media-originals', `${res.json.id}.png`))).toBe(true);
  const jpeg = await download(res.json.url);
  const [r, g, b] = await sharp(jpeg).extract({ left: 10, top: 10, width: 1, height: 1 }).raw().toBuffer();
  expect([r, g, b].every((v) => (v ?? 0) > 245)).toBe(true);
  const webp = await sharp(await download(`/media/uploads/${res.json.id}/400.webp`)).metadata();
  expect(webp.hasAlpha).toBe(true);
  await cleanUp(res.json);
}, 60_000);
