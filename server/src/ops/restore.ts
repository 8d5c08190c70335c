// Restores a backup (ops/backup.ts) into DATA_DIR. Only into an empty one (the backup folder itself may live there),
// unless told to replace what is there; then nothing is deleted: the database and media found are moved aside into
// BACKUP_DIR first. The server must be stopped while it runs.
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_FILE, MANIFEST_FILE, MEDIA_DIR, ORIGINALS_DIR, inspectDatabase, type BackupManifest } from './backup';

export class RestoreRefused extends Error {}

export interface RestoreResult {
  dataDir: string;
  bookings: number;
  mediaFiles: number;
  /** Where the replaced database and media were moved, when there were any. */
  movedAsideTo?: string;
}

function readManifest(backup: string): BackupManifest {
  const file = path.join(backup, MANIFEST_FILE);
  if (!existsSync(file) || !existsSync(path.join(backup, DATABASE_FILE))) {
    throw new RestoreRefused(`${backup} is not a Studio backup: it has no ${MANIFEST_FILE} and ${DATABASE_FILE}.`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
}

/** What DATA_DIR holds besides the backup folder. */
function occupants(dataDir: string, backupDir: string): string[] {
  if (!existsSync(dataDir)) return [];
  return readdirSync(dataDir).filter((name) => path.resolve(dataDir, name) !== path.resolve(backupDir));
}

export function restoreBackup(options: {
  backup: string;
  dataDir: string;
  backupDir: string;
  /** Replace a DATA_DIR that is not empty (what was there is moved into BACKUP_DIR, not deleted). */
  replace?: boolean;
  now?: () => Date;
}): RestoreResult {
  const backup = path.resolve(options.backup);
  const dataDir = path.resolve(options.dataDir);
  const manifest = readManifest(backup);
  const present = occupants(dataDir, options.backupDir);
  if (present.length > 0 && !options.replace) {
    throw new RestoreRefused(
      `${dataDir} is not empty (${present.join(', ')}). Restore into an empty DATA_DIR, or stop the server and pass --force to replace it (what is there is moved into the backup folder first).`,
    );
  }
  mkdirSync(dataDir, { recursive: true });

  // The database is checked in a temporary file beside its final place, then renamed: DATA_DIR never holds a
  // half-copied database.
  const incoming = path.join(dataDir, `.restore-${process.pid}.sqlite`);
  const incomingMedia = path.join(dataDir, `.restore-${process.pid}-media`);
  const incomingOriginals = path.join(dataDir, `.restore-${process.pid}-originals`);
  let movedAsideTo: string | undefined;
  try {
    copyFileSync(path.join(backup, manifest.database.file), incoming);
    const checked = inspectDatabase(incoming);
    if (existsSync(path.join(backup, MEDIA_DIR)))
      cpSync(path.join(backup, MEDIA_DIR), incomingMedia, { recursive: true });
    if (existsSync(path.join(backup, ORIGINALS_DIR)))
      cpSync(path.join(backup, ORIGINALS_DIR), incomingOriginals, { recursive: true });

    if (present.length > 0) {
      const at = (options.now ?? (() => new Date()))().toISOString().replace(/[:.]/g, '-');
      movedAsideTo = path.join(options.backupDir, `replaced-${at}`);
      mkdirSync(movedAsideTo, { recursive: true });
      for (const name of present) moveInto(path.join(dataDir, name), path.join(movedAsideTo, name));
    }
    renameSync(incoming, path.join(dataDir, DATABASE_FILE));
    if (existsSync(incomingMedia)) renameSync(incomingMedia, path.join(dataDir, MEDIA_DIR));
    if (existsSync(incomingOriginals)) renameSync(incomingOriginals, path.join(dataDir, ORIGINALS_DIR));
    return {
      dataDir,
      bookings: checked.bookings,
      mediaFiles: manifest.media.files,
      ...(movedAsideTo ? { movedAsideTo } : {}),
    };
  } finally {
    rmSync(incoming, { force: true });
    rmSync(`${incoming}-wal`, { force: true });
    rmSync(`${incoming}-shm`, { force: true });
    rmSync(incomingMedia, { recursive: true, force: true });
    rmSync(incomingOriginals, { recursive: true, force: true });
  }
}

/** rename, or copy and delete when BACKUP_DIR is on another file system. */
function moveInto(from: string, to: string) {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    cpSync(from, to, { recursive: true });
    rmSync(from, { recursive: true, force: true });
  }
}
