// Media on the Firebase home: the app built with its uploads in a Cloud Storage bucket (the real
// @google-cloud/storage client against the JSON API stand-in of cloud-storage-stand-in.ts, since Google's Storage
// emulator cannot run here). The same upload as admin-media.test.ts, through POST /api/admin/media on a real server:
// every public copy in the bucket is free of the phone's metadata, the original is kept privately outside the public
// prefix, the copies are served under /media through the app, delete empties the bucket, and an upload that fails
// part-way leaves no object, no row and no local file.
import sharp from 'sharp';
import { MEDIA_MESSAGES } from '@studio/shared/media-upload';
import type { MediaItem } from '@studio/shared/domain';
import {
  createCloudStorageMediaFiles,
  ORIGINALS_PREFIX,
  PUBLIC_PREFIX,
} from '../src/features/media/cloud-storage-media-files';
import {
  cameraJpeg,
  deleteMedia,
  download,
  form,
  GPS_IFD_POINTER,
  ifd0Tags,
  jpegSegments,
  leftovers,
  NOTHING,
  publicCopies,
  SECRET,
  upload,
  useMediaServer,
  XMP_SECRET,
} from './admin-media-support';
import { startCloudStorageStandIn, type CloudStorageStandIn } from './cloud-storage-stand-in';

let bucket: CloudStorageStandIn;
beforeAll(async () => {
  bucket = await startCloudStorageStandIn();
});
afterAll(() => bucket.close());

const media = useMediaServer(() => ({ mediaFiles: createCloudStorageMediaFiles(bucket.bucket()) }));

const objectNames = () => [...bucket.objects.keys()].sort();
/** Nothing anywhere: no object, and on the instance's disk no temporary file, public copy, original or row. */
const nothingLeft = () => {
  expect(objectNames()).toEqual([]);
  expect(leftovers()).toEqual(NOTHING);
};

afterEach(() => expect(bucket.unknown).toEqual([]));

