// Server rendering of the public pages (docs/architecture.md, "Static-first public pages"): the HTML of a public route
// is rendered by the deployed apps' own server entries (shell/dist/ssr and public-site/dist/ssr, built by webpack
// beside their browser bundles), so what the server sends always matches the code the browser then runs: a
// public-site redeployed under a running server is picked up by its file's change, the same way the browser picks
// up its new manifest. The page's data is read through the site's own API (the http adapter over Fastify's inject),
// so the browser's cache is seeded with exactly the answers it would have fetched.
//
// HTML is kept per address and dropped when the content or the availability changes (the change bus), when either
// entry is redeployed, and after MAX_AGE_MS (the availability depends on today's date).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import type { ReactNode } from 'react';
import type { Backend, QueryKey } from '@studio/shared/data';

interface PublicSiteEntry {
  renderPublicSite(input: {
    backend: Backend;
    frame(publicSite: ReactNode): ReactNode;
  }): Promise<{ html: string; data: Array<[QueryKey, unknown]> }>;
}
interface ShellEntry {
  shellFrame(input: { url: string; brand: string; backend: Backend; publicSite: ReactNode }): ReactNode;
}

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
  brand: string;
  backend: Backend;
  log: { warn(obj: unknown, msg: string): void };
}

const MAX_AGE_MS = 5 * 60_000;
const MAX_CACHED_PAGES = 500;

/**
 * Loads a bundle from its file with module resolution from this server's node_modules: a remote deployed to another
 * folder (a temporary one in the redeploy test) still gets the server's React, the one the other entry uses.
 */
function loadBundle<T>(file: string): T {
  const m = new Module(file, module);
  m.filename = file;
  m.paths = module.paths;
  (m as unknown as { _compile(code: string, filename: string): void })._compile(readFileSync(file, 'utf8'), file);
  return m.exports as T;
}

function createEntryReader<T>(file: string) {
  let loaded: { mtimeMs: number; size: number; entry: T } | undefined;
  return (): { entry: T; version: string } | undefined => {
    if (!existsSync(file)) return undefined;
    const { mtimeMs, size } = statSync(file);
    if (!loaded || loaded.mtimeMs !== mtimeMs || loaded.size !== size) {
      loaded = { mtimeMs, size, entry: loadBundle<T>(file) };
    }
    return { entry: loaded.entry, version: `${mtimeMs}:${size}` };
  };
}

export const jsonForScript = (value: unknown) =>
  // Inside <script type="application/json">: '<' escaped so no '</script>' or '<!--' can end or bend the element.
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function createServerRenderer(options: ServerRendererOptions) {
  const shell = createEntryReader<ShellEntry>(path.join(options.shellDir, 'ssr', 'index.js'));
  // One reader per public-site folder: the build output, or the deployed version live for this page
  // (deploys/remote-deploys.ts), so the markup comes from the same version as the browser's chunks (no hydration
  // mismatch across a deploy).
  const sites = new Map<string, ReturnType<typeof createEntryReader<PublicSiteEntry>>>();
  const siteOf = (dir: string) => {
    let reader = sites.get(dir);
    if (!reader) sites.set(dir, (reader = createEntryReader<PublicSiteEntry>(path.join(dir, 'ssr', 'index.js'))));
    return reader();
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

  async function renderNow(
    url: string,
    s: PublicSiteEntry,
    f: ShellEntry,
    publicSite: { dir: string; urlPath: string },
  ): Promise<RenderedPage> {
    const { html, data } = await s.renderPublicSite({
      backend: options.backend,
      frame: (publicSite) => f.shellFrame({ url, brand: options.brand, backend: options.backend, publicSite }),
    });
    return { html, dataJson: jsonForScript(data), styles: stylesOf(publicSite) };
  }

  return {
    /**
     * The page at `url` (path and query), or null when the entries are not deployed or rendering failed: the page
     * is then sent as before, for the browser to render.
     */
    async render(
      url: string,
      { keep, publicSite = options.publicSite }: { keep: boolean; publicSite?: { dir: string; urlPath: string } },
    ): Promise<RenderedPage | null> {
      let s: ReturnType<typeof siteOf>;
      let f: ReturnType<typeof shell>;
      try {
        s = siteOf(publicSite.dir);
        f = shell();
      } catch (error) {
        options.log.warn({ err: error }, 'a server entry could not be loaded; pages are rendered in the browser');
        return null;
      }
      if (!s || !f) return null;
      const version = `${publicSite.dir}|${s.version}|${f.version}`;
      const now = Date.now();
      const hit = keep ? cache.get(url) : undefined;
      if (hit && hit.version === version && now - hit.at < MAX_AGE_MS) return hit.page;
      const page = renderNow(url, s.entry, f.entry, publicSite).catch((error: unknown) => {
        // Without the query: /finishSignIn carries its sign-in token there (ops/request-log.ts).
        options.log.warn(
          { err: error, path: url.split('?')[0] },
          'server rendering failed; the page is rendered in the browser',
        );
        cache.delete(url);
        return null;
      });
      if (keep) {
        if (cache.size >= MAX_CACHED_PAGES) cache = new Map();
        cache.set(url, { at: now, version, page });
      }
      return page;
    },
    /** Forgets every kept page (the content or the availability changed). */
    invalidate() {
      cache = new Map();
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
