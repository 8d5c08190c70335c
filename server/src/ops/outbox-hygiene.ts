// The outbox never keeps a usable sign-in link longer than the link lives, nor any message forever: every minute the
// tokens of expired links are blanked and messages past the retention period are deleted. A spent link is blanked at
// once by the sign-in route.
import type { FastifyBaseLogger } from 'fastify';
import { SIGN_IN_TOKEN_TTL_MS } from '@studio/shared/domain';
import type { OutboxStore } from '../repositories/ports';

const DAY_MS = 24 * 60 * 60 * 1000;
export const OUTBOX_SWEEP_EVERY_MS = 60 * 1000;

export function startOutboxHygiene(deps: {
  outbox: OutboxStore;
  now: () => Date;
  retentionDays: number;
  log: FastifyBaseLogger;
}) {
  const sweep = async (): Promise<void> => {
    const at = deps.now().getTime();
    try {
      await deps.outbox.redactLinksIssuedBefore(new Date(at - SIGN_IN_TOKEN_TTL_MS).toISOString());
      await deps.outbox.purgeBefore(new Date(at - deps.retentionDays * DAY_MS).toISOString());
    } catch (error) {
      // A busy or full database is reported by /api/health; the next sweep tries again.
      deps.log.warn({ err: error }, 'outbox sweep failed');
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), OUTBOX_SWEEP_EVERY_MS);
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}
