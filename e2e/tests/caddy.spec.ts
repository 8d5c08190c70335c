// Behind a real reverse proxy: the whole site as docs/deploy.md deploys it, in Chromium. The
// compiled server listens on [::1] with HTTPS (an https PUBLIC_ORIGIN), TRUST_PROXY naming only the proxy, and SMTP
// for its mail (no dev outbox on a deployed site); a real Caddy terminates TLS for studio.test and her origin,
// admin.studio.test, on 127.0.0.1 with a certificate each from its own local CA, which this Chromium trusts (by the
// CA's key hashes) and reaches through host-resolver rules. The browser (127.0.0.1, IPv4) and the proxy (::1, IPv6) differ, so the server's log shows whose
// address it took. Sign-in by the mailed link on her origin, a visitor's booking on the public one arriving live on
// her dashboard, her `__Host-` cookies on her host only, her API absent from the public host, HSTS, and compression,
// all through the proxy.
import { chromium, type Browser, type Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { CHROMIUM_ARGS } from '../support/chromium';
import { freePorts, startCaddy, type RunningCaddy } from '../support/caddy';
import { ADMIN_EMAIL, startServer, type RunningServer } from '../support/server';
import { greenDot, tripleClickLogo } from '../support/sign-in';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

const HOST = 'studio.test';
const ADMIN_HOST = 'admin.studio.test';
const HSTS = 'max-age=31536000; includeSubDomains';
// The request log names networks, not addresses (server/src/features/ops/request-log.ts): the browser's IPv4 loopback, and the
// proxy's IPv6 loopback.
const BROWSER_NETWORK = '127.0.0.0/24';
const PROXY_NETWORK = '0:0:0::/48';

interface LogLine {
  msg: string;
  method?: string;
  path?: string;
  status?: number;
  client?: string;
}

const requestLines = (server: RunningServer): LogLine[] =>
  server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine)
    .filter((l) => l.msg === 'request');

let smtp: SmtpSink;
let server: RunningServer;
let caddy: RunningCaddy;
let browser: Browser;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const [httpsPort = 0, httpPort = 0] = await freePorts(2);
  smtp = await startSmtpSink();
  server = await startServer({
    HOST: '::1',
    PUBLIC_ORIGIN: `https://${HOST}:${httpsPort}`,
    ADMIN_ORIGIN: `https://${ADMIN_HOST}:${httpsPort}`,
    TRUST_PROXY: '::1',
    NODE_ENV: 'production',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LOG_LEVEL: 'info',
  });
  caddy = await startCaddy({
    host: HOST,
    adminHost: ADMIN_HOST,
    httpsPort,
    httpPort,
    upstream: `[::1]:${server.port}`,
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH,
    args: [
      ...CHROMIUM_ARGS,
      `--host-resolver-rules=MAP ${HOST} 127.0.0.1, MAP ${ADMIN_HOST} 127.0.0.1`,
      `--ignore-certificate-errors-spki-list=${caddy.caSpkiHashes.join(',')}`,
    ],
  });
});

test.afterAll(async () => {
  await browser?.close();
  await caddy?.stop();
  await server?.stop();
  await smtp?.stop();
});

/** The gesture on the public site opens her origin's sign-in; the mailed link and her dashboard are there too. */
async function signInByMail(page: Page, origin: string) {
  await page.goto('/');
  await tripleClickLogo(page);
  await page.waitForURL((url) => url.origin === origin);
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL);
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('status')).toHaveText('Sign-in link sent! Check your email.');
  const mail = await smtp.waitForMail((m) => m.to.includes(ADMIN_EMAIL) && m.body.includes('/finishSignIn?token='));
  const link = /https:\/\/\S+\/finishSignIn\?token=[A-Za-z0-9_-]{43}/.exec(mail.body)?.[0];
  expect(link, mail.body).toBeTruthy();
  expect(new URL(link!).origin).toBe(origin);
  await page.goto(link!);
  await expect(page.getByText('You are signed in.')).toBeVisible();
  await page.waitForURL(`${origin}/admin`);
  await expect(greenDot(page)).toBeVisible();
}

