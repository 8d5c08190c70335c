// The per-route <head> the server sends: titles, descriptions and Open Graph tags from the content, and
// preload hints read from the public-site manifest the real build writes.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { matchRoute, pageChunkOf, ROUTES, type RouteId } from '@studio/shared/routes';
import {
  metaTagsFor,
  pageMetaFor,
  preloadLinksFor,
  remoteFilesOf,
  type PageMetaSource,
} from '../src/features/pages/page-head';
import { cacheControlFor } from '../src/features/pages/static-files';
import { build, type TestApp } from './helper';

const source: PageMetaSource = {
  modelName: 'Ava Monroe',
  publicOrigin: 'https://ava.example',
  serviceOf: (id) =>
    id === 'photoshoot' ? { displayName: 'Photoshoot', description: 'Editorial & "lifestyle" <shoots>.' } : undefined,
  portfolioSectionOf: (id) =>
    id === 'comp-card' ? { label: 'Comp Card', description: 'Measurements at a glance.' } : undefined,
  projectOf: (id) => (id === 'summer-campaign' ? { title: 'Summer Campaign', description: 'Beach looks.' } : undefined),
  printConceptOf: (key) => (key === 'editorial' ? { name: 'Editorial', description: 'Story-led.' } : undefined),
  shareImage: () => '/media/responsive/share-1200x630.jpg',
};
const metaAt = (pathname: string) => pageMetaFor(matchRoute(pathname), source);
const preloadsAt = (pathname: string, files: Parameters<typeof preloadLinksFor>[1]) =>
  preloadLinksFor(matchRoute(pathname), files);

// public-site/dist/mf-manifest.json as `npm run build` writes it (@module-federation/enhanced 2.9.2), kept verbatim:
// the page chunks the build names ("booking", "security-test") and the numbered ones it does not.
const manifest = JSON.parse(
  readFileSync(path.join(__dirname, 'fixtures', 'public-site-mf-manifest.json'), 'utf8'),
) as Parameters<typeof remoteFilesOf>[0];
const BOOKING_CHUNK = 'booking.fd90e36b56.js';
const DATE_PICKER_CHUNK = 'booking-date-picker.e209ddaf63.js';

describe('pageMetaFor', () => {
  it.each([
    ['/', 'Ava Monroe — Model & Content Creator', 'website'],
    ['/portfolio', 'Portfolio — Ava Monroe', 'article'],
    ['/portfolio/comp-card', 'Comp Card — Portfolio — Ava Monroe', 'article'],
    ['/about', 'About — Ava Monroe', 'article'],
    ['/book-me', 'Book me — Ava Monroe', 'article'],
    ['/service/photoshoot', 'Photoshoot — Ava Monroe', 'article'],
    ['/portfolio/summer-campaign', 'Summer Campaign — Portfolio — Ava Monroe', 'article'],
    ['/portfolio/print/editorial', 'Editorial — Print — Ava Monroe', 'article'],
    ['/portfolio/comp-card/print', 'Printable comp card — Ava Monroe', 'article'],
  ])('%s has its own title', (pathname, title, type) => {
    expect(metaAt(pathname)).toMatchObject({ title, type });
  });

  it('takes a service description from the content, and an address whose content does not exist is not found', () => {
    expect(metaAt('/service/photoshoot').description).toBe('Editorial & "lifestyle" <shoots>.');
    expect(metaAt('/service/photoshoot').found).toBe(true);
    for (const missing of [
      '/service/nope',
      '/portfolio/nope',
      '/portfolio/print/nope',
      '/portfolio/runway/x',
      '/nope',
    ]) {
      expect(metaAt(missing)).toMatchObject({ found: false, title: 'Page not found — Ava Monroe' });
    }
  });

  it('names the canonical URL of an indexed page, and only robots noindex on a hidden one', () => {
    const meta = metaAt('/about');
    const indexed = metaTagsFor({ ...meta, url: 'https://ava.example/about', siteName: 'Ava Monroe' });
    expect(indexed).toContain('<link rel="canonical" href="https://ava.example/about" />');
    expect(indexed).toContain('<meta property="og:site_name" content="Ava Monroe" />');
    expect(indexed).toContain('<meta name="twitter:title" content="About — Ava Monroe" />');
    expect(indexed).not.toContain('noindex');
    const hidden = metaTagsFor({ ...meta, url: 'https://ava.example/admin', noindex: true });
    expect(hidden).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(hidden).not.toContain('canonical');
  });

  it('escapes content in the tags and names an absolute share image', () => {
    const html = metaTagsFor({
      ...metaAt('/service/photoshoot'),
      url: 'https://ava.example/service/photoshoot',
      image: 'https://ava.example/x.jpg',
    });
    expect(html).toContain(
      '<meta property="og:description" content="Editorial &amp; &quot;lifestyle&quot; &lt;shoots&gt;." />',
    );
    expect(html).toContain('<meta property="og:image" content="https://ava.example/x.jpg" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta name="twitter:image" content="https://ava.example/x.jpg" />');
    expect(html).not.toContain('<shoots>');
  });
});

