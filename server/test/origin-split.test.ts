// Her account lives on its own origin (platform/http/site-origins.ts, platform/http/origin-split.ts): on the public origin, whose code a
// public-site deploy token may change, her API answers as an address the site does not have and her pages redirect to
// the admin origin; her cookies are host-only, HttpOnly and SameSite=Strict; a write from a public page to her origin
// is refused; and the admin origin serves nothing of public-site.
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN_EMAIL, ADMIN_HOST, ADMIN_ORIGIN, build, PUBLIC_HOST, PUBLIC_ORIGIN, type TestApp } from './helper';

let t: TestApp;
let session: string;
beforeAll(async () => {
  t = await build();
  session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
});
afterAll(() => t.close());

const setCookies = (res: LightMyRequestResponse) => {
  const h = res.headers['set-cookie'];
  return Array.isArray(h) ? h : h ? [h] : [];
};

test('on the public origin her API answers 404, with her session and all, like an address the site lacks', async () => {
  for (const url of [
    '/api/admin/bookings',
    '/api/admin/trusted-devices',
    '/api/auth/session',
    '/api/auth/passkey/sign-in/options',
  ]) {
    const res = await t.app.inject({ url, headers: { host: PUBLIC_HOST }, cookies: { studio_session: session } });
    expect({ url, status: res.statusCode, body: res.body }).toEqual({
      url,
      status: 404,
      body: expect.stringContaining('No API route GET'),
    });
  }
  // Spelled with escapes the router decodes, it is still an address the public origin does not have.
  const escaped = await t.app.inject({
    url: '/%61pi/admin/bookings',
    headers: { host: PUBLIC_HOST },
    cookies: { studio_session: session },
  });
  expect(escaped.statusCode).toBe(404);
  expect(escaped.body).not.toContain('"items"');
  const write = await t.app.inject({
    method: 'POST',
    url: '/api/auth/link',
    headers: { host: PUBLIC_HOST, origin: PUBLIC_ORIGIN },
    payload: { email: ADMIN_EMAIL },
  });
  expect(write.statusCode).toBe(404);
  expect(await t.repos.outbox.list(10)).toEqual([]);
});

test('on the admin origin the same request reads her bookings', async () => {
  const res = await t.app.inject({
    url: '/api/admin/bookings',
    headers: { host: ADMIN_HOST },
    cookies: { studio_session: session },
  });
  expect(res.statusCode).toBe(200);
});

test('/admin and the sign-in page redirect from the public origin to the admin origin, path and query kept', async () => {
  for (const url of ['/admin', '/admin/bookings?tab=new', '/finishSignIn?token=x']) {
    const res = await t.app.inject({ url, headers: { host: PUBLIC_HOST } });
    expect({ url, status: res.statusCode, location: res.headers.location }).toEqual({
      url,
      status: 302,
      location: `${ADMIN_ORIGIN}${url}`,
    });
  }
});

test('the admin origin serves no public page nor public-site file: pages go to the public origin', async () => {
  const page = await t.app.inject({ url: '/book-me?selectedService=x', headers: { host: ADMIN_HOST } });
  expect([page.statusCode, page.headers.location]).toEqual([302, `${PUBLIC_ORIGIN}/book-me?selectedService=x`]);
  const home = await t.app.inject({ url: '/', headers: { host: ADMIN_HOST } });
  expect([home.statusCode, home.headers.location]).toEqual([302, `${ADMIN_ORIGIN}/admin`]);
  const entry = await t.app.inject({ url: '/remotes/public-site/remoteEntry.js', headers: { host: ADMIN_HOST } });
  expect(entry.statusCode).toBe(404);
  const adminEntry = await t.app.inject({ url: '/remotes/admin-app/remoteEntry.js', headers: { host: PUBLIC_HOST } });
  expect(adminEntry.statusCode).toBe(404);
});

test('a write a public page sends to her origin is refused, with her cookie and all', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/availability/periods',
    headers: { host: ADMIN_HOST, origin: PUBLIC_ORIGIN, 'content-type': 'text/plain' },
    cookies: { studio_session: session },
    payload: JSON.stringify({ startDate: '2031-05-01', endDate: '2031-05-03', isAvailable: true, notes: '' }),
  });
  expect(res.statusCode).toBe(403);
});

test('her cookies are host-only, HttpOnly (the session) and SameSite=Strict, set on the admin origin', async () => {
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/link',
    headers: { host: ADMIN_HOST, origin: ADMIN_ORIGIN },
    payload: { email: ADMIN_EMAIL },
  });
  const mail = (await t.repos.outbox.list(10)).find((m) => m.channel === 'mail');
  const token = /\/finishSignIn\?token=([A-Za-z0-9_-]{43})\b/.exec(mail?.body ?? '')?.[1];
  // The mailed link names her origin.
  expect(mail?.body).toContain(`${ADMIN_ORIGIN}/finishSignIn?token=`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/session',
    headers: { host: ADMIN_HOST, origin: ADMIN_ORIGIN },
    payload: { email: ADMIN_EMAIL, token },
  });
  expect(res.statusCode).toBe(200);
  const cookies = setCookies(res);
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) {
    expect(cookie).not.toMatch(/;\s*domain=/i);
    expect(cookie).toMatch(/;\s*samesite=strict/i);
  }
  expect(cookies.find((c) => c.startsWith('studio_session='))).toMatch(/;\s*httponly/i);
});

describe('over HTTPS', () => {
  let s: TestApp;
  const PUBLIC = 'https://studio.example';
  const ADMIN = 'https://admin.studio.example';
  beforeAll(async () => {
    s = await build({ publicOrigin: PUBLIC, adminOrigin: ADMIN, https: true });
  });
  afterAll(() => s.close());

  test('her cookies carry the __Host- prefix, Secure and Path=/, and the bare names are not read', async () => {
    await s.app.inject({
      method: 'POST',
      url: '/api/auth/link',
      headers: { host: 'admin.studio.example', origin: ADMIN },
      payload: { email: ADMIN_EMAIL },
    });
    const mail = (await s.repos.outbox.list(10)).find((m) => m.channel === 'mail');
    const token = /\/finishSignIn\?token=([A-Za-z0-9_-]{43})\b/.exec(mail?.body ?? '')?.[1];
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      headers: { host: 'admin.studio.example', origin: ADMIN },
      payload: { email: ADMIN_EMAIL, token },
    });
    const cookies = setCookies(res);
    expect(cookies.map((c) => c.split('=')[0])).toEqual(['__Host-studio_session', '__Host-studio_has_session']);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*secure/i);
      expect(cookie).toMatch(/;\s*path=\/(;|$)/i);
      expect(cookie).not.toMatch(/;\s*domain=/i);
    }
    const id = /^__Host-studio_session=([^;]+)/.exec(cookies[0] ?? '')?.[1] ?? '';
    const whoAmI = (cookies: Record<string, string>) =>
      s.app.inject({ url: '/api/auth/session', headers: { host: 'admin.studio.example' }, cookies });
    expect((await whoAmI({ '__Host-studio_session': id })).json()).toMatchObject({ user: { isAdmin: true } });
    // A cookie any host of the parent domain could set (no prefix) is not her session.
    expect((await whoAmI({ studio_session: id })).json()).toEqual({ user: null });
  });
});
