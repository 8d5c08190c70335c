// Taking a backup of DATA_DIR (docs/architecture.md, operations; what the backup folder holds:
// features/ops/backup-contents.ts): the database through SQLite's online backup, the media folder, and the live and
// previous version of each deployed remote, into a folder of BACKUP_DIR that appears whole or not at all. Safe while
// the server runs and takes bookings, from the server itself (the daily backup) or from another process
// (`npm run backup`).
//
// The files are copied after the database's snapshot, so what changed in between is reconciled against it: a media
// row whose files are gone from the copy was deleted meanwhile (a deletion removes the row first, then the files), so
// it is dropped from the copy as that deletion dropped it; one whose row is still in the live database is a real loss
// and is named in the manifest, never passed as "integrity ok". A remote's version is copied only when its copy hashes
// to its name (a version is named by its content), so a folder pruned while it was copied is left out, whole.
//
// The backup is made private to the service's user before it appears. A media file unchanged since the newest backup
// (same size and modification time, rsync's quick check; media files are written once under new names) is a hard
// link to that backup's copy, so seven daily backups do not hold seven copies of every photo. Before anything is
// written the disk's free room is checked against what the backup needs, so a full disk refuses the backup with a
// message instead of failing half-way.
import Database from 'better-sqlite3';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  statfsSync,
  utimesSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../platform/sqlite/database';
import { contentVersion } from '../deploys';
import {
  DATABASE_FILE,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MEDIA_DIR,
  ORIGINALS_DIR,
  REMOTES_DIR,
  inspectDatabase,
  makePrivate,
  type BackupKind,
  type BackupManifest,
} from './backup-contents';
import { newBackupName, newestBackup } from './backup-folders';

// What a backup folder holds and which backups BACKUP_DIR keeps have modules of their own; their names are still
// exported from here, where the backup job and the ops routes import them.
export {
  DATABASE_FILE,
  MANIFEST_FILE,
  MEDIA_DIR,
  ORIGINALS_DIR,
  REMOTES_DIR,
  describeBackup,
  inspectDatabase,
  makePrivate,
  type BackupKind,
  type BackupManifest,
} from './backup-contents';

const UPLOADS_DIR = 'uploads';

const hasTable = (db: Database.Database, name: string) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

/**
 * Checks every media row of the copied database against the copied files (see the top of the file). Answers the
 * rows whose files are missing while the live database still has them.
 */
function reconcileMedia(copyFile: string, folder: string, live: Db): string[] {
  const copy = new Database(copyFile, { fileMustExist: true });
  try {
    if (!hasTable(copy, 'media')) return [];
    const rows = copy.prepare('SELECT id, kind, format FROM media').all() as Array<{
      id: string;
      kind: string;
      format: string;
    }>;
    const liveRow = live.prepare('SELECT 1 FROM media WHERE id = ?');
    const drop = copy.prepare('DELETE FROM media WHERE id = ?');
    const withoutFiles: string[] = [];
    for (const { id, kind, format } of rows) {
      const publicDir = path.join(folder, MEDIA_DIR, UPLOADS_DIR, id);
      const whole =
        existsSync(publicDir) &&
        readdirSync(publicDir).length > 0 &&
        (kind !== 'image' || existsSync(path.join(folder, ORIGINALS_DIR, `${id}.${format}`)));
      if (whole) continue;
      if (liveRow.get(id) === undefined) drop.run(id);
      else withoutFiles.push(id);
    }
    return withoutFiles;
  } finally {
    copy.close();
  }
}

/** The live and previous version of each remote, as the copied database records them. */
function recordedRemoteVersions(copyFile: string): Record<string, string[]> {
  const copy = new Database(copyFile, { fileMustExist: true, readonly: true });
  try {
    if (!hasTable(copy, 'remote_live')) return {};
    const lastSwitchTo = copy.prepare(
      'SELECT from_version AS v FROM remote_switches WHERE remote = ? AND to_version = ? ORDER BY id DESC LIMIT 1',
    );
    const result: Record<string, string[]> = {};
    for (const { remote, version } of copy.prepare('SELECT remote, version FROM remote_live').all() as Array<{
      remote: string;
      version: string;
    }>) {
      const previous = (lastSwitchTo.get(remote, version) as { v: string | null } | undefined)?.v ?? null;
      result[remote] = [version, ...(previous && previous !== version ? [previous] : [])];
    }
    return result;
  } finally {
    copy.close();
  }
}

