// Server rendering as the server runs it: the deployed entries are loaded from their folders into the
// sandboxed renderer (small CommonJS stand-ins here, with the real built ones in e2e/tests/server-render.spec.ts), a
// page's data is read through the site's own API and embedded as JSON, the HTML is kept per address and dropped when
// the availability or content changes or an entry is redeployed, and anything missing or failing leaves the page to
// the browser. The sandbox itself is tested in render-sandbox.test.ts.
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_EMAIL, build, withCsrf, type TestApp } from './helper';
import { ROUTES, type ClientRoute } from '@studio/shared/routes';
import { jsonForScript } from '../src/features/pages/server-render';

let dir: string;
let shellDir: string;
let siteDir: string;
let t: TestApp;

const SHELL_INDEX =
  '<!doctype html><html><head><script id="studio-config" type="application/json">{}</script>' +
  '<script defer="defer" src="/main.js"></script><link href="/main.css" rel="stylesheet"></head><body><div id="root"></div>' +
  '<noscript>This site needs JavaScript.</noscript></body></html>';

/** public-site's entry: names the services it read through the backend, and numbers its renders. */
function writeSiteEntry(version: string, { throws = false } = {}) {
  mkdirSync(path.join(siteDir, 'ssr'), { recursive: true });
  writeFileSync(
    path.join(siteDir, 'ssr', 'index.js'),
    `let renders = 0;
    exports.renderPublicSite = async ({ backend, frame }) => {
      renders += 1;
      ${throws ? "throw new Error('broken page');" : ''}
      const services = await backend.services.list();
      return {
        html: frame('<h1>' + services.map((s) => s.displayName).join(', ') + ' ${version}</h1><p>render #' + renders + '</p>'),
        data: [[['services'], services], [['note'], '</script><script>alert(1)</script>']],
      };
    };`,
  );
}

/** Which render of the entry's renderer made the page (a kept page answers the number it was made with). */
const renderNumber = (body: string) => Number(/render #(\d+)/.exec(body)?.[1] ?? 0);

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'studio-ssr-'));
  shellDir = path.join(dir, 'shell');
  siteDir = path.join(dir, 'public-site');
  mkdirSync(path.join(shellDir, 'ssr'), { recursive: true });
  writeFileSync(path.join(shellDir, 'index.html'), SHELL_INDEX);
  writeFileSync(
    path.join(shellDir, 'ssr', 'index.js'),
    'exports.shellFrame = ({ url, brand, publicSite }) => `<nav>${brand} at ${url}</nav>${publicSite}`;',
  );
  writeSiteEntry('v1');
  // The manifest declares the server entry (what the build writes, scripts/webpack/server-entry-manifest-plugin.cjs).
  writeFileSync(
    path.join(siteDir, 'mf-manifest.json'),
    JSON.stringify({ name: 'public_site', metaData: { ssrRemoteEntry: { path: 'ssr', name: 'index.js' } } }),
  );
  writeFileSync(path.join(siteDir, 'ssr', 'styles.abc123.css'), 'h1{}');
  t = await build({
    shellDir,
    remotes: {
      'public-site': { urlPath: '/remotes/public-site/', dir: siteDir },
      'admin-app': { urlPath: '/remotes/admin-app/', dir },
    },
  });
});

