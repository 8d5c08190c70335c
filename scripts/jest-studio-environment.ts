// The UI projects' jest environment: jsdom, plus the real server (server/src/app/app.ts) for the tests that ask for it
// (shared/src/test-support/studio-server.ts). One server per jest worker: this module stays loaded in the worker for
// every test file it runs, so the server is built once, on the first file that asks, and closed when the worker
// exits. Each test empties it and writes its own seed (reset), so no test sees another's data.
//
// The server runs on this side of the worker (node's realm, loaded through tsx), never inside a test file's jsdom
// realm: the page only gets a fetch and an EventSource that reach it over real HTTP on 127.0.0.1, with the page's
// cookie jar, as a browser's would. JSON answers are parsed in the page's realm, so a test's objects are its own.
//
// The server, its seed and its deploys live beside this file (jest-studio-server.ts, jest-studio-seed.ts,
// jest-studio-deploy.ts); this file is the page's side.
import { TestEnvironment } from 'jest-environment-jsdom';
import { EventSource as NodeEventSource } from 'eventsource';
import type { OutboxMessage, PasskeyDevice, StudioBridge, StudioSeed } from '@studio/shared/test-support/studio-server';
import { deployRemote } from './jest-studio-deploy';
import { resetAndSeed } from './jest-studio-seed';
import {
  ADMIN_EMAIL,
  ADMIN_ORIGIN,
  isAdminPath,
  PUBLIC_ORIGIN,
  startedStudio,
  theStudio,
  type ServerModules,
} from './jest-studio-server';

/** 'METHOD /path' against a prefix of it, or the whole of it when the pattern ends in '$'. */
const matches = (key: string, pattern: string) =>
  pattern.endsWith('$') ? key === pattern.slice(0, -1) : key.startsWith(pattern);

