// The image pipeline: each bad upload to POST /api/admin/media (on a real server over HTTP) is refused with
// its own message before or while it is read, and leaves nothing behind: no file in the data folder, no row. So do a
// stranger's upload, a body too large or cut off part-way, and an upload whose row cannot be written; what an
// interrupted upload left is swept at the next start. Successful images: admin-media.test.ts.
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_MESSAGES } from '@studio/shared/media-upload';
import { NO_MARKUP_MESSAGE } from '@studio/shared/schemas';
import { ORIGIN_REFUSED } from '../src/platform/http/csrf';
import { NOT_ADMIN, NOT_SIGNED_IN } from '../src/features/auth/require-admin';
import {
  cleanUp,
  dataPath,
  deleteMedia,
  eventually,
  filesUnder,
  form,
  leftovers,
  MB,
  NOTHING,
  type Part,
  upload,
  useMediaServer,
} from './admin-media-support';
import { ADMIN_EMAIL, ADMIN_HOST, ADMIN_ORIGIN, ADMIN_VIA_PROXY, build, type TestApp } from './helper';

const media = useMediaServer();

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
      'a QuickTime header with nothing a player could read after it',
      async () => ({
        bytes: Buffer.concat([Buffer.from('\0\0\0\x14ftypqt  \0\0\0\0qt  ', 'latin1'), Buffer.alloc(5000)]),
        name: 'clip.mov',
      }),
      422,
      MEDIA_MESSAGES.videoUnreadable,
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

  // The upload holds alt text to the portfolio editor's rule (schemas: mediaName), so markup the
  // editor would refuse at the next save is refused here, before anything is stored.
  test('alt text with markup is a field error, and the file it sent is not kept', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    for (const alt of ['<img src=x onerror=alert(1)>', '<b>Headshot</b>']) {
      const res = await upload(form({ alt, section: 'comp-card' }, { file: { bytes: png, name: 'a.png' } }));
      expect(res.status).toBe(400);
      expect(res.json.fieldErrors).toEqual({ alt: [NO_MARKUP_MESSAGE] });
    }
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
      media.adminCookie,
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

describe('who may upload', () => {
  const tinyPng = () =>
    sharp({ create: { width: 10, height: 10, channels: 3, background: '#888' } })
      .png()
      .toBuffer();

  test('a visitor, a signed-in stranger, a request without her page’s Origin or from another site: refused before the body is read', async () => {
    const stranger = `studio_session=${(await media.t.repos.sessions.create('stranger@example.com')).id}`;
    const body = async () =>
      form({ alt: 'x', section: 'comp-card' }, { file: { bytes: await tinyPng(), name: 'a.png' } });
    expect(await upload(await body(), '')).toEqual({
      status: 401,
      json: { message: NOT_SIGNED_IN },
    });
    expect(await upload(await body(), stranger)).toEqual({ status: 403, json: { message: NOT_ADMIN } });
    const noToken = await fetch(`${media.origin}/api/admin/media`, {
      method: 'POST',
      headers: { cookie: media.adminCookie, 'x-forwarded-host': ADMIN_VIA_PROXY['x-forwarded-host'] },
      body: await body(),
    });
    expect({ status: noToken.status, json: await noToken.json() }).toEqual({
      status: 403,
      json: { message: ORIGIN_REFUSED },
    });
    const crossSite = await upload(await body(), media.adminCookie, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(leftovers()).toEqual(NOTHING);
    const del = await deleteMedia('00000000-0000-4000-8000-000000000000', '');
    expect(del.status).toBe(401);
  });
});

describe('a huge or slow body does not hold the server', () => {
  /** Sends raw request bytes and resolves with what came back once the server closed or answered. */
  function raw(head: string, bodyStart: Buffer): Promise<{ answer: string; closed: Promise<void> }> {
    const { port } = media.t.app.server.address() as AddressInfo;
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
      `POST /api/admin/media HTTP/1.1\r\nHost: ${ADMIN_HOST}\r\n` +
      `Cookie: ${media.adminCookie}\r\nOrigin: ${ADMIN_ORIGIN}\r\n` +
      'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 1000000000\r\n\r\n';
    const { answer } = await raw(head, Buffer.from('--x\r\n'));
    expect(answer).toMatch(/^HTTP\/1.1 413/);
    expect(answer).toContain(MEDIA_MESSAGES.requestTooLarge);
    expect(leftovers()).toEqual(NOTHING);
  });
});

describe('an upload cut off part-way', () => {
  let slow: TestApp;
  let slowPort: number;
  let cookie: string;
  beforeAll(async () => {
    // Node checks the request timeout only when it is longer than the headers timeout (else it swaps the two).
    slow = await build({ httpLimits: { requestTimeoutMs: 1500, headersTimeoutMs: 500, timeoutCheckIntervalMs: 100 } });
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
    slowPort = (slow.app.server.address() as AddressInfo).port;
    cookie = `studio_session=${(await slow.repos.sessions.create(ADMIN_EMAIL)).id}`;
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
      `POST /api/admin/media HTTP/1.1\r\nHost: ${ADMIN_HOST}\r\nCookie: ${cookie}\r\nOrigin: ${ADMIN_ORIGIN}\r\n` +
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
  media.t.repos.db.exec(
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
    media.t.repos.db.exec('DROP TRIGGER media_full');
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
  const restarted = await build({ dataDir: media.t.dataDir });
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