/** Copies the remotes' recorded versions into the backup folder; answers the ones copied whole, per remote. */
async function copyRemoteVersions(
  dataDir: string,
  folder: string,
  recorded: Record<string, string[]>,
): Promise<Record<string, string[]>> {
  const copied: Record<string, string[]> = {};
  for (const [remote, versions] of Object.entries(recorded)) {
    for (const version of versions) {
      // Names come from the database: only a version's own format is ever a path here.
      if (!/^[0-9a-z-]+$/.test(remote) || !/^[0-9a-f]{16}$/.test(version)) continue;
      const source = path.join(dataDir, REMOTES_DIR, remote, version);
      if (!existsSync(source)) continue;
      const target = path.join(folder, REMOTES_DIR, remote, version);
      await cp(source, target, { recursive: true });
      if ((await contentVersion(target)).version === version) (copied[remote] ??= []).push(version);
      else await rm(target, { recursive: true, force: true });
    }
  }
  return copied;
}

export interface BackupResult {
  path: string;
  manifest: BackupManifest;
}

function filesIn(dir: string): { files: number; bytes: number } {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

export class BackupRefused extends Error {}

/**
 * The same size and modification time: rsync's quick check. Within a millisecond, since a time set on the copy is
 * rounded on its way through utimes.
 */
const unchanged = (old: Stats, now: Stats) => old.size === now.size && Math.abs(old.mtimeMs - now.mtimeMs) < 1;

/**
 * Copies the folder `source` to `target`, each file as a hard link to the same file under `previous` (the newest
 * backup's copy) when it is unchanged there, else as a new copy keeping its modification time for the next backup's
 * check. Answers the bytes copied and linked.
 */
function copyLinkingUnchanged(source: string, target: string, previous: string | undefined) {
  let copied = 0;
  let linked = 0;
  mkdirSync(target, { recursive: true, mode: 0o700 });
  for (const entry of readdirSync(source, { recursive: true, withFileTypes: true })) {
    const from = path.join(entry.parentPath, entry.name);
    const relative = path.relative(source, from);
    const to = path.join(target, relative);
    if (entry.isDirectory()) {
      mkdirSync(to, { recursive: true, mode: 0o700 });
      continue;
    }
    if (!entry.isFile()) continue;
    mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
    const stat = statSync(from);
    const before = previous ? path.join(previous, relative) : undefined;
    const old = before && existsSync(before) ? statSync(before) : undefined;
    if (old && unchanged(old, stat)) {
      try {
        linkSync(before!, to);
        linked += stat.size;
        continue;
      } catch {
        // Another file system, or links not allowed: a copy instead.
      }
    }
    copyFileSync(from, to);
    utimesSync(to, stat.atime, stat.mtime);
    chmodSync(to, 0o600);
    copied += stat.size;
  }
  return { copied, linked };
}

/** What copying `dir` into a backup would add on disk: its files not unchanged in `previous`. */
function bytesToCopy(dir: string, previous: string | undefined): number {
  if (!existsSync(dir)) return 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const from = path.join(entry.parentPath, entry.name);
    const stat = statSync(from);
    const before = previous ? path.join(previous, path.relative(dir, from)) : undefined;
    const old = before && existsSync(before) ? statSync(before) : undefined;
    if (!(old && unchanged(old, stat))) bytes += stat.size;
  }
  return bytes;
}

const MB = 1024 * 1024;
/** Room left over after the backup, beyond what it needs: the server's own writes must not fill the disk. */
export const BACKUP_SPARE_BYTES = 64 * MB;

