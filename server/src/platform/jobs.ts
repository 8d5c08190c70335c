// The server's background work on one timer. Each feature keeps its own pass (a tick function) and hands the runner a
// job: a name, when it is next due, and the pass. The runner holds one timeout, set for the earliest job due; a job
// that comes due while its previous pass is still running waits for it (a slow SMTP server or database never piles
// passes up). A pass that fails is logged with the job's name and run again after the same backoff for every job, so a
// failing storage is neither hammered nor forgotten. Each job's last run and last failure are kept for the operator.
// stop() clears the timer and waits for the passes under way, so nothing touches the storage once the app closes it.
// A home whose own scheduler runs the work (the Firebase functions' onSchedule, where an instance's timers run only
// while it serves a request) asks for a pass by the job's name, runNow(name): the same pass, kept to the same rules.
import type { FastifyBaseLogger } from 'fastify';

/** When a job runs: every `everyMs` (first `firstInMs` after it is added, at once by default), or as `next` says. */
export type JobDue =
  | { everyMs: number; firstInMs?: number }
  /**
   * Asked when the job is added, after each pass and when it is rescheduled: how many ms from now the next pass is
   * due, or null when none is until the job is rescheduled.
   */
  | { next: () => Promise<number | null> };

export interface Job {
  name: string;
  due: JobDue;
  run: () => Promise<unknown>;
  /**
   * Whether a pass writes to the storage (true unless said): such a pass is not started while the storage cannot take
   * a write at once (the runner's `storageTakesWrites`); it fails, and runs again after the backoff.
   */
  writes?: boolean;
}

export interface JobStatus {
  name: string;
  running: boolean;
  /** When the last pass ended, whatever its outcome (null: none yet). */
  lastRunAt: string | null;
  /** Why the last pass failed, until one succeeds. */
  lastError: string | null;
  /** Passes failed in a row (0 once one succeeds). */
  failures: number;
  nextRunAt: string | null;
}

/** A job in the runner, for the feature that added it. */
export interface ScheduledJob {
  /** A pass now, after the one under way if any. Never rejects: a failure is logged and retried, as on the timer. */
  runNow(): Promise<void>;
  /** Asks the job's `next` again (what it waits for changed); resolves once the answer is taken. */
  reschedule(): Promise<void>;
}

export interface JobRunner {
  add(job: Job): ScheduledJob;
  /**
   * A pass of the job named `name` now, after the one under way if any, counted as a timed pass is (its last run, its
   * failure and the backoff after it). Answers what the pass answered and rejects with its failure, for a caller that
   * reports either (a scheduler's tick, a test); rejects at once for a name no job has, or once the runner has stopped.
   */
  runNow(name: string): Promise<unknown>;
  status(): JobStatus[];
  /** Clears the timer and waits for every pass and question under way; nothing runs after. */
  stop(): Promise<void>;
}

/** Why a pass that writes was not started: the storage could not take a write at once. */
export const STORAGE_TAKES_NO_WRITES = 'The database does not take writes: another process holds its write lock.';

/** The wait after the `failures`-th failure in a row: 30 s, doubled each time, at most 15 minutes. */
export const JOB_BACKOFF = { firstMs: 30 * 1000, maxMs: 15 * 60 * 1000 };

export const backoffAfter = (failures: number, backoff = JOB_BACKOFF) =>
  Math.min(backoff.maxMs, backoff.firstMs * 2 ** (failures - 1));

// Node's timers wait at most 2^31-1 ms; a later job is reached by waking then and setting the timer again.
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

interface Entry {
  job: Job;
  /** On the monotonic clock; null: not due until rescheduled. */
  dueAt: number | null;
  /** The pass under way; it never rejects. */
  running: Promise<Pass> | undefined;
  /** Counts the questions asked of `next`: only the latest one's answer stands, whatever order they come back in. */
  generation: number;
  lastRunAt: string | null;
  lastError: string | null;
  failures: number;
}

/** How one pass ended: what the job's run answered, or why it failed. */
type Pass = { ok: true; answer: unknown } | { ok: false; error: unknown };

