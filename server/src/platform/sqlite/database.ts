// SQLite through better-sqlite3. WAL with synchronous=FULL: a write is acknowledged only once it is durable,
// which is what lets the booking route answer 201 only after the row survives a crash.
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../server-root';

export type Db = Database.Database;

// Beside the code (src/platform/sqlite/migrations, or dist/migrations beside the compiled server); the compiled tools in dist/cli
// find the server's copy.
export const MIGRATIONS_DIR = existsSync(path.join(__dirname, 'migrations'))
  ? path.join(__dirname, 'migrations')
  : path.join(SERVER_ROOT, 'dist', 'migrations');

/** Told each migration's file name as it is applied (the server logs it). */
export type OnMigration = (name: string) => void;

/**
 * The database was migrated by a newer release than this one (an older release once started silently on
 * a database a newer one had migrated, and would have written rows the newer schema does not expect).
 */
export class SchemaTooNew extends Error {
  constructor(
    readonly unknown: string[],
    readonly newestKnown: string | undefined,
  ) {
    super(
      `The database was migrated by a newer release: it has applied ${unknown.join(', ')}, which this release does not know (it knows migrations up to ${newestKnown ?? 'none'}). Start the newer release, or restore the backup taken before the update (docs/deploy.md, section 6).`,
    );
  }
}

/**
 * Runs `work` (synchronous statements) with SQLite's wait for another process's lock turned off: a locked database
 * throws SQLITE_BUSY at once. That wait happens inside the call, holding the whole server for as long, so what can
 * try again later (a background pass, the health probe) does not wait in it.
 */
export function withoutBusyWait<T>(db: Db, work: () => T): T {
  const busyTimeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  try {
    return work();
  } finally {
    db.pragma(`busy_timeout = ${busyTimeout}`);
  }
}

/** Whether SQLite refused because another connection holds the lock (SQLITE_BUSY and its extended codes). */
export const isBusy = (error: unknown): boolean =>
  typeof (error as { code?: unknown } | null)?.code === 'string' &&
  (error as { code: string }).code.startsWith('SQLITE_BUSY');

export function openDatabase(dataDir: string, onMigration?: OnMigration): Db {
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
  try {
    migrate(db, MIGRATIONS_DIR, onMigration);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Applies every migrations/NNN-*.sql not yet applied, each in its own transaction, in file-name order, telling
 * `onMigration` each one's name once it is committed. `dir` lets the upgrade test apply an earlier release's
 * migrations. Refuses (SchemaTooNew), before applying anything, a database that has applied a migration `dir` does
 * not hold.
 */
export function migrate(db: Db, dir = MIGRATIONS_DIR, onMigration?: OnMigration): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(
    db
      .prepare('SELECT name FROM schema_migrations')
      .all()
      .map((r) => (r as { name: string }).name),
  );
  const known = readdirSync(dir)
    .filter((f) => /^\d{3}-.+\.sql$/.test(f))
    .sort();
  const unknown = [...applied].filter((name) => !known.includes(name)).sort();
  if (unknown.length > 0) throw new SchemaTooNew(unknown, known.at(-1));
  const pending = known.filter((f) => !applied.has(f));
  for (const file of pending) {
    const sql = readFileSync(path.join(dir, file), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(file, new Date().toISOString());
    })();
    onMigration?.(file);
  }
  return pending;
}
