// What the admin-media*.test.ts files share (the upload tests are split in three so that jest can run them on
// separate workers): a real server listening on a port, the multipart form and the upload as the admin sends them,
// what an upload can leave behind in the data folder, and a camera photo with everything a phone writes into it.
import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { avifSrcSetOf, type MediaItem } from '@studio/shared/domain';
import type { BuildOverrides } from '../src/app/app';
import { ADMIN_EMAIL, ADMIN_VIA_PROXY, build, type TestApp } from './helper';

export const MB = 1024 * 1024;

export interface MediaServer {
  /** The app (set once beforeAll has run). */
  readonly t: TestApp;
  /** http://127.0.0.1:<its port> */
  readonly origin: string;
  /** The admin's session cookie. */
  readonly adminCookie: string;
}

let t: TestApp;
let origin: string;
let adminCookie: string;

/**
 * Starts a real server on a free port for the calling test file (beforeAll) and closes it after the file (afterAll).
 * Each upload forks the sharp child process and encodes up to 18 copies: seconds, more on a busy machine, hence the
 * minute per test. `given` names what the app is built with beyond the defaults (the media files in a bucket).
 */
export function useMediaServer(given: () => BuildOverrides = () => ({})): MediaServer {
  jest.setTimeout(60_000);
  beforeAll(async () => {
    // Her requests name her origin as the proxy in front would (ADMIN_VIA_PROXY).
    t = await build({ trustProxy: ['127.0.0.1'], ...given() });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    adminCookie = `studio_session=${(await t.repos.sessions.create(ADMIN_EMAIL)).id}`;
  });
  afterAll(() => t.close());
  return {
    get t() {
      return t;
    },
    get origin() {
      return origin;
    },
    get adminCookie() {
      return adminCookie;
    },
  };
}

export interface Part {
  bytes: Buffer;
  name: string;
  type?: string;
}

export function form(fields: Record<string, string>, files: Record<string, Part> = {}): FormData {
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

export async function upload(body: FormData | string, cookie = adminCookie, headers: Record<string, string> = {}) {
  const res = await fetch(`${origin}/api/admin/media`, {
    method: 'POST',
    headers: { cookie, ...ADMIN_VIA_PROXY, ...headers },
    body,
  });
  return { status: res.status, json: (await res.json()) as MediaItem & { message: string; fieldErrors?: object } };
}

export const dataPath = (...parts: string[]) => path.join(t.dataDir, ...parts);
export const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    : [];
export const mediaRows = () => (t.repos.db.prepare('SELECT COUNT(*) AS n FROM media').get() as { n: number }).n;

/** Everything an upload can leave behind: temporary files, public copies, originals and rows. */
export const leftovers = () => ({
  tmp: filesUnder(dataPath('media-tmp')),
  uploads: filesUnder(dataPath('media', 'uploads')),
  originals: filesUnder(dataPath('media-originals')),
  rows: mediaRows(),
});
export const NOTHING = { tmp: [], uploads: [], originals: [], rows: 0 };

export async function deleteMedia(id: string, cookie = adminCookie) {
  return fetch(`${origin}/api/admin/media/${id}`, { method: 'DELETE', headers: { cookie, ...ADMIN_VIA_PROXY } });
}

/** Removes what a test uploaded, through the API, so the next test starts from an empty media folder. */
export async function cleanUp(...items: Array<{ id?: string }>) {
  for (const item of items) if (item.id) expect((await deleteMedia(item.id)).status).toBe(204);
  expect(leftovers()).toEqual(NOTHING);
}

// A camera photo as a phone sends it: GPS position, a description, XMP, a Display P3 profile.
export const SECRET = 'SECRET-DESCRIPTION-MARKER';
export const XMP_SECRET = 'XMP-CREATOR-MARKER';
const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="${XMP_SECRET}"/></rdf:RDF></x:xmpmeta>`;

export async function cameraJpeg(width: number, height: number, options: { orientation?: number } = {}) {
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
export function ifd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}

export const GPS_IFD_POINTER = 0x8825;

/** The JPEG segments before the image data: [marker, payload start] of each (APP1 = 0xe1 holds EXIF or XMP). */
export function jpegSegments(jpeg: Buffer): Array<{ marker: number; payload: Buffer }> {
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
export function publicCopies(item: MediaItem): Array<{ url: string; width: number }> {
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

export async function download(url: string): Promise<Buffer> {
  const res = await fetch(`${origin}${url}`);
  // An upload's files never change (a new photo is a new upload): browsers may keep them.
  expect({ url, status: res.status, cache: res.headers.get('cache-control') }).toEqual({
    url,
    status: 200,
    cache: 'public, max-age=31536000, immutable',
  });
  return Buffer.from(await res.arrayBuffer());
}

/** Polls a condition the server reaches after a socket event it does not report (a timed-out upload's clean-up). */
export async function eventually(check: () => boolean, ms = 5000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
