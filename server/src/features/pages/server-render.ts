// Server rendering of the public pages (docs/architecture.md, "Static-first public pages"): the HTML of a public route
// is rendered by the deployed apps' own server entries (shell/dist/ssr and public-site/dist/ssr, built by webpack
// beside their browser bundles), so what the server sends always matches the code the browser then runs: a
// public-site redeployed under a running server is picked up by its file's change, the same way the browser picks
// up its new manifest. The entries run in a sandboxed child process (render-sandbox.ts), never in this one: a deploy
// token ships files, not code with the server's rights. The page's data is read through the site's own API (the http
// adapter over Fastify's inject), answered to the sandbox over IPC, so the browser's cache is seeded with exactly the
// answers it would have fetched.
//
// public-site's entry is the one its mf-manifest.json declares (metaData.ssrRemoteEntry): a version that declares
// none is rendered in the browser. The gate smoke-renders every public page of a new version with it (smokeRender).
//
// HTML is kept per page (pageKeyOf: the path and the query parameters the page reads, nothing else) and dropped when
// the content or the availability changes (the change bus), when either entry is redeployed, and after MAX_AGE_MS
// (the availability depends on today's date). What is kept is bounded in bytes as well as in pages (a page may carry
// megabytes), and a page is kept only when its query parameters name what exists (a service, its tier, a runway
// show): any other value is rendered for the one request, so made-up values neither fill the memory nor push the
// real pages out.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Backend } from '@studio/shared/data';
import type { PortfolioMeta, Service } from '@studio/shared/domain';
import type { PlainFormPost } from '@studio/shared/domain/plain-form';
import { ROUTES, routeOf, type ClientRoute } from '@studio/shared/routes';
import { MANIFEST_FILE, type RemoteManifest } from '../deploys';
import { createRenderSandbox, type RenderSandbox } from './render-sandbox';

export interface RenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** The answers the page read, as JSON safe inside <script type="application/json">. */
  dataJson: string;
  /** Site-relative URLs of public-site's stylesheet for server-rendered markup. */
  styles: string[];
}

export interface ServerRendererOptions {
  shellDir: string;
  publicSite: { dir: string; urlPath: string };
  /** The logo's text: her current name (Site details), read for each render; kept pages drop on a content change. */
  brand: string | (() => Promise<string>);
  backend: Backend;
  log: { warn(obj: unknown, msg: string): void };
  /** The sandbox's child script (features/pages/render-sandbox-child.cjs). */
  sandboxChild: string;
  /** A render that has not answered by then is abandoned and its renderer restarted. */
  renderTimeoutMs?: number;
  /**
   * A public-site version's integrity record (features/deploys/version-integrity.ts, recordOf): its server entry is handed to
   * a renderer only when its bytes hash to it. Null for a version uploaded before records existed (run unchecked).
   */
  versionIntegrity?: (version: string) => Promise<Record<string, string> | null>;
}

/** Where public-site is rendered from: the live version's folder (or a preview's), or the build output (no version). */
export interface PublicSiteLocation {
  dir: string;
  urlPath: string;
  version?: string | null;
}

const MAX_AGE_MS = 5 * 60_000;
const MAX_CACHED_PAGES = 500;
/** The kept pages' HTML and data together, in UTF-8 bytes. */
const MAX_CACHED_BYTES = 32 * 1024 * 1024;
const RENDER_TIMEOUT_MS = 10_000;
/** Renderers kept running: the live public-site's and one more (the version a switch just left, or a smoke render). */
const MAX_SANDBOXES = 2;

/** The server entry a remote's build declares in its manifest, when it declares one inside its own folder. */
export function declaredServerEntry(dir: string): string | undefined {
  const manifestFile = path.join(dir, MANIFEST_FILE);
  if (!existsSync(manifestFile)) return undefined;
  let manifest: RemoteManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as RemoteManifest;
  } catch {
    return undefined;
  }
  const entry = manifest.metaData?.ssrRemoteEntry;
  if (!entry?.name) return undefined;
  const file = path.resolve(dir, path.posix.join(entry.path ?? '', entry.name));
  return file.startsWith(dir + path.sep) && existsSync(file) ? file : undefined;
}

