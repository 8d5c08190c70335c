// Restores a backup (features/ops/backup.ts) into DATA_DIR. Only into an empty one (the backup folder itself may live there),
// unless told to replace what is there; then nothing is deleted: the database and media found are moved aside into
// BACKUP_DIR first. It refuses, changing nothing, while a server holds DATA_DIR (features/ops/data-lock.ts), and holds it
// itself meanwhile, so no server starts on a half-restored folder. What it writes is readable by the service's user
// only (folders 0700, files 0600): bookings, addresses and her originals.
//
// The remotes' versions are restored with it, and the database is reconciled with them before it is put in place: a
// version recorded live whose files the backup does not hold (an older backup, or a version pruned while it was
// taken) is switched away from, to the version before it when that one's files are there, else to the build output;
// the switch is in the history. Versions recorded without files stay recorded, shown as missing; no switch goes to
// them (features/deploys/remote-deploys.ts). Every such change is answered, for the restore command to print.
import Database from 'better-sqlite3';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { DataDirLocked, LOCK_FILE, lockDataDir } from './data-lock';
import {
  DATABASE_FILE,
  MANIFEST_FILE,
  MEDIA_DIR,
  ORIGINALS_DIR,
  REMOTES_DIR,
  inspectDatabase,
  makePrivate,
  type BackupManifest,
} from './backup-contents';

export class RestoreRefused extends Error {}

export interface RestoreResult {
  dataDir: string;
  bookings: number;
  mediaFiles: number;
  /** Where the replaced database and media were moved, when there were any. */
  movedAsideTo?: string;
  /** Per remote, what the site serves after the restore and what the restore changed to get there. */
  remotes: RemoteRestored[];
  /** Media rows the backup names as having no files (taken while they were missing on the site). */
  mediaWithoutFiles: string[];
}

export interface RemoteRestored {
  remote: string;
  /** The version live after the restore; null: the build output. */
  live: string | null;
  /** The version the backup recorded live when the restore had to switch away from it (its files are not there). */
  replaced?: string;
  /** Recorded versions whose files the backup does not hold: kept in the list as missing. */
  missing: string[];
}

const SWITCHED_BY_RESTORE = (version: string) => `the restore (the backup holds no files of ${version})`;

/** Makes the restored database's live versions agree with the restored files (see the top of the file). */
function reconcileRemotes(databaseFile: string, remotesDir: string, at: string): RemoteRestored[] {
  const db = new Database(databaseFile, { fileMustExist: true });
  try {
    const hasTables = db
      .prepare(
        "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('remote_live', 'remote_versions')",
      )
      .get() as { n: number };
    if (hasTables.n < 2) return [];
    const hasFiles = (remote: string, version: string) =>
      existsSync(path.join(remotesDir, remote, version, 'mf-manifest.json'));
    const previousOf = db.prepare(
      'SELECT from_version AS v FROM remote_switches WHERE remote = ? AND to_version = ? ORDER BY id DESC LIMIT 1',
    );
    const recorded = db.prepare(
      'SELECT version FROM remote_versions WHERE remote = ? ORDER BY created_at DESC, rowid DESC',
    );
    const lives = db.prepare('SELECT remote, version FROM remote_live ORDER BY remote').all() as Array<{
      remote: string;
      version: string;
    }>;
    const remotes = new Set([
      ...lives.map((l) => l.remote),
      ...(
        db.prepare('SELECT DISTINCT remote FROM remote_versions ORDER BY remote').all() as Array<{ remote: string }>
      ).map((r) => r.remote),
    ]);
    const results: RemoteRestored[] = [];
    db.transaction(() => {
      for (const remote of [...remotes].sort()) {
        const missing = (recorded.all(remote) as Array<{ version: string }>)
          .map((r) => r.version)
          .filter((v) => !hasFiles(remote, v));
        const live = lives.find((l) => l.remote === remote)?.version ?? null;
        if (live === null || hasFiles(remote, live)) {
          results.push({ remote, live, missing });
          continue;
        }
        const previous = (previousOf.get(remote, live) as { v: string | null } | undefined)?.v ?? null;
        if (previous !== null && hasFiles(remote, previous)) {
          db.prepare('UPDATE remote_live SET version = ?, switched_at = ? WHERE remote = ?').run(previous, at, remote);
          db.prepare(
            "INSERT INTO remote_switches (remote, from_version, to_version, switched_at, switched_by, kind) VALUES (?, ?, ?, ?, ?, 'rollback')",
          ).run(remote, live, previous, at, SWITCHED_BY_RESTORE(live));
          results.push({ remote, live: previous, replaced: live, missing });
        } else {
          // No row: the build output is live (migration 020).
          db.prepare('DELETE FROM remote_live WHERE remote = ?').run(remote);
          results.push({ remote, live: null, replaced: live, missing });
        }
      }
    })();
    return results;
  } finally {
    db.close();
  }
}

