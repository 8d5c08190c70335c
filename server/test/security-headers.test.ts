// Headers: every answer carries the security headers; the CSP allows no inline or evaluated script.
import { REEL_EMBED_SCRIPT } from '../src/platform/http/security-headers';
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

test("scripts from elsewhere: only the reels' embed script by its exact URL, not all of Instagram", async () => {
  const csp = directives(String((await t.app.inject('/portfolio/ugc')).headers['content-security-policy']));
  expect(REEL_EMBED_SCRIPT).toBe('https://www.instagram.com/embed.js');
  expect(csp['script-src']).toEqual(["'self'", 'https://www.instagram.com/embed.js']);
  // The reels' players: Instagram's and TikTok's frames, nothing else.
  expect(csp['frame-src']).toEqual(['https://www.instagram.com', 'https://www.tiktok.com']);
});

// On the Firebase home her browser sends and spends the sign-in link with Firebase Auth itself; a policy of
// 'self' alone blocked those calls and the form said "Failed to send sign-in link." (found by the Firebase journey).
// It also PUTs her uploads' bytes straight to the bucket (docs/decisions/012-her-files-go-straight-to-the-bucket-on-firebase.md).
describe('the Firebase home lets the page call Firebase Auth and the bucket, and nothing else beyond itself', () => {
  const webConfig = { apiKey: 'k', authDomain: 'p.firebaseapp.com', projectId: 'p' };
  test.each([
    [
      "Google's Auth",
      undefined,
      [
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://storage.googleapis.com',
      ],
    ],
    ['the Auth emulator', '127.0.0.1:9099', ["'self'", 'http://127.0.0.1:9099', 'https://storage.googleapis.com']],
  ])('%s', async (_name, authEmulatorHost, connectSrc) => {
    const home = await build({
      home: 'firebase',
      firebase: { projectId: 'p', webConfig, authEmulatorHost },
      seedDemo: false,
      renderImagesAtStart: false,
    });
    try {
      const csp = directives(String((await home.app.inject('/')).headers['content-security-policy']));
      expect(csp['connect-src']).toEqual(connectSrc);
      expect(csp['script-src']).toEqual(["'self'", 'https://www.instagram.com/embed.js']);
    } finally {
      await home.close();
    }
  });

  test('with the bucket on the Cloud Storage stand-in, its origin instead of Google’s', async () => {
    const home = await build({
      home: 'firebase',
      firebase: {
        projectId: 'p',
        webConfig,
        authEmulatorHost: '127.0.0.1:9099',
        storageEmulatorHost: 'http://127.0.0.1:9199',
      },
      seedDemo: false,
      renderImagesAtStart: false,
    });
    try {
      const csp = directives(String((await home.app.inject('/')).headers['content-security-policy']));
      expect(csp['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9099', 'http://127.0.0.1:9199']);
    } finally {
      await home.close();
    }
  });

  test('the embedded home connects to itself only', async () => {
    const csp = directives(String((await t.app.inject('/')).headers['content-security-policy']));
    expect(csp['connect-src']).toEqual(["'self'"]);
  });
});
