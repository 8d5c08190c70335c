// Issue 16, the image pipeline: uploads through POST /api/admin/media on a real server over HTTP, processed by real
// sharp in its child process. What a visitor can download must carry nothing of the original's metadata (checked on
// the bytes of every public copy), images come out upright in sRGB at the widths the srcSet names, and each bad
// upload is refused with its own message and leaves nothing behind: no file in the data folder, no row.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_MESSAGES } from '@studio/shared/media-upload';
import { avifSrcSetOf, type MediaItem } from '@studio/shared/domain';
import { CSRF_REFUSED } from '../src/plugins/csrf';
import { NOT_ADMIN, NOT_SIGNED_IN } from '../src/plugins/require-admin';
import { ADMIN_EMAIL, build, CSRF, type TestApp } from './helper';

const MB = 1024 * 1024;
// Each upload forks the sharp child process and encodes up to 18 copies: seconds, more on a busy machine.
jest.setTimeout(60_000);

let t: TestApp;
let origin: string;
let adminCookie: string;

beforeAll(async () => {
  t = await build();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  adminCookie = `studio_session=${(await t.repos.sessions.create(ADMIN_EMAIL)).id}; studio_csrf=${CSRF}`;
});
afterAll(() => t.close());

interface Part {
  bytes: Buffer;
  name: string;
  type?: string;
}

function form(fields: Record<string, string>, files: Record<string, Part> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [name, part] of Object.entries(files))
    data.append(
      name,
      new Blob([new Uint8Array(part.bytes)], { type: part.type ?? 'application/octet-stream' }),
      part.name,
    );
  return data;
}

async function upload(body: FormData | string, cookie = adminCookie, headers: Record<string, string> = {}) {
  const res = await fetch(`${origin}/api/admin/media`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': CSRF, ...headers },
    body,
  });
  return { status: res.status, json: (await res.json()) as MediaItem & { message: string; fieldErrors?: object } };
}

const dataPath = (...parts: string[]) => path.join(t.dataDir, ...parts);
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    : [];
const mediaRows = () => (t.repos.db.prepare('SELECT COUNT(*) AS n FROM media').get() as { n: number }).n;

/** Everything an upload can leave behind: temporary files, public copies, originals and rows. */
const leftovers = () => ({
  tmp: filesUnder(dataPath('media-tmp')),
  uploads: filesUnder(dataPath('media', 'uploads')),
  originals: filesUnder(dataPath('media-originals')),
  rows: mediaRows(),
});
const NOTHING = { tmp: [], uploads: [], originals: [], rows: 0 };

async function deleteMedia(id: string, cookie = adminCookie) {
  return fetch(`${origin}/api/admin/media/${id}`, { method: 'DELETE', headers: { cookie, 'x-csrf-token': CSRF } });
}

/** Removes what a test uploaded, through the API, so the next test starts from an empty media folder. */
async function cleanUp(...items: Array<{ id?: string }>) {
  for (const item of items) if (item.id) expect((await deleteMedia(item.id)).status).toBe(204);
  expect(leftovers()).toEqual(NOTHING);
}

