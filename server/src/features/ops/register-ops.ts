// Operations in one plugin for the composition root (docs/architecture.md, operations): the request log, the health
// route, and three jobs of the server's runner (platform/jobs.ts): sending refused mail again, the outbox's hygiene and
// the daily backup. A pass of one now, for tests and the Firebase home's scheduler, is the runner's: app.jobs.runNow.
import fp from 'fastify-plugin';
import type { AppOptions } from '../../platform/config';
import type { JobRunner } from '../../platform/jobs';
import type { Mailer, OutboxStore } from '../messaging';
import { mailStatus, RETRY_TICK_MS } from '../messaging';
import { isSqlite } from '../../platform/sqlite/database-plugin';
import type { StorageConnection } from '../../platform/storage/storage-port';
import healthRoutes from './health.routes';
import { backupDirOf } from './backup-folders';
import { dailyBackupJob } from './backup-job';
import { outboxSweepJob } from './outbox-hygiene';
import { registerRequestLog } from './request-log';

export interface OpsPluginOptions {
  options: AppOptions;
  outbox: OutboxStore;
  storage: StorageConnection;
  mailer: Mailer;
  /** The server's one runner of background jobs: this plugin adds its three; the app stops it on close. */
  jobs: JobRunner;
}

export default fp(
  async function ops(app, { options, outbox, storage, mailer, jobs }: OpsPluginOptions) {
    registerRequestLog(app);
    await app.register(healthRoutes, {
      storage,
      dataDir: options.dataDir,
      minFreeDiskBytes: options.minFreeDiskBytes,
      now: options.now,
      mail: async () => (await mailStatus(mailer.queue, mailer.kind, options.now)).health,
      jobs: () => jobs.status(),
    });
    // Answers how many left, for the Firebase home's scheduled call to log.
    const sendDueMail = async () => {
      if (!mailer.sendDue) return 0;
      const sent = await mailer.sendDue();
      // Mail given up on is said (health, her dashboard) for a day, and kept as long as the outbox keeps its mail.
      const kept = options.outboxRetentionDays * 24 * 60 * 60 * 1000;
      await mailer.queue?.purgeGivenUpBefore(new Date(options.now().getTime() - kept).toISOString());
      return sent;
    };
    // Refused mail is looked for every RETRY_TICK_MS, the first time that long after start.
    jobs.add({
      name: 'mail retry',
      due: { everyMs: RETRY_TICK_MS, firstInMs: RETRY_TICK_MS },
      run: sendDueMail,
    });
    jobs.add(outboxSweepJob({ outbox, now: options.now, retentionDays: options.outboxRetentionDays }));
    // The daily file backup is SQLite's (a Firestore home is backed up by Google's managed exports). A backup under
    // way, timed or asked for, is a pass of the runner, which the app stops (and waits for) before closing the database.
    if (isSqlite(storage))
      jobs.add(
        dailyBackupJob({
          db: storage.db,
          dataDir: options.dataDir,
          backupDir: backupDirOf(options),
          keep: options.backupKeep,
          now: options.now,
          log: app.log,
        }),
      );
  },
  { name: 'ops', dependencies: ['database'] },
);
