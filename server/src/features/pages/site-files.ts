// The files search engines, link checkers and phones ask a site for: robots.txt (the noindex routes kept out,
// the sitemap named), sitemap.xml (every public page of the current content) and the web manifest (the site's name
// and the icons the shell's build renders from its favicon).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '@studio/shared/domain';
import { ROUTES } from '@studio/shared/routes';

export interface SiteFilesOptions {
  publicOrigin: string;
  /** Her current name (Site details). */
  modelName: () => Promise<string>;
  /** Every public page of the current content, site-relative. */
  sitemapPaths(): Promise<string[]>;
}

/** The icons the shell's build writes beside index.html (shell/webpack.config.cjs renders them from favicon.svg). */
export const ICONS = [
  { src: '/icon-192.png', sizes: '192x192' },
  { src: '/icon-512.png', sizes: '512x512' },
] as const;
export const THEME_COLOR = '#a4472b';

/** Disallow lines for the registry's noindex routes ('/admin/*' becomes '/admin'). */
export function robotsTxt(publicOrigin: string): string {
  const hidden = Object.values(ROUTES)
    .filter((r) => r.visibility === 'noindex')
    .map((r) => r.pattern.replace(/\/\*$/, ''));
  return ['User-agent: *', ...hidden.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicOrigin}/sitemap.xml`, ''].join(
    '\n',
  );
}

export function sitemapXml(publicOrigin: string, paths: string[]): string {
  const urls = [...new Set(paths)].map((p) => `  <url><loc>${escapeHtml(`${publicOrigin}${p}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function webManifest(modelName: string) {
  return {
    name: modelName,
    short_name: modelName.split(' ')[0] ?? modelName,
    start_url: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    icons: [
      ...ICONS.map((i) => ({ ...i, type: 'image/png' })),
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}

async function siteFiles(app: FastifyInstance, { publicOrigin, modelName, sitemapPaths }: SiteFilesOptions) {
  const robots = robotsTxt(publicOrigin);

  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'no-cache').send(robots),
  );
  // Read on every request: a service the admin adds is listed at once (the file is small and rarely asked for).
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(sitemapXml(publicOrigin, await sitemapPaths())),
  );
  // Named after her as she is now (Site details): read per request, like the sitemap.
  app.get('/manifest.webmanifest', async (_request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(JSON.stringify(webManifest(await modelName()))),
  );
}

export default fp(siteFiles, { name: 'site-files' });
