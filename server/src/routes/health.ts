// GET /api/health (docs/architecture.md, operations): 200 when the database takes a write and the data folder's disk
// has room, 503 otherwise, for the proxy, the service manager and the operator. A real write, because a database
// that answers reads can still refuse bookings (locked by another writer, a read-only or full disk). The answer is
// kept for a second, so polling it cannot become a stream of writes.
import type { FastifyInstance } from 'fastify';
import { statfsSync } from 'node:fs';
import type { Db } from '../db/database';

export interface Health {
  ok: boolean;
  database: 'ok' | 'failing';
  disk: 'ok' | 'low';
}

const CACHE_MS = 1000;
// Long enough for a booking's transaction to finish, short enough that a stuck lock is reported, not waited out.
const PROBE_BUSY_TIMEOUT_MS = 1000;

export function checkHealth(db: Db, dataDir: string, minFreeDiskBytes: number, now: () => Date): Health {
  let database: Health['database'] = 'ok';
  const busyTimeout = db.pragma('busy_timeout', { simple: true }) as number;
  try {
    db.pragma(`busy_timeout = ${Math.min(busyTimeout, PROBE_BUSY_TIMEOUT_MS)}`);
    db.prepare(
      'INSERT INTO health_probe (id, written_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET written_at = excluded.written_at',
    ).run(now().toISOString());
  } catch {
    database = 'failing';
  } finally {
    db.pragma(`busy_timeout = ${busyTimeout}`);
  }
  let disk: Health['disk'] = 'ok';
  try {
    const fs = statfsSync(dataDir);
    if (fs.bavail * fs.bsize < minFreeDiskBytes) disk = 'low';
  } catch {
    disk = 'low';
  }
  return { ok: database === 'ok' && disk === 'ok', database, disk };
}

export function registerHealthRoute(
  app: FastifyInstance,
  deps: { db: Db; dataDir: string; minFreeDiskBytes: number; now: () => Date },
) {
  let last: { at: number; health: Health } | undefined;
  app.get('/api/health', async (_request, reply) => {
    const at = deps.now().getTime();
    if (!last || Math.abs(at - last.at) >= CACHE_MS) {
      last = { at, health: checkHealth(deps.db, deps.dataDir, deps.minFreeDiskBytes, deps.now) };
    }
    reply.header('Cache-Control', 'no-store');
    return reply.code(last.health.ok ? 200 : 503).send(last.health);
  });
}
