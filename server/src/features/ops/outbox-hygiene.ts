// The outbox never keeps a usable link longer than it must, nor any message forever: every minute the tokens of the
// links kept longer than OUTBOX_LINK_WINDOW_MS are blanked and messages past the retention period are deleted. A
// sign-in link has expired by then (a spent one is blanked at once by the sign-in route). A client's manage link and a
// contract's signing link live on (for the whole booking, until the contract is signed), but the mail carrying them
// has been delivered: read from the development outbox, where a developer or a test takes the link within minutes.
// Kept in clear text for days, they would sit in every backup of the database, readable by whoever gets hold of one.
import { SIGN_IN_TOKEN_TTL_MS } from '@studio/shared/domain';
import type { Job } from '../../platform/jobs';
import type { OutboxStore } from '../messaging';

const DAY_MS = 24 * 60 * 60 * 1000;
export const OUTBOX_SWEEP_EVERY_MS = 60 * 1000;
/** How long a kept mail's secret links stay readable: a sign-in link's lifetime, for every kind of link. */
export const OUTBOX_LINK_WINDOW_MS = SIGN_IN_TOKEN_TTL_MS;

/**
 * The sweep as a job of the server's runner (platform/jobs.ts): at once, then every minute. A busy or full database
 * fails the pass: /api/health reports the database, and the runner tries again.
 */
export function outboxSweepJob(deps: { outbox: OutboxStore; now: () => Date; retentionDays: number }): Job {
  return {
    name: 'outbox sweep',
    due: { everyMs: OUTBOX_SWEEP_EVERY_MS },
    async run() {
      const at = deps.now().getTime();
      await deps.outbox.redactLinksIssuedBefore(new Date(at - OUTBOX_LINK_WINDOW_MS).toISOString());
      await deps.outbox.purgeBefore(new Date(at - deps.retentionDays * DAY_MS).toISOString());
    },
  };
}
