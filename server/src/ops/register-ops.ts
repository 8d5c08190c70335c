// Operations in one place for the composition root (docs/architecture.md, operations): the request log and the
// outbox's hygiene. `app.ops` lets tests and the command-line tools run a job now instead of waiting for its timer.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { startOutboxHygiene } from './outbox-hygiene';
import { registerRequestLog } from './request-log';

export interface Ops {
  /** Blanks expired sign-in links and deletes outbox messages past the retention period. */
  sweepOutbox(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    ops: Ops;
  }
}

export function registerOps(app: FastifyInstance, deps: AppDeps) {
  registerRequestLog(app);
  const hygiene = startOutboxHygiene({
    outbox: deps.outbox,
    now: deps.options.now,
    retentionDays: deps.options.outboxRetentionDays,
    log: app.log,
  });
  app.addHook('onClose', async () => hygiene.stop());
  app.decorate('ops', { sweepOutbox: hygiene.sweep } satisfies Ops);
}