afterEach(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (url: string) => t.app.inject({ method: 'GET', url });

test('a public page is sent rendered, with its data as inert JSON and the stylesheet after the shell', async () => {
  const res = await get('/portfolio?x=1');
  expect(res.statusCode).toBe(200);
  // Rendered at the page's own address: /portfolio reads no query parameter (pageKeyOf).
  expect(res.body).toContain(
    '<div id="root"><nav>Ava Monroe at /portfolio</nav><h1>Photoshoot, User-Generated Content',
  );
  expect(res.body).not.toContain('This site needs JavaScript');
  const json = /<script id="studio-data" type="application\/json">([^<]*)<\/script>/.exec(res.body)?.[1];
  expect(json).toBeDefined();
  const data = JSON.parse(json!) as Array<[unknown, unknown]>;
  expect(data[0]?.[0]).toEqual(['services']);
  // Text that would end the element is escaped, and reads back as it was.
  expect(data[1]).toEqual([['note'], '</script><script>alert(1)</script>']);
  expect(res.body.indexOf('/main.css')).toBeLessThan(res.body.indexOf('/remotes/public-site/ssr/styles.abc123.css'));
  expect(jsonForScript('a</script>')).toBe('"a\\u003c/script>"');
});

// A rendered page reads without script, so it loads the island loader, which loads the app on the first
// interaction with an island; nothing of the remote is preloaded, and its links are prerendered by speculation rules.
test('a rendered public page loads the island loader in place of the app, preloads no remote file, and names its speculation rules', async () => {
  const res = await get('/book-me');
  expect(res.body).toContain('<script defer src="/islands.js" data-app="/main.js"></script>');
  expect(res.body).not.toContain('src="/main.js"');
  expect(res.body).not.toMatch(/<link rel="preload"[^>]*\/remotes\//);
  expect(res.headers['speculation-rules']).toBe('"/speculation-rules.json"');

  const rules = await get('/speculation-rules.json');
  expect(rules.headers['content-type']).toContain('application/speculationrules+json');
  const { prerender } = JSON.parse(rules.body) as {
    prerender: Array<{ where: { and: Array<{ not?: { href_matches?: string[] } }> } }>;
  };
  const excluded = prerender[0]!.where.and.flatMap((c) => c.not?.href_matches ?? []);
  for (const path of ['/admin', '/admin/*', '/finishSignIn', '/api/*']) expect(excluded).toContain(path);

  // A page left to the browser (the admin's) loads the app itself, as before, and names no rules.
  const admin = await get('/admin');
  expect(admin.body).toContain('<script defer="defer" src="/main.js"></script>');
  expect(admin.body).not.toContain('/islands.js');
  expect(admin.headers['speculation-rules']).toBeUndefined();
});

test('the HTML is kept per address until the availability or the content changes; a booking changes nothing', async () => {
  const page = async (url: string) => renderNumber((await get(url)).body);
  expect(await page('/')).toBe(1);
  expect(await page('/')).toBe(1);
  expect(await page('/about')).toBe(2);

  t.bus.publish({ topic: 'bookings', type: 'created', booking: {} as never });
  expect(await page('/')).toBe(1);

  t.bus.publish({ topic: 'availability' });
  expect(await page('/')).toBe(3);
  expect(await page('/about')).toBe(4);

  // A booking confirmed or cancelled holds or frees its date in the booking page's calendar.
  t.bus.publish({ topic: 'bookings', type: 'updated', booking: {} as never });
  expect(await page('/')).toBe(5);
});

test("the admin's saved content drops the kept HTML; a refused write keeps it", async () => {
  const admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const putSite = (name: string) =>
    t.app.inject(
      withCsrf({
        method: 'PUT',
        url: '/api/admin/site',
        cookies: { studio_session: admin },
        payload: { name, tagline: '', heroImage: '', about: '', email: '', phone: '', agency: '', social: [] },
      }),
    );
  const page = async (url: string) => renderNumber((await get(url)).body);
  expect(await page('/')).toBe(1);

  expect((await putSite('')).statusCode).toBe(400);
  expect(await page('/')).toBe(1);

  expect((await putSite('Ava Monroe Studio')).statusCode).toBe(200);
  expect(await page('/')).toBe(2);
});

test('a public-site redeployed under the running server is rendered with its new code at once', async () => {
  expect((await get('/')).body).toContain(' v1</h1>');
  // A deploy rewrites the file; its size differs here, as it does when the code changes.
  writeSiteEntry('v2-redeployed');
  expect((await get('/')).body).toContain(' v2-redeployed</h1>');
});

// A unique query string per request once rendered every request anew (/book-me fell from about 2,500
// to 120 requests/s). The kept page is the path's and the parameters the page reads, nothing else.
test('a query string the page does not read shares the kept page; one it reads gets its own', async () => {
  const page = async (url: string) => renderNumber((await get(url)).body);
  // Values that name what exists: only those pages are kept (render-sandbox-limits.test.ts: made-up ones are not).
  const [service, other] = await t.repos.content.listServices();
  const tier = service!.tiers[0]!.id;
  const [show, otherShow] = Object.keys((await t.repos.content.getPortfolioMeta())?.data.RUNWAY_SECTION_MAP ?? {});
  expect(await page('/book-me?x=1')).toBe(1);
  expect(await page('/book-me?x=2')).toBe(1);
  expect(await page('/book-me')).toBe(1);
  expect(await page('/BOOK-ME/?utm_source=mail&fbclid=abc')).toBe(1);
  const withService = await get(`/book-me?x=3&selectedService=${service!.id}&selectedTier=${tier}`);
  expect(renderNumber(withService.body)).toBe(2);
  // Rendered at the address it is kept under: the parameters it reads, in the registry's order.
  expect(withService.body).toContain(`at /book-me?selectedService=${service!.id}&selectedTier=${tier}</nav>`);
  expect(await page(`/book-me?selectedTier=${tier}&selectedService=${service!.id}&y=1`)).toBe(2);
  expect(await page(`/book-me?selectedService=${other!.id}`)).toBe(3);
  expect(await page(`/portfolio/runway?show=${show!}&ref=1`)).toBe(4);
  expect(await page(`/portfolio/runway?show=${show!}&ref=2`)).toBe(4);
  expect(await page(`/portfolio/runway?show=${otherShow!}`)).toBe(5);
});

test('the parameters the pages read are the ones the route registry declares', () => {
  const pages = path.join(__dirname, '..', '..', 'public-site', 'src');
  const read = new Set<string>();
  const files = readdirSync(pages, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
  );
  for (const file of files) {
    const source = readFileSync(path.join(pages, file), 'utf8');
    if (!source.includes('useSearchParams')) continue;
    for (const [, name] of source.matchAll(/params\.get\('([^']+)'\)/g)) read.add(name!);
  }
  const declared = new Set(Object.values(ROUTES).flatMap((r: ClientRoute) => r.query ?? []));
  expect([...read].sort()).toEqual([...declared].sort());
});

test('an unknown address is rendered too, with 404, and not kept', async () => {
  const first = await get('/no-such-page');
  expect(first.statusCode).toBe(404);
  expect(first.body).toContain('<nav>Ava Monroe at /no-such-page</nav>');
  expect(renderNumber(first.body)).toBe(1);
  expect(renderNumber((await get('/no-such-page')).body)).toBe(2);
});

test("the admin's and the sign-in pages are never server-rendered: the no-JavaScript notice stays there alone", async () => {
  for (const url of ['/admin', '/finishSignIn', '/security-test']) {
    const res = await get(url);
    // /admin's root holds the dashboard's outline until the shell's first render; the others stay empty.
    if (url === '/admin') expect(res.body).toMatch(/<div id="root"><div class="page admin-skeleton" role="status"/);
    else expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('studio-data');
    expect(res.body).not.toContain('render #');
    expect(res.body).toContain('This site needs JavaScript');
  }
});

// Noindex, but pages that must work without script: the printable comp card like any public page, and the client's
// manage page, whose app loads with it (it reads the link's key from the fragment at once).
test('the printable comp card and the manage page are server-rendered; only the manage page loads the app at once', async () => {
  const print = await get('/portfolio/comp-card/print');
  expect(print.body).toContain('<nav>Ava Monroe at /portfolio/comp-card/print</nav>');
  expect(print.body).not.toContain('This site needs JavaScript');
  expect(print.body).toContain('<script defer src="/islands.js" data-app="/main.js"></script>');
  expect(print.body).toContain('<meta name="robots" content="noindex, nofollow" />');

  const manage = await get('/manage-booking');
  expect(manage.body).toContain('<nav>Ava Monroe at /manage-booking</nav>');
  expect(manage.body).toContain('studio-data');
  expect(manage.body).not.toContain('This site needs JavaScript');
  expect(manage.body).toContain('<script defer="defer" src="/main.js"></script>');
  expect(manage.body).not.toContain('/islands.js');
  expect(manage.body).toContain('<meta name="robots" content="noindex, nofollow" />');
});

test('a failing render or a missing entry leaves the page to the browser, never an error page', async () => {
  writeSiteEntry('broken', { throws: true });
  appendFileSync(path.join(siteDir, 'ssr', 'index.js'), '\n// a longer file\n');
  const failed = await get('/');
  expect(failed.statusCode).toBe(200);
  expect(failed.body).toContain('<div id="root"></div>');
  expect(failed.body).toContain('This site needs JavaScript');

  rmSync(path.join(siteDir, 'ssr'), { recursive: true });
  const missing = await get('/about');
  expect(missing.statusCode).toBe(200);
  expect(missing.body).toContain('<div id="root"></div>');
});
