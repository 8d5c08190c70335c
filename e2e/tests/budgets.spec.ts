// Performance budgets, asserted on sizes (deterministic: each script body gzip-compressed here at level 9), never on
// timings. The targets measured in time (LCP, Lighthouse) live in `npm run bench`. One budget per public route, of the
// script it loads before any interaction (the island loader; the app comes with the first interaction with an
// island, islands.spec.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect, recordScripts, waitForHydration } from '../support/test';
import { REPO_ROOT } from '../support/server';
import { BOOKING_ROUTE, STATIC_ROUTES } from '../support/public-routes';

const KB = 1024;
/** Script before any interaction, gzip (docs/performance.md's targets): static routes, and /book-me with its form. */
const STATIC_BUDGET = 20 * KB;
const BOOKING_BUDGET = 100 * KB;
const EMBED_SCRIPT = 'https://www.instagram.com/embed.js';
const PUBLIC_ROUTES = [
  '/',
  '/portfolio',
  '/portfolio/comp-card',
  '/book-me',
  '/service/photoshoot',
  '/about',
  '/security-test',
];

// Lazy chunks that must not be part of the home page's first load, by the chunk names their imports give
// (webpackChunkName): the security test page, and the portfolio's full-screen viewer / carousel.
const NOT_ON_HOME = [/^security-test\./, /(viewer|carousel)[^/]*\.[0-9a-f]+\.js$/];

const fileName = (url: string) => path.posix.basename(new URL(url).pathname);

/** `hydrate`: then the first interaction with an island, which loads the app, and what it loads. */
async function firstLoad(page: Page, route: string, { hydrate = true } = {}) {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  const js = recordScripts(page);
  await page.goto(route);
  if (hydrate) await waitForHydration(page);
  // The page is drawn by the remote: wait until no loading state is left, so no remote file is still on its way.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main .page-loading')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const scripts = await js.settled();
  return { requested, scripts, totalGzip: js.totalGzip() };
}

const mainScriptRequested = (requested: string[]) => requested.some((u) => new URL(u).pathname === '/main.js');

function trackRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  return requested;
}

async function scriptBeforeInteraction(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // The reels' third-party player script is Instagram's, asked for only when the reels come near: answered empty.
  await page.route(`${EMBED_SCRIPT}*`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
  const requested = trackRequests(page);
  const js = recordScripts(page);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const scripts = await js.settled();
  const result = {
    scripts,
    total: js.totalGzip(),
    app: mainScriptRequested(requested),
    // Its stylesheet is part of the page; no script or manifest of it is.
    remote: requested.some((u) => /^\/remotes\/.*\.(js|json)$/.test(new URL(u).pathname)),
  };
  await context.close();
  return result;
}

test('each public route loads at most its budget of script before any interaction (20 KB static, 100 KB /book-me)', async ({
  browser,
  baseURL,
}) => {
  const rows: string[] = [];
  const over: string[] = [];
  const early: string[] = [];
  for (const { path, budget } of [
    ...STATIC_ROUTES.map((r) => ({ path: r.path, budget: STATIC_BUDGET })),
    { path: BOOKING_ROUTE.path, budget: BOOKING_BUDGET },
  ]) {
    const { scripts, total, app, remote } = await scriptBeforeInteraction(browser, baseURL!, path);
    const files = scripts.map((s) => `${new URL(s.url).pathname} ${(s.gzipBytes / KB).toFixed(2)}`).join(', ');
    rows.push(
      `${path.padEnd(42)} ${(total / KB).toFixed(2).padStart(6)} KB of ${budget / KB} KB  (${scripts.length}: ${files})`,
    );
    if (total > budget) over.push(path);
    // Nothing of the app, React or the remote before the visitor does something.
    if (app || remote) early.push(path);
  }
  const table = rows.join('\n');
  console.log(`Script before any interaction (gzip):\n${table}`);
  expect(over, table).toEqual([]);
  expect(early, `loaded the app or a remote's script before any interaction\n${table}`).toEqual([]);
});

/** The page and the stylesheets its first paint waits for, compressed, on the wire (for LCP on slow 4G). */
const RENDER_PATH_BUDGET = 24 * KB;

test('each public page and the stylesheets its first paint waits for arrive compressed, within 24 KB on the wire', async ({
  request,
  baseURL,
}) => {
  const rows: string[] = [];
  const over: string[] = [];
  const plain: string[] = [];
  const onTheWire = async (url: string) => {
    const response = await request.get(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(response.ok(), url).toBe(true);
    const headers = response.headers();
    if (headers['content-encoding'] !== 'br') plain.push(url);
    return { bytes: Number(headers['content-length']), body: await response.text() };
  };
  for (const { path } of [...STATIC_ROUTES, BOOKING_ROUTE]) {
    const page = await onTheWire(`${baseURL}${path}`);
    const sheets = [...page.body.matchAll(/<link\b[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => /\brel="stylesheet"/.test(tag))
      .map((tag) => /\bhref="([^"]+)"/.exec(tag)![1]!);
    expect(sheets.length, path).toBeGreaterThan(0);
    let total = page.bytes;
    for (const sheet of sheets) total += (await onTheWire(new URL(sheet, baseURL).href)).bytes;
    rows.push(
      `${path.padEnd(42)} ${(total / KB).toFixed(1).padStart(5)} KB (page ${(page.bytes / KB).toFixed(1)} KB + ${sheets.length} stylesheets)`,
    );
    if (total > RENDER_PATH_BUDGET) over.push(path);
  }
  const table = rows.join('\n');
  console.log(`Page and render-blocking stylesheets, on the wire:\n${table}`);
  expect(plain, 'sent without brotli').toEqual([]);
  expect(over, table).toEqual([]);
});

for (const route of PUBLIC_ROUTES) {
  test(`no byte of admin-app is requested on ${route}`, async ({ page }) => {
    const { requested } = await firstLoad(page, route);
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((u) => new URL(u).pathname.includes('/remotes/admin-app/'))).toEqual([]);
  });
}

test('the security test page and the portfolio viewer are lazy chunks, not loaded on /', async ({ page }) => {
  const { requested } = await firstLoad(page, '/');
  const loaded = requested.map(fileName);
  for (const pattern of NOT_ON_HOME) expect(loaded.filter((f) => pattern.test(f))).toEqual([]);

  // Whatever the chunks are named: the home page is in public-site's ./app chunk itself, so / loads none of the
  // lazy chunks the remote's manifest lists for ./app (the other pages, the viewer, the security test page).
  const manifest = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'public-site', 'dist', 'mf-manifest.json'), 'utf8'),
  ) as {
    exposes: Array<{ path: string; assets: { js: { async: string[] } } }>;
  };
  const lazy = new Set(manifest.exposes.find((e) => e.path === './app')?.assets.js.async ?? []);
  const publicSiteFiles = requested
    .filter((u) => new URL(u).pathname.startsWith('/remotes/public-site/'))
    .map(fileName);
  expect(publicSiteFiles.filter((f) => lazy.has(f))).toEqual([]);

  // Once the security test page exists (a chunk named "security-test" in the public-site build), it must be the
  // page its route loads: that proves the name matched above is the real page chunk, split off from the home page.
  const dist = path.join(REPO_ROOT, 'public-site', 'dist');
  const securityChunk = existsSync(dist)
    ? readdirSync(dist).find((f) => /^security-test\.[0-9a-f]+\.js$/.test(f))
    : undefined;
  test
    .info()
    .annotations.push({ type: 'security-test chunk', description: securityChunk ?? 'not built in this branch yet' });
  if (securityChunk) {
    const onPage = await firstLoad(page, '/security-test');
    expect(onPage.requested.map(fileName)).toContain(securityChunk);
  }
});

