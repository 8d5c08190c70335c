// A state-changing API request is accepted only with an Origin naming the origin it was addressed to (platform/http/csrf.ts),
// on both homes alike; there is no token a script could read. No state-changing route is needed to show this: a
// request that passes the check reaches the router, and an unknown API path answers 404.
import { CSRF_REFUSED, ORIGIN_REFUSED } from '../src/platform/http/csrf';
import { ADMIN_HOST, ADMIN_ORIGIN, build, PUBLIC_HOST, PUBLIC_ORIGIN, withCsrf, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const URL = '/api/does-not-exist';

const post = (headers: Record<string, string>, url = URL) =>
  t.app.inject({ method: 'POST', url, payload: {}, headers });

test('the public origin’s own page passes (an unknown API path answers 404)', async () => {
  const res = await t.app.inject(withCsrf({ method: 'POST', url: URL, payload: {} }));
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ message: `No API route POST ${URL}.` });
});

test.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s without Origin is refused', async (method) => {
  const res = await t.app.inject({ method, url: URL, payload: {}, headers: { host: PUBLIC_HOST } });
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ message: ORIGIN_REFUSED });
});

test('the token pair of old counts for nothing: no Origin, refused', async () => {
  const token = 'a'.repeat(64);
  const res = await t.app.inject({
    method: 'POST',
    url: URL,
    headers: { host: PUBLIC_HOST, 'x-csrf-token': token },
    cookies: { studio_csrf: token },
  });
  expect(res.statusCode).toBe(403);
});

test('a cross-site Origin, "null", the other origin of the site or no URL at all is refused', async () => {
  for (const origin of ['https://evil.example', 'http://studio.test.evil.example', 'null', 'not a url', ADMIN_ORIGIN]) {
    const res = await post({ host: PUBLIC_HOST, origin });
    expect({ origin, status: res.statusCode, body: res.json() as unknown }).toEqual({
      origin,
      status: 403,
      body: { message: ORIGIN_REFUSED },
    });
  }
});

test('on the admin origin only its own Origin passes: the public origin’s is refused', async () => {
  expect((await post({ host: ADMIN_HOST, origin: ADMIN_ORIGIN })).statusCode).toBe(404);
  const fromPublic = await post({ host: ADMIN_HOST, origin: PUBLIC_ORIGIN }, '/api/admin/availability/periods');
  expect(fromPublic.statusCode).toBe(403);
  expect(fromPublic.json()).toEqual({ message: ORIGIN_REFUSED });
});

test('a request the browser marks as cross-site is refused even with the right Origin', async () => {
  const res = await post({ host: PUBLIC_HOST, origin: PUBLIC_ORIGIN, 'sec-fetch-site': 'cross-site' });
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ message: CSRF_REFUSED });
  expect((await post({ host: PUBLIC_HOST, origin: PUBLIC_ORIGIN, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(
    404,
  );
});

test('her API refuses a request sent from the public origin (same-site), reads included', async () => {
  for (const method of ['GET', 'POST'] as const) {
    const res = await t.app.inject({
      method,
      url: '/api/admin/bookings',
      headers: { host: ADMIN_HOST, origin: ADMIN_ORIGIN, 'sec-fetch-site': 'same-site' },
    });
    expect({ method, status: res.statusCode }).toEqual({ method, status: 403 });
  }
});

test('a percent-encoded API path (which the router decodes to /api/...) is checked too', async () => {
  expect((await post({ host: PUBLIC_HOST }, '/%61pi/does-not-exist')).statusCode).toBe(403);
  const del = await t.app.inject({ method: 'DELETE', url: '/api%2Fdoes-not-exist', headers: { host: PUBLIC_HOST } });
  expect(del.statusCode).toBe(403);
});

test('a query string does not hide the path', async () => {
  expect((await post({ host: PUBLIC_HOST }, `${URL}?x=/static`)).statusCode).toBe(403);
});

test('reads are not checked', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/services' })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'HEAD', url: '/api/services' })).statusCode).toBe(200);
  expect((await t.app.inject({ url: '/api/services', headers: { origin: 'https://evil.example' } })).statusCode).toBe(
    200,
  );
});

test('outside production the public origin the request was addressed to counts; in production only PUBLIC_ORIGIN', async () => {
  const sameHost = { origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' };
  expect((await post(sameHost)).statusCode).toBe(404);
  const production = await build({ production: true });
  try {
    const res = await production.app.inject({ method: 'POST', url: URL, payload: {}, headers: sameHost });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: ORIGIN_REFUSED });
    const own = await production.app.inject(withCsrf({ method: 'POST', url: URL, payload: {} }));
    expect(own.statusCode).toBe(404);
  } finally {
    await production.close();
  }
});

// The same rule on the Firebase home, where only `__session` reaches the server.
describe('on the Firebase home', () => {
  let f: TestApp;
  const PUBLIC = 'https://studio.example';
  const ADMIN = 'https://admin.studio.example';
  beforeAll(async () => {
    f = await build({
      home: 'firebase',
      production: true,
      publicOrigin: PUBLIC,
      adminOrigin: ADMIN,
      firebase: {
        projectId: 'demo-csrf',
        webConfig: { apiKey: 'k', authDomain: 'demo-csrf.firebaseapp.com', projectId: 'demo-csrf' },
        authEmulatorHost: undefined,
      },
    });
  });
  afterAll(() => f.close());

  test('a request from the site itself passes (an unknown API path answers 404)', async () => {
    const res = await f.app.inject({
      method: 'POST',
      url: URL,
      headers: { host: 'studio.example', origin: PUBLIC },
      payload: {},
    });
    expect(res.statusCode).toBe(404);
  });

  test('a request without Origin, or with another site’s, is refused', async () => {
    for (const headers of [{ host: 'studio.example' }, { host: 'studio.example', origin: 'https://evil.example' }]) {
      const res = await f.app.inject({ method: 'POST', url: URL, headers, payload: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ORIGIN_REFUSED });
    }
  });
});
