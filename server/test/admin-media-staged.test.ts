// Her files sent straight to the bucket (the Firebase home, docs/decisions/012): the app with its media in a Cloud
// Storage bucket (the real @google-cloud/storage client against cloud-storage-stand-in.ts). She asks for an upload
// session for a declared type and size; a refusal (not hers to ask, a type the site does not take, too large) opens
// none; the session the real adapter opens is bound to the type and the exact size; once the bytes are there, the
// finishing request processes them as an upload request's file and deletes the staged object, also when it refuses.
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@studio/shared/media-upload';
import type { MediaItem } from '@studio/shared/domain';
import { createCloudStorageMediaFiles, PUBLIC_PREFIX } from '../src/features/media/cloud-storage-media-files';
import { STAGING_PREFIX } from '../src/features/media/cloud-storage-staging';
import { cameraJpeg, deleteMedia, leftovers, NOTHING, useMediaServer } from './admin-media-support';
import { startCloudStorageStandIn, type CloudStorageStandIn } from './cloud-storage-stand-in';
import { ADMIN_EMAIL, ADMIN_ORIGIN, ADMIN_VIA_PROXY, asAdmin, build } from './helper';

let bucket: CloudStorageStandIn;
beforeAll(async () => {
  bucket = await startCloudStorageStandIn();
});
afterAll(() => bucket.close());

const media = useMediaServer(() => ({ mediaFiles: createCloudStorageMediaFiles(bucket.bucket()) }));

afterEach(() => expect(bucket.unknown).toEqual([]));

type Answer = { id: string; url: string; message?: string; fieldErrors?: Record<string, string[]> };

