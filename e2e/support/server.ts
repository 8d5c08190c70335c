// Starts the real server (production build, real SQLite in a temporary DATA_DIR) on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveLocalhostNames } from './localhost-names';

// Her origin is admin.localhost: this process reaches it as the browser does.
resolveLocalhostNames();

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const ADMIN_EMAIL = 'admin@studio.test';

export interface RunningServer {
  url: string;
  /** Her origin (ADMIN_ORIGIN): the dashboard, sign-in and her API answer only there. */
  adminUrl: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** The admin origin a test server gets by default: admin.localhost on the server's port (server/src/platform/config.ts). */
export const adminUrlFor = (port: number) => `http://admin.localhost:${port}`;

/** The admin origin of the server whose public origin is `baseURL` (started by startServer with the default). */
export const adminUrlOf = (baseURL: string) => adminUrlFor(Number(new URL(baseURL).port));

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The server did not answer within ${timeoutMs} ms:\n${output()}`);
}

/** The compiled server `npm start` runs, or its TypeScript source (the load and crash tests run before the build). */
export type ServerRuntime = 'compiled' | 'source';

export const COMPILED_SERVER = path.join(REPO_ROOT, 'server', 'dist', 'server.js');

// The browser tests' global setup sets 'compiled' for every server of the run, its workers included.
const defaultRuntime = (): ServerRuntime => (process.env.E2E_SERVER_RUNTIME === 'compiled' ? 'compiled' : 'source');

export async function startServer(
  env: Record<string, string> = {},
  runtime: ServerRuntime = defaultRuntime(),
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'studio-e2e-'));
  const host = env.HOST ?? '127.0.0.1';
  // Where this process reaches the server directly (behind a proxy, PUBLIC_ORIGIN is the proxy's).
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (runtime === 'compiled' && !existsSync(COMPILED_SERVER)) {
    throw new Error('The server is not compiled: run `npm run build` first (npm test does).');
  }
  // `node --import tsx`, not the tsx CLI: the CLI runs the server in a child process of its own, so a kill -9 (the
  // crash test) would hit only the wrapper and leave the real server running.
  const args = runtime === 'compiled' ? [COMPILED_SERVER] : ['--import', 'tsx', 'src/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: path.join(REPO_ROOT, 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: host,
      PUBLIC_ORIGIN: url,
      ADMIN_ORIGIN: adminUrlFor(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      LOG_LEVEL: 'warn',
      PUBLIC_WRITE_LIMIT: '1000',
      // One run signs the admin in from 127.0.0.1 more often than a person would within 15 minutes.
      SIGN_IN_LINKS_PER_PAIR: '100',
      SIGN_IN_MAILS_PER_MAILBOX: '100',
      // Responsive image copies are rendered when a page asks for them, not all at start: keeps the CPU for tests.
      RENDER_IMAGES_AT_START: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  try {
    await waitForHealth(url, child, () => log);
  } catch (error) {
    // A server that did not answer in time is stopped: left running, it would keep the test runner from ever exiting.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    adminUrl: env.ADMIN_ORIGIN ?? adminUrlFor(port),
    port,
    dataDir,
    process: child,
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => {
          if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