/** Refuses, before anything is written, a backup the disk of `backupDir` has no room for. */
function checkFreeRoom(
  options: { dataDir: string; backupDir: string; freeBytes?: (dir: string) => number },
  previous: string | undefined,
) {
  const database = path.join(options.dataDir, DATABASE_FILE);
  const needed =
    [database, `${database}-wal`].reduce((sum, file) => sum + (existsSync(file) ? statSync(file).size : 0), 0) +
    bytesToCopy(path.join(options.dataDir, MEDIA_DIR), previous && path.join(previous, MEDIA_DIR)) +
    bytesToCopy(path.join(options.dataDir, ORIGINALS_DIR), previous && path.join(previous, ORIGINALS_DIR)) +
    bytesToCopy(path.join(options.dataDir, REMOTES_DIR), undefined);
  const free = (
    options.freeBytes ??
    ((dir: string) => {
      const fs = statfsSync(dir);
      return fs.bavail * fs.bsize;
    })
  )(options.backupDir);
  if (free < needed + BACKUP_SPARE_BYTES) {
    const mb = (bytes: number) => `${Math.ceil(bytes / MB)} MB`;
    throw new BackupRefused(
      `Not enough free space for a backup in ${options.backupDir}: it needs about ${mb(needed)} plus ${mb(BACKUP_SPARE_BYTES)} to spare, and the disk has ${mb(free)} free. Delete old backups (or set BACKUP_DIR to a bigger disk) and run it again. Nothing was written.`,
    );
  }
}

/**
 * Writes one backup of `dataDir` through the open connection `db` and returns its folder. The database is copied in
 * one step of SQLite's online backup, a single read transaction: a consistent snapshot of every committed write,
 * while writers go on (WAL). Copied in many small steps instead, a write from another process would restart the copy
 * every time, and under booking load it might never finish.
 */
export async function takeBackup(options: {
  db: Db;
  dataDir: string;
  backupDir: string;
  kind: BackupKind;
  now?: () => Date;
  /** The free bytes on the disk of a folder; the real disk's unless a test fills it. */
  freeBytes?: (dir: string) => number;
}): Promise<BackupResult> {
  const at = (options.now ?? (() => new Date()))();
  mkdirSync(options.backupDir, { recursive: true, mode: 0o700 });
  const previous = newestBackup(options.backupDir);
  checkFreeRoom(options, previous);
  const name = newBackupName(options.backupDir, options.kind, at);
  const final = path.join(options.backupDir, name);
  const partial = path.join(options.backupDir, `.${name}.partial`);
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { mode: 0o700 });
  try {
    const file = path.join(partial, DATABASE_FILE);
    await options.db.backup(file, { progress: () => 0x7fffffff });
    const checked = inspectDatabase(file);
    const mediaSource = path.join(options.dataDir, MEDIA_DIR);
    if (existsSync(mediaSource))
      copyLinkingUnchanged(mediaSource, path.join(partial, MEDIA_DIR), previous && path.join(previous, MEDIA_DIR));
    const originalsSource = path.join(options.dataDir, ORIGINALS_DIR);
    const originals = filesIn(originalsSource);
    if (originals.files > 0)
      copyLinkingUnchanged(
        originalsSource,
        path.join(partial, ORIGINALS_DIR),
        previous && path.join(previous, ORIGINALS_DIR),
      );
    const rowsWithoutFiles = reconcileMedia(file, partial, options.db);
    const remotes = await copyRemoteVersions(options.dataDir, partial, recordedRemoteVersions(file));
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      kind: options.kind,
      createdAt: at.toISOString(),
      database: { file: DATABASE_FILE, bytes: statSync(file).size, ...checked },
      media: {
        ...filesIn(path.join(partial, MEDIA_DIR)),
        ...(rowsWithoutFiles.length > 0 ? { rowsWithoutFiles } : {}),
      },
      ...(originals.files > 0 ? { originals: filesIn(path.join(partial, ORIGINALS_DIR)) } : {}),
      ...(Object.keys(remotes).length > 0 ? { remotes } : {}),
    };
    writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    // The database and remotes were written by SQLite and cp with the process's umask; media files are linked or
    // copied private already (a chmod of a link would be a chmod of the previous backup's file: the same 0600).
    makePrivate(partial);
    renameSync(partial, final);
    return { path: final, manifest };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}
