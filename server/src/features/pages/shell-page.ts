// The shell's index.html made into the page at one address: its status (the route registry, then the content), its
// head (title, description, share image, preload hints), the runtime configuration the shell reads, and, for the
// public site's pages, the markup and data the deployed entries rendered (server-render.ts) in place of the empty
// root. static-files.ts sends it; a version's preview (features/deploys/serve-versions.ts) asks for it with its own
// remotes.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml, type RuntimeConfig } from '@studio/shared/domain';
import { studioClockAt } from '@studio/shared/domain/studio-time';
import type { PlainFormPost } from '@studio/shared/domain/plain-form';
import { matchRoute, renderingOf, ROUTES, type RouteMatch } from '@studio/shared/routes';
import { NO_CONTENT } from '@studio/shared/route-meta';
import type { AppOptions, RemoteMount } from '../../platform/config';
import type { ServerRenderer } from './server-render';
import {
  createRemoteFilesReader,
  heroPreloadFor,
  metaTagsFor,
  pageMetaFor,
  preloadLinksFor,
  type PageMetaSource,
} from './page-head';

const CONFIG_TAG = /<script id="studio-config" type="application\/json">[^<]*<\/script>/;
// The template's own title and description: replaced by the route's (page-head.ts).
const TEMPLATE_META = /<title>[^<]*<\/title>|<meta name="description"[^>]*>/g;
const HEAD_SLOT = '<!--studio-head-->';
const CONFIG_SLOT = '<!--studio-config-->';
const ROOT = '<div id="root"></div>';
const NOSCRIPT = /<noscript>[^<]*<\/noscript>/;
/** The shell's app as html-webpack-plugin names it in index.html. */
const APP_SCRIPT = /<script defer="defer" src="([^"]+\.js)"><\/script>/;
/**
 * /admin's outline in its HTML (so she sees no blank page while the shell and the dashboard's code load on a slow
 * line): the markup of the shell's AdminSkeleton (shell/src/app/admin-skeleton.tsx), styled by the shell's stylesheet
 * in the head. The shell's first render replaces it.
 */
const ADMIN_SKELETON =
  '<div id="root"><div class="page admin-skeleton" role="status" data-testid="admin-skeleton">' +
  '<span class="visually-hidden">Loading…</span><div class="skeleton skeleton-title"></div>' +
  '<div class="skeleton skeleton-tabs"></div><div class="skeleton skeleton-card"></div>' +
  '<div class="skeleton skeleton-card"></div><div class="skeleton skeleton-card"></div></div></div>';

/**
 * Where each remote is served from for one page: the live deployed version's folder, or the build output; with the
 * subresource-integrity pins of a deployed version's manifest and entry (URL -> `sha384-…`, features/deploys/version-integrity.ts).
 */
export type RemoteLocations = Record<'public-site' | 'admin-app', RemoteMount & { integrity?: Record<string, string> }>;

/** `modelName` is her current name (Site details): the logo's text and the contract form's default. */
export function runtimeConfigOf(
  options: AppOptions,
  remotes: RemoteLocations = options.remotes,
  modelName = options.modelName,
): RuntimeConfig {
  const integrity = { ...remotes['public-site'].integrity, ...remotes['admin-app'].integrity };
  return {
    remotes: {
      'public-site': `${remotes['public-site'].urlPath}mf-manifest.json`,
      'admin-app': `${remotes['admin-app'].urlPath}mf-manifest.json`,
    },
    ...(Object.keys(integrity).length > 0 && { integrity }),
    modelName,
    origins: { public: options.publicOrigin, admin: options.adminOrigin },
    // The studio's day is named per page: the browser's own day may be another (a visitor in Berlin or Auckland).
    studio: studioClockAt(options.timeZone, options.now()),
    // The Firebase home's sign-in needs the web config in the browser; never the admin's address.
    ...(options.firebase && {
      firebase: {
        webConfig: options.firebase.webConfig,
        ...(options.firebase.authEmulatorHost && { authEmulatorUrl: `http://${options.firebase.authEmulatorHost}` }),
      },
    }),
  };
}

/** What the head of one page reads of the content (service names, portfolio sections, images). */
export type PageContentSource = Omit<PageMetaSource, 'modelName' | 'publicOrigin'>;

/** Page metadata from the content; without it every page of the registry gets its head with no content. */
export interface PageContent {
  /** What the head of the page at a route reads, loaded once before the page is rendered. */
  forPage(route: RouteMatch): Promise<PageContentSource>;
  /** Every public page of the current content, for sitemap.xml. */
  sitemapPaths(): Promise<string[]>;
}

export interface ShellPageOptions {
  options: AppOptions;
  /** Renders public pages to HTML (features/pages/server-render.ts); without it every page is rendered in the browser. */
  renderer?: Pick<ServerRenderer, 'render'>;
  content?: PageContent;
  /** The remotes' live locations, read once per page (features/deploys/remote-deploys.ts); default: the build output. */
  liveRemotes?: () => Promise<RemoteLocations>;
  /** Her current name (features/content/site-identity.ts); MODEL_NAME without it. */
  displayName?: () => Promise<string>;
}

/** A page: its status, its HTML, and whether the entries rendered it (it then loads the islands, not the app). */
export interface ShellPage {
  status: number;
  html: string;
  islands?: boolean;
}

/**
 * The page for an address, or null while the shell is not built. The template is read again when index.html changes;
 * each remote folder's manifest is read once per folder (a deployed version's never changes).
 */