/** A file's identity for "was it redeployed": its modification time and size. */
const fileVersion = (file: string) => {
  const { mtimeMs, size } = statSync(file);
  return `${mtimeMs}:${size}`;
};

/**
 * The page an address shows, as the address the kept HTML is rendered for and kept under: the route's own spelling of
 * its fixed segments (a path matches whatever their case, with extra slashes), its parameters' segments as given, and
 * only the query parameters the route declares it reads (ROUTES' `query`), in the registry's order. Anything else in
 * the address changes nothing on the page, so `/book-me?x=1` and `/book-me?x=2` are one kept page: a unique query
 * string per request used to render every request anew (2,500 requests/s down to 120 in the review).
 */
export function pageKeyOf(url: string): string {
  const [rawPath = '/', rawQuery = ''] = url.split('#')[0]!.split('?', 2);
  const given = rawPath.split('/').filter((s) => s !== '');
  const id = routeOf(rawPath);
  const route: ClientRoute | undefined = id ? ROUTES[id] : undefined;
  // Not a route: the not-found page at its own path (never kept: static-files.ts).
  if (!route) return `/${given.join('/')}`;
  const pattern = route.pattern.split('/').filter((s) => s !== '' && s !== '*');
  const segments = given.map((s, i) => {
    const wanted = pattern[i];
    return wanted === undefined || wanted.startsWith(':') ? s : wanted;
  });
  const params = new URLSearchParams(rawQuery);
  const kept = new URLSearchParams();
  for (const name of route.query ?? []) {
    const value = params.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return `/${segments.join('/')}${query ? `?${query}` : ''}`;
}

interface KeptPage {
  at: number;
  version: string;
  page: Promise<RenderedPage | null>;
  bytes: number;
}

export const jsonForScript = (value: unknown) =>
  // Inside <script type="application/json">: '<' escaped so no '</script>' or '<!--' can end or bend the element.
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function createServerRenderer(options: ServerRendererOptions) {
  const shellEntry = path.join(options.shellDir, 'ssr', 'index.js');
  const timeoutMs = options.renderTimeoutMs ?? RENDER_TIMEOUT_MS;
  const sandboxFor = (siteEntry: string, siteEntryIntegrity?: string) =>
    createRenderSandbox({
      childFile: options.sandboxChild,
      shellEntry,
      siteEntry,
      ...(siteEntryIntegrity ? { siteEntryIntegrity } : {}),
      backend: options.backend,
      timeoutMs,
      log: options.log,
    });
  // One renderer per public-site entry: the build output's, or the deployed version live for this page
  // (features/deploys/remote-deploys.ts), so the markup comes from the same version as the browser's chunks (no hydration
  // mismatch across a deploy). A redeployed entry file (another version of either file) gets a fresh renderer.
  let sandboxes = new Map<string, { version: string; sandbox: RenderSandbox }>();
  const sandboxOf = (siteEntry: string, version: string, integrity: string | undefined): RenderSandbox => {
    const known = sandboxes.get(siteEntry);
    if (known?.version === version) {
      // Most recently used last, so the one evicted below is the one unused longest.
      sandboxes.delete(siteEntry);
      sandboxes.set(siteEntry, known);
      return known.sandbox;
    }
    known?.sandbox.close();
    sandboxes.delete(siteEntry);
    while (sandboxes.size >= MAX_SANDBOXES) {
      const [oldest, entry] = sandboxes.entries().next().value as [string, { sandbox: RenderSandbox }];
      entry.sandbox.close();
      sandboxes.delete(oldest);
    }
    const sandbox = sandboxFor(siteEntry, integrity);
    sandboxes.set(siteEntry, { version, sandbox });
    return sandbox;
  };
  // Least recently used first; `bytes` is counted once the page is rendered.
  let cache = new Map<string, KeptPage>();
  let cachedBytes = 0;
  const forget = (url: string, only?: KeptPage) => {
    const kept = cache.get(url);
    if (!kept || (only && kept !== only)) return;
    cachedBytes -= kept.bytes;
    cache.delete(url);
  };
  /** Drops the pages unused longest until both bounds hold. */
  const evict = (pages: number) => {
    for (const url of cache.keys()) {
      if (cachedBytes <= MAX_CACHED_BYTES && cache.size <= pages) return;
      forget(url);
    }
  };
  const keepPage = (url: string, kept: KeptPage) => {
    forget(url);
    evict(MAX_CACHED_PAGES - 1);
    cache.set(url, kept);
    void kept.page.then((page) => {
      if (cache.get(url) !== kept) return;
      if (!page) return forget(url, kept);
      kept.bytes = Buffer.byteLength(page.html) + Buffer.byteLength(page.dataJson);
      cachedBytes += kept.bytes;
      evict(MAX_CACHED_PAGES);
    });
  };

  // What the declared query parameters may name, read through the site's own API like the pages' data and kept as
  // long as a page is.
  let known: { at: number; services: Promise<Service[]>; meta: Promise<PortfolioMeta> } | undefined;
  const knownNow = (now: number) => {
    if (!known || now - known.at >= MAX_AGE_MS) {
      const services = options.backend.services.list();
      const meta = options.backend.portfolio.getMeta();
      // A failed read keeps nothing (the page is still rendered) and is read again for the next page.
      services.catch(() => (known = undefined));
      meta.catch(() => (known = undefined));
      known = { at: now, services, meta };
    }
    return known;
  };
  /** Whether each query parameter in a page's key names something that exists (so the page may be kept). */
  async function namesWhatExists(key: string, now: number): Promise<boolean> {
    const params = new URLSearchParams(key.split('?', 2)[1] ?? '');
    if (params.size === 0) return true;
    try {
      for (const [name, value] of params) {
        if (name === 'selectedService' || name === 'selectedTier') {
          const services = await knownNow(now).services;
          const service = services.find((s) => s.id === params.get('selectedService'));
          if (!service || (name === 'selectedTier' && !service.tiers.some((t) => t.id === value))) return false;
        } else if (name === 'show') {
          const meta = await knownNow(now).meta;
          if (!Object.hasOwn(meta.RUNWAY_SECTION_MAP ?? {}, value)) return false;
        } else {
          // A parameter declared later and not listed here: rendered, never kept, until it is.
          return false;
        }
      }
      return true;
    } catch {
      return false;
    }
  }

  /** The integrity the site entry must have: undefined for the build output or a version recorded before records. */
  async function entryIntegrity(publicSite: PublicSiteLocation, siteEntry: string): Promise<string | undefined> {
    if (!publicSite.version || !options.versionIntegrity) return undefined;
    const record = await options.versionIntegrity(publicSite.version);
    if (!record) return undefined;
    const name = path.relative(publicSite.dir, siteEntry).split(path.sep).join('/');
    // A server entry the upload did not hold never matches.
    return (Object.hasOwn(record, name) ? record[name] : undefined) ?? 'not recorded';
  }

  const stylesOf = ({ dir, urlPath }: { dir: string; urlPath: string }) => {
    const ssrDir = path.join(dir, 'ssr');
    return existsSync(ssrDir)
      ? readdirSync(ssrDir)
          .filter((f) => f.endsWith('.css'))
          .map((f) => `${urlPath}ssr/${f}`)
      : [];
  };

  const brandNow = async () => (typeof options.brand === 'string' ? options.brand : options.brand());

  async function renderNow(
    url: string,
    sandbox: RenderSandbox,
    publicSite: PublicSiteLocation,
    formPost?: PlainFormPost,
  ): Promise<RenderedPage> {
    const { html, data } = await sandbox.render(url, await brandNow(), formPost);
    return { html, dataJson: jsonForScript(data), styles: stylesOf(publicSite) };
  }

  return {
    /**
     * The page at `address` (path and query), or null when the entries are not deployed or rendering failed: the
     * page is then sent as before, for the browser to render. It is rendered and kept as pageKeyOf(address).
     */
    async render(
      address: string,
      {
        keep,
        publicSite = options.publicSite,
        formPost,
      }: {
        keep: boolean;
        publicSite?: PublicSiteLocation;
        /** The answer to a form posted without JavaScript: the page shows it, and is never kept. */
        formPost?: PlainFormPost;
      },
    ): Promise<RenderedPage | null> {
      const siteEntry = declaredServerEntry(publicSite.dir);
      if (!siteEntry || !existsSync(shellEntry)) return null;
      let entriesVersion: string;
      try {
        entriesVersion = `${fileVersion(siteEntry)}|${fileVersion(shellEntry)}`;
      } catch {
        return null;
      }
      let integrity: string | undefined;
      try {
        integrity = await entryIntegrity(publicSite, siteEntry);
      } catch (error) {
        options.log.warn(
          { err: error },
          "the server entry's integrity record could not be read; rendered in the browser",
        );
        return null;
      }
      const sandbox = sandboxOf(siteEntry, `${entriesVersion}|${integrity ?? ''}`, integrity);
      const url = pageKeyOf(address);
      const version = `${siteEntry}|${entriesVersion}|${integrity ?? ''}`;
      const now = Date.now();
      const hit = keep && !formPost ? cache.get(url) : undefined;
      if (hit && hit.version === version && now - hit.at < MAX_AGE_MS) {
        // Used most recently: the last to go.
        cache.delete(url);
        cache.set(url, hit);
        return hit.page;
      }
      const kept = keep && !formPost && (await namesWhatExists(url, now));
      const page = renderNow(url, sandbox, publicSite, formPost).catch((error: unknown) => {
        // Without the query: /finishSignIn carries its sign-in token there (features/ops/request-log.ts).
        options.log.warn(
          { err: error, path: url.split('?')[0] },
          'server rendering failed; the page is rendered in the browser',
        );
        return null;
      });
      if (kept) keepPage(url, { at: now, version, page, bytes: 0 });
      return page;
    },
    /** Forgets every kept page (the content or the availability changed). */
    invalidate() {
      cache = new Map();
      cachedBytes = 0;
      known = undefined;
    },
    /**
     * The gate's check of a new public-site version (features/deploys/gate.ts): its declared server entry renders every path
     * in a sandbox of its own, beside the shell's entry. Rejects naming the first page that failed and why.
     */
    async smokeRender(entryFile: string, paths: string[]): Promise<void> {
      if (!existsSync(shellEntry)) return;
      const sandbox = sandboxFor(entryFile);
      try {
        for (const url of paths) {
          try {
            await sandbox.render(url, await brandNow());
          } catch (error) {
            throw new Error(`${url}: ${(error as Error).message}`, { cause: error });
          }
        }
      } finally {
        sandbox.close();
      }
    },
    /** Stops every renderer (the server closes). */
    close() {
      for (const { sandbox } of sandboxes.values()) sandbox.close();
      sandboxes = new Map();
    },
  };
}

export type ServerRenderer = ReturnType<typeof createServerRenderer>;

/** fetch() over Fastify's inject: the server's own API answers the page's reads without a socket. */
export function injectFetch(app: {
  inject(o: { method: string; url: string; headers: Record<string, string>; payload?: string }): Promise<{
    statusCode: number;
    headers: Record<string, string | string[] | number | undefined>;
    rawPayload: Buffer;
  }>;
}): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const res = await app.inject({
      method: init?.method ?? 'GET',
      url,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: responseHeaders,
    });
  };
}

/** The sign-in e-mail keeper's store on the server: nothing is remembered between renders that matters. */
export function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}
