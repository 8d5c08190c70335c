// When storage fails: a full disk or a locked database answers 5xx, never a false 201, and stores nothing. A locked
// database is a busy server; a full disk is not, and is said as what it is to her (health, her dashboard).
import Database from 'better-sqlite3';
import path from 'node:path';
import { build, withCsrf, ugcBookingInput, ADMIN_EMAIL, type TestApp } from './helper';

let t: TestApp;
let seq = 0;
beforeEach(async () => {
  t = await build({ publicWriteLimitPerMinute: 1_000_000 });
  // Wait briefly for a lock instead of the production 5 s, so the refusal comes quickly.
  t.app.db.pragma('busy_timeout = 50');
});
afterEach(() => t.close());

const booking = ugcBookingInput;

const post = () =>
  t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/bookings',
      payload: booking,
      headers: { 'idempotency-key': `storage-${++seq}` },
    }),
  );
const count = () => (t.app.db.prepare('SELECT COUNT(*) AS n FROM booking_requests').get() as { n: number }).n;

test('a database locked by another writer answers 503 and stores nothing', async () => {
  const other = new Database(path.join(t.dataDir, 'studio.sqlite'));
  other.exec('BEGIN EXCLUSIVE');
  try {
    const res = await post();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The server is busy. Please try again in a moment.' });
  } finally {
    other.exec('ROLLBACK');
    other.close();
  }
  expect(count()).toBe(0);
  // Once the lock is gone the same request succeeds: the client can retry.
  expect((await post()).statusCode).toBe(201);
});

test('a full disk answers 503 telling the visitor to try again later (not that the server is busy), and stores nothing', async () => {
  // SQLite reports SQLITE_FULL exactly as for a full disk when the database may not grow past its current size.
  const pages = t.app.db.pragma('page_count', { simple: true }) as number;
  t.app.db.pragma(`max_page_count = ${pages}`);
  const before = count();
  let res = await post();
  // The last free page may take one booking; keep writing until the file is full.
  for (let i = 0; i < 200 && res.statusCode === 201; i++) res = await post();
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ message: 'This could not be saved right now. Please try again later.' });
  // She is told what it is: GET /api/health and her dashboard's banner say the disk is full.
  const health = await t.app.inject('/api/health');
  expect(health.statusCode).toBe(503);
  expect(health.json()).toEqual({ message: "The data folder's disk is full: bookings and changes cannot be saved." });
  const session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const storage = await t.app.inject({ url: '/api/admin/settings/storage', cookies: { studio_session: session } });
  expect(storage.json()).toEqual({ state: 'full' });
  const stored = count();
  t.app.db.pragma('max_page_count = 1073741823');
  // Every 201 before the failure is stored; the failed one is not.
  expect(stored).toBeGreaterThanOrEqual(before);
  const ids = t.app.db.prepare('SELECT idempotency_key AS k FROM booking_requests').all() as Array<{ k: string }>;
  expect(ids.map((r) => r.k)).not.toContain(`storage-${seq}`);
});
