// Health: /api/health answers 503 when the database does not take a write or the disk has no
// room, and a booking in that state is refused with the clear 503 and leaves nothing half-written.
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build, withCsrf, ugcBookingInput, type TestApp } from './helper';

let clock = new Date('2026-11-23T10:00:00Z').getTime();
const now = () => new Date(clock);
// The answer is kept for a second: each check below looks a second later.
const later = () => {
  clock += 1000;
};

let t: TestApp;
afterEach(() => t.close());

const health = async () => {
  later();
  const res = await t.app.inject('/api/health');
  return { status: res.statusCode, body: res.json(), cache: res.headers['cache-control'] };
};

let seq = 0;
const book = () =>
  t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'idempotency-key': `health-${++seq}` },
      payload: ugcBookingInput,
    }),
  );
const stored = () => (t.app.db.prepare('SELECT COUNT(*) AS n FROM booking_requests').get() as { n: number }).n;
const BUSY = { message: 'The server is busy. Please try again in a moment.' };

test('a healthy server answers 200 naming its release (package.json version + commit), never cached by a proxy', async () => {
  t = await build({ now });
  const { version } = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  expect(await health()).toEqual({
    status: 200,
    // The test app keeps its mail in the outbox (helper.ts); a site sending by SMTP says 'ok' (mail-queue.test.ts).
    body: { ok: true, version: `${version}+${commit}`, mail: 'outbox', failingJobs: [] },
    cache: 'no-store',
  });
});

test('a database that cannot be written (read-only): health 503, the booking 503, nothing stored', async () => {
  t = await build({ now, publicWriteLimitPerMinute: 1000 });
  // What a read-only file system or file does to SQLite: every write fails with SQLITE_READONLY.
  t.app.db.pragma('query_only = ON');
  expect(await health()).toMatchObject({ status: 503, body: { message: 'The database does not take writes.' } });
  const refused = await book();
  expect(refused.statusCode).toBe(503);
  expect(refused.json()).toEqual(BUSY);
  t.app.db.pragma('query_only = OFF');
  expect(stored()).toBe(0);
  expect(await health()).toMatchObject({ status: 200, body: { ok: true, version: expect.any(String) } });
  expect((await book()).statusCode).toBe(201);
  expect(stored()).toBe(1);
});

test('a database locked by another writer: health 503 within its short wait, then 200 once the lock is gone', async () => {
  t = await build({ now });
  const other = new Database(path.join(t.dataDir, 'studio.sqlite'));
  other.exec('BEGIN EXCLUSIVE');
  try {
    // The probe waits for the lock between tries, not inside SQLite (which would hold the whole server): a timer set
    // after it started fires before its answer.
    let others = 0;
    const answer = health();
    setTimeout(() => others++, 0);
    expect(await answer).toMatchObject({ status: 503, body: { message: 'The database does not take writes.' } });
    expect(others).toBe(1);
  } finally {
    other.exec('ROLLBACK');
    other.close();
  }
  expect(await health()).toMatchObject({ status: 200, body: { ok: true, version: expect.any(String) } });
});

test('a disk with less room than MIN_FREE_DISK_MB: health 503 saying so', async () => {
  t = await build({ now, minFreeDiskBytes: Number.MAX_SAFE_INTEGER });
  expect(await health()).toEqual({
    status: 503,
    body: { message: "The data folder's disk is almost full." },
    cache: 'no-store',
  });
});

test('polling health within a second reuses the answer instead of writing again', async () => {
  t = await build({ now });
  const written = () =>
    (t.app.db.prepare('SELECT written_at AS at FROM health_probe').get() as { at: string } | undefined)?.at;
  await health();
  const first = written();
  await t.app.inject('/api/health');
  expect(written()).toBe(first);
  await health();
  expect(written()).not.toBe(first);
});

test('a background job whose last pass failed is named in the answer, which stays 200; it is dropped once a pass succeeds', async () => {
  t = await build({ now });
  expect((await health()).body.failingJobs).toEqual([]);
  const outbox = t.app.storage.outbox;
  const purge = outbox.purgeBefore.bind(outbox);
  outbox.purgeBefore = () => Promise.reject(new Error('SQLITE_BUSY: database is locked'));
  await expect(t.app.jobs.runNow('outbox sweep')).rejects.toThrow('SQLITE_BUSY');
  expect(await health()).toMatchObject({ status: 200, body: { ok: true, failingJobs: ['outbox sweep'] } });
  outbox.purgeBefore = purge;
  await t.app.jobs.runNow('outbox sweep');
  expect((await health()).body.failingJobs).toEqual([]);
});
