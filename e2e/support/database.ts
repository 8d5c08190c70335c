// The server's SQLite file, opened from a browser test. better-sqlite3 is a dependency of the server package, so it
// is resolved from there.
import { createRequire } from 'node:module';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { REPO_ROOT } from './server';

const Database = createRequire(path.join(REPO_ROOT, 'server', 'package.json'))(
  'better-sqlite3',
) as typeof BetterSqlite3;

export function openDatabase(dataDir: string, options: BetterSqlite3.Options = {}): BetterSqlite3.Database {
  return new Database(path.join(dataDir, 'studio.sqlite'), { fileMustExist: true, ...options });
}

/**
 * The stored row of the booking made under `name` (names are unique per test), or undefined. `dataDir` defaults to
 * the shared server's (E2E_DATA_DIR, set by the Playwright config); a test with its own server passes its own.
 */
export function storedBooking(name: string, dataDir = process.env.E2E_DATA_DIR): Record<string, unknown> | undefined {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through the Playwright config');
  const db = openDatabase(dataDir, { readonly: true });
  try {
    return db.prepare('SELECT * FROM booking_requests WHERE name = ?').get(name) as Record<string, unknown> | undefined;
  } finally {
    db.close();
  }
}