/** Waits a turn of the event loop (real time, whatever the page's timers are doing). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export default class StudioEnvironment extends TestEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    // Built before the worker's first test file runs, so its start (loading and compiling the server) counts against
    // no test's timeout; the worker's later files find it ready.
    await theStudio();
    if (!this.dom) throw new Error('jsdom did not start');
    const dom: NonNullable<typeof this.dom> = this.dom;
    const page = this.global as unknown as typeof globalThis & { __studioServer?: StudioBridge };
    const jar = dom.cookieJar;
    let inFlight = 0;
    // The requests that fail as fetch fails offline ('METHOD /path' prefixes; '' is every request).
    let failing: string[] = [];
    // Requests that reach the server and whose answer is then lost on the way back (once each).
    let losing: string[] = [];
    let device: ReturnType<ServerModules['authenticator']['installSoftwareAuthenticator']> | undefined;
    const counts = new Map<string, number>();

    /** node's fetch with this page's cookies: sent with each request, and kept from each answer, as a browser does. */
    const cookieFetch = async (url: URL, init: RequestInit = {}): Promise<Response> => {
      const key = `${(init.method ?? 'GET').toUpperCase()} ${url.pathname}`;
      if (failing.some((match) => matches(key, match))) throw new TypeError('fetch failed');
      const headers = new Headers(init.headers);
      const cookie = jar.getCookieStringSync(url.href);
      if (cookie) headers.set('cookie', cookie);
      // As a browser on the origin the path lives on: its host, and its Origin on a write (no token is asked).
      const origin = isAdminPath(url.pathname) ? ADMIN_ORIGIN : PUBLIC_ORIGIN;
      headers.set('x-forwarded-host', new URL(origin).host);
      const method = (init.method ?? 'GET').toUpperCase();
      if (method !== 'GET' && method !== 'HEAD') headers.set('origin', origin);
      const response = await fetch(url, { ...init, headers });
      for (const line of response.headers.getSetCookie()) jar.setCookieSync(line, url.href, { ignoreError: true });
      const lost = losing.findIndex((match) => matches(key, match));
      if (lost >= 0) {
        losing.splice(lost, 1);
        await response.body?.cancel();
        throw new TypeError('fetch failed');
      }
      return response;
    };

    /** A page's Blob's bytes, read as a page reads them (jsdom's Blob has no arrayBuffer()). */
    const readBlob = (blob: Blob) =>
      new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
        const reader = new page.FileReader();
        reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(blob);
      });

    /** A page-realm FormData (an upload) as node's, its files read into node's Blobs. */
    const nodeBody = async (body: unknown): Promise<BodyInit | undefined> => {
      if (body === undefined || body === null || typeof body === 'string') return body ?? undefined;
      if (body instanceof page.FormData) {
        const form = new FormData();
        for (const [name, value] of body.entries()) {
          if (typeof value === 'string') form.append(name, value);
          else form.append(name, new Blob([await readBlob(value)], { type: value.type }), value.name);
        }
        return form;
      }
      return body as BodyInit;
    };

    /** The page's fetch: same-origin paths resolve against the page (the server's address), like a browser's. */
    const pageFetch = async (input: string | URL | Request, init: RequestInit = {}) => {
      const url = new URL(String(input instanceof URL ? input.href : input), dom.window.location.href);
      const method = (init.method ?? 'GET').toUpperCase();
      const key = `${method} ${url.pathname}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      inFlight += 1;
      try {
        const plainHeaders: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
        const response = await cookieFetch(url, {
          method,
          headers: plainHeaders,
          body: await nodeBody(init.body),
        });
        const text = await response.text();
        return {
          ok: response.ok,
          status: response.status,
          statusText: response.statusText,
          url: response.url,
          headers: response.headers,
          text: async () => text,
          json: async () => page.JSON.parse(text) as unknown,
        } as unknown as Response;
      } finally {
        inFlight -= 1;
      }
    };

    page.__studioServer = {
      start: async () => {
        const s = await theStudio();
        if (dom.window.location.origin !== s.baseUrl) dom.reconfigure({ url: `${s.baseUrl}/` });
        page.fetch = pageFetch as typeof fetch;
        // The adapter's live streams: server-sent events over the same cookie-keeping fetch.
        page.EventSource = class extends NodeEventSource {
          constructor(url: string | URL, init?: { withCredentials?: boolean }) {
            super(new URL(String(url), dom.window.location.href), {
              ...init,
              fetch: (input, options) => cookieFetch(new URL(String(input)), options as RequestInit),
            });
          }
        } as unknown as typeof EventSource;
        return { baseUrl: s.baseUrl, adminEmail: ADMIN_EMAIL };
      },
      reset: async (seed) => {
        const s = await theStudio();
        await page.__studioServer?.idle();
        s.clockOffsetMs = 0;
        failing = [];
        losing = [];
        counts.clear();
        device?.uninstall();
        device = undefined;
        jar.removeAllCookiesSync();
        dom.window.localStorage.clear();
        dom.window.sessionStorage.clear();
        return resetAndSeed(s, page.JSON.parse(JSON.stringify(seed)) as StudioSeed);
      },
      outbox: async () => {
        const s = await theStudio();
        const response = await fetch(`${s.baseUrl}/api/dev/outbox`);
        return page.JSON.parse(await response.text()) as OutboxMessage[];
      },
      advanceClock: (ms) => {
        const started = startedStudio();
        if (!started) throw new Error('start the studio server first');
        started.clockOffsetMs += ms;
      },
      idle: async () => {
        // Settled when nothing is in flight for a few turns: an answer's handling may start the next request.
        for (let quiet = 0; quiet < 3;) {
          await turn();
          quiet = inFlight === 0 ? quiet + 1 : 0;
        }
      },
      failRequests: (prefixes) => {
        failing = [...prefixes];
      },
      loseNextAnswer: (prefix) => {
        losing.push(prefix);
      },
      passkeyDevice: (): PasskeyDevice => {
        const started = startedStudio();
        if (!started) throw new Error('start the studio server first');
        device?.uninstall();
        const installed = started.modules.authenticator.installSoftwareAuthenticator(ADMIN_ORIGIN, page);
        device = installed;
        return { switchToAnother: installed.switchToAnother, dismissNextPrompt: installed.dismissNextPrompt };
      },
      deploy: async (remote, { text, by, tokenLabel }) => {
        const s = await theStudio();
        return deployRemote(s, remote, { text, by, tokenLabel });
      },
      requests: (methodAndPath) =>
        methodAndPath === '*' ? [...counts.values()].reduce((sum, n) => sum + n, 0) : (counts.get(methodAndPath) ?? 0),
    };
  }

  override async teardown(): Promise<void> {
    const page = this.global as unknown as { __studioServer?: StudioBridge };
    // A stream or request a test left open ends with its page; the server itself stays for the worker's next file.
    await page.__studioServer?.idle();
    await super.teardown();
  }
}
