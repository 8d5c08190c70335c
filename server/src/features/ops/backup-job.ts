// The running server's daily backup (features/ops/backup.ts), keeping the newest BACKUP_KEEP. The first one is due a day after
// the newest daily backup found, so restarts and upgrades neither skip a day nor take extra ones; one that is overdue
// waits a minute after start, so it never competes with the start itself.
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../../platform/jobs';
import type { Db } from '../../platform/sqlite/database';
import { takeBackup, type BackupResult } from './backup';
import { listBackups, pruneBackups, takenAt } from './backup-folders';

export const BACKUP_EVERY_MS = 24 * 60 * 60 * 1000;
export const OVERDUE_BACKUP_DELAY_MS = 60 * 1000;

/** How long to wait for the next daily backup, given when the newest was taken (undefined: none yet). */
export function nextBackupDelay(newest: Date | undefined, now: Date): number {
  if (!newest) return OVERDUE_BACKUP_DELAY_MS;
  return Math.max(OVERDUE_BACKUP_DELAY_MS, newest.getTime() + BACKUP_EVERY_MS - now.getTime());
}

/**
 * The daily backup as a job of the server's runner (platform/jobs.ts), due a day after the newest (none when `keep` is
 * 0); a pass answers the backup taken. One asked for now is the runner's too (runNow), so two never run at once, and
 * the runner's stop waits for one under way before the database is closed.
 */
export function dailyBackupJob(deps: {
  db: Db;
  dataDir: string;
  backupDir: string;
  keep: number;
  now: () => Date;
  log: FastifyBaseLogger;
}): Job {
  return {
    name: 'daily backup',
    due: {
      next: async () => {
        if (deps.keep === 0) return null;
        const newest = listBackups(deps.backupDir, 'daily').at(-1);
        return nextBackupDelay(newest ? takenAt(newest) : undefined, deps.now());
      },
    },
    async run(): Promise<BackupResult> {
      const result = await takeBackup({
        db: deps.db,
        dataDir: deps.dataDir,
        backupDir: deps.backupDir,
        kind: 'daily',
        now: deps.now,
      });
      const pruned = pruneBackups(deps.backupDir, 'daily', deps.keep);
      deps.log.info(
        { backup: result.path, bookings: result.manifest.database.bookings, pruned: pruned.length },
        'daily backup written',
      );
      const withoutFiles = result.manifest.media.rowsWithoutFiles;
      if (withoutFiles) {
        deps.log.error({ backup: result.path, media: withoutFiles }, 'media items have no files on the site');
      }
      return result;
    },
  };
}
