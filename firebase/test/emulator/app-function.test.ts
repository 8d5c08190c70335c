// The Firebase home end to end on the emulators: Hosting (the real firebase.json, serving firebase/hosting/) in front
// of the app function (the server's Fastify app on its Firestore storage, built by scripts/build-functions.mjs) in the
// Functions emulator, with Firestore and Auth on their emulators. What a browser does goes through Hosting's ports:
// the visitor's pages and booking on the public site, the admin's sign-in by her e-mail link and her photo upload on
// her own site (firebase.json's `admin` target), which the server tells apart by the X-Forwarded-Host Hosting sets.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { adminSessionOn } from './admin-session';
import { ugc } from '../../../server/test/bookings-support';
// firebase/hosting/, the folder Hosting publishes (scripts/hosting-files.mjs).
const HOSTING_DIR = path.join(__dirname, '..', '..', 'hosting');

const HOSTING = process.env.STUDIO_HOSTING_ORIGIN ?? '';
/** Her site: the same function behind the second Hosting site (scripts/test-emulators.mjs, ADMIN_ORIGIN). */
const ADMIN_HOSTING = process.env.STUDIO_ADMIN_HOSTING_ORIGIN ?? '';
const FUNCTION = process.env.STUDIO_FUNCTION_URL ?? '';
const MODEL_NAME = process.env.STUDIO_MODEL_NAME ?? '';
const ADMIN_EMAIL = 'admin@studio.test';
/** The Cloud Storage stand-in the function keeps its media in, and the function's bucket (scripts/test-emulators.mjs). */
const STORAGE = process.env.STUDIO_STORAGE_URL ?? '';
const BUCKET = process.env.STUDIO_STORAGE_BUCKET ?? '';

beforeAll(() => {
  if (!HOSTING || !ADMIN_HOSTING || !FUNCTION)
    throw new Error('Run this through `npm run test:firebase`, which starts the emulators.');
});

