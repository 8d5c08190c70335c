// `npm run backup`: one consistent backup of DATA_DIR (the database through SQLite's online backup, the media, and the
// live and previous version of each deployed remote)
// into BACKUP_DIR (default DATA_DIR/backups), safe while the server runs. Prints the backup's folder on standard
// output, and what it holds on standard error.
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startTool } from './tool-settings';
import { takeBackup } from '../features/ops/backup';
import { DATABASE_FILE, describeBackup } from '../features/ops/backup-contents';
import { backupDirOf } from '../features/ops/backup-folders';

async function main(): Promise<number> {
  const tool = startTool(process.argv.slice(2));
  if (!tool) return 1;
  const { options } = tool;
  const file = path.join(options.dataDir, DATABASE_FILE);
  if (!existsSync(file)) {
    console.error(`There is no database at ${file}. Set DATA_DIR to the site's data folder.`);
    return 1;
  }
  const db = new Database(file, { fileMustExist: true });
  // The server may be writing: wait for its transaction rather than fail.
  db.pragma('busy_timeout = 5000');
  try {
    const { path: folder, manifest } = await takeBackup({
      db,
      dataDir: options.dataDir,
      backupDir: backupDirOf(options),
      kind: 'manual',
    });
    console.log(folder);
    console.error(`Backup written: ${describeBackup(manifest)}`);
    // Written, and kept, but not whole: the exit code says so to whatever runs it on a schedule.
    return manifest.media.rowsWithoutFiles ? 1 : 0;
  } finally {
    db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`The backup failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