test('hashed chunks are cached for good and every script is sent pre-compressed', async ({ page, baseURL }) => {
  const js = recordScripts(page);
  await page.goto('/');
  // The loader, then the app and the remote it loads on the first interaction.
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const scripts = await js.settled();
  expect(scripts.map((s) => new URL(s.url).pathname)).toEqual(expect.arrayContaining(['/islands.js', '/main.js']));
  for (const { url } of scripts) {
    const response = await page.request.get(url, { headers: { 'Accept-Encoding': 'br, gzip' } });
    const headers = response.headers();
    expect(headers['vary'], url).toContain('accept-encoding');
    if (Number(headers['content-length'] ?? 0) > 1024 || headers['content-encoding']) {
      expect(headers['content-encoding'], url).toBe('br');
    }
    const hashed = /\.[0-9a-f]{10}\.js$/.test(new URL(url).pathname);
    expect(headers['cache-control'], url).toBe(hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  }
  const gzipOnly = await page.request.get(`${baseURL}/main.js`, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gzipOnly.headers()['content-encoding']).toBe('gzip');
});

test('a shared link to a service shows its own title and an Open Graph preview', async ({ page, baseURL }) => {
  const html = await (await page.request.get(`${baseURL}/service/photoshoot`)).text();
  expect(html).toContain('<title>Photoshoot — Ava Monroe</title>');
  expect(html).toContain('<meta property="og:title" content="Photoshoot — Ava Monroe" />');
  expect(html).toMatch(/<meta property="og:description" content="[^"]+" \/>/);
  expect(html).toMatch(/<meta name="twitter:card" content="summary(_large_image)?" \/>/);
  // Nothing of the remote is preloaded: it loads with the first interaction.
  expect(html).not.toContain('<link rel="preload" href="/remotes/public-site/');
  // The runtime configuration is still there for the shell.
  expect(html).toContain('"public-site":"/remotes/public-site/mf-manifest.json"');
});

test("the booking page preloads no script; its chunk comes with the form's first touch, the calendar's with its own", async ({
  page,
  baseURL,
}) => {
  const html = await (await page.request.get(`${baseURL}/book-me`)).text();
  expect(html).not.toMatch(/<link rel="preload"[^>]*as="script"/);
  const { requested } = await firstLoad(page, '/book-me', { hydrate: false });
  const loaded = () => requested.map(fileName);
  expect(loaded().filter((f) => /^booking\.[0-9a-f]+\.js$/.test(f))).toEqual([]);
  // Her name first (a field left empty would show its error on leaving it, and move the buttons below).
  await page.getByRole('textbox', { name: 'Full Name' }).fill('Island Visitor');
  await expect.poll(() => loaded().some((f) => /^booking\.[0-9a-f]+\.js$/.test(f))).toBe(true);
  await waitForHydration(page, 'form.booking-form');
  await page.waitForLoadState('networkidle');
  expect(loaded().filter((f) => /^booking-date-picker\.[0-9a-f]+\.js$/.test(f))).toEqual([]);
  await page.getByRole('button', { name: 'Show calendar' }).click();
  await expect.poll(() => loaded().some((f) => /^booking-date-picker\.[0-9a-f]+\.js$/.test(f))).toBe(true);
});
