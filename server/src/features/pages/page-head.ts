// What the server adds to the shell's <head> for each page: per-route title, description and Open Graph tags (so a
// link shared in a social profile shows a preview), and preload hints read from the public-site remote's
// mf-manifest.json (the manifest itself, the route's page chunk when the build names it, the remote's styles), so the
// browser fetches them in parallel with main.js instead of one after another.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '@studio/shared/domain';
import { pageChunkOf, type RouteMatch } from '@studio/shared/routes';
import { headOf, type PageHead, type RouteContent } from '@studio/shared/route-meta';

export type PageMeta = PageHead;

/** What one page's head reads besides the registry: her name, the site's origin, the content and the images. */
export interface PageMetaSource extends RouteContent {
  modelName: string;
  /** Absolute origin (https://example.com) the og:url and og:image are built on. */
  publicOrigin: string;
  /** Site-relative URL of the page's own share image (a raster), when the page has one; else shareImage(). */
  pageImage?: string;
  /** Site-relative URL of the share image (a raster: social sites do not show SVG), if there is one. */
  shareImage(): string | undefined;
  /** The image the page shows largest above the fold (its likely LCP element), to fetch it with the HTML. */
  heroImage?: string;
}

/** Fetches the page's largest image in parallel with the scripts, so it is there when the page first renders. */
export function heroPreloadFor(url: string | undefined): string {
  return url ? `<link rel="preload" href="${escapeHtml(url)}" as="image" fetchpriority="high" />` : '';
}

/**
 * The head of the page at a route of the registry (null: an address the registry does not have), from the route's
 * metadata (@studio/shared/route-meta): the same the browser sets after a client navigation.
 */
export function pageMetaFor(route: RouteMatch | null, source: PageMetaSource): PageMeta {
  return headOf(route, source.modelName, source);
}

/**
 * The <title>, description, canonical URL, Open Graph and Twitter card tags of a page; `noindex` keeps it out of
 * search results (the registry's noindex routes and every 404), and such a page names no canonical URL.
 */
export function metaTagsFor(
  source: Omit<PageMeta, 'found'> & { url: string; image?: string; noindex?: boolean; siteName?: string },
): string {
  const tags = [
    `<title>${escapeHtml(source.title)}</title>`,
    `<meta name="description" content="${escapeHtml(source.description)}" />`,
    source.noindex
      ? '<meta name="robots" content="noindex, nofollow" />'
      : `<link rel="canonical" href="${escapeHtml(source.url)}" />`,
    ...(source.siteName ? [`<meta property="og:site_name" content="${escapeHtml(source.siteName)}" />`] : []),
    `<meta property="og:title" content="${escapeHtml(source.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(source.description)}" />`,
    `<meta property="og:type" content="${source.type}" />`,
    `<meta property="og:url" content="${escapeHtml(source.url)}" />`,
    ...(source.image ? [`<meta property="og:image" content="${escapeHtml(source.image)}" />`] : []),
    `<meta name="twitter:card" content="${source.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(source.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(source.description)}" />`,
    ...(source.image ? [`<meta name="twitter:image" content="${escapeHtml(source.image)}" />`] : []),
  ];
  return tags.join('');
}

// ---- preload hints from the remote's mf-manifest.json ----

export interface RemoteFiles {
  /** Site-relative URL of the manifest the shell fetches first. */
  manifestUrl: string;
  /** Site-relative URLs the remote's ./app needs before it renders anything (remoteEntry.js + the expose chunk). */
  entryScripts: string[];
  entryStyles: string[];
  /** Every lazy chunk of ./app by file name (site-relative URL), to pick a route's page chunk from. */
  lazyScripts: string[];
}

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}
interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ path?: string; name?: string; assets?: ManifestAssets }>;
}

export function remoteFilesOf(manifest: Manifest, urlPath: string): RemoteFiles {
  const at = (file: string) => `${urlPath}${file.replace(/^\.?\//, '')}`;
  const entry = manifest.metaData?.remoteEntry;
  const entryFile = entry?.name ? at(path.posix.join(entry.path ?? '', entry.name)) : undefined;
  const app = manifest.exposes?.find((e) => e.path === './app' || e.name === 'app');
  return {
    manifestUrl: at('mf-manifest.json'),
    entryScripts: [...(entryFile ? [entryFile] : []), ...(app?.assets?.js?.sync ?? []).map(at)],
    entryStyles: (app?.assets?.css?.sync ?? []).map(at),
    lazyScripts: (app?.assets?.js?.async ?? []).map(at),
  };
}

/**
 * A route's page chunk, by the name its lazy import gives it (webpackChunkName in public-site/src/app/app.tsx, named
 * in the registry's pageChunk): "booking" emits "booking.<hash>.js". A chunk without such a name is called by a
 * number that changes from build to build, so only named pages can be matched to their route. Only the page itself
 * is preloaded: a chunk it loads on demand (the date picker) costs nothing until it is used.
 */
export function preloadLinksFor(
  route: RouteMatch | null,
  files: RemoteFiles | undefined,
  /** URL -> `sha384-…` of a deployed version's pinned files: the preload carries the pin the fetch() will. */
  integrity: Record<string, string> = {},
): string {
  if (!files) return '';
  const chunk = route && pageChunkOf(route.id);
  const pageChunks = chunk ? files.lazyScripts.filter((url) => path.posix.basename(url).startsWith(`${chunk}.`)) : [];
  const manifestPin = integrity[files.manifestUrl];
  return [
    // The federation runtime fetch()es the manifest in CORS mode: crossorigin makes the preload match that request.
    `<link rel="preload" href="${escapeHtml(files.manifestUrl)}" as="fetch" crossorigin="anonymous"${
      manifestPin ? ` integrity="${escapeHtml(manifestPin)}"` : ''
    } />`,
    // The runtime inserts classic <script>s (not modules), so a page chunk is preload as=script, not modulepreload.
    // remoteEntry.js and the ./app chunk are NOT preloaded: Chromium hands a failed script preload to the next
    // <script> for that URL, so after a network failure the shell's Retry would fail once more (measured with the
    // platform test). A fetch() preload has no such effect, and a page chunk is loaded only once per page anyway.
    ...pageChunks.map((url) => `<link rel="preload" href="${escapeHtml(url)}" as="script" />`),
    ...files.entryStyles.map((url) => `<link rel="preload" href="${escapeHtml(url)}" as="style" />`),
  ].join('');
}

/** Reads a remote's manifest, re-reading it only when the file changes (a redeployed remote). */
export function createRemoteFilesReader(dir: string, urlPath: string) {
  const file = path.join(dir, 'mf-manifest.json');
  let cached: { mtimeMs: number; files: RemoteFiles | undefined } | undefined;
  return (): RemoteFiles | undefined => {
    if (!existsSync(file)) return undefined;
    const { mtimeMs } = statSync(file);
    if (!cached || cached.mtimeMs !== mtimeMs) {
      let files: RemoteFiles | undefined;
      try {
        files = remoteFilesOf(JSON.parse(readFileSync(file, 'utf8')) as Manifest, urlPath);
      } catch {
        // A manifest being rewritten by a deploy: send the page without hints rather than fail it.
        files = undefined;
      }
      cached = { mtimeMs, files };
    }
    return cached.files;
  };
}
