// Group commit on a real SQLite file in WAL mode (platform/sqlite/group-commit.ts). How many commits a burst cost is read from
// the write-ahead log itself: each commit appends at least one frame, and with automatic checkpoints off the frames
// stay countable (PRAGMA wal_checkpoint(PASSIVE) reports them without moving them).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from '../src/platform/sqlite/database';
import { createGroupCommit } from '../src/platform/sqlite/group-commit';

let dir: string;
let db: Db;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'studio-group-commit-'));
  db = new Database(path.join(dir, 'test.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.exec(`CREATE TABLE parents (id INTEGER PRIMARY KEY);
           CREATE TABLE rows (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,
             parent INTEGER REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED)`);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('wal_autocheckpoint = 0');
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const walFrames = () => (db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]!.log;
const names = () => (db.prepare('SELECT name FROM rows ORDER BY id').all() as { name: string }[]).map((r) => r.name);
const insert = (name: string, parent: number | null = null) =>
  db.prepare('INSERT INTO rows (name, parent) VALUES (?, ?)').run(name, parent).lastInsertRowid;

test('fifty writes of one turn share one commit; the same writes one by one cost fifty', async () => {
  const commits = createGroupCommit(db);
  const ids = await Promise.all(Array.from({ length: 50 }, (_, i) => commits.run(() => insert(`batched ${i}`))));
  expect(ids).toHaveLength(50);
  const batched = walFrames();
  expect(batched).toBeLessThanOrEqual(3);

  for (let i = 0; i < 50; i++) insert(`alone ${i}`);
  expect(walFrames() - batched).toBeGreaterThanOrEqual(50);
  expect(names()).toHaveLength(100);
});

test('a write that throws is rolled back alone and rejects only its caller; the rest of the batch commits', async () => {
  const commits = createGroupCommit(db);
  const results = await Promise.allSettled([
    commits.run(() => insert('first')),
    commits.run(() => {
      insert('half written');
      throw new Error('refused');
    }),
    commits.run(() => insert('first')), // the UNIQUE name: refused by SQLite itself
    commits.run(() => insert('last')),
  ]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
  expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('refused'));
  expect(names()).toEqual(['first', 'last']);
});

test('a commit that fails rejects every caller of the batch and stores none of it', async () => {
  const commits = createGroupCommit(db);
  // The foreign key is checked at commit (DEFERRABLE INITIALLY DEFERRED): the dangling row fails the whole batch.
  const results = await Promise.allSettled([
    commits.run(() => insert('fine')),
    commits.run(() => insert('dangling', 42)),
  ]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
  expect(names()).toEqual([]);

  // The next batch starts clean.
  await commits.run(() => insert('after'));
  expect(names()).toEqual(['after']);
});

test('writes of later turns form later batches, each seeing what the earlier ones stored', async () => {
  const commits = createGroupCommit(db);
  await commits.run(() => insert('one'));
  const seen = await commits.run(() => {
    insert('two');
    return names();
  });
  expect(seen).toEqual(['one', 'two']);
});

test('a full disk in the middle of a batch fails the whole batch: nothing stored, nothing committed on its own', async () => {
  const commits = createGroupCommit(db);
  const pages = db.pragma('page_count', { simple: true }) as number;
  db.pragma(`max_page_count = ${pages}`);
  const big = 'x'.repeat(64 * 1024); // more than the file may grow by
  const results = await Promise.allSettled([
    commits.run(() => insert('before')),
    commits.run(() => insert(big)),
    commits.run(() => insert('after')),
  ]);
  db.pragma('max_page_count = 1073741823');
  expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
  expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/full/);
  expect(names()).toEqual([]);
});