// A camera photo as a phone sends it: GPS position, a description, XMP, a Display P3 profile.
const SECRET = 'SECRET-DESCRIPTION-MARKER';
const XMP_SECRET = 'XMP-CREATOR-MARKER';
const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="${XMP_SECRET}"/></rdf:RDF></x:xmpmeta>`;

async function cameraJpeg(width: number, height: number, options: { orientation?: number } = {}) {
  // Left half red, right half blue: where each half ends up shows how the image was turned.
  const half = Math.floor(width / 2);
  const image = sharp({ create: { width, height, channels: 3, background: '#ff0000' } }).composite([
    {
      input: { create: { width: width - half, height, channels: 3, background: '#0000ff' } },
      left: half,
      top: 0,
    },
  ]);
  const jpeg = await image
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { ImageDescription: SECRET, Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 26/1 4632/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 58/1 5604/100',
      },
    })
    .withXmp(XMP)
    .withIccProfile('p3')
    .withMetadata({ orientation: options.orientation ?? 1 })
    .toBuffer();
  return jpeg;
}

/** The tags of a TIFF IFD0 inside an EXIF block ('Exif\0\0' then the TIFF header). */
function ifd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}

const GPS_IFD_POINTER = 0x8825;

/** The JPEG segments before the image data: [marker, payload start] of each (APP1 = 0xe1 holds EXIF or XMP). */
function jpegSegments(jpeg: Buffer): Array<{ marker: number; payload: Buffer }> {
  const out: Array<{ marker: number; payload: Buffer }> = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1] ?? 0;
    if (marker === 0xda) break;
    const length = jpeg.readUInt16BE(at + 2);
    out.push({ marker, payload: jpeg.subarray(at + 4, at + 2 + length) });
    at += 2 + length;
  }
  return out;
}

/** Every public copy an image item names: its JPEG, its WebP list and the AVIF list derived from it. */
function publicCopies(item: MediaItem): Array<{ url: string; width: number }> {
  const list = (srcSet: string) =>
    srcSet.split(', ').map((entry) => {
      const [url = '', w = ''] = entry.split(' ');
      return { url, width: Number(w.replace('w', '')) };
    });
  const webp = list(item.srcSet ?? '');
  return [
    ...webp,
    ...list(avifSrcSetOf(item.srcSet ?? '')),
    ...webp.map((c) => ({ ...c, url: c.url.replace(/\.webp$/, '.jpg') })),
  ];
}

async function download(url: string): Promise<Buffer> {
  const res = await fetch(`${origin}${url}`);
  // An upload's files never change (a new photo is a new upload): browsers may keep them.
  expect({ url, status: res.status, cache: res.headers.get('cache-control') }).toEqual({
    url,
    status: 200,
    cache: 'public, max-age=31536000, immutable',
  });
  return Buffer.from(await res.arrayBuffer());
}

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
      const res = await fetch(`${origin}${url}`);
      const body = Buffer.from(await res.arrayBuffer());
      expect({ url, original: body.includes(SECRET) || body.equals(original) }).toEqual({ url, original: false });
    }
  });

  test('the upload is recorded: kind, sniffed format, section, alt text, size', () => {
    const row = t.repos.db.prepare('SELECT * FROM media WHERE id = ?').get(item.id) as Record<string, unknown>;
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
    expect((await fetch(`${origin}${item.url}`)).status).toBe(404);
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
  const row = t.repos.db.prepare('SELECT format FROM media WHERE id = ?').get(res.json.id) as { format: string };
  expect(row.format).toBe('png');
  expect(existsSync(dataPath('media-originals', `${res.json.id}.png`))).toBe(true);
  const jpeg = await download(res.json.url);
  const [r, g, b] = await sharp(jpeg).extract({ left: 10, top: 10, width: 1, height: 1 }).raw().toBuffer();
  expect([r, g, b].every((v) => (v ?? 0) > 245)).toBe(true);
  const webp = await sharp(await download(`/media/uploads/${res.json.id}/400.webp`)).metadata();
  expect(webp.hasAlpha).toBe(true);
  await cleanUp(res.json);
}, 60_000);

test('the refusals say what is wrong in her words, with the numbers that matter', () => {
  expect(MEDIA_MESSAGES.imageTooLarge).toMatch(/^This image is larger than 50 MB\./);
  expect(MEDIA_MESSAGES.videoTooLarge).toMatch(/^This video is larger than 200 MB\./);
  expect(MEDIA_MESSAGES.tooManyPixels(30_000, 4)).toBe(
    'This image is 30,000 × 4 pixels; the site accepts at most 16,000 pixels on a side and 100 megapixels. Export it smaller and upload that.',
  );
  expect(MEDIA_MESSAGES.svg).toMatch(/^SVG images are not accepted/);
});

describe('each bad upload is refused with its own message and leaves nothing behind', () => {
  const svg = Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  );
  const cases: Array<[string, () => Promise<Part>, number, string]> = [
    ['an SVG', async () => ({ bytes: svg, name: 'art.svg', type: 'image/svg+xml' }), 415, MEDIA_MESSAGES.svg],
    ['an SVG named .png', async () => ({ bytes: svg, name: 'art.png', type: 'image/png' }), 415, MEDIA_MESSAGES.svg],
    [
      'a text file named .jpg',
      async () => ({
        bytes: Buffer.from('Just some notes, not a photo.\n'.repeat(400)),
        name: 'notes.jpg',
        type: 'image/jpeg',
      }),
      415,
      MEDIA_MESSAGES.notMedia,
    ],
    [
      'a 60 MB file that starts like a JPEG',
      async () => {
        const bytes = Buffer.alloc(60 * MB, 0x20);
        (
          await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
            .jpeg()
            .toBuffer()
        ).copy(bytes);
        return { bytes, name: 'huge.jpg', type: 'image/jpeg' };
      },
      413,
      MEDIA_MESSAGES.imageTooLarge,
    ],
    [
      'a 30,000 px wide image',
      async () => ({
        bytes: await sharp({ create: { width: 30_000, height: 4, channels: 3, background: '#888' } })
          .png()
          .toBuffer(),
        name: 'panorama.png',
      }),
      413,
      MEDIA_MESSAGES.tooManyPixels(30_000, 4),
    ],
    [
      'a JPEG that is cut off after its header',
      async () => {
        const whole = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
          .jpeg()
          .toBuffer();
        return { bytes: Buffer.concat([whole.subarray(0, 200), Buffer.alloc(5000, 0x55)]), name: 'broken.jpg' };
      },
      422,
      MEDIA_MESSAGES.unreadable,
    ],
    [
      'an iPhone HEIC photo',
      async () => ({
        bytes: Buffer.concat([Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(5000)]),
        name: 'IMG.HEIC',
      }),
      415,
      MEDIA_MESSAGES.heic,
    ],
    [
      'a QuickTime video',
      async () => ({
        bytes: Buffer.concat([Buffer.from('\0\0\0\x14ftypqt  \0\0\0\0qt  ', 'latin1'), Buffer.alloc(5000)]),
        name: 'clip.mov',
      }),
      415,
      MEDIA_MESSAGES.mov,
    ],
    ['an empty file', async () => ({ bytes: Buffer.alloc(0), name: 'empty.jpg' }), 415, MEDIA_MESSAGES.empty],
  ];

  test.each(cases)(
    '%s',
    async (_name, make, status, message) => {
      const res = await upload(form({ alt: 'Anything', section: 'comp-card' }, { file: await make() }));
      expect(res).toEqual({ status, json: { message, fieldErrors: { file: [message] } } });
      expect(leftovers()).toEqual(NOTHING);
    },
    60_000,
  );

  test('an image without alt text is a field error, and the file it sent is not kept', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const res = await upload(form({ alt: '   ', section: 'comp-card' }, { file: { bytes: png, name: 'a.png' } }));
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors).toEqual({ alt: [MEDIA_MESSAGES.altRequired] });
    expect(leftovers()).toEqual(NOTHING);
  });

  test('a form without a file, or with a bad section, says which field', async () => {
    const res = await upload(form({ alt: 'A photo', section: '../etc' }));
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors).toEqual({
      file: [MEDIA_MESSAGES.noFile],
      section: ["Must be a section id such as 'comp-card' or 'runway/fall-show'"],
    });
    expect(leftovers()).toEqual(NOTHING);
  });

  test('JSON instead of a form is refused', async () => {
    const res = await upload(
      JSON.stringify({
        alt: 'x',
        section: 'comp-card',
        file: { path: '/etc/passwd', bytes: 1, sniffed: { kind: 'image', format: 'png' } },
      }),
      adminCookie,
      {
        'content-type': 'application/json',
      },
    );
    expect(res).toEqual({ status: 415, json: { message: MEDIA_MESSAGES.notMultipart } });
  });

  test('a second file, or a poster with an image, is refused', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const poster = await upload(
      form(
        { alt: 'A photo', section: 'comp-card' },
        { file: { bytes: png, name: 'a.png' }, poster: { bytes: png, name: 'b.png' } },
      ),
    );
    expect(poster).toEqual({
      status: 400,
      json: { message: MEDIA_MESSAGES.posterForImage, fieldErrors: { poster: [MEDIA_MESSAGES.posterForImage] } },
    });
    const data = form({ alt: 'A photo', section: 'comp-card' }, { file: { bytes: png, name: 'a.png' } });
    data.append('file', new Blob([png]), 'again.png');
    expect(await upload(data)).toEqual({ status: 400, json: { message: MEDIA_MESSAGES.tooManyParts } });
    expect(leftovers()).toEqual(NOTHING);
  });
});

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

describe('who may upload', () => {
  const tinyPng = () =>
    sharp({ create: { width: 10, height: 10, channels: 3, background: '#888' } })
      .png()
      .toBuffer();

  test('a visitor, a signed-in stranger, a request without the CSRF pair or from another site: refused before the body is read', async () => {
    const stranger = `studio_session=${(await t.repos.sessions.create('stranger@example.com')).id}; studio_csrf=${CSRF}`;
    const body = async () =>
      form({ alt: 'x', section: 'comp-card' }, { file: { bytes: await tinyPng(), name: 'a.png' } });
    expect(await upload(await body(), `studio_csrf=${CSRF}`)).toEqual({
      status: 401,
      json: { message: NOT_SIGNED_IN },
    });
    expect(await upload(await body(), stranger)).toEqual({ status: 403, json: { message: NOT_ADMIN } });
    const noToken = await fetch(`${origin}/api/admin/media`, {
      method: 'POST',
      headers: { cookie: adminCookie },
      body: await body(),
    });
    expect({ status: noToken.status, json: await noToken.json() }).toEqual({
      status: 403,
      json: { message: CSRF_REFUSED },
    });
    const crossSite = await upload(await body(), adminCookie, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(leftovers()).toEqual(NOTHING);
    const del = await deleteMedia('00000000-0000-4000-8000-000000000000', `studio_csrf=${CSRF}`);
    expect(del.status).toBe(401);
  });
});

describe('a huge or slow body does not hold the server', () => {
  /** Sends raw request bytes and resolves with what came back once the server closed or answered. */
  function raw(head: string, bodyStart: Buffer): Promise<{ answer: string; closed: Promise<void> }> {
    const { port } = t.app.server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(head);
        socket.write(bodyStart);
      });
      let answer = '';
      const closed = new Promise<void>((done) => socket.once('close', () => done()));
      socket.on('data', (chunk) => {
        answer += chunk.toString('latin1');
        if (answer.includes('\r\n\r\n') && /\}$/.test(answer)) {
          resolve({ answer, closed });
          socket.destroy();
        }
      });
      socket.on('error', reject);
    });
  }

  test('a Content-Length over the limit is refused at once, without waiting for the body', async () => {
    const head =
      'POST /api/admin/media HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      `Cookie: ${adminCookie}\r\nX-CSRF-Token: ${CSRF}\r\n` +
      'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 1000000000\r\n\r\n';
    const { answer } = await raw(head, Buffer.from('--x\r\n'));
    expect(answer).toMatch(/^HTTP\/1.1 413/);
    expect(answer).toContain(MEDIA_MESSAGES.requestTooLarge);
    expect(leftovers()).toEqual(NOTHING);
  });
});

/** Polls a condition the server reaches after a socket event it does not report (a timed-out upload's clean-up). */
async function eventually(check: () => boolean, ms = 5000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('an upload cut off part-way', () => {
  let slow: TestApp;
  let slowPort: number;
  let cookie: string;
  beforeAll(async () => {
    // Node checks the request timeout only when it is longer than the headers timeout (else it swaps the two).
    slow = await build({ httpLimits: { requestTimeoutMs: 1500, headersTimeoutMs: 500, timeoutCheckIntervalMs: 100 } });
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
    slowPort = (slow.app.server.address() as AddressInfo).port;
    cookie = `studio_session=${(await slow.repos.sessions.create(ADMIN_EMAIL)).id}; studio_csrf=${CSRF}`;
  });
  afterAll(() => slow.close());

  const startUpload = async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const encoded = new Response(form({ alt: 'x', section: 'comp-card' }, { file: { bytes: jpeg, name: 'a.jpg' } }));
    const body = Buffer.from(await encoded.arrayBuffer());
    const socket = connect(slowPort, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = new Promise<string>((resolve) => {
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.once('close', () => resolve(answer));
    });
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/admin/media HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nX-CSRF-Token: ${CSRF}\r\n` +
        `Content-Type: ${encoded.headers.get('content-type')}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // Half the form: the fields and the start of the file, which the server starts writing to a temporary file.
    socket.write(body.subarray(0, Math.floor(body.length / 2)));
    await eventually(() => filesUnder(path.join(slow.dataDir, 'media-tmp')).length === 1);
    return { socket, closed };
  };

  const slowLeftovers = () => ({
    tmp: filesUnder(path.join(slow.dataDir, 'media-tmp')),
    uploads: filesUnder(path.join(slow.dataDir, 'media', 'uploads')),
    originals: filesUnder(path.join(slow.dataDir, 'media-originals')),
  });

  test('a stalled upload: the server answers others meanwhile, ends it at the request timeout, and keeps nothing', async () => {
    const { closed } = await startUpload();
    const started = Date.now();
    const health = await fetch(`http://127.0.0.1:${slowPort}/api/config`);
    expect(health.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await closed).toMatch(/^HTTP\/1.1 408/);
    await eventually(() => slowLeftovers().tmp.length === 0);
    expect(slowLeftovers()).toEqual({ tmp: [], uploads: [], originals: [] });
  });

  test('a client that goes away mid-upload leaves nothing', async () => {
    const { socket, closed } = await startUpload();
    socket.destroy();
    await closed;
    await eventually(() => slowLeftovers().tmp.length === 0);
    expect(slowLeftovers()).toEqual({ tmp: [], uploads: [], originals: [] });
  });
});

