// Issue 9 "Headers": every answer carries the security headers; the CSP allows no inline or evaluated script.
import { REEL_EMBED_SCRIPT } from '../src/plugins/security-headers';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  ) as Record<string, string[]>;

test.each(['/', '/portfolio/runway', '/api/services', '/api/nope', '/media/hero.svg'])(
  '%s carries the security headers',
  async (url) => {
    const res = await t.app.inject(url);
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp['script-src']).toEqual(expect.arrayContaining(["'self'"]));
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(String(res.headers['permissions-policy'])).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
    // HSTS only means something over HTTPS; this app is configured for plain HTTP.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  },
);

test('HSTS is sent when the site is served over HTTPS', async () => {
  const https = await build({ https: true, publicOrigin: 'https://studio.example' });
  try {
    const res = await https.app.inject('/api/services');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  } finally {
    await https.close();
  }
});

test("scripts from elsewhere: only the reels' embed script by its exact URL, not all of Instagram (issue 14)", async () => {
  const csp = directives(String((await t.app.inject('/portfolio/ugc')).headers['content-security-policy']));
  expect(REEL_EMBED_SCRIPT).toBe('https://www.instagram.com/embed.js');
  expect(csp['script-src']).toEqual(["'self'", 'https://www.instagram.com/embed.js']);
  expect(csp['frame-src']).toEqual(['https://www.instagram.com']);
});