export function createJobRunner({
  log,
  backoff = JOB_BACKOFF,
  storageTakesWrites,
}: {
  log: Pick<FastifyBaseLogger, 'error'>;
  backoff?: typeof JOB_BACKOFF;
  /**
   * Whether the storage takes a write this instant, asked without waiting. SQLite waits for another process's lock
   * inside the call, holding the whole server (every request) for as long: a background pass is not worth that.
   */
  storageTakesWrites?: () => boolean;
}): JobRunner {
  const entries = new Map<string, Entry>();
  // Passes and questions under way, each settled without rejecting: stop() waits for them all.
  const busy = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  // Monotonic, so a change of the machine's wall clock neither fires jobs early nor holds them back.
  const clock = () => performance.now();

  const track = (work: Promise<unknown>): void => {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    busy.add(settled);
    void settled.then(() => busy.delete(settled));
  };

  function arm(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    let earliest = Infinity;
    for (const entry of entries.values())
      if (!entry.running && entry.dueAt !== null) earliest = Math.min(earliest, entry.dueAt);
    if (earliest === Infinity) return;
    timer = setTimeout(fire, Math.min(LONGEST_TIMEOUT_MS, Math.max(0, earliest - clock())));
    // Never keeps a process alive on its own (tests, graceful shutdown): what is due is found again at the next start.
    timer.unref();
  }

  function fire(): void {
    timer = undefined;
    const at = clock();
    for (const entry of entries.values())
      if (!entry.running && entry.dueAt !== null && entry.dueAt <= at) void start(entry);
    arm();
  }

  function failed(entry: Entry, error: unknown): void {
    entry.failures++;
    entry.lastError = error instanceof Error ? error.message : String(error);
    entry.generation++;
    const wait = backoffAfter(entry.failures, backoff);
    entry.dueAt = clock() + wait;
    const then = stopped ? 'the server is stopping' : `it runs again in ${Math.round(wait / 1000)} s`;
    log.error(
      { err: error, job: entry.job.name, failures: entry.failures, retryInMs: wait },
      `the ${entry.job.name} job failed; ${then}`,
    );
  }

  async function ask(entry: Entry): Promise<void> {
    const { due } = entry.job;
    if (!('next' in due)) return;
    const mine = ++entry.generation;
    const wait = await due.next();
    if (mine !== entry.generation) return;
    entry.dueAt = wait === null ? null : clock() + Math.max(0, wait);
  }

  /**
   * The job's pass, or its refusal to start; always settled after a turn (never thrown at once), so the pass below is
   * held as running before it ends.
   */
  async function runPass(job: Job): Promise<unknown> {
    if (job.writes !== false && storageTakesWrites && !storageTakesWrites()) throw new Error(STORAGE_TAKES_NO_WRITES);
    return job.run();
  }

  function start(entry: Entry): Promise<Pass> {
    entry.dueAt = null;
    const startedAt = clock();
    const pass = (async (): Promise<Pass> => {
      try {
        const answer = await runPass(entry.job);
        entry.lastRunAt = new Date().toISOString();
        entry.failures = 0;
        entry.lastError = null;
        if (stopped) return { ok: true, answer };
        const { due } = entry.job;
        if ('everyMs' in due) entry.dueAt = Math.max(clock(), startedAt + due.everyMs);
        else await ask(entry);
        return { ok: true, answer };
      } catch (error) {
        entry.lastRunAt = new Date().toISOString();
        failed(entry, error);
        return { ok: false, error };
      } finally {
        entry.running = undefined;
        arm();
      }
    })();
    entry.running = pass;
    track(pass);
    return pass;
  }

  /** A pass after the one under way, if any (never two at once); undefined once the runner has stopped. */
  async function passNow(entry: Entry): Promise<Pass | undefined> {
    while (entry.running) await entry.running;
    return stopped ? undefined : start(entry);
  }

  return {
    add(job) {
      if (entries.has(job.name)) throw new Error(`A job named ${job.name} is already scheduled.`);
      const entry: Entry = {
        job,
        dueAt: 'everyMs' in job.due ? clock() + (job.due.firstInMs ?? 0) : null,
        running: undefined,
        generation: 0,
        lastRunAt: null,
        lastError: null,
        failures: 0,
      };
      entries.set(job.name, entry);
      const reschedule = async (): Promise<void> => {
        if (stopped) return;
        const question = ask(entry).catch((error: unknown) => failed(entry, error));
        track(question);
        await question;
        arm();
      };
      if ('next' in job.due) void reschedule();
      else arm();
      return {
        async runNow() {
          await passNow(entry);
        },
        reschedule,
      };
    },
    async runNow(name) {
      const entry = entries.get(name);
      if (!entry) throw new Error(`No job is named ${name}.`);
      const pass = await passNow(entry);
      if (!pass) throw new Error(`The ${name} job was not run: the jobs runner has stopped.`);
      if (!pass.ok) throw pass.error;
      return pass.answer;
    },
    status() {
      const now = clock();
      return [...entries.values()].map((entry) => ({
        name: entry.job.name,
        running: entry.running !== undefined,
        lastRunAt: entry.lastRunAt,
        lastError: entry.lastError,
        failures: entry.failures,
        nextRunAt:
          stopped || entry.dueAt === null ? null : new Date(Date.now() + Math.max(0, entry.dueAt - now)).toISOString(),
      }));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      while (busy.size > 0) await Promise.all([...busy]);
    },
  };
}
