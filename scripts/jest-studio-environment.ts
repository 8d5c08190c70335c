// The UI projects' jest environment: jsdom, plus the real server (server/src/app/app.ts) for the tests that ask for it
// (shared/src/test-support/studio-server.ts). One server per jest worker: this module stays loaded in the worker for
// every test file it runs, so the server is built once, on the first file that asks, and closed when the worker
// exits. Each test empties it and writes its own seed (reset), so no test sees another's data.
//
// The server runs on this side of the worker (node's realm, loaded through tsx), never inside a test file's jsdom
// realm: the page only gets a fetch and an EventSource that reach it over real HTTP on 127.0.0.1, with the page's
// cookie jar, as a browser's would. JSON answers are parsed in the page's realm, so a test's objects are its own.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { c as tarCreate } from 'tar';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { TestEnvironment } from 'jest-environment-jsdom';
import { register } from 'tsx/cjs/api';
import { EventSource as NodeEventSource } from 'eventsource';
import type { FastifyInstance } from 'fastify';
import type {
  OutboxMessage,
  PasskeyDevice,
  SeededIds,
  StudioBridge,
  StudioSeed,
} from '@studio/shared/test-support/studio-server';

type ServerModules = {
  app: typeof import('../server/src/app/app');
  database: typeof import('../server/src/platform/sqlite/database');
  content: typeof import('../server/src/features/content/content.sqlite');
  storage: typeof import('../server/src/app/sqlite-storage');
  media: typeof import('../server/src/features/media/media-store');
  deployTokens: typeof import('../server/src/features/deploys/deploy-tokens');
  gate: typeof import('../server/src/features/deploys/gate');
  authenticator: typeof import('../server/test/software-authenticator');
};

const ADMIN_EMAIL = 'admin@studio.test';
// The site's public origin: its sign-in links and the passkeys' relying party. A .test name keeps the dev outbox on.
const PUBLIC_ORIGIN = 'http://studio.test';
/** Her origin (server/src/platform/http/site-origins.ts): the page's requests to her paths name it, as the proxy in front would. */
const ADMIN_ORIGIN = 'http://admin.studio.test';
const isAdminPath = (pathname: string) => /^\/(api\/admin|api\/auth|admin)(\/|$)/.test(pathname);
// Far above anything a test does: the limits are the server's own tests' to prove, not the UI's to trip over.
const NO_LIMIT = 1_000_000;

interface Studio {
  app: FastifyInstance;
  baseUrl: string;
  modules: ServerModules;
  db: ReturnType<ServerModules['database']['openDatabase']>;
  dataDir: string;
  /** Added to the real time: the server's clock (AppOptions.now). */
  clockOffsetMs: number;
}

let studio: Promise<Studio> | undefined;
/** The server once started (the clock is moved synchronously). */
let started: Studio | undefined;

/**
 * tsx's hook for node's ESM loader, which the server's import() calls go through (e.g. the contract PDF, loaded on
 * first use). Imported as ESM: its CommonJS build resolves its loader one folder off.
 */
async function registerTsx(): Promise<void> {
  const nativeImport = new Function('specifier', 'return import(specifier)') as (
    specifier: string,
  ) => Promise<typeof import('tsx/esm/api')>;
  (await nativeImport('tsx/esm/api')).register();
}

// node's own require (the server's modules are node's, compiled by tsx), not the one jest gives this file.
const requireServer = createRequire(__filename);

function loadServer(): ServerModules {
  // tsx compiles the server's TypeScript as node loads it, as `tsx` does for `npm run dev`. Registered for the whole
  // worker (a namespace would leave out the modules the server loads later with import()); the test files never go
  // through node's loaders, jest runs them in its own module system with ts-jest.
  register();
  // Each module is typed by its field in ServerModules.
  const load = (file: string) => requireServer(path.join(__dirname, file)) as never;
  return {
    app: load('../server/src/app/app'),
    database: load('../server/src/platform/sqlite/database'),
    content: load('../server/src/features/content/content.sqlite'),
    storage: load('../server/src/app/sqlite-storage'),
    media: load('../server/src/features/media/media-store'),
    deployTokens: load('../server/src/features/deploys/deploy-tokens'),
    gate: load('../server/src/features/deploys/gate'),
    authenticator: load('../server/test/software-authenticator'),
  };
}