function readManifest(backup: string): BackupManifest {
  const file = path.join(backup, MANIFEST_FILE);
  if (!existsSync(file) || !existsSync(path.join(backup, DATABASE_FILE))) {
    throw new RestoreRefused(`${backup} is not a Studio backup: it has no ${MANIFEST_FILE} and ${DATABASE_FILE}.`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
}

/** What DATA_DIR holds besides the backup folder (and the lock, which is not data). */
function occupants(dataDir: string, backupDir: string): string[] {
  if (!existsSync(dataDir)) return [];
  return readdirSync(dataDir).filter(
    (name) => name !== LOCK_FILE && path.resolve(dataDir, name) !== path.resolve(backupDir),
  );
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
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir, 'restore');
  } catch (error) {
    if (error instanceof DataDirLocked) throw new RestoreRefused(error.message);
    throw error;
  }
  try {
    return restoreLocked(backup, dataDir, manifest, present, options);
  } finally {
    unlock();
  }
}

function restoreLocked(
  backup: string,
  dataDir: string,
  manifest: BackupManifest,
  present: string[],
  options: { backup: string; backupDir: string; now?: () => Date },
): RestoreResult {
  // The database is checked in a temporary file beside its final place, then renamed: DATA_DIR never holds a
  // half-copied database.
  const incoming = path.join(dataDir, `.restore-${process.pid}.sqlite`);
  const incomingMedia = path.join(dataDir, `.restore-${process.pid}-media`);
  const incomingOriginals = path.join(dataDir, `.restore-${process.pid}-originals`);
  const incomingRemotes = path.join(dataDir, `.restore-${process.pid}-remotes`);
  let movedAsideTo: string | undefined;
  try {
    copyFileSync(path.join(backup, manifest.database.file), incoming);
    const checked = inspectDatabase(incoming);
    if (existsSync(path.join(backup, MEDIA_DIR)))
      cpSync(path.join(backup, MEDIA_DIR), incomingMedia, { recursive: true });
    if (existsSync(path.join(backup, ORIGINALS_DIR)))
      cpSync(path.join(backup, ORIGINALS_DIR), incomingOriginals, { recursive: true });
    if (existsSync(path.join(backup, REMOTES_DIR)))
      cpSync(path.join(backup, REMOTES_DIR), incomingRemotes, { recursive: true });
    const at = (options.now ?? (() => new Date()))();
    const remotes = reconcileRemotes(incoming, incomingRemotes, at.toISOString());
    for (const made of [incoming, incomingMedia, incomingOriginals, incomingRemotes]) makePrivate(made);
    chmodSync(dataDir, 0o700);

    if (present.length > 0) {
      movedAsideTo = path.join(options.backupDir, `replaced-${at.toISOString().replace(/[:.]/g, '-')}`);
      mkdirSync(movedAsideTo, { recursive: true, mode: 0o700 });
      for (const name of present) moveInto(path.join(dataDir, name), path.join(movedAsideTo, name));
    }
    renameSync(incoming, path.join(dataDir, DATABASE_FILE));
    if (existsSync(incomingMedia)) renameSync(incomingMedia, path.join(dataDir, MEDIA_DIR));
    if (existsSync(incomingOriginals)) renameSync(incomingOriginals, path.join(dataDir, ORIGINALS_DIR));
    if (existsSync(incomingRemotes)) renameSync(incomingRemotes, path.join(dataDir, REMOTES_DIR));
    return {
      dataDir,
      bookings: checked.bookings,
      mediaFiles: manifest.media.files,
      ...(movedAsideTo ? { movedAsideTo } : {}),
      remotes,
      mediaWithoutFiles: manifest.media.rowsWithoutFiles ?? [],
    };
  } finally {
    rmSync(incoming, { force: true });
    rmSync(`${incoming}-wal`, { force: true });
    rmSync(`${incoming}-shm`, { force: true });
    rmSync(incomingMedia, { recursive: true, force: true });
    rmSync(incomingOriginals, { recursive: true, force: true });
    rmSync(incomingRemotes, { recursive: true, force: true });
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

/** What the restore did, line by line, for the restore command to print. */
export function restoreReport(backup: string, result: RestoreResult): string[] {
  const lines: string[] = [];
  if (result.movedAsideTo) lines.push(`What ${result.dataDir} held was moved to ${result.movedAsideTo}.`);
  const whole = result.mediaWithoutFiles.length === 0;
  lines.push(
    `Restored ${backup} into ${result.dataDir}: ${result.bookings} booking requests, ${result.mediaFiles} media files, ${
      whole
        ? 'integrity ok.'
        : `but ${result.mediaWithoutFiles.length} media item(s) had no files when it was taken (${result.mediaWithoutFiles.join(', ')}).`
    }`,
  );
  for (const r of result.remotes) {
    const live = r.live ?? 'the build output';
    lines.push(
      r.replaced
        ? `${r.remote}: the backup recorded ${r.replaced} live but holds none of its files; switched to ${live} (recorded in its history).`
        : `${r.remote}: ${live} is live, as the backup recorded.`,
    );
    if (r.missing.length > 0) {
      lines.push(
        `${r.remote}: ${r.missing.length} recorded version(s) have no files in the backup and are shown as missing (never live, no rollback to them): ${r.missing.join(', ')}.`,
      );
    }
  }
  return lines;
}
