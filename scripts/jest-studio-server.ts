// The UI projects' server (jest-studio-environment.ts): the real server (server/src/app/app.ts), loaded through tsx in
// node's realm, started once per jest worker on a folder of its own, with the shell it serves.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';
import type { FastifyInstance } from 'fastify';

export type ServerModules = {
  app: typeof import('../server/src/app/app');
  database: typeof import('../server/src/platform/sqlite/database');
  content: typeof import('../server/src/features/content/content.sqlite');
  storage: typeof import('../server/src/app/sqlite-storage');
  media: typeof import('../server/src/features/media/media-store');
  deployTokens: typeof import('../server/src/features/deploys/deploy-tokens');
  gate: typeof import('../server/src/features/deploys/gate');
  authenticator: typeof import('../server/test/software-authenticator');
};

export const ADMIN_EMAIL = 'admin@studio.test';
// The site's public origin: its sign-in links and the passkeys' relying party. A .test name keeps the dev outbox on.
export const PUBLIC_ORIGIN = 'http://studio.test';
/** Her origin (server/src/platform/http/site-origins.ts): the page's requests to her paths name it, as the proxy in front would. */
export const ADMIN_ORIGIN = 'http://admin.studio.test';
export const isAdminPath = (pathname: string) => /^\/(api\/admin|api\/auth|admin)(\/|$)/.test(pathname);
// Far above anything a test does: the limits are the server's own tests' to prove, not the UI's to trip over.
const NO_LIMIT = 1_000_000;

export interface Studio {
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

/** The worker's server, started on the first call. */
export const theStudio = (): Promise<Studio> => (studio ??= startStudio());
/** The worker's server if it has started, for what must happen synchronously. */
export const startedStudio = (): Studio | undefined => started;

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
