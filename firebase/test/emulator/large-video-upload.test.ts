// A 120 MB video uploads on the Firebase home and plays. Cloud Functions refuses a request body over 32 MB, so her
// dashboard sends such a file straight to the bucket (docs/decisions/012): the real client code of the dashboard
// (shared/src/backend/http/media-upload.ts) asks her site for an upload session through Hosting, PUTs the bytes in
// chunks to the session on the Cloud Storage stand-in (the function's bucket, STORAGE_EMULATOR_HOST), and asks her site
// to process them. Then the gallery's address of the video, fetched from the public site through Hosting, answers the
// video: its type, its length, a range as a player asks for one, and the very bytes the bucket keeps. No staging
// object is left behind.
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MediaItem } from '@studio/shared/domain';
import { uploadThroughStorage } from '@studio/shared/backend/http/media-upload';
import { createRequester } from '@studio/shared/backend/http/request';
import { adminSessionOn } from './admin-session';

const HOSTING = process.env.STUDIO_HOSTING_ORIGIN ?? '';
const ADMIN_HOSTING = process.env.STUDIO_ADMIN_HOSTING_ORIGIN ?? '';
const STORAGE = process.env.STUDIO_STORAGE_URL ?? '';
const BUCKET = process.env.STUDIO_STORAGE_BUCKET ?? '';
const MB = 1024 * 1024;

let dir: string;
let video: string;

beforeAll(() => {
  if (!HOSTING || !ADMIN_HOSTING || !STORAGE)
    throw new Error('Run this through `npm run test:firebase`, which starts the emulators.');
  dir = mkdtempSync(path.join(tmpdir(), 'studio-large-video-'));
  video = path.join(dir, 'reel.mp4');
  // Lossless noise: H.264 cannot make it small, so some forty seconds of a small picture is over 120 MB, in seconds.
  execFileSync(ffmpegInstaller.path, [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', "nullsrc=s=320x240:r=25,geq=lum='random(1)*255':cb=128:cr=128"],
    ...['-t', '42', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p'],
    ...['-f', 'mp4', video],
  ]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const objects = async (prefix: string) => {
  const list = await fetch(`${STORAGE}/storage/v1/b/${BUCKET}/o?prefix=${encodeURIComponent(prefix)}`);
  return (((await list.json()) as { items?: Array<{ name: string; size: string }> }).items ?? []).map((o) => ({
    name: o.name,
    size: Number(o.size),
  }));
};

const sha256 = (bytes: ArrayBuffer | Buffer) =>
  createHash('sha256')
    .update(Buffer.from(bytes as ArrayBuffer))
    .digest('hex');

test('A 120 MB video uploads on the Firebase home and plays', async () => {
  expect(statSync(video).size).toBeGreaterThan(120 * MB);
  const session = await adminSessionOn(ADMIN_HOSTING);

  // Her page on her site is the Firebase home's: its runtime configuration carries `firebase`, which is what makes the
  // dashboard send files straight to storage (uploadWayOf).
  const page = await (await fetch(`${ADMIN_HOSTING}/admin`, { headers: { cookie: `__session=${session}` } })).text();
  const config = /<script id="studio-config" type="application\/json">([^<]*)<\/script>/.exec(page)?.[1] ?? '{}';
  expect(JSON.parse(config)).toHaveProperty('firebase');

  // Her API through Hosting, as her page's fetch sends it (her cookie, her origin); the bytes go to the session's
  // address, which is the bucket's, not Hosting's.
  const apiCalls: string[] = [];
  const pageFetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url.startsWith(ADMIN_HOSTING)) {
      apiCalls.push(`${init.method} ${url.slice(ADMIN_HOSTING.length)}`);
      const headers = { ...(init.headers as Record<string, string>), cookie: `__session=${session}` };
      return fetch(url, { ...init, headers: { ...headers, origin: ADMIN_HOSTING } });
    }
    expect(url.startsWith(`${STORAGE}/upload/storage/v1/b/${BUCKET}/o?`)).toBe(true);
    return fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), origin: ADMIN_HOSTING } });
  }) as typeof fetch;
  const request = createRequester({ baseUrl: ADMIN_HOSTING, fetch: pageFetch });
  const file = await openAsBlob(video, { type: 'video/mp4' });
  const item: MediaItem = await uploadThroughStorage(
    request,
    file,
    { alt: 'Backstage reel', section: 'digitals' },
    pageFetch,
  );
  expect(apiCalls).toEqual([
    'POST /api/admin/media/uploads',
    expect.stringMatching(/^POST \/api\/admin\/media\/uploads\/[0-9a-f-]{36}$/),
  ]);
  expect(item).toMatchObject({ type: 'video', name: 'Backstage reel', url: expect.stringMatching(/\/video\.mp4$/) });

  // The staged object is gone; the video and its poster are the upload's public files.
  expect(await objects('media-staging/')).toEqual([]);
  const stored = await objects(`media/uploads/${item.id}/`);
  expect(stored.map((o) => o.name.split('/').pop()).sort()).toEqual(['poster.jpg', 'video.mp4']);
  const kept = stored.find((o) => o.name.endsWith('video.mp4'));
  // A copy of the picture without the metadata: about as large as what she sent.
  expect(kept?.size).toBeGreaterThan(120 * MB);

  // The gallery's address, on the public site through Hosting: a player's first request is a range.
  const first = await fetch(`${HOSTING}${item.url}`, { headers: { range: 'bytes=0-1023' } });
  expect({
    status: first.status,
    type: first.headers.get('content-type'),
    range: first.headers.get('content-range'),
  }).toEqual({ status: 206, type: 'video/mp4', range: `bytes 0-1023/${kept?.size}` });
  expect((await first.arrayBuffer()).byteLength).toBe(1024);

  const whole = await fetch(`${HOSTING}${item.url}`);
  expect({ status: whole.status, type: whole.headers.get('content-type') }).toEqual({
    status: 200,
    type: 'video/mp4',
  });
  const served = await whole.arrayBuffer();
  const inBucket = await (
    await fetch(`${STORAGE}/storage/v1/b/${BUCKET}/o/${encodeURIComponent(kept?.name ?? '')}?alt=media`)
  ).arrayBuffer();
  expect(served.byteLength).toBe(kept?.size);
  expect(sha256(served)).toBe(sha256(inBucket));
  // An MP4 a player opens: its first box is the file type.
  expect(Buffer.from(served.slice(4, 8)).toString('latin1')).toBe('ftyp');

  const poster = await fetch(`${HOSTING}${item.poster}`);
  expect({ status: poster.status, type: poster.headers.get('content-type') }).toEqual({
    status: 200,
    type: 'image/jpeg',
  });
}, 600_000);
