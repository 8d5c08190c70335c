// What the server adds to the shell's <head> for each page: per-route title, description and Open Graph tags (so a
// link shared in a social profile shows a preview), and preload hints read from the public-site remote's
// mf-manifest.json (the manifest itself, the route's page chunk when the build names it, the remote's styles), so the
// browser fetches them in parallel with main.js instead of one after another.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '@studio/shared/domain';

export interface PageMeta {
  title: string;
  description: string;
  /** Open Graph type: 'website' for the home page, 'article' elsewhere. */
  type: 'website' | 'article';
  /**
   * False for an address whose pattern is a route but whose content does not exist (/service/nope, a portfolio id
   * that is neither a section nor a project, an unknown print concept): the page shows its not-found state, so the
   * answer is a 404 and the page is not one to index.
   */
  found: boolean;
}

export interface PageMetaSource {
  modelName: string;
  /** Absolute origin (https://example.com) the og:url and og:image are built on. */
  publicOrigin: string;
  serviceOf(id: string): { displayName: string; description: string } | undefined;
  portfolioSectionOf(id: string): { label: string; description: string } | undefined;
  /** A project shown at /portfolio/<id> when the id is no section. */
  projectOf(id: string): { title: string; description: string } | undefined;
  /** A print concept at /portfolio/print/<key>: its display name and what it is about. */
  printConceptOf(key: string): { name: string; description: string } | undefined;
  /** Site-relative URL of the page's own share image (a raster), when the page has one; else shareImage(). */
  pageImageOf?(pathname: string): string | undefined;
  /** Site-relative URL of the share image (a raster: social sites do not show SVG), if there is one. */
  shareImage(): string | undefined;
  /** The image a page shows largest above the fold (its likely LCP element), to fetch it with the HTML. */
  heroImageOf(pathname: string): string | undefined;
}

/** Fetches the page's largest image in parallel with the scripts, so it is there when the page first renders. */
export function heroPreloadFor(url: string | undefined): string {
  return url ? `<link rel="preload" href="${escapeHtml(url)}" as="image" fetchpriority="high" />` : '';
}

export const PAGE_TEXTS = {
  homeTitle: (name: string) => `${name} — Model & Content Creator`,
  homeDescription: (name: string) =>
    `Portfolio and bookings of ${name}, freelance model and content creator: runway, print, comp card, digitals and UGC.`,
  portfolioTitle: (name: string) => `Portfolio — ${name}`,
  portfolioDescription: (name: string) => `Runway, print, comp card, digitals and UGC by ${name}.`,
  sectionTitle: (section: string, name: string) => `${section} — Portfolio — ${name}`,
  aboutTitle: (name: string) => `About — ${name}`,
  aboutDescription: (name: string) => `About ${name}, freelance model and content creator.`,
  bookTitle: (name: string) => `Book me — ${name}`,
  bookDescription: (name: string) =>
    `Request a booking with ${name}: pick a service and a date, and get an answer by e-mail.`,
  serviceTitle: (service: string, name: string) => `${service} — ${name}`,
  projectTitle: (project: string, name: string) => `${project} — Portfolio — ${name}`,
  printConceptTitle: (concept: string, name: string) => `${concept} — Print — ${name}`,
  notFoundTitle: (name: string) => `Page not found — ${name}`,
  notFoundDescription: 'There is no page at this address.',
} as const;

const MAX_DESCRIPTION = 200;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_DESCRIPTION ? flat : `${flat.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…`;
}

function segmentsOf(pathname: string): string[] {
  return pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

/** The head of the not-found page. */
export function notFoundMetaFor(modelName: string): PageMeta {
  return {
    title: PAGE_TEXTS.notFoundTitle(modelName),
    description: PAGE_TEXTS.notFoundDescription,
    type: 'article',
    found: false,
  };
}

export function pageMetaFor(pathname: string, source: PageMetaSource): PageMeta {
  const name = source.modelName;
  const page = (title: string, description: string, type: PageMeta['type'] = 'article'): PageMeta => ({
    title,
    description: clip(description),
    type,
    found: true,
  });
  const notFound = notFoundMetaFor(name);
  const portfolio = page(PAGE_TEXTS.portfolioTitle(name), PAGE_TEXTS.portfolioDescription(name));
  const segments = segmentsOf(pathname);
  const [first, second, third] = segments;
  switch (first?.toLowerCase()) {
    case undefined:
      return page(PAGE_TEXTS.homeTitle(name), PAGE_TEXTS.homeDescription(name), 'website');
    case 'portfolio': {
      if (second === undefined) return portfolio;
      if (third !== undefined) {
        if (second !== 'print' || segments.length !== 3) return notFound;
        const concept = source.printConceptOf(third);
        return concept
          ? page(PAGE_TEXTS.printConceptTitle(concept.name, name), concept.description || concept.name)
          : notFound;
      }
      const section = source.portfolioSectionOf(second);
      if (section) return page(PAGE_TEXTS.sectionTitle(section.label, name), section.description);
      const project = source.projectOf(second);
      return project
        ? page(PAGE_TEXTS.projectTitle(project.title, name), project.description || project.title)
        : notFound;
    }
    case 'about':
      return page(PAGE_TEXTS.aboutTitle(name), PAGE_TEXTS.aboutDescription(name));
    case 'book-me':
      return page(PAGE_TEXTS.bookTitle(name), PAGE_TEXTS.bookDescription(name));
    case 'service': {
      const service = second === undefined ? undefined : source.serviceOf(second);
      if (!service) return notFound;
      return page(
        PAGE_TEXTS.serviceTitle(service.displayName, name),
        service.description || PAGE_TEXTS.homeDescription(name),
      );
    }
    default:
      // The shell's own pages (/admin, /finishSignIn) and /security-test: the site's name, never indexed.
      return page(PAGE_TEXTS.homeTitle(name), PAGE_TEXTS.homeDescription(name), 'website');
  }
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
 * A route's page chunk, by the name its lazy import gives it (webpackChunkName in public-site/src/app/app.tsx):
 * "booking" emits "booking.<hash>.js". A chunk without such a name is called by a number that changes from build to
 * build, so only named pages can be matched to their route; these are the ones the build names. Only the page itself
 * is preloaded: a chunk it loads on demand (the date picker) costs nothing until it is used.
 */
export const ROUTE_PAGE_CHUNKS: Array<{ test: RegExp; chunk: string }> = [
  { test: /^\/book-me\/?$/, chunk: 'booking' },
  { test: /^\/security-test\/?$/, chunk: 'security-test' },
];

export function preloadLinksFor(
  pathname: string,
  files: RemoteFiles | undefined,
  /** URL -> `sha384-…` of a deployed version's pinned files: the preload carries the pin the fetch() will. */
  integrity: Record<string, string> = {},
): string {
  if (!files) return '';
  const route = ROUTE_PAGE_CHUNKS.find((r) => r.test.test(pathname));
  const pageChunks = route
    ? files.lazyScripts.filter((url) => path.posix.basename(url).startsWith(`${route.chunk}.`))
    : [];
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
