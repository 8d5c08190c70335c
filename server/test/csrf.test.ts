// Issue 6 "Done when": a state-changing API request without the double-submit CSRF pair, or with a wrong one, is
// refused with 403 and the server's message; with the right pair it passes the check. No state-changing route is
// needed to show this: with a good pair, POST to an unknown API path reaches the router and answers 404.
import { CSRF_REFUSED, ORIGIN_REFUSED } from '../src/plugins/csrf';
import { build, CSRF, withCsrf, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const URL = '/api/does-not-exist';
const OTHER = 'b'.repeat(64);

async function expectRefused(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ message: CSRF_REFUSED });
}

test('the refusal message is the one the site shows', () => {
  expect(CSRF_REFUSED).toBe(
    'This request was refused: its security token is missing or wrong. Reload the page and try again.',
  );
});

test('with the right pair the request is not refused by CSRF (an unknown API path answers 404)', async () => {
  const res = await t.app.inject(withCsrf({ method: 'POST', url: URL, payload: {} }));
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ message: `No API route POST ${URL}.` });
});

test('the same request with the pair made by the kit itself passes too', async () => {
  const { generateCsrfToken } = await import('@studio/security-kit');
  const token = generateCsrfToken();
  const res = await t.app.inject({
    method: 'POST',
    url: URL,
    headers: { 'x-csrf-token': token },
    cookies: { studio_csrf: token },
  });
  expect(res.statusCode).toBe(404);
});

test.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s without any token is refused', async (method) => {
  await expectRefused(await t.app.inject({ method, url: URL, payload: {} }));
});

test('only the header, or only the cookie, is refused', async () => {
  await expectRefused(await t.app.inject({ method: 'POST', url: URL, headers: { 'x-csrf-token': CSRF } }));
  await expectRefused(await t.app.inject({ method: 'POST', url: URL, cookies: { studio_csrf: CSRF } }));
});

test('a wrong token (header differs from cookie) is refused', async () => {
  await expectRefused(await t.app.inject(withCsrf({ method: 'POST', url: URL, headers: { 'x-csrf-token': OTHER } })));
  await expectRefused(await t.app.inject(withCsrf({ method: 'POST', url: URL, cookies: { studio_csrf: OTHER } })));
});

test.each([
  ['too short', 'a'.repeat(63)],
  ['too long', 'a'.repeat(65)],
  ['upper-case hex', 'A'.repeat(64)],
  ['not hex', 'g'.repeat(64)],
  ['empty', ''],
])('a malformed token (%s), even when header and cookie agree, is refused', async (_case, token) => {
  await expectRefused(
    await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'x-csrf-token': token },
      cookies: { studio_csrf: token },
    }),
  );
});

test('a request the browser marks as cross-site is refused even with the right pair', async () => {
  await expectRefused(
    await t.app.inject(withCsrf({ method: 'POST', url: URL, headers: { 'sec-fetch-site': 'cross-site' } })),
  );
  // Same-origin requests from the site itself are marked same-origin and pass.
  const sameOrigin = await t.app.inject(
    withCsrf({ method: 'POST', url: URL, headers: { 'sec-fetch-site': 'same-origin' } }),
  );
  expect(sameOrigin.statusCode).toBe(404);
});

test('a percent-encoded API path (which the router decodes to /api/...) is checked too', async () => {
  await expectRefused(await t.app.inject({ method: 'POST', url: '/%61pi/does-not-exist', payload: {} }));
  await expectRefused(await t.app.inject({ method: 'DELETE', url: '/api%2Fdoes-not-exist' }));
});

test('a query string does not hide the path', async () => {
  await expectRefused(await t.app.inject({ method: 'POST', url: `${URL}?x=/static`, payload: {} }));
});

test('reads are not checked', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/services' })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'HEAD', url: '/api/services' })).statusCode).toBe(200);
});

