// Operations in one plugin for the composition root (docs/architecture.md, operations): the request log, the health
// route, and three jobs of the server's runner (platform/jobs.ts): sending refused mail again, the outbox's hygiene and
// the daily backup. `app.ops` lets tests run a job now instead of waiting for the runner's timer.
import fp from 'fastify-plugin';
import type { AppOptions } from '../../platform/config';
import type { JobRunner, JobStatus } from '../../platform/jobs';
import type { Mailer, OutboxStore } from '../messaging';
import { mailStatus, RETRY_TICK_MS } from '../messaging';
import { isSqlite } from '../../platform/sqlite/database-plugin';
import type { StorageConnection } from '../../platform/storage/storage-port';
import healthRoutes from './health.routes';
import type { BackupResult } from './backup';
import { backupDirOf } from './backup-folders';
import { dailyBackups } from './backup-job';
import { outboxSweepJob } from './outbox-hygiene';
import { registerRequestLog } from './request-log';

export interface Ops {
  /** Blanks expired links and deletes outbox messages past the retention period: a pass of its job (never rejects). */
  sweepOutbox(): Promise<void>;
  /** Takes the daily backup now and prunes the old ones. */
  backupNow(): Promise<BackupResult>;
  /** Sends the refused mail that is due again (features/messaging/mail-queue.ts); answers how many left. */
  sendDueMail(): Promise<number>;
  /**
   * Each job of the runner with its last run and last failure. Said nowhere yet: /api/health's answer (shared's
   * healthSchema) is strict and has no field for them, so a failing job is only logged.
   */
  jobs(): JobStatus[];
}

declare module 'fastify' {
  interface FastifyInstance {
    ops: Ops;
  }
}

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
    const hygiene = jobs.add(outboxSweepJob({ outbox, now: options.now, retentionDays: options.outboxRetentionDays }));
    // The daily file backup is SQLite's (a Firestore home is backed up by Google's managed exports).
    const backups = isSqlite(storage)
      ? dailyBackups({
          db: storage.db,
          dataDir: options.dataDir,
          backupDir: backupDirOf(options),
          keep: options.backupKeep,
          now: options.now,
          log: app.log,
        })
      : undefined;
    if (backups) {
      jobs.add(backups.job);
      // preClose runs before any onClose hook, so a backup under way (the runner's or one asked for) finishes before
      // the database is closed.
      app.addHook('preClose', async () => backups.idle());
    }
    app.decorate('ops', {
      sweepOutbox: hygiene.runNow,
      backupNow: backups
        ? backups.runNow
        : () => Promise.reject(new Error('This storage is backed up by its own service, not by files.')),
      sendDueMail,
      jobs: () => jobs.status(),
    } satisfies Ops);
  },
  { name: 'ops', dependencies: ['database'] },
);
