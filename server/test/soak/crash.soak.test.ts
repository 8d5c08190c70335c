// Crash: kill -9 the server 20 times during booking load, restarting it each time on the same DATA_DIR.
// Every acknowledged booking must be present, none twice, and SQLite's integrity check must pass.
import Database from 'better-sqlite3';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startServer } from '../../../e2e/support/server';
import { runLoad, type Answer } from './booking-load';

jest.setTimeout(180_000);

const KILLS = 20;

test(`${KILLS} kill -9 during load lose no acknowledged booking and duplicate none`, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-crash-'));
  const acknowledged: Answer[] = [];
  let attempted = 0;
  try {
    for (let i = 0; i < KILLS; i++) {
      const server = await startServer({ DATA_DIR: dataDir, PUBLIC_WRITE_LIMIT: '1000000' });
      let killed = false;
      const load = runLoad({ port: server.port, connections: 20, durationMs: 10_000, stop: () => killed });
      // The kill lands at a different point of the write path each round.
      await delay(150 + Math.floor(Math.random() * 600));
      const exited = once(server.process, 'exit');
      server.process.kill('SIGKILL');
      killed = true;
      await exited;
      // The process killed is the server itself: nothing answers on its port any more.
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
      const answers = await load;
      attempted += answers.length;
      acknowledged.push(...answers.filter((a) => a.status === 201));
    }

    const db = new Database(path.join(dataDir, 'studio.sqlite'));
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = db.prepare('SELECT id, idempotency_key FROM booking_requests').all() as Array<{
        id: string;
        idempotency_key: string;
      }>;
      const byKey = new Map<string, string[]>();
      for (const r of rows) byKey.set(r.idempotency_key, [...(byKey.get(r.idempotency_key) ?? []), r.id]);
      for (const a of acknowledged) expect(byKey.get(a.key)).toEqual([a.id]);
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      console.log(
        `crash: ${KILLS} kills, ${attempted} requests, ${acknowledged.length} acknowledged, ${rows.length} stored (requests cut by a kill may be stored unacknowledged)`,
      );
    } finally {
      db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