async function post<T>(url: string, body: unknown, cookie = media.adminCookie) {
  const res = await fetch(`${media.origin}${url}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', ...ADMIN_VIA_PROXY },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

const ask = (contentType: string, bytes: number, cookie?: string) =>
  post<Answer>('/api/admin/media/uploads', { contentType, bytes }, cookie);

const finish = (id: string) =>
  post<MediaItem & { message?: string; fieldErrors?: Record<string, string[]> }>(`/api/admin/media/uploads/${id}`, {
    alt: 'Headshot against a plain wall',
    section: 'comp-card',
  });

/** Sends `bytes` to the session as her browser does: chunks of 256 KiB multiples with their Content-Range. */
async function send(url: string, bytes: Buffer, chunk = 256 * 1024) {
  let status = 0;
  for (let at = 0; at < bytes.length; at += chunk) {
    const part = bytes.subarray(at, at + chunk);
    const res = await fetch(url, {
      method: 'PUT',
      headers: { 'content-range': `bytes ${at}-${at + part.length - 1}/${bytes.length}`, origin: ADMIN_ORIGIN },
      body: new Uint8Array(part),
    });
    status = res.status;
    if (status !== 308) break;
  }
  return status;
}

const sessionsOpened = () => bucket.requests.filter((r) => r.startsWith('POST /upload/') && r.endsWith('resumable'));
const objectNames = () => [...bucket.objects.keys()].sort();

describe('asking for an upload session', () => {
  test.each([
    ['not signed in', 'video/mp4', 1000, 'none', 401],
    ['a type the site does not take', 'application/pdf', 1000, 'admin', 415],
    ['an SVG', 'image/svg+xml', 1000, 'admin', 415],
    ['a video over the limit', 'video/mp4', MEDIA_LIMITS.videoBytes + 1, 'admin', 413],
    ['an image over the limit', 'image/jpeg', MEDIA_LIMITS.imageBytes + 1, 'admin', 413],
    ['an empty file', 'image/png', 0, 'admin', 400],
  ])('%s is refused, with the reason under the file field, and opens nothing', async (_, type, bytes, who, status) => {
    const before = sessionsOpened().length;
    const res = await ask(type, bytes, who === 'admin' ? media.adminCookie : 'studio_session=nobody');
    expect(res.status).toBe(status);
    if (who === 'admin') expect(res.json.fieldErrors?.file).toEqual([res.json.message]);
    expect(sessionsOpened()).toHaveLength(before);
    expect(objectNames()).toEqual([]);
  });

  test('a body that is not { contentType, bytes } is a field error', async () => {
    const res = await post<Answer>('/api/admin/media/uploads', { contentType: 'video/mp4', bytes: -1 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fieldErrors ?? {})).toEqual(['bytes']);
    expect(sessionsOpened()).toEqual([]);
  });

  test('the session is bound to the declared size: a byte more is refused and makes no object', async () => {
    const { status, json } = await ask('video/mp4', 1000);
    expect(status).toBe(201);
    expect(json.url).toMatch(new RegExp(`^${bucket.url}/upload/storage/v1/b/${bucket.bucketName}/o\\?`));
    expect(await send(json.url, Buffer.alloc(1001))).toBe(400);
    expect(objectNames()).toEqual([]);
  });

  test('and to the declared type, for the page it was opened from', async () => {
    const { json } = await ask('IMAGE/PNG', 4);
    const res = await fetch(json.url, {
      method: 'PUT',
      headers: { origin: ADMIN_ORIGIN },
      body: new TextEncoder().encode('abcd'),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ADMIN_ORIGIN);
    expect(bucket.objects.get(`${STAGING_PREFIX}${json.id}`)?.contentType).toBe('image/png');
    // Refused when processed (four bytes are no PNG), and the staged object goes with the refusal.
    const done = await finish(json.id);
    expect(done.status).toBe(415);
    expect(done.json.fieldErrors?.file).toEqual([MEDIA_MESSAGES.notMedia]);
    expect(objectNames()).toEqual([]);
    expect(leftovers()).toEqual(NOTHING);
  });
});

describe('finishing an upload', () => {
  test('a photo sent in chunks is processed as an upload request’s (its 9 copies), and the staged object is deleted', async () => {
    const jpeg = await cameraJpeg(1200, 800);
    const { json } = await ask('image/jpeg', jpeg.length);
    expect(await send(json.url, jpeg)).toBe(200);
    expect(objectNames()).toEqual([`${STAGING_PREFIX}${json.id}`]);
    const done = await finish(json.id);
    expect({ status: done.status, message: done.json.message }).toEqual({ status: 201, message: undefined });
    expect(done.json).toMatchObject({ type: 'image', name: 'Headshot against a plain wall' });
    expect(objectNames().some((n) => n.startsWith(STAGING_PREFIX))).toBe(false);
    expect(objectNames().filter((n) => n.startsWith(`${PUBLIC_PREFIX}${done.json.id}/`)).length).toBe(9);
    const served = await fetch(`${media.origin}${done.json.url}`);
    expect({ status: served.status, type: served.headers.get('content-type') }).toEqual({
      status: 200,
      type: 'image/jpeg',
    });
    expect((await deleteMedia(done.json.id ?? '')).status).toBe(204);
    expect(objectNames()).toEqual([]);
    expect(leftovers()).toEqual(NOTHING);
  }, 120_000);

  test('an upload that never arrived whole answers 404 under the file field', async () => {
    const { json } = await ask('image/jpeg', 1000);
    await send(json.url, Buffer.alloc(500));
    const done = await finish(json.id);
    expect(done.status).toBe(404);
    expect(done.json.fieldErrors?.file).toEqual([MEDIA_MESSAGES.stagedMissing]);
    expect(objectNames()).toEqual([]);
  });
});

describe('on the embedded home (media on disk)', () => {
  test('there is no staging: both routes answer 404, and uploads go in the request as before', async () => {
    const disk = await build();
    try {
      const session = (await disk.repos.sessions.create(ADMIN_EMAIL)).id;
      const start = await disk.app.inject(
        asAdmin(session, {
          method: 'POST',
          url: '/api/admin/media/uploads',
          payload: { contentType: 'video/mp4', bytes: 1000 },
        }),
      );
      expect(start.statusCode).toBe(404);
      const end = await disk.app.inject(
        asAdmin(session, {
          method: 'POST',
          url: '/api/admin/media/uploads/00000000-0000-4000-8000-000000000000',
          payload: { alt: 'A photo', section: 'comp-card' },
        }),
      );
      expect(end.statusCode).toBe(404);
    } finally {
      await disk.close();
    }
  });
});
