// The bench's processes: the production server on a fresh or given DATA_DIR, any node server, and their memory.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './bench-settings.mjs';

export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function waitFor(url, child, output) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url}:\n${output()}`);
}

/** Starts a node process (plain JavaScript, so the pid is the server's own for /proc sampling). */
export async function startNode(script, { cwd, env = {}, health, port }) {
  const child = spawn(process.execPath, [script], {
    cwd,
    // MAIL_TRANSPORT=outbox: a production server refuses to start without SMTP_URL unless the outbox is chosen.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      MAIL_TRANSPORT: 'outbox',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${health}`, child, () => out);
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Starts the server on a fresh DATA_DIR, or on `dataDir` (which stop() then leaves in place). */
export async function startStudio(env = {}, given = undefined) {
  const dataDir = given ?? mkdtempSync(path.join(os.tmpdir(), 'studio-bench-'));
  const started = Date.now();
  const port = await freePort();
  const adminOrigin = `http://admin.localhost:${port}`;
  // The compiled server, as `npm start` runs it (the production build below compiles it).
  const server = await startNode('dist/server.js', {
    port,
    cwd: path.join(ROOT, 'server'),
    // Images are rendered as the warm-up pass asks for them, so no background rendering competes with the measures.
    env: {
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      // A production start names her origin (her API answers only there).
      ADMIN_ORIGIN: adminOrigin,
      PUBLIC_WRITE_LIMIT: '100000000',
      RENDER_IMAGES_AT_START: 'false',
      ...env,
    },
    health: '/api/health',
  });
  const firstStartMs = Date.now() - started;
  return {
    ...server,
    adminOrigin,
    dataDir,
    firstStartMs,
    stop: async () => {
      await server.stop();
      if (!given) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function rssKb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}
