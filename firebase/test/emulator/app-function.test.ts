// The Firebase home end to end on the emulators: Hosting (the real firebase.json, serving firebase/hosting/) in front
// of the app function (the server's Fastify app, built by scripts/build-functions.mjs) in the Functions emulator.
// What a visitor's browser does goes through Hosting's port; the upload goes to the function directly, because it
// needs the admin's session, which only the storage the function runs on can hold for now.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../../server/src/db/database';
import { createSessionStore } from '../../../server/src/lib/sessions';
import { createSessionsRepository } from '../../../server/src/repositories/sessions-repository';
// firebase/hosting/, the folder Hosting publishes (scripts/hosting-files.mjs).
const HOSTING_DIR = path.join(__dirname, '..', '..', 'hosting');

const HOSTING = process.env.STUDIO_HOSTING_ORIGIN ?? '';
const FUNCTION = process.env.STUDIO_FUNCTION_URL ?? '';
const MODEL_NAME = process.env.STUDIO_MODEL_NAME ?? '';
const ADMIN_EMAIL = 'admin@studio.test';
// The double-submit pair the server's CSRF check wants (server/src/plugins/csrf.ts): any 64 hex digits, twice.
const CSRF = 'c'.repeat(64);

beforeAll(() => {
  if (!HOSTING || !FUNCTION) throw new Error('Run this through `npm run test:firebase`, which starts the emulators.');
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
    expect(await res.json()).toEqual({ ok: true });
  });

  it('POST /api/bookings stores a request (JSON body through Hosting and the function) and answers 201', async () => {
    const booking = {
      name: 'Brand Co',
      email: 'hello@brand.example',
      phone: '',
      serviceId: 'usergeneratedcontent',
      serviceTierId: 'ugc-monthly',
      date: '',
      consultationDate: '',
      consultationLocation: '',
      location: '',
      description: 'Twelve reels a month for our skincare line.',
      smsOptIn: false,
    };
    const post = () =>
      fetch(`${HOSTING}/api/bookings`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: HOSTING,
          'idempotency-key': 'emulator-booking-1',
          'x-csrf-token': CSRF,
          cookie: `studio_csrf=${CSRF}`,
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

describe('the function itself', () => {
  it('parses a multipart upload from the body Cloud Functions already read (the admin’s photo upload)', async () => {
    // INTERIM, with the interim storage: the admin's session is made in the database the function's instance keeps
    // (STUDIO_FUNCTION_DATA_DIR). With the Firestore storage it is made through the storage port instead.
    const db = openDatabase(process.env.STUDIO_FUNCTION_DATA_DIR ?? '');
    const sessions = createSessionStore(createSessionsRepository(db), {
      adminEmail: ADMIN_EMAIL,
      now: () => new Date(),
    });
    const session = await sessions.create(ADMIN_EMAIL);
    db.close();
    const png = readFileSync(path.join(HOSTING_DIR, 'icon-192.png'));
    const form = new FormData();
    form.append('alt', 'A test photo');
    form.append('section', 'comp-card');
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const res = await fetch(`${FUNCTION}/api/admin/media`, {
      method: 'POST',
      headers: { cookie: `studio_session=${session.id}; studio_csrf=${CSRF}`, 'x-csrf-token': CSRF },
      body: form,
    });
    const body = (await res.json()) as { id?: string; message?: string };
    expect({ status: res.status, message: body.message }).toEqual({ status: 201, message: undefined });
    expect(body.id).toEqual(expect.any(String));
  }, 60_000);
});