describe('a JPEG straight from a phone, kept in the bucket', () => {
  let original: Buffer;
  let item: MediaItem;

  beforeAll(async () => {
    original = await cameraJpeg(2600, 1800);
    expect(ifd0Tags((await sharp(original).metadata()).exif ?? Buffer.alloc(0))).toContain(GPS_IFD_POINTER);
    const res = await upload(
      form(
        { alt: 'Headshot against a plain wall', section: 'comp-card' },
        { file: { bytes: original, name: 'IMG_0042.JPG', type: 'image/jpeg' } },
      ),
    );
    expect(res.status).toBe(201);
    item = res.json;
  }, 120_000);

  test('the bucket holds the 18 public copies under the public prefix and the original outside it; the disk holds none', () => {
    const copies = publicCopies(item).map((c) => c.url.replace(/^\/media\/uploads\//, PUBLIC_PREFIX));
    expect(copies).toHaveLength(18);
    expect(objectNames()).toEqual([...copies, `${ORIGINALS_PREFIX}${item.id}.jpeg`].sort());
    expect(leftovers()).toEqual({ ...NOTHING, rows: 1 });
  });

  test('every public copy in the bucket carries nothing of the EXIF, GPS, XMP or profile the phone wrote', async () => {
    for (const name of objectNames().filter((n) => n.startsWith(PUBLIC_PREFIX))) {
      const object = bucket.objects.get(name);
      const bytes = object?.bytes ?? Buffer.alloc(0);
      const meta = await sharp(bytes).metadata();
      const type = name.endsWith('.avif') ? 'image/avif' : name.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
      expect({ name, contentType: object?.contentType, space: meta.space }).toEqual({
        name,
        contentType: type,
        space: 'srgb',
      });
      expect({ name, exif: meta.exif, xmp: meta.xmp, icc: meta.icc, iptc: meta.iptc }).toEqual({ name });
      for (const needle of ['Exif', SECRET, XMP_SECRET, 'PhoneMaker', 'xmpmeta', 'ICC_PROFILE'])
        expect({ name, needle, found: bytes.includes(needle) }).toEqual({ name, needle, found: false });
      if (type === 'image/jpeg') expect(jpegSegments(bytes).filter((s) => s.marker === 0xe1)).toEqual([]);
    }
  });

  test('the original is stored byte for byte, privately, and no address of the site reaches it', async () => {
    const kept = bucket.objects.get(`${ORIGINALS_PREFIX}${item.id}.jpeg`);
    expect(kept?.bytes.equals(original)).toBe(true);
    for (const url of [
      `/media-originals/${item.id}.jpeg`,
      `/media/uploads/${item.id}/../../media-originals/${item.id}.jpeg`,
      `/media/uploads/${item.id}/%2e%2e%2f%2e%2e%2fmedia-originals%2f${item.id}.jpeg`,
      `/media/uploads/${item.id}/original.jpeg`,
      `/media/uploads/${item.id}.jpeg`,
    ]) {
      const res = await fetch(`${media.origin}${url}`);
      const body = Buffer.from(await res.arrayBuffer());
      expect({ url, original: body.includes(SECRET) || body.equals(original) }).toEqual({ url, original: false });
    }
  });

  test('GET /media/uploads/... answers each copy from the bucket, with its type and the year-long immutable cache', async () => {
    for (const { url } of publicCopies(item)) {
      const bytes = await download(url);
      const object = bucket.objects.get(url.replace(/^\/media\/uploads\//, PUBLIC_PREFIX));
      expect({ url, same: object?.bytes.equals(bytes) }).toEqual({ url, same: true });
    }
    const res = await fetch(`${media.origin}${item.url}`);
    expect({
      type: res.headers.get('content-type'),
      length: res.headers.get('content-length'),
      ranges: res.headers.get('accept-ranges'),
      etag: res.headers.get('etag'),
    }).toEqual({
      type: 'image/jpeg',
      length: String(bucket.objects.get(item.url.replace(/^\/media\/uploads\//, PUBLIC_PREFIX))?.bytes.length),
      ranges: 'bytes',
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
    });
    await res.arrayBuffer();
    // A browser that has it asks again with the ETag and gets no body; a video player asks for ranges.
    const again = await fetch(`${media.origin}${item.url}`, {
      headers: { 'if-none-match': res.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    const whole = await download(item.url);
    const part = await fetch(`${media.origin}${item.url}`, { headers: { range: 'bytes=100-199' } });
    expect({ status: part.status, range: part.headers.get('content-range') }).toEqual({
      status: 206,
      range: `bytes 100-199/${whole.length}`,
    });
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(100, 200))).toBe(true);
    const past = await fetch(`${media.origin}${item.url}`, { headers: { range: `bytes=${whole.length}-` } });
    expect({ status: past.status, range: past.headers.get('content-range') }).toEqual({
      status: 416,
      range: `bytes */${whole.length}`,
    });
    const missing = await fetch(`${media.origin}/media/uploads/${item.id}/9999.jpg`);
    expect(missing.status).toBe(404);
  });

  test('deleting it removes the row and every object; the copies are then 404', async () => {
    expect((await deleteMedia(item.id ?? '')).status).toBe(204);
    nothingLeft();
    expect((await fetch(`${media.origin}${item.url}`)).status).toBe(404);
    expect((await deleteMedia(item.id ?? '')).status).toBe(404);
  });
});

test('an upload the bucket refuses part-way leaves no object, no row and no local file', async () => {
  // The fourth copy is refused (as a bucket answers a missing permission); the copies already sent must go again.
  let sent = 0;
  bucket.refuseUploads(() => ++sent === 4);
  try {
    const png = await sharp({ create: { width: 1700, height: 1000, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const res = await upload(form({ alt: 'x', section: 'comp-card' }, { file: { bytes: png, name: 'a.png' } }));
    expect(res.status).toBe(500);
    expect(sent).toBeGreaterThanOrEqual(4);
    expect(bucket.requests.filter((r) => r.startsWith('DELETE')).length).toBeGreaterThan(0);
    nothingLeft();
  } finally {
    bucket.refuseUploads(null);
  }
}, 60_000);

test('a failure after the copies are in the bucket (the row cannot be written) removes every object', async () => {
  media.t.repos.db.exec(
    "CREATE TRIGGER media_full BEFORE INSERT ON media BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END",
  );
  try {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const res = await upload(form({ alt: 'x', section: 'comp-card' }, { file: { bytes: png, name: 'a.png' } }));
    expect(res.status).toBe(503);
    nothingLeft();
  } finally {
    media.t.repos.db.exec('DROP TRIGGER media_full');
  }
}, 60_000);

test('a refused file is refused as on disk, before anything reaches the bucket', async () => {
  const before = bucket.requests.length;
  const res = await upload(
    form(
      { alt: 'x', section: 'comp-card' },
      { file: { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'a.svg' } },
    ),
  );
  expect(res).toEqual({
    status: 415,
    json: { message: MEDIA_MESSAGES.svg, fieldErrors: { file: [MEDIA_MESSAGES.svg] } },
  });
  expect(bucket.requests.slice(before)).toEqual([]);
  nothingLeft();
});
