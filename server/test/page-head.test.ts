// The per-route <head> the server sends (issue 8): titles, descriptions and Open Graph tags from the content, and
// preload hints read from the public-site manifest the real build writes.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  metaTagsFor,
  pageMetaFor,
  preloadLinksFor,
  remoteFilesOf,
  ROUTE_PAGE_CHUNKS,
  type PageMetaSource,
} from '../src/plugins/page-head';
import { cacheControlFor } from '../src/plugins/static-files';
import { build } from './helper';

const source: PageMetaSource = {
  modelName: 'Ava Monroe',
  publicOrigin: 'https://ava.example',
  serviceOf: (id) =>
    id === 'photoshoot' ? { displayName: 'Photoshoot', description: 'Editorial & "lifestyle" <shoots>.' } : undefined,
  portfolioSectionOf: (id) =>
    id === 'comp-card' ? { label: 'Comp Card', description: 'Measurements at a glance.' } : undefined,
  shareImage: () => '/media/responsive/share-1200x630.jpg',
  heroImageOf: (pathname) => (pathname === '/' ? '/media/hero.svg' : undefined),
};

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
  ])('%s has its own title', (pathname, title, type) => {
    expect(pageMetaFor(pathname, source)).toMatchObject({ title, type });
  });

  it('takes a service description from the content and falls back to the home page for an unknown one', () => {
    expect(pageMetaFor('/service/photoshoot', source).description).toBe('Editorial & "lifestyle" <shoots>.');
    expect(pageMetaFor('/service/nope', source).title).toBe('Ava Monroe — Model & Content Creator');
  });

  it('escapes content in the tags and names an absolute share image', () => {
    const html = metaTagsFor({
      ...pageMetaFor('/service/photoshoot', source),
      url: 'https://ava.example/service/photoshoot',
      image: 'https://ava.example/x.jpg',
    });
    expect(html).toContain(
      '<meta property="og:description" content="Editorial &amp; &quot;lifestyle&quot; &lt;shoots&gt;." />',
    );
    expect(html).toContain('<meta property="og:image" content="https://ava.example/x.jpg" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain('<shoots>');
  });
});

describe('preloadLinksFor', () => {
  const files = remoteFilesOf(manifest, '/remotes/public-site/');

  it('hints the manifest on every page, but not the scripts the shell may have to load again on Retry', () => {
    const html = preloadLinksFor('/about', files);
    expect(html).toContain(
      '<link rel="preload" href="/remotes/public-site/mf-manifest.json" as="fetch" crossorigin="anonymous" />',
    );
    expect(html).not.toContain('remoteEntry.js');
    expect(html).not.toContain('__federation_expose_app');
  });

  it('adds the page chunk of a route whose chunk the build names, and not the chunks it loads on demand', () => {
    expect(files.lazyScripts).toContain(`/remotes/public-site/${BOOKING_CHUNK}`);
    const bookMe = preloadLinksFor('/book-me', files);
    expect(bookMe).toContain(`<link rel="preload" href="/remotes/public-site/${BOOKING_CHUNK}" as="script" />`);
    expect(bookMe).not.toContain(DATE_PICKER_CHUNK);
    expect(preloadLinksFor('/', files)).not.toContain(BOOKING_CHUNK);
  });

  it('every chunk name the server looks for is one the real build emits', () => {
    const names = files.lazyScripts.map((url) => path.posix.basename(url));
    for (const { chunk } of ROUTE_PAGE_CHUNKS) {
      expect(names.filter((name) => name.startsWith(`${chunk}.`))).toHaveLength(1);
    }
  });

  it('a page whose chunk has no name gets the manifest hint only', () => {
    const portfolio = preloadLinksFor('/portfolio', files);
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
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
