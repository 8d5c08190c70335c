// `npm run bench:start`: the server's start-up time and idle memory, compiled (`node server/dist/server.js`, what
// `npm start` runs) next to the TypeScript source through tsx (`node --import tsx src/server.ts`, what it ran
// before). Each run starts the server on an already-seeded DATA_DIR (a restart, as after an upgrade), times the
// spawn until /api/health answers, sends the first requests (/ and /api/services), lets it idle for a second and
// reads its resident memory (VmRSS). Prints the medians; `npm run bench` includes them in its report.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../build-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVER = path.join(ROOT, 'server');

export const MODES = {
  compiled: ['dist/server.js'],
  'source (tsx)': ['--import', 'tsx', 'src/server.ts'],
};

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function startOnce(args, dataDir) {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, args, {
    cwd: SERVER,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A production server refuses to start without SMTP_URL unless the outbox is chosen on purpose.
      MAIL_TRANSPORT: 'outbox',
      RENDER_IMAGES_AT_START: 'false',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${err}`);
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await delay(5);
    }
    const startMs = Number(process.hrtime.bigint() - started) / 1e6;
    await (await fetch(`${url}/`)).arrayBuffer();
    await (await fetch(`${url}/api/services`)).arrayBuffer();
    await delay(1000);
    return { startMs, idleRssMb: rssMb(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Medians per mode over `runs` alternating restarts on one seeded DATA_DIR. */
export async function measureServerStart({ runs = 5 } = {}) {
  if (!existsSync(path.join(SERVER, 'dist', 'server.js'))) await buildServer();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-start-'));
  try {
    await startOnce(MODES.compiled, dataDir); // the first start seeds; not measured
    const samples = Object.fromEntries(Object.keys(MODES).map((m) => [m, []]));
    for (let i = 0; i < runs; i++) {
      for (const [mode, args] of Object.entries(MODES)) samples[mode].push(await startOnce(args, dataDir));
    }
    return Object.entries(samples).map(([mode, xs]) => ({
      mode,
      runs: xs.length,
      startMs: Math.round(median(xs.map((x) => x.startMs))),
      idleRssMb: Math.round(median(xs.map((x) => x.idleRssMb))),
    }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function startTable(rows) {
  return [
    '| server | start-up to first answer (ms) | idle RSS after the first request (MB) |',
    '|---|---:|---:|',
    ...rows.map((r) => `| ${r.mode} | ${r.startMs} | ${r.idleRssMb} |`),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = Number(process.env.BENCH_START_RUNS ?? 5);
  const rows = await measureServerStart({ runs });
  console.log(
    `Server start-up, median of ${runs} restarts on ${os.cpus().length} CPUs, Node ${process.versions.node}:`,
  );
  console.log(startTable(rows));
}
