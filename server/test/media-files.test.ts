// The media files port (src/features/media/media-files.ts) on both of its places: DATA_DIR on disk, and a Cloud Storage bucket
// through the real @google-cloud/storage client against the JSON API stand-in (cloud-storage-stand-in.ts). The same
// cases run on each: what put() keeps, what is public and what is not, ranges, removal and the sweep's list.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createCloudStorageMediaFiles, ORIGINALS_PREFIX } from '../src/features/media/cloud-storage-media-files';
import { createDiskMediaFiles, type MediaFiles } from '../src/features/media/media-files';
import { startCloudStorageStandIn, type CloudStorageStandIn } from './cloud-storage-stand-in';

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'media-files-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** A finished upload in the work folder, as the pipeline leaves one. */
function finished(files: Record<string, Buffer>, original?: Buffer) {
  const publicDir = path.join(work, `${randomUUID()}.out`);
  mkdirSync(publicDir);
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(publicDir, name), bytes);
  if (!original) return { publicDir };
  const originalPath = path.join(work, 'original.upload');
  writeFileSync(originalPath, original);
  return { publicDir, original: { path: originalPath, format: 'jpeg' } };
}

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(3000, 7)]);
const WEBP = Buffer.alloc(2000, 9);
const ORIGINAL = Buffer.from('the phone original with GPS');

let standIn: CloudStorageStandIn;
beforeAll(async () => {
  standIn = await startCloudStorageStandIn();
});
afterAll(() => standIn.close());

const places: Array<[string, () => MediaFiles]> = [
  ['disk', () => createDiskMediaFiles(mkdtempSync(path.join(work, 'data-')))],
  ['Cloud Storage', () => createCloudStorageMediaFiles(standIn.bucket(), { orphanAfterMs: 0 })],
];

describe.each(places)('on %s', (_name, make) => {
  test('put() keeps the public files under the id, readable whole or by range, and the original out of reach', async () => {
    const files = make();
    const id = randomUUID();
    await files.put(id, finished({ '400.jpg': JPEG, '400.webp': WEBP }, ORIGINAL));
    expect(await files.stat(id, '400.jpg')).toEqual({
      contentType: 'image/jpeg',
      bytes: JPEG.length,
      modified: expect.any(Date),
      ...(files.kind === 'cloud-storage' && { etag: expect.stringMatching(/^"[0-9a-f]{32}"$/) }),
    });
    expect(await files.stat(id, '400.webp')).toMatchObject({ contentType: 'image/webp', bytes: WEBP.length });
    expect((await read(files.open(id, '400.jpg'))).equals(JPEG)).toBe(true);
    expect((await read(files.open(id, '400.jpg', { start: 10, end: 19 }))).equals(JPEG.subarray(10, 20))).toBe(true);
    // No name the serving route could pass reaches the original.
    for (const name of ['original.jpeg', `../../${ORIGINALS_PREFIX}${id}.jpeg`, '../400.jpg', '400.JPG'])
      expect({ name, stat: await files.stat(id, name) }).toEqual({ name, stat: null });
    expect(await files.stat(randomUUID(), '400.jpg')).toBeNull();
    expect(await files.sweepable()).toEqual(new Set([id]));
    await files.remove(id);
    expect(await files.stat(id, '400.jpg')).toBeNull();
    expect(await files.sweepable()).toEqual(new Set());
  });

  test('a video is kept without an original, and remove() of an unknown id is harmless', async () => {
    const files = make();
    const id = randomUUID();
    await files.put(id, finished({ 'video.webm': Buffer.alloc(500, 1), 'poster.jpg': JPEG }));
    expect(await files.stat(id, 'video.webm')).toMatchObject({ contentType: 'video/webm', bytes: 500 });
    await files.remove(randomUUID());
    await files.remove(id);
    expect(await files.sweepable()).toEqual(new Set());
  });
});

describe('Cloud Storage', () => {
  afterEach(() => {
    standIn.refuseUploads(null);
    expect(standIn.unknown).toEqual([]);
  });

  test('a large file (a video) goes up in a resumable session, small ones in one request each', async () => {
    const files = createCloudStorageMediaFiles(standIn.bucket());
    const id = randomUUID();
    const video = Buffer.alloc(9 * 1024 * 1024, 3);
    const before = standIn.requests.length;
    await files.put(id, finished({ 'video.mp4': video, 'poster.jpg': JPEG }));
    const uploads = standIn.requests.slice(before).map((r) => r.replace(/ .*\?/, ' ?'));
    expect(uploads.sort()).toEqual([
      'POST ?uploadType=multipart',
      'POST ?uploadType=resumable',
      'PUT ?uploadType=resumable',
    ]);
    expect((await read(files.open(id, 'video.mp4'))).equals(video)).toBe(true);
    await files.remove(id);
  });

  test('when one upload fails, put() rejects once the others have finished and leaves no object', async () => {
    const files = createCloudStorageMediaFiles(standIn.bucket());
    const id = randomUUID();
    standIn.refuseUploads((name) => name.endsWith('/800.jpg'));
    const many = Object.fromEntries(
      [400, 800, 1200, 1600].flatMap((w) => ['jpg', 'webp', 'avif'].map((ext) => [`${w}.${ext}`, JPEG])),
    );
    await expect(files.put(id, finished(many, ORIGINAL))).rejects.toMatchObject({ code: 403 });
    expect([...standIn.objects.keys()].filter((name) => name.includes(id))).toEqual([]);
  });

  test('the sweep lists an upload without a row only once it is older than an upload can take', async () => {
    let now = new Date();
    const files = createCloudStorageMediaFiles(standIn.bucket(), { now: () => now });
    const id = randomUUID();
    await files.put(id, finished({ '400.jpg': JPEG }, ORIGINAL));
    // Another instance may be between its objects and its row.
    expect(await files.sweepable()).toEqual(new Set());
    now = new Date(now.getTime() + 61 * 60 * 1000);
    expect(await files.sweepable()).toEqual(new Set([id]));
    await files.remove(id);
  });
});

test('on disk, put() moves the work folder and the original into DATA_DIR/media and DATA_DIR/media-originals', async () => {
  const dataDir = mkdtempSync(path.join(work, 'data-'));
  const files = createDiskMediaFiles(dataDir);
  const id = randomUUID();
  const upload = finished({ '400.jpg': JPEG }, ORIGINAL);
  await files.put(id, upload);
  expect(existsSync(upload.publicDir)).toBe(false);
  expect(readdirSync(path.join(dataDir, 'media', 'uploads', id))).toEqual(['400.jpg']);
  expect(readdirSync(path.join(dataDir, 'media-originals'))).toEqual([`${id}.jpeg`]);
});