test('a failure after processing (the row cannot be written) removes the public copies and the original', async () => {
  t.repos.db.exec(
    "CREATE TRIGGER media_full BEFORE INSERT ON media BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END",
  );
  try {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const res = await upload(form({ alt: 'x', section: 'comp-card' }, { file: { bytes: png, name: 'a.png' } }));
    expect(res.status).toBe(503);
    expect(leftovers()).toEqual(NOTHING);
  } finally {
    t.repos.db.exec('DROP TRIGGER media_full');
  }
}, 60_000);

test('at start, what an interrupted upload left (work files, copies or an original without a row) is swept', async () => {
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const png = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  const kept = await upload(form({ alt: 'Kept', section: 'comp-card' }, { file: { bytes: png, name: 'a.png' } }));
  expect(kept.status).toBe(201);
  const orphan = '11111111-2222-4333-8444-555555555555';
  mkdirSync(dataPath('media', 'uploads', orphan), { recursive: true });
  writeFileSync(dataPath('media', 'uploads', orphan, '400.jpg'), 'x');
  writeFileSync(dataPath('media-originals', `${orphan}.png`), 'x');
  writeFileSync(dataPath('media-tmp', 'cut-off.upload'), 'x');
  const restarted = await build({ dataDir: t.dataDir });
  try {
    expect(filesUnder(dataPath('media-tmp'))).toEqual([]);
    expect(existsSync(dataPath('media', 'uploads', orphan))).toBe(false);
    expect(existsSync(dataPath('media-originals', `${orphan}.png`))).toBe(false);
    expect(filesUnder(dataPath('media', 'uploads', kept.json.id ?? ''))).toHaveLength(3);
    expect(existsSync(dataPath('media-originals', `${kept.json.id}.png`))).toBe(true);
  } finally {
    await restarted.app.close();
    restarted.repos.db.close();
  }
  await cleanUp(kept.json);
}, 60_000);
