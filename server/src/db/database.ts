// SQLite through better-sqlite3. WAL with synchronous=FULL: a write is acknowledged only once it is durable,
// which is what lets the booking route answer 201 only after the row survives a crash.
import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type Db = Database.Database;

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'studio.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // What is deleted or overwritten is zeroed in the file, not left in free space: a redacted link's token (the
  // outbox) or a deleted row must not live on in the file's bytes and in every backup copied from them.
  db.pragma('secure_delete = ON');
  // A concurrent writer (another process on the same file) waits instead of failing at once.
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/**
 * Applies every migrations/NNN-*.sql not yet applied, each in its own transaction, in file-name order. `dir` lets the
 * upgrade test apply an earlier release's migrations.
 */
export function migrate(db: Db, dir = MIGRATIONS_DIR): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(
    db
      .prepare('SELECT name FROM schema_migrations')
      .all()
      .map((r) => (r as { name: string }).name),
  );
  const pending = readdirSync(dir)
    .filter((f) => /^\d{3}-.+\.sql$/.test(f) && !applied.has(f))
    .sort();
  for (const file of pending) {
    const sql = readFileSync(path.join(dir, file), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(file, new Date().toISOString());
    })();
  }
  return pending;
}