describe('preloadLinksFor', () => {
  const files = remoteFilesOf(manifest, '/remotes/public-site/');

  it('hints the manifest on every page, but not the scripts the shell may have to load again on Retry', () => {
    const html = preloadsAt('/about', files);
    expect(html).toContain(
      '<link rel="preload" href="/remotes/public-site/mf-manifest.json" as="fetch" crossorigin="anonymous" />',
    );
    expect(html).not.toContain('remoteEntry.js');
    expect(html).not.toContain('__federation_expose_app');
  });

  it('adds the page chunk of a route whose chunk the build names, and not the chunks it loads on demand', () => {
    expect(files.lazyScripts).toContain(`/remotes/public-site/${BOOKING_CHUNK}`);
    const bookMe = preloadsAt('/book-me', files);
    expect(bookMe).toContain(`<link rel="preload" href="/remotes/public-site/${BOOKING_CHUNK}" as="script" />`);
    expect(bookMe).not.toContain(DATE_PICKER_CHUNK);
    expect(preloadsAt('/', files)).not.toContain(BOOKING_CHUNK);
  });

  it('every chunk name the server looks for is one the real build emits', () => {
    const names = files.lazyScripts.map((url) => path.posix.basename(url));
    const chunks = (Object.keys(ROUTES) as RouteId[]).flatMap((id) => pageChunkOf(id) ?? []);
    expect(chunks).toEqual(['booking', 'security-test']);
    for (const chunk of chunks) {
      expect(names.filter((name) => name.startsWith(`${chunk}.`))).toHaveLength(1);
    }
  });

  it('a page whose chunk has no name gets the manifest hint only', () => {
    const portfolio = preloadsAt('/portfolio', files);
    expect(portfolio.match(/<link /g)).toHaveLength(1);
  });
});

