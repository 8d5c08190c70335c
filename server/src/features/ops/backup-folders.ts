// The backups kept in BACKUP_DIR, one folder each, named by their kind and the moment they were taken
// (daily-2026-11-23T03-00-00-000Z), so that their names sort by time: where they live, which ones there are, the
// newest (the one a new backup links its unchanged media to), and the pruning of the oldest.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { BackupKind } from './backup-contents';

/** BACKUP_DIR, or DATA_DIR/backups when it is not set. */
export function backupDirOf(options: { dataDir: string; backupDir: string | undefined }): string {
  return path.resolve(options.backupDir ?? path.join(options.dataDir, 'backups'));
}

const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');
const BACKUP_NAME = /^(daily|manual)-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)(-\d+)?$/;

/**
 * The name of a new backup of `kind` taken at `at` in `backupDir`: its kind and moment, with a counter when a
 * backup of the same kind was taken in the same millisecond.
 */
export function newBackupName(backupDir: string, kind: BackupKind, at: Date): string {
  let name = `${kind}-${stamp(at)}`;
  for (let n = 2; existsSync(path.join(backupDir, name)); n++) name = `${kind}-${stamp(at)}-${n}`;
  return name;
}

/** The finished backups of one kind in `backupDir`, oldest first. */
export function listBackups(backupDir: string, kind: BackupKind): string[] {
  if (!existsSync(backupDir)) return [];
  return readdirSync(backupDir)
    .filter((name) => BACKUP_NAME.exec(name)?.[1] === kind)
    .sort()
    .map((name) => path.join(backupDir, name));
}

/** The newest finished backup of any kind in `backupDir` (its files are what the next one may link to). */
export function newestBackup(backupDir: string): string | undefined {
  if (!existsSync(backupDir)) return undefined;
  const newest = readdirSync(backupDir)
    .map((name) => ({ name, time: BACKUP_NAME.exec(name)?.[2] }))
    .filter((b): b is { name: string; time: string } => b.time !== undefined)
    .sort((a, b) => a.time.localeCompare(b.time) || a.name.localeCompare(b.name))
    .at(-1);
  return newest && path.join(backupDir, newest.name);
}

/** Deletes the oldest backups of `kind` past the newest `keep`; returns what it deleted. */
export function pruneBackups(backupDir: string, kind: BackupKind, keep: number): string[] {
  const all = listBackups(backupDir, kind);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const dir of old) rmSync(dir, { recursive: true, force: true });
  return old;
}

/** When a backup folder was taken, read from its name. */
export function takenAt(dir: string): Date | undefined {
  const time = BACKUP_NAME.exec(path.basename(dir))?.[2];
  return time ? new Date(time.replace(/T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, 'T$1:$2:$3.$4Z')) : undefined;
}