test('a percent-encoded path cannot reach a real state-changing route without the pair', async () => {
  // build() returns a ready app, to which no route can be added; this one gets a probe route before it is ready.
  const { mkdtempSync, mkdirSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const { buildApp } = await import('../src/app');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-csrf-'));
  mkdirSync(path.join(dataDir, 'shell'));
  writeFileSync(path.join(dataDir, 'shell', 'index.html'), '<!doctype html><div id="root"></div>');
  const app = await buildApp({
    dataDir,
    logLevel: 'silent',
    publicOrigin: 'http://studio.test',
    shellDir: path.join(dataDir, 'shell'),
    production: false,
  });
  const reached = jest.fn();
  app.post('/api/probe', async () => {
    reached();
    return { ok: true };
  });
  try {
    await app.ready();
    await expectRefused(await app.inject({ method: 'POST', url: '/%61pi/probe', payload: {} }));
    await expectRefused(await app.inject({ method: 'POST', url: '/%61%70%69/probe', payload: {} }));
    expect(reached).not.toHaveBeenCalled();
    const ok = await app.inject(withCsrf({ method: 'POST', url: '/%61pi/probe', payload: {} }));
    expect(ok.statusCode).toBe(200);
    expect(reached).toHaveBeenCalledTimes(1);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

describe('Origin (issue 14, item 6)', () => {
  const post = (headers: Record<string, string>, pair = true) => {
    const request = { method: 'POST' as const, url: URL, payload: {}, headers };
    return t.app.inject(pair ? withCsrf(request) : request);
  };

  test('a cross-site Origin is refused even with the right token pair', async () => {
    for (const origin of ['https://evil.example', 'http://studio.test.evil.example', 'null', 'not a url']) {
      const res = await post({ origin });
      expect({ origin, status: res.statusCode, body: res.json() as unknown }).toEqual({
        origin,
        status: 403,
        body: { message: ORIGIN_REFUSED },
      });
    }
  });

  test("the site's own origin passes, and so does no Origin at all where the token pair holds", async () => {
    expect((await post({ origin: 'http://studio.test' })).statusCode).toBe(404);
    expect((await post({})).statusCode).toBe(404);
    await expectRefused(await post({}, false));
    // The site's own origin does not stand in for the token pair.
    await expectRefused(await post({ origin: 'http://studio.test' }, false));
  });

  test('outside production the origin the request was addressed to counts; in production only PUBLIC_ORIGIN', async () => {
    const sameHost = { origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' };
    expect((await post(sameHost)).statusCode).toBe(404);
    const production = await build({ production: true });
    try {
      const res = await production.app.inject(withCsrf({ method: 'POST', url: URL, payload: {}, headers: sameHost }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ORIGIN_REFUSED });
      const own = await production.app.inject(
        withCsrf({ method: 'POST', url: URL, payload: {}, headers: { origin: 'http://studio.test' } }),
      );
      expect(own.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  test('reads are not checked', async () => {
    expect((await t.app.inject({ url: '/api/services', headers: { origin: 'https://evil.example' } })).statusCode).toBe(
      200,
    );
  });
});

// Behind Firebase Hosting only `__session` reaches the server, so the pair's cookie never arrives: there the Origin
// header a browser sets on every state-changing fetch is what must name the site.
describe('on the Firebase home', () => {
  let f: TestApp;
  const PUBLIC = 'https://studio.example';
  beforeAll(async () => {
    f = await build({
      home: 'firebase',
      production: true,
      publicOrigin: PUBLIC,
      firebase: {
        projectId: 'demo-csrf',
        webConfig: { apiKey: 'k', authDomain: 'demo-csrf.firebaseapp.com', projectId: 'demo-csrf' },
        authEmulatorHost: undefined,
      },
    });
  });
  afterAll(() => f.close());

  test('a request from the site itself passes without the cookie (an unknown API path answers 404)', async () => {
    const res = await f.app.inject({ method: 'POST', url: URL, headers: { origin: PUBLIC }, payload: {} });
    expect(res.statusCode).toBe(404);
  });

  test('a request without Origin is refused even with the token pair', async () => {
    const res = await f.app.inject(withCsrf({ method: 'POST', url: URL, payload: {} }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: ORIGIN_REFUSED });
  });

  test("another site's Origin is refused", async () => {
    const res = await f.app.inject({ method: 'POST', url: URL, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: ORIGIN_REFUSED });
  });
});
