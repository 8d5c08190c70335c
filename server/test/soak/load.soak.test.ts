// Load: 50 connections for 20 s of booking submissions with unique idempotency keys, sent from this
// process to the real server running in another: no 5xx, and every 201 is in the database exactly once. Past the
// rate limit, answers are 429s with a Retry-After the client can honour.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../../e2e/support/server';
import { runLoad } from './booking-load';

jest.setTimeout(120_000);

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'studio-load-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

function storedLoadBookings(): Array<{ id: string; idempotency_key: string }> {
  const db = new Database(path.join(dataDir, 'studio.sqlite'), { readonly: true });
  try {
    return db.prepare("SELECT id, idempotency_key FROM booking_requests WHERE name LIKE 'Load Test %'").all() as Array<{
      id: string;
      idempotency_key: string;
    }>;
  } finally {
    db.close();
  }
}

test('50 connections for 20 s: no 5xx, every acknowledged booking stored exactly once', async () => {
  const server = await startServer({ DATA_DIR: dataDir, PUBLIC_WRITE_LIMIT: '1000000' });
  const answers = await runLoad({ port: server.port, connections: 50, durationMs: 20_000 }).finally(() =>
    server.stop(),
  );

  const failures = answers.filter((a) => a.status !== 201);
  const acked = answers.filter((a) => a.status === 201);
  console.log(
    `load: ${answers.length} bookings in 20 s at 50 connections (${(answers.length / 20).toFixed(0)}/s); ${failures.length} not created`,
  );
  expect(failures.filter((a) => a.status >= 500 || a.status === 0)).toEqual([]);
  expect(failures).toEqual([]);

  const rows = storedLoadBookings();
  const byKey = new Map(rows.map((r) => [r.idempotency_key, r.id]));
  expect(rows.length).toBe(acked.length);
  for (const a of acked) expect(byKey.get(a.key)).toBe(a.id);
});

test('past the rate limit the answers are 429s with a Retry-After, and nothing past it is stored', async () => {
  const server = await startServer({ DATA_DIR: dataDir, PUBLIC_WRITE_LIMIT: '20' });
  const answers = await runLoad({ port: server.port, connections: 10, durationMs: 1_500 }).finally(() => server.stop());

  const created = answers.filter((a) => a.status === 201);
  const limited = answers.filter((a) => a.status === 429);
  expect(created.length).toBe(20);
  expect(limited.length).toBe(answers.length - 20);
  for (const a of limited) expect(Number(a.retryAfter)).toBeGreaterThan(0);
  expect(storedLoadBookings().length).toBe(20);
});
