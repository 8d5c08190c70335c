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
