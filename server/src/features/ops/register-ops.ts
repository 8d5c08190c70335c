// Operations in one plugin for the composition root (docs/architecture.md, operations): the request log, the health
// route, the outbox's hygiene and the daily backup. `app.ops` lets tests run a job now instead of waiting for its
// timer.
import fp from 'fastify-plugin';
import type { AppOptions } from '../../platform/config';
import type { Mailer } from '../messaging';
import { mailStatus, RETRY_TICK_MS } from '../messaging';
import { isSqlite } from '../../platform/sqlite/database-plugin';
import type { OutboxStore, Storage } from '../../platform/storage/ports';
import healthRoutes from './health.routes';
import { backupDirOf, type BackupResult } from './backup';
import { startBackupJob } from './backup-job';
import { startOutboxHygiene } from './outbox-hygiene';
import { registerRequestLog } from './request-log';

export interface Ops {
  /** Blanks expired sign-in links and deletes outbox messages past the retention period. */
  sweepOutbox(): Promise<void>;
  /** Takes the daily backup now and prunes the old ones. */
  backupNow(): Promise<BackupResult>;
  /** Sends the refused mail that is due again (features/messaging/mail-queue.ts); answers how many left. */
  sendDueMail(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ops: Ops;
  }
}

export interface OpsPluginOptions {
  options: AppOptions;
  outbox: OutboxStore;
  storage: Storage;
  mailer: Mailer;
}

export default fp(
  async function ops(app, { options, outbox, storage, mailer }: OpsPluginOptions) {
    registerRequestLog(app);
    await app.register(healthRoutes, {
      storage,
      dataDir: options.dataDir,
      minFreeDiskBytes: options.minFreeDiskBytes,
      now: options.now,
      mail: async () => (await mailStatus(mailer.queue, mailer.kind, options.now)).health,
    });
    const sendDueMail = async () => {
      if (!mailer.sendDue) return 0;
      const sent = await mailer.sendDue();
      // Mail given up on is said (health, her dashboard) for a day, and kept as long as the outbox keeps its mail.
      const kept = options.outboxRetentionDays * 24 * 60 * 60 * 1000;
      await mailer.queue?.purgeGivenUpBefore(new Date(options.now().getTime() - kept).toISOString());
      return sent;
    };
    let sendingMail: Promise<unknown> = Promise.resolve();
    const mailTimer = setInterval(() => {
      sendingMail = sendDueMail().catch((error: unknown) =>
        app.log.error({ err: error }, 'the kept mail could not be read to send again'),
      );
    }, RETRY_TICK_MS);
    mailTimer.unref();
    const hygiene = startOutboxHygiene({
      outbox,
      now: options.now,
      retentionDays: options.outboxRetentionDays,
      log: app.log,
    });
    // The daily file backup is SQLite's (a Firestore home is backed up by Google's managed exports).
    const backups = isSqlite(storage)
      ? startBackupJob({
          db: storage.db,
          dataDir: options.dataDir,
          backupDir: backupDirOf(options),
          keep: options.backupKeep,
          now: options.now,
          log: app.log,
        })
      : {
          runNow: () => Promise.reject(new Error('This storage is backed up by its own service, not by files.')),
          stop: async () => undefined,
        };
    // preClose runs before any onClose hook, so a backup under way finishes before the database is closed.
    app.addHook('preClose', async () => {
      clearInterval(mailTimer);
      await sendingMail;
      hygiene.stop();
      await backups.stop();
    });
    app.decorate('ops', { sweepOutbox: hygiene.sweep, backupNow: backups.runNow, sendDueMail } satisfies Ops);
  },
  { name: 'ops', dependencies: ['database'] },
);