export function createShellPages({ options, content, renderer, liveRemotes, displayName }: ShellPageOptions) {
  const indexFile = path.join(options.shellDir, 'index.html');
  const configJsonOf = (remotes: RemoteLocations, name: string) =>
    JSON.stringify(runtimeConfigOf(options, remotes, name)).replace(/</g, '\\u003c');
  let cached: { mtimeMs: number; html: string } | undefined;
  // One manifest reader per folder: each deployed version's manifest is read once, the build output's when it changes.
  const readers = new Map<string, ReturnType<typeof createRemoteFilesReader>>();
  const remoteFiles = ({ dir, urlPath }: RemoteMount) => {
    let reader = readers.get(dir);
    if (!reader) readers.set(dir, (reader = createRemoteFilesReader(dir, urlPath)));
    return reader();
  };
  // Her name in every title: one input (her display name from Site details, read per page), the same the shell's
  // runtime configuration gives the browser's titles.
  const metaSourceOf = (source: PageContentSource | undefined, name: string): PageMetaSource => ({
    modelName: name,
    publicOrigin: options.publicOrigin,
    ...NO_CONTENT,
    shareImage: () => undefined,
    ...source,
  });

  const template = (): string | null => {
    if (!existsSync(indexFile)) return null;
    const { mtimeMs } = statSync(indexFile);
    if (!cached || cached.mtimeMs !== mtimeMs) {
      const html = readFileSync(indexFile, 'utf8');
      cached = {
        mtimeMs,
        html: html.replace(CONFIG_TAG, `${CONFIG_SLOT}${HEAD_SLOT}`).replace(TEMPLATE_META, ''),
      };
    }
    return cached.html;
  };

  /**
   * The page for an address: its status (the route registry, then the content) and the shell's HTML for it. `given`
   * remotes (a preview's) replace the live ones, and the page is then never kept.
   */
  const pageFor = async (url: string, given?: RemoteLocations, formPost?: PlainFormPost): Promise<ShellPage | null> => {
    const html = template();
    if (html === null) return null;
    const pathname = url.split('?')[0] ?? '/';
    const route = matchRoute(pathname);
    // Read once: the configuration and the preload hints name the same version of each remote.
    const [remotes, pageContent, name] = await Promise.all([
      given ?? (liveRemotes ? liveRemotes() : (options.remotes as RemoteLocations)),
      route && content?.forPage(route),
      displayName ? displayName() : options.modelName,
    ]);
    const metaSource = metaSourceOf(pageContent ?? undefined, name);
    // The registry says which addresses are pages, its metadata (with the content) whether this one's content exists.
    const meta = pageMetaFor(route, metaSource);
    const found = route !== null && meta.found;
    const image = (found && metaSource.pageImage) || metaSource.shareImage();
    const canonicalPath = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    // The public site's pages (the registry's rendering, shared/src/routes.ts), and the not-found page, are rendered
    // here; the admin's, the sign-in and the security test pages are not.
    const rendering = route === null || !found ? 'islands' : renderingOf(route.id);
    const serverRendered = rendering !== 'browser';
    // A page that needs the app at first sight loads it with the page (hydrated at once); its answer to a plain post
    // (a page for a browser without script) does not.
    const appAtLoad = rendering === 'hydrate' && !formPost;
    const rendered =
      serverRendered && renderer
        ? await renderer.render(url, { keep: found && !given, publicSite: remotes['public-site'], formPost })
        : null;
    const head =
      metaTagsFor({
        ...meta,
        url: `${options.publicOrigin}${canonicalPath}`,
        image: image && `${options.publicOrigin}${image}`,
        siteName: name,
        noindex: route === null || !found || ROUTES[route.id].visibility === 'noindex',
      }) +
      // A server-rendered page loads no remote file before the visitor interacts: nothing of them is preloaded. Her
      // pages (the shell's own) live on the admin origin, which serves nothing of public-site: none preloaded there.
      ((rendered && !appAtLoad) || (route !== null && ROUTES[route.id].app !== 'public-site')
        ? ''
        : preloadLinksFor(route, remoteFiles(remotes['public-site']), remotes['public-site'].integrity)) +
      heroPreloadFor(metaSource.heroImage);
    // In the slot before the shell's own script and stylesheet tags, so the remote's files are requested with them.
    let page = html
      .replace(
        CONFIG_SLOT,
        () => `<script id="studio-config" type="application/json">${configJsonOf(remotes, name)}</script>`,
      )
      .replace(HEAD_SLOT, () => head);
    if (!rendered && route?.id === 'admin') page = page.replace(ROOT, () => ADMIN_SKELETON);
    if (rendered) {
      // The page's markup in the root the shell hydrates, and its data beside it as JSON (never executed: the CSP
      // allows no inline script); the no-JavaScript notice goes, since the page reads without it.
      // The public site's stylesheet goes after the shell's, where the remote's own styles land once its script runs,
      // so the same rules win in the same order before and after hydration (no shift).
      const styles = rendered.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`).join('');
      page = page
        .replace('</head>', () => `${styles}</head>`)
        .replace(
          ROOT,
          () =>
            `<div id="root">${rendered.html}</div><script id="studio-data" type="application/json">${rendered.dataJson}</script>`,
        )
        .replace(NOSCRIPT, '');
      // The island loader in place of the app (shell/src/islands/island-loader.ts): the app, React and the
      // federation runtime load with the first interaction with an island, not with the page.
      if (!appAtLoad)
        page = page.replace(
          APP_SCRIPT,
          (_tag, app: string) => `<script defer src="/islands.js" data-app="${escapeHtml(app)}"></script>`,
        );
    }
    return { status: found ? 200 : 404, html: page, islands: rendered !== null };
  };
  return pageFor;
}
