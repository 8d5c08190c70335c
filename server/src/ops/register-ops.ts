// Operations in one plugin for the composition root (docs/architecture.md, operations): the request log, the health
// route, the outbox's hygiene and the daily backup. `app.ops` lets tests run a job now instead of waiting for its
// timer.
import fp from 'fastify-plugin';
import type { AppOptions } from '../config';
import type { OutboxRepository } from '../repositories/outbox-repository';
import healthRoutes from '../routes/health';
import { backupDirOf, type BackupResult } from './backup';
import { startBackupJob } from './backup-job';
import { startOutboxHygiene } from './outbox-hygiene';
import { registerRequestLog } from './request-log';

export interface Ops {
  /** Blanks expired sign-in links and deletes outbox messages past the retention period. */
  sweepOutbox(): void;
  /** Takes the daily backup now and prunes the old ones. */
  backupNow(): Promise<BackupResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ops: Ops;
  }
}

export interface OpsPluginOptions {
  options: AppOptions;
  outbox: OutboxRepository;
}

export default fp(
  async function ops(app, { options, outbox }: OpsPluginOptions) {
    registerRequestLog(app);
    await app.register(healthRoutes, {
      db: app.db,
      dataDir: options.dataDir,
      minFreeDiskBytes: options.minFreeDiskBytes,
      now: options.now,
    });
    const hygiene = startOutboxHygiene({
      outbox,
      now: options.now,
      retentionDays: options.outboxRetentionDays,
      log: app.log,
    });
    const backups = startBackupJob({
      db: app.db,
      dataDir: options.dataDir,
      backupDir: backupDirOf(options),
      keep: options.backupKeep,
      now: options.now,
      log: app.log,
    });
    // preClose runs before any onClose hook, so a backup under way finishes before the database is closed.
    app.addHook('preClose', async () => {
      hygiene.stop();
      await backups.stop();
    });
    app.decorate('ops', { sweepOutbox: hygiene.sweep, backupNow: backups.runNow } satisfies Ops);
  },
  { name: 'ops', dependencies: ['database'] },
);
