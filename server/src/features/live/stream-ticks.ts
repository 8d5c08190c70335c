// The upkeep of the admin's open event streams (admin-events.routes.ts): a heartbeat every HEARTBEAT_MS and a
// re-check of the session every SESSION_RECHECK_MS, for every stream, from one job of the server's runner
// (platform/jobs.ts) rather than two intervals per stream, so the server keeps one timer however many tabs are open.
//
// Why the runner and not a ticker of our own: its one timeout already serves every recurring pass and is stopped
// before the storage closes, and what it adds fits a heartbeat once the pass is written for it. The pass never fails
// (a stream whose session cannot be checked is ended, that stream alone), so the runner's backoff, which would starve
// every stream of heartbeats, and /api/health's failingJobs never apply. The pass does not wait for the session reads it
// starts, so a slow store cannot hold the heartbeats back behind the runner's no-overlap rule. And nothing is due
// while no stream is open: the job asks for no pass until the first stream opens, and for none once the last closes.
import type { JobRunner } from '../../platform/jobs';

/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** How often a stream re-checks its session, so an expired session (not only a sign-out) ends it too. */
export const SESSION_RECHECK_MS = 1_000;
/** The runner's name for the job, as /api/health and the operator see it. */
export const STREAM_TICKS_JOB = 'live streams';

// The job ticks at the re-check's period; a stream's heartbeat is every so many of its own ticks, so each stream keeps
// the heartbeat's period counted from when it opened (to within a tick), not from when the first stream did.
const TICKS_PER_HEARTBEAT = Math.max(1, Math.round(HEARTBEAT_MS / SESSION_RECHECK_MS));

/** What a stream does on a tick; neither may throw, and a re-check ends its stream itself when it must. */
export interface TickedStream {
  heartbeat(): void;
  recheck(): void;
}

export interface StreamTicks {
  /** Ticks the stream from now on; the function returned stops it (a closed stream gets nothing more). */
  add(stream: TickedStream): () => void;
}

export function streamTicks(jobs: JobRunner): StreamTicks {
  /** Each open stream and the ticks it has had. */
  const open = new Map<TickedStream, number>();
  const scheduled = jobs.add({
    name: STREAM_TICKS_JOB,
    // Heartbeats and session reads: they go on while another process holds the database's write lock.
    writes: false,
    due: { next: async () => (open.size > 0 ? SESSION_RECHECK_MS : null) },
    async run() {
      for (const [stream, ticks] of [...open]) {
        // Ended by an earlier stream's tick in this pass (a heartbeat can drop a stream that stopped reading).
        if (!open.has(stream)) continue;
        open.set(stream, ticks + 1);
        stream.recheck();
        if ((ticks + 1) % TICKS_PER_HEARTBEAT === 0) stream.heartbeat();
      }
    },
  });
  return {
    add(stream) {
      open.set(stream, 0);
      // The first stream starts the ticks; the others join them.
      if (open.size === 1) void scheduled.reschedule();
      return () => {
        if (!open.delete(stream)) return;
        // The last one stops them at once, rather than after one more pass with no one to tick.
        if (open.size === 0) void scheduled.reschedule();
      };
    },
  };
}