async function startStudio(): Promise<Studio> {
  // The server loads a few modules on first use with import(): those go through node's ESM loader, which needs tsx's
  // hook too. Test files never use that loader (jest runs them in its own module system).
  await registerTsx();
  const modules = loadServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-ui-'));
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const state = { clockOffsetMs: 0 };
  // The shell the server serves and gates remote deploys against: a page, and what its build needs of the remotes.
  const shellDir = path.join(dataDir, 'shell');
  mkdirSync(shellDir, { recursive: true });
  writeFileSync(
    path.join(shellDir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(shellDir, modules.gate.REQUIREMENTS_FILE), JSON.stringify(SHELL_REQUIREMENTS));
  const app = await modules.app.buildApp({
    dataDir,
    logLevel: process.env.STUDIO_UI_TEST_LOG ?? 'silent',
    adminEmail: ADMIN_EMAIL,
    publicOrigin: PUBLIC_ORIGIN,
    adminOrigin: ADMIN_ORIGIN,
    // fetch cannot set Host: the page's fetch names the origin by X-Forwarded-Host, from the loopback "proxy".
    trustProxy: ['127.0.0.1'],
    shellDir,
    production: false,
    https: false,
    seedDemo: false,
    renderImagesAtStart: false,
    smsEnabledEnv: undefined,
    smtpUrl: undefined,
    twilio: undefined,
    publicWriteLimitPerMinute: NO_LIMIT,
    signInLinksPerPair: NO_LIMIT,
    signInMailsPerMailbox: NO_LIMIT,
    now: () => new Date(Date.now() + state.clockOffsetMs),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  // The worker ends when jest is done with it; its server must not keep it (or an in-band run) alive.
  app.server.unref();
  app.server.on('connection', (socket) => socket.unref());
  const { port } = app.server.address() as AddressInfo;
  // The test side's own connection to the server's file, for emptying and seeding it between tests.
  const db = modules.database.openDatabase(dataDir);
  started = Object.assign(state, { app, baseUrl: `http://127.0.0.1:${port}`, modules, db, dataDir });
  return started;
}

/** Empties every table but the migrations' record and writes the seed through the server's repositories. */
async function resetAndSeed(s: Studio, seed: StudioSeed): Promise<SeededIds> {
  const { db, modules } = s;
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all()
    .map((row) => (row as { name: string }).name)
    .filter((name) => name !== 'schema_migrations');
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      for (const table of tables) db.prepare(`DELETE FROM "${table}"`).run();
    })();
  } finally {
    db.pragma('foreign_keys = ON');
  }
  // The uploads' files go with their rows; the folders the media store made at start stay.
  const { UPLOADS_TMP_DIR, ORIGINALS_DIR, UPLOADS_DIR } = modules.media;
  for (const dir of [UPLOADS_TMP_DIR, ORIGINALS_DIR, path.join('media', UPLOADS_DIR)]) {
    const at = path.join(s.dataDir, dir);
    for (const entry of readdirSync(at)) rmSync(path.join(at, entry), { recursive: true, force: true });
  }

  // Deployed versions go with their rows too.
  const remotes = path.join(s.dataDir, 'remotes');
  for (const remote of readdirSync(remotes)) {
    for (const entry of readdirSync(path.join(remotes, remote)))
      rmSync(path.join(remotes, remote, entry), { recursive: true, force: true });
  }

  // Written through the server's own SQLite stores (the storage port), the way the seed of a first start is.
  const storage = modules.storage.sqliteStorageOn(db);
  const { seedWrites } = modules.content.createContentRepository(db);
  const at = new Date().toISOString();
  const { PORTFOLIO_META_ID, PORTFOLIO_CONTENT_ID, SITE_DETAILS_ID, COMP_CARD_ID } = modules.content;
  for (const [i, service] of (seed.services ?? []).entries()) seedWrites.writeService(service, i);
  if (seed.portfolioMeta) seedWrites.writeDocument(PORTFOLIO_META_ID, seed.portfolioMeta, at);
  if (seed.portfolioContent) seedWrites.writeDocument(PORTFOLIO_CONTENT_ID, seed.portfolioContent, at);
  if (seed.siteDetails) seedWrites.writeDocument(SITE_DETAILS_ID, seed.siteDetails, at);
  if (seed.compCard) seedWrites.writeDocument(COMP_CARD_ID, seed.compCard, at);
  for (const project of seed.projects ?? []) {
    seedWrites.writeProject(project, seed.galleries?.[project.id] ?? { images: [], videos: [] });
  }
  const ids: SeededIds = { bookings: [], periods: [], unavailable: [], slots: [] };
  const { availability, bookings, settings } = storage;
  for (const period of seed.availability?.periods ?? []) ids.periods.push(await availability.addPeriod(period, at));
  for (const range of seed.availability?.unavailable ?? [])
    ids.unavailable.push(await availability.addUnavailable(range, at));
  for (const slot of seed.availability?.slots ?? []) ids.slots.push(await availability.addSlot(slot, at));
  for (const [i, booking] of (seed.bookings ?? []).entries()) {
    const stored = await bookings.createOnce({
      idempotencyKey: `seed-${i}-${Date.now()}`,
      bodyHash: `seed-${i}`,
      range: null,
      decide: () => ({ booking, manageTokenHash: null }),
    });
    ids.bookings.push(stored.booking.id);
  }
  if (seed.smsEnabled !== undefined) await settings.setAdminSmsValue(seed.smsEnabled);
  return ids;
}

