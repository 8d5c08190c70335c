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
// (the availability depends on today's date).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Backend } from '@studio/shared/data';
import type { PlainFormPost } from '@studio/shared/domain/plain-form';
import { ROUTES, routeOf, type ClientRoute } from '@studio/shared/routes';
import { MANIFEST_FILE, type RemoteManifest } from '../deploys/gate';
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
  /** The sandbox's child script (lib/render-sandbox-child.cjs). */
  sandboxChild: string;
  /** A render that has not answered by then is abandoned and its renderer restarted. */
  renderTimeoutMs?: number;
}

const MAX_AGE_MS = 5 * 60_000;
const MAX_CACHED_PAGES = 500;
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

export const jsonForScript = (value: unknown) =>
  // Inside <script type="application/json">: '<' escaped so no '</script>' or '<!--' can end or bend the element.
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function createServerRenderer(options: ServerRendererOptions) {
  const shellEntry = path.join(options.shellDir, 'ssr', 'index.js');
  const timeoutMs = options.renderTimeoutMs ?? RENDER_TIMEOUT_MS;
  const sandboxFor = (siteEntry: string) =>
    createRenderSandbox({
      childFile: options.sandboxChild,
      shellEntry,
      siteEntry,
      backend: options.backend,
      timeoutMs,
      log: options.log,
    });
  // One renderer per public-site entry: the build output's, or the deployed version live for this page
  // (deploys/remote-deploys.ts), so the markup comes from the same version as the browser's chunks (no hydration
  // mismatch across a deploy). A redeployed entry file (another version of either file) gets a fresh renderer.
  let sandboxes = new Map<string, { version: string; sandbox: RenderSandbox }>();
  const sandboxOf = (siteEntry: string, version: string): RenderSandbox => {
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
    const sandbox = sandboxFor(siteEntry);
    sandboxes.set(siteEntry, { version, sandbox });
    return sandbox;
  };
  let cache = new Map<string, { at: number; version: string; page: Promise<RenderedPage | null> }>();

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
    publicSite: { dir: string; urlPath: string },
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
        publicSite?: { dir: string; urlPath: string };
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
      const sandbox = sandboxOf(siteEntry, entriesVersion);
      const url = pageKeyOf(address);
      const version = `${siteEntry}|${entriesVersion}`;
      const now = Date.now();
      const kept = keep && !formPost;
      const hit = kept ? cache.get(url) : undefined;
      if (hit && hit.version === version && now - hit.at < MAX_AGE_MS) return hit.page;
      const page = renderNow(url, sandbox, publicSite, formPost).catch((error: unknown) => {
        // Without the query: /finishSignIn carries its sign-in token there (ops/request-log.ts).
        options.log.warn(
          { err: error, path: url.split('?')[0] },
          'server rendering failed; the page is rendered in the browser',
        );
        cache.delete(url);
        return null;
      });
      if (kept) {
        if (cache.size >= MAX_CACHED_PAGES) cache = new Map();
        cache.set(url, { at: now, version, page });
      }
      return page;
    },
    /** Forgets every kept page (the content or the availability changed). */
    invalidate() {
      cache = new Map();
    },
    /**
     * The gate's check of a new public-site version (deploys/gate.ts): its declared server entry renders every path
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