test('behind Caddy with TLS: sign-in, a booking live on the dashboard, Secure cookies, HSTS, the real client address', async () => {
  test.setTimeout(120_000);
  const origin = caddy.origin;
  const admin = await browser.newContext({ baseURL: origin });
  const visitor = await browser.newContext({ baseURL: origin });
  try {
    const page = await admin.newPage();

    // TLS from Caddy's CA, HSTS from the server; the page compressed by the server (brotli) and passed on as it is,
    // the API's JSON compressed by Caddy.
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    expect((await home?.securityDetails())?.issuer).toMatch(/Caddy Local Authority/);
    expect(home?.headers()['strict-transport-security']).toBe(HSTS);
    expect(home?.headers()['content-encoding']).toBe('br');
    const services = await page.evaluate(async () => {
      const response = await fetch('/api/services');
      return {
        encoding: response.headers.get('content-encoding'),
        count: ((await response.json()) as unknown[]).length,
      };
    });
    expect(services.encoding).toMatch(/^(zstd|gzip)$/);
    expect(services.count).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: 'Photoshoot' })).toBeVisible();

    // The deployed site has no outbox: the link comes by mail, through SMTP.
    const outbox = await page.evaluate(async () => (await fetch('/api/dev/outbox')).status);
    expect(outbox).toBe(404);
    // Her API is not on the public host, and /admin there sends her to her own.
    const adminApi = await page.evaluate(async () => (await fetch('/api/admin/bookings')).status);
    expect(adminApi).toBe(404);
    const signInApi = await page.evaluate(async () => (await fetch('/api/auth/session')).status);
    expect(signInApi).toBe(404);
    // (Through the browser: only Chromium maps the test host names to Caddy.)
    const redirected = await visitor.newPage();
    await redirected.goto('/admin');
    expect(redirected.url()).toBe(`${caddy.adminOrigin}/admin`);
    await redirected.close();

    await signInByMail(page, caddy.adminOrigin);

    // Host-only `__Host-` cookies of her host: the public host is never sent them.
    const cookies = await admin.cookies(caddy.adminOrigin);
    const session = cookies.find((c) => c.name === '__Host-studio_session');
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', domain: ADMIN_HOST, path: '/' });
    expect(cookies.find((c) => c.name === '__Host-studio_has_session')).toMatchObject({ secure: true });
    expect(await admin.cookies(origin)).toEqual([]);

    // The dashboard, its live stream through the proxy.
    await page.getByRole('link', { name: 'Admin' }).click();
    await expect(page.getByRole('heading', { name: 'Booking requests' })).toBeVisible();

    // A visitor books in another browser context; the request appears on the dashboard without a reload.
    const name = `Proxy Client ${Date.now().toString(36).replace(/\d/g, '')}`;
    const form = await visitor.newPage();
    await form.goto('/book-me');
    await form.getByRole('textbox', { name: 'Full Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Email Address' }).fill('proxy.client@example.com');
    await form.getByRole('combobox', { name: 'Service Type' }).selectOption('usergeneratedcontent');
    await form.getByRole('combobox', { name: 'Service Package' }).selectOption('ugc-single');
    await form.getByRole('textbox', { name: 'Project Description' }).fill('A product video, booked through the proxy.');
    const [posted] = await Promise.all([
      form.waitForResponse((r) => new URL(r.url()).pathname === '/api/bookings' && r.request().method() === 'POST'),
      form.getByRole('button', { name: 'Send Booking Request' }).click(),
    ]);
    expect(posted.status()).toBe(201);
    expect(posted.headers()['strict-transport-security']).toBe(HSTS);
    await expect(form.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect(page.getByRole('article', { name: name })).toBeVisible({ timeout: 5_000 });

    // A header a client forges is not the client's address: Caddy replaces it, and the server trusts only Caddy. (A
    // path that matches no route, because a route with parameters is logged by its template, not its path.)
    const probe = await form.evaluate(
      async () => (await fetch('/api/forged-forwarded-for', { headers: { 'X-Forwarded-For': '203.0.113.9' } })).status,
    );
    expect(probe).toBe(404);

    // What the server saw: every request through the proxy came from the browser's address, none from the proxy's.
    // The server logs a request once its answer has gone out, so the browser can hold the answer before the line is
    // written: wait for the probe's line.
    await expect.poll(() => requestLines(server).some((l) => l.path === '/api/forged-forwarded-for')).toBe(true);
    const lines = requestLines(server);
    const booking = lines.find((l) => l.method === 'POST' && l.path === '/api/bookings');
    expect(booking).toMatchObject({ status: 201, client: BROWSER_NETWORK });
    expect(lines.find((l) => l.path === '/api/forged-forwarded-for')).toMatchObject({
      status: 404,
      client: BROWSER_NETWORK,
    });
    const viaProxy = lines.filter((l) => l.path !== '/api/health');
    expect(viaProxy.length).toBeGreaterThan(10);
    expect(viaProxy.filter((l) => l.client !== BROWSER_NETWORK)).toEqual([]);
    // The server's own start-up check (straight to [::1], not through Caddy) shows the proxy's network for contrast.
    expect(lines.some((l) => l.path === '/api/health' && l.client === PROXY_NETWORK)).toBe(true);
    // Nothing personal in the log: neither the admin's nor the visitor's address, nor a sign-in token.
    expect(server.output()).not.toContain(ADMIN_EMAIL);
    expect(server.output()).not.toContain('proxy.client@example.com');
    expect(server.output()).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
    // Nor any token at all (every secret the server makes is 43 base64url characters), wherever it would stand.
    expect(server.output()).not.toMatch(/[A-Za-z0-9_-]{43}/);
  } finally {
    await admin.close();
    await visitor.close();
  }
});