// What the shell's build needs of a remote (federation-requirements.json), and a remote build that meets it.
const SHELL_REQUIREMENTS = {
  shared: [
    { key: 'react', version: '19.3.1', requiredVersion: '19.3.1', singleton: true },
    { key: 'react/', version: '19.3.1', requiredVersion: '19.3.1', singleton: true },
    { key: 'react-dom', version: '19.3.1', requiredVersion: '19.3.1', singleton: true },
    { key: '@studio/shared/', version: '1.0.0', requiredVersion: '1.0.0', singleton: true },
  ],
  remotes: {
    'public-site': { name: 'public_site', exposes: ['./app'] },
    'admin-app': { name: 'admin_app', exposes: ['./app'] },
  },
};

/** A remote's build folder as webpack writes it (manifest, entry, the exposed module), `text` making it unique. */
function remoteBuild(remote: 'public-site' | 'admin-app', text: string): string {
  const name = remote.replace('-', '_');
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-ui-remote-'));
  const manifest = {
    id: name,
    name,
    metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
    shared: [{ name: 'react', version: '19.3.1', requiredVersion: '19.3.1', assets: { js: { sync: [], async: [] } } }],
    exposes: [
      {
        name: 'app',
        path: './app',
        assets: { js: { sync: ['__federation_expose_app.0123456789.js'], async: [] }, css: { sync: [], async: [] } },
      },
    ],
    remotes: [],
  };
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* entry ${text} */`);
  writeFileSync(path.join(dir, '__federation_expose_app.0123456789.js'), `/* app ${text} */`);
  return dir;
}

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
    await (studio ??= startStudio());
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
        studio ??= startStudio();
        const s = await studio;
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
        const s = await (studio ??= startStudio());
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
        const s = await (studio ??= startStudio());
        const response = await fetch(`${s.baseUrl}/api/dev/outbox`);
        return page.JSON.parse(await response.text()) as OutboxMessage[];
      },
      advanceClock: (ms) => {
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
        if (!started) throw new Error('start the studio server first');
        device?.uninstall();
        const installed = started.modules.authenticator.installSoftwareAuthenticator(ADMIN_ORIGIN, page);
        device = installed;
        return { switchToAnother: installed.switchToAnother, dismissNextPrompt: installed.dismissNextPrompt };
      },
      deploy: async (remote, { text, by, tokenLabel }) => {
        const s = await (studio ??= startStudio());
        const storage = s.modules.storage.sqliteStorageOn(s.db);
        const { token } = await s.modules.deployTokens.issueDeployToken(
          storage.deploys,
          remote,
          tokenLabel,
          new Date().toISOString(),
        );
        const dir = remoteBuild(remote, text);
        try {
          const chunks: Buffer[] = [];
          for await (const chunk of tarCreate({ gzip: true, cwd: dir, portable: true }, readdirSync(dir)))
            chunks.push(chunk as Buffer);
          const auth = { authorization: `Bearer ${token}` };
          const uploaded = await fetch(`${s.baseUrl}/api/deploy/${remote}/versions`, {
            method: 'PUT',
            headers: { ...auth, 'content-type': 'application/gzip', 'x-studio-deployer': by },
            body: Buffer.concat(chunks),
          });
          if (!uploaded.ok) throw new Error(`upload refused: ${await uploaded.text()}`);
          const { version } = (await uploaded.json()) as { version: string };
          const live = await fetch(`${s.baseUrl}/api/deploy/${remote}/live`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ version, by, kind: 'deploy' }),
          });
          if (!live.ok) throw new Error(`going live refused: ${await live.text()}`);
          return version;
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
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