describe('static files', () => {
  it('caches hashed chunks and their pre-compressed copies for good, everything else is revalidated', () => {
    expect(cacheControlFor('/x/262.0123456789.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/262.0123456789.js.br')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/main.js.gz')).toBe('no-cache');
    expect(cacheControlFor('/x/remoteEntry.js')).toBe('no-cache');
  });

  it('sends index.html with the route head and the runtime configuration', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'studio-head-'));
    const remoteDir = path.join(dir, 'public-site');
    mkdirSync(remoteDir);
    writeFileSync(path.join(remoteDir, 'mf-manifest.json'), JSON.stringify(manifest));
    const t = await build({
      remotes: {
        'public-site': { urlPath: '/remotes/public-site/', dir: remoteDir },
        'admin-app': { urlPath: '/remotes/admin-app/', dir },
      },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/service/photoshoot' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Photoshoot — Ava Monroe</title>');
      expect(res.body).toContain('"public-site":"/remotes/public-site/mf-manifest.json"');
      expect(res.body).toContain(
        '<link rel="preload" href="/remotes/public-site/mf-manifest.json" as="fetch" crossorigin="anonymous" />',
      );
      const home = await t.app.inject({ method: 'GET', url: '/' });
      expect(home.body).toContain('<link rel="preload" href="/media/hero.svg" as="image" fetchpriority="high" />');
      expect(res.body).not.toContain('as="image"');
      const section = await t.app.inject({ method: 'GET', url: '/portfolio/comp-card' });
      expect(section.body).toContain('<title>Comp Card — Portfolio — Ava Monroe</title>');
      const bookMe = await t.app.inject({ method: 'GET', url: '/book-me' });
      expect(bookMe.body).toContain(`<link rel="preload" href="/remotes/public-site/${BOOKING_CHUNK}" as="script" />`);
      // The service's own picture, as a raster copy social sites show, on the share tags of its page.
      expect(res.body).toMatch(
        /<meta property="og:image" content="http:\/\/[^"]+\/media\/responsive\/services\/[^"]+\.webp" \/>/,
      );
      expect(res.body).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/service\/photoshoot" \/>/);
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const ORIGIN = 'https://ava.example';

describe('status, noindex and the site files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ publicOrigin: ORIGIN });
  });
  afterAll(() => t.close());

  it.each(['/nope', '/service/nope', '/portfolio/nope', '/portfolio/print/nope', '/about/x'])(
    '%s answers 404 with the site page, marked noindex',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.body).toContain('<title>Page not found — Ava Monroe</title>');
      expect(res.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    },
  );

  it.each(['/', '/portfolio', '/portfolio/comp-card', '/portfolio/print/editorial', '/about', '/book-me'])(
    '%s answers 200 with a canonical URL and no noindex',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<link rel="canonical" href="${ORIGIN}${url}" />`);
      expect(res.body).not.toContain('noindex');
    },
  );

  it.each(['/admin', '/admin/bookings', '/finishSignIn', '/security-test', '/manage-booking'])(
    '%s is served but marked noindex',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(res.body).not.toContain('rel="canonical"');
    },
  );

  it('the printable comp card, the link she sends agencies, answers 200 under its own title', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/portfolio/comp-card/print' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Printable comp card — Ava Monroe</title>');
    expect(res.body).not.toContain('Page not found');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow" />');
  });

  it('sitemap.xml lists exactly the public pages: each answers 200 and is indexable, no noindex route is in it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const paths = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.slice(ORIGIN.length));
    const content = t.repos.content;
    const [services, projects, meta] = await Promise.all([
      content.listServices(),
      content.listProjects(),
      content.getPortfolioMeta(),
    ]);
    expect(projects.length).toBeGreaterThan(0);
    expect([...paths].sort()).toEqual(
      [
        '/',
        '/portfolio',
        ...['comp-card', 'digitals', 'runway', 'print', 'ugc'].map((id) => `/portfolio/${id}`),
        ...projects.map((p) => `/portfolio/${p.project.id}`),
        ...Object.values(meta!.data.PRINT_CONCEPT_KEY_MAP).map((key) => `/portfolio/print/${key}`),
        '/about',
        '/book-me',
        ...services.map((s) => `/service/${s.id}`),
      ].sort(),
    );
    // Every public pattern of the registry has its addresses there, and every address is an indexable page.
    const listed = new Set(paths.map((p) => matchRoute(p)?.id));
    for (const [id, route] of Object.entries(ROUTES))
      expect(listed.has(id as RouteId)).toBe(route.visibility === 'public');
    for (const p of paths) {
      const page = await t.app.inject({ method: 'GET', url: p });
      expect(`${p} ${page.statusCode}`).toBe(`${p} 200`);
      expect(page.body).toContain(`<link rel="canonical" href="${ORIGIN}${p}" />`);
    }
  });

  it('robots.txt keeps the noindex routes out and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /admin\n');
    expect(res.body).toContain('Disallow: /finishSignIn\n');
    expect(res.body).toContain('Disallow: /security-test\n');
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('sitemap.xml lists the current services and portfolio pages, and follows the content', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/xml');
    const o = ORIGIN;
    for (const p of [
      '/',
      '/portfolio',
      '/portfolio/comp-card',
      '/portfolio/runway',
      '/portfolio/print/editorial',
      '/about',
      '/book-me',
      '/service/photoshoot',
      '/service/usergeneratedcontent',
    ]) {
      expect(first.body).toContain(`<loc>${o}${p}</loc>`);
    }
    expect(first.body).not.toContain('/admin');
    expect(first.body).not.toContain('/security-test');

    const content = t.repos.content;
    await content.saveService({
      ...(await content.findService('photoshoot'))!,
      id: 'headshots',
      displayName: 'Headshots',
    });
    const next = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(next.body).toContain(`<loc>${o}/service/headshots</loc>`);
    const page = await t.app.inject({ method: 'GET', url: '/service/headshots' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Headshots — Ava Monroe</title>');
  });

  it('serves the web manifest with the site name and its icons', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = res.json() as { name: string; start_url: string; icons: Array<{ src: string; sizes: string }> };
    expect(manifest).toMatchObject({ name: 'Ava Monroe', start_url: '/' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512', 'any']);
  });
});