describe('through Hosting', () => {
  it('GET / is the page the function renders: the model’s name, the runtime configuration, server-rendered markup', async () => {
    const res = await fetch(`${HOSTING}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(`<title>${MODEL_NAME}`);
    const config = /<script id="studio-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(config ?? '{}')).toMatchObject({
      modelName: MODEL_NAME,
      remotes: { 'public-site': '/remotes/public-site/mf-manifest.json' },
    });
    // The public site's markup inside the root, not the empty root a browser-only page has.
    expect(html).toMatch(/<div id="root"><[a-z]/);
    // The server's own security headers reach the browser through Hosting.
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('GET /api/health answers from the function', async () => {
    const res = await fetch(`${HOSTING}/api/health`);
    expect(res.status).toBe(200);
    // The release it runs; the function's bundle names its package's version. No SMTP_URL here: the outbox.
    expect(await res.json()).toEqual({ ok: true, version: expect.any(String), mail: 'outbox', failingJobs: [] });
  });

  it('POST /api/bookings stores a request (JSON body through Hosting and the function) and answers 201', async () => {
    const booking = ugc();
    const post = () =>
      fetch(`${HOSTING}/api/bookings`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: HOSTING,
          'idempotency-key': 'emulator-booking-1',
        },
        body: JSON.stringify(booking),
      });
    const res = await post();
    const body = (await res.json()) as { id: string; status: string };
    expect({ status: res.status, body }).toEqual({
      status: 201,
      body: { id: expect.any(String), status: 'New', createdAt: expect.any(String) },
    });
    // The same key again is the same booking: the body the server hashed is the body the client sent.
    const again = await post();
    expect(again.status).toBe(201);
    expect(((await again.json()) as { id: string }).id).toBe(body.id);
  });

  it('a hashed chunk is a static file from Hosting, kept for a year', async () => {
    const chunk = readdirSync(path.join(HOSTING_DIR, 'remotes', 'public-site')).find((f) =>
      /\.[0-9a-f]{10}\.js$/.test(f),
    );
    expect(chunk).toBeDefined();
    const res = await fetch(`${HOSTING}/remotes/public-site/${chunk}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(readFileSync(path.join(HOSTING_DIR, 'remotes', 'public-site', chunk ?? ''), 'utf8'));
  });

  it('the island loader and the theme script are Hosting’s files, revalidated on every load (their names carry no hash)', async () => {
    for (const file of ['islands.js', 'theme-init.js']) {
      const res = await fetch(`${HOSTING}/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(readFileSync(path.join(HOSTING_DIR, file), 'utf8'));
    }
  });

  it('publishes browser files only: no server bundle (ssr/), no page template, no precompressed copy', () => {
    const published = readdirSync(HOSTING_DIR, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(HOSTING_DIR, path.join(e.parentPath, e.name)));
    expect(published).toEqual(expect.arrayContaining(['main.js', 'remotes/public-site/mf-manifest.json']));
    expect(published.filter((f) => /(^|\/)ssr\/|^index\.html$|\.(br|gz)$/.test(f))).toEqual([]);
  });

  it('robots.txt (Hosting’s file, the server’s text) and sitemap.xml (the function’s) name the site’s origin', async () => {
    const robots = await fetch(`${HOSTING}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${HOSTING}/sitemap.xml`);
    const sitemap = await fetch(`${HOSTING}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toContain(`<loc>${HOSTING}/</loc>`);
  });
});

describe('two sites, one function: her account on its own origin', () => {
  const chunkOf = (remote: string) =>
    readdirSync(path.join(HOSTING_DIR, 'remotes', remote)).find((f) => /\.[0-9a-f]{10}\.js$/.test(f)) ?? '';

  it('on the public site her API and sign-in answer 404 and /admin redirects to her site', async () => {
    for (const url of ['/api/admin/bookings', '/api/auth/session']) {
      expect({ url, status: (await fetch(`${HOSTING}${url}`)).status }).toEqual({ url, status: 404 });
    }
    const admin = await fetch(`${HOSTING}/admin`, { redirect: 'manual' });
    expect(admin.status).toBe(302);
    expect(admin.headers.get('location')).toBe(`${ADMIN_HOSTING}/admin`);
  });

  it('her site answers her API and sends its public pages to the public site', async () => {
    expect((await fetch(`${ADMIN_HOSTING}/api/auth/session`)).status).toBe(200);
    const about = await fetch(`${ADMIN_HOSTING}/about`, { redirect: 'manual' });
    expect(about.status).toBe(302);
    expect(about.headers.get('location')).toBe(`${HOSTING}/about`);
  });

  // Which remote each site publishes is firebase.json's `ignore`, applied by the deploy, not by the Hosting emulator
  // (it serves the whole folder): deploy-files.test.ts checks it with the deploy's own file listing.
  it('each site serves its own remote’s files from Hosting', async () => {
    const publicChunk = chunkOf('public-site');
    const adminChunk = chunkOf('admin-app');
    expect((await fetch(`${HOSTING}/remotes/public-site/${publicChunk}`)).status).toBe(200);
    expect((await fetch(`${ADMIN_HOSTING}/remotes/admin-app/${adminChunk}`)).status).toBe(200);
  });
});

describe('the admin, through Hosting', () => {
  it('signs in by her e-mail link and uploads a photo (a multipart body Cloud Functions already read)', async () => {
    // Her sign-in as the product does it: her e-mail link, then POST /api/auth/firebase (admin-session.ts).
    const session = await adminSessionOn(ADMIN_HOSTING);
    const who = await fetch(`${ADMIN_HOSTING}/api/auth/session`, { headers: { cookie: `__session=${session}` } });
    expect(((await who.json()) as { user: unknown }).user).toEqual({ email: ADMIN_EMAIL, isAdmin: true });

    const png = readFileSync(path.join(HOSTING_DIR, 'icon-192.png'));
    const form = new FormData();
    form.append('alt', 'A test photo');
    form.append('section', 'comp-card');
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const res = await fetch(`${ADMIN_HOSTING}/api/admin/media`, {
      method: 'POST',
      headers: { cookie: `__session=${session}`, origin: ADMIN_HOSTING },
      body: form,
    });
    const body = (await res.json()) as { id?: string; message?: string };
    expect({ status: res.status, message: body.message }).toEqual({ status: 201, message: undefined });
    expect(body.id).toEqual(expect.any(String));

    // The copies and the original are in the function's bucket (the Cloud Storage stand-in, STORAGE_EMULATOR_HOST),
    // not in the instance's temporary folder.
    const names = async (prefix: string) => {
      const list = await fetch(`${STORAGE}/storage/v1/b/${BUCKET}/o?prefix=${encodeURIComponent(prefix)}`);
      return (((await list.json()) as { items?: Array<{ name: string }> }).items ?? []).map((o) => o.name);
    };
    const copies = await names(`media/uploads/${body.id}/`);
    expect(copies.length).toBeGreaterThan(0);
    for (const name of copies) expect(name).toMatch(/\/\d+\.(avif|webp|jpg)$/);
    expect(await names(`media-originals/${body.id}.`)).toHaveLength(1);
  }, 60_000);
});
