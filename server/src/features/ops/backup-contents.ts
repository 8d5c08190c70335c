// What a backup folder holds (docs/architecture.md, operations), read alike by the backup that writes it
// (features/ops/backup.ts) and the restore that reads it back (features/ops/restore.ts): the database file, the media
// and original uploads, the deployed remotes' versions, and the manifest that records what was copied and whether it
// is whole.
//
// A backup holds her clients' bookings and her private originals: it is readable by the service's user only (folders
// 0700, files 0600), and so is what a restore writes from it.
import Database from 'better-sqlite3';
import { chmodSync, existsSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const DATABASE_FILE = 'studio.sqlite';
export const MEDIA_DIR = 'media';
/** The admin's original uploads (src/features/media/media-store.ts): private, but hers, so backed up beside the media. */
export const ORIGINALS_DIR = 'media-originals';
export const MANIFEST_FILE = 'manifest.json';
/** The deployed remotes' versions (features/deploys/remote-deploys.ts): DATA_DIR/remotes/<remote>/<version>. */
export const REMOTES_DIR = 'remotes';
/** The manifest's layout, written into each manifest: a release that changes the layout counts it up. */
export const MANIFEST_FORMAT = 1;

export type BackupKind = 'daily' | 'manual';

export interface BackupManifest {
  format: number;
  kind: BackupKind;
  createdAt: string;
  database: { file: string; bytes: number; integrity: 'ok'; bookings: number; migrations: string[] };
  media: {
    files: number;
    bytes: number;
    /** Media rows whose files were missing from the site itself when the backup was taken (absent: none). */
    rowsWithoutFiles?: string[];
  };
  /** The original uploads (absent in backups taken before uploads existed). */
  originals?: { files: number; bytes: number };
  /** Per remote, the versions kept in the backup: the live one and the one before it (absent in older backups). */
  remotes?: Record<string, string[]>;
}

/**
 * What a backup holds, in one line: "integrity ok" only when the database passed its check and every media row has
 * its files.
 */
export function describeBackup(manifest: BackupManifest): string {
  const remotes = Object.entries(manifest.remotes ?? {}).map(
    ([remote, versions]) => `${remote} ${versions.join(' and ')}`,
  );
  const missing = manifest.media.rowsWithoutFiles ?? [];
  return [
    `${manifest.database.bookings} booking requests, ${manifest.media.files} media files`,
    ...(remotes.length > 0 ? [`remote versions ${remotes.join(', ')}`] : []),
    missing.length === 0
      ? 'integrity ok.'
      : `NOT whole: ${missing.length} media item(s) have no files on the site itself (${missing.join(', ')}).`,
  ].join(', ');
}

/** Opens a copied database, checks it whole, and reads what the manifest records. Throws when it is damaged. */
export function inspectDatabase(
  file: string,
): Pick<BackupManifest['database'], 'integrity' | 'bookings' | 'migrations'> {
  const db = new Database(file, { fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok')
      throw new Error(`The database copy ${file} failed its integrity check: ${String(integrity)}`);
    const bookings = (db.prepare('SELECT COUNT(*) AS n FROM booking_requests').get() as { n: number }).n;
    const migrations = (
      db.prepare('SELECT name FROM schema_migrations ORDER BY name').all() as Array<{ name: string }>
    ).map((r) => r.name);
    // The copy keeps no WAL beside it: everything is in the one file.
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.pragma('journal_mode = DELETE');
    return { integrity: 'ok', bookings, migrations };
  } finally {
    db.close();
  }
}

/** Makes `target` (a file, or a folder and everything in it) readable by its owner only: folders 0700, files 0600. */
export function makePrivate(target: string): void {
  if (!existsSync(target)) return;
  const stat = lstatSync(target);
  if (stat.isSymbolicLink()) return;
  if (!stat.isDirectory()) {
    chmodSync(target, 0o600);
    return;
  }
  chmodSync(target, 0o700);
  for (const entry of readdirSync(target, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600);
  }
}
