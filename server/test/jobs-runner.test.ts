// The server's runner of background jobs (platform/jobs.ts), on jest's fake timers: one timer for every job, each run
// when it is due and never twice at once, a failure logged by name and retried with the same backoff for every job
// without holding the others back, and nothing left running or scheduled once stopped. Then the app's own runner: the
// seven jobs it is handed.
import Database from 'better-sqlite3';
import path from 'node:path';
import {
  backoffAfter,
  createJobRunner,
  JOB_BACKOFF,
  STORAGE_TAKES_NO_WRITES,
  type Job,
  type JobRunner,
} from '../src/platform/jobs';
import { isSqlite } from '../src/platform/sqlite/database-plugin';
import { build, type TestApp } from './helper';

const SECOND = 1000;

/** A promise the test settles itself. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A job that counts its passes (and how many ran at once), doing `work` in each. */
function counted(name: string, due: Job['due'], work: () => Promise<unknown> = async () => undefined) {
  const job = { name, due, runs: 0, active: 0, mostAtOnce: 0, run: async () => undefined as unknown };
  job.run = async () => {
    job.runs++;
    job.active++;
    job.mostAtOnce = Math.max(job.mostAtOnce, job.active);
    try {
      return await work();
    } finally {
      job.active--;
    }
  };
  return job;
}

let runner: JobRunner | undefined;
let log: { error: jest.Mock };
const start = () => {
  runner = createJobRunner({ log });
  return runner;
};

beforeEach(() => {
  jest.useFakeTimers();
  log = { error: jest.fn() };
});
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
  jest.useRealTimers();
});

test('every job is run on one timer: at start unless told later, then every interval', async () => {
  const jobs = start();
  const often = counted('often', { everyMs: 10 * SECOND });
  const rarely = counted('rarely', { everyMs: 60 * SECOND });
  const later = counted('later', { everyMs: 30 * SECOND, firstInMs: 30 * SECOND });
  for (const job of [often, rarely, later]) jobs.add(job);
  expect(jest.getTimerCount()).toBe(1);

  await jest.advanceTimersByTimeAsync(0);
  expect([often.runs, rarely.runs, later.runs]).toEqual([1, 1, 0]);
  expect(jest.getTimerCount()).toBe(1);

  await jest.advanceTimersByTimeAsync(60 * SECOND);
  expect([often.runs, rarely.runs, later.runs]).toEqual([7, 2, 2]);
  expect(jest.getTimerCount()).toBe(1);
});

test('a job due at a computed time runs then, and is asked again after each pass and when rescheduled', async () => {
  const jobs = start();
  let wait: number | null = 5 * SECOND;
  const held = counted('held', { next: async () => wait });
  const scheduled = jobs.add(held);

  await jest.advanceTimersByTimeAsync(5 * SECOND - 1);
  expect(held.runs).toBe(0);
  wait = null;
  await jest.advanceTimersByTimeAsync(1);
  expect(held.runs).toBe(1);
  // Nothing more is due: no timer is kept for it.
  await jest.advanceTimersByTimeAsync(60 * SECOND);
  expect(held.runs).toBe(1);
  expect(jest.getTimerCount()).toBe(0);

  wait = 2 * SECOND;
  await scheduled.reschedule();
  expect(jest.getTimerCount()).toBe(1);
  wait = null;
  await jest.advanceTimersByTimeAsync(2 * SECOND);
  expect(held.runs).toBe(2);
});

test('when two questions of a computed time come back out of order, the later one asked stands', async () => {
  const jobs = start();
  const answers: Array<ReturnType<typeof deferred<number | null>>> = [];
  const job = counted('held', {
    next: () => {
      const answer = deferred<number | null>();
      answers.push(answer);
      return answer.promise;
    },
  });
  const scheduled = jobs.add(job);
  // Asked when the job was added, then again: the newer answer (nothing due) comes back first.
  const rescheduled = scheduled.reschedule();
  answers[1]!.resolve(null);
  await rescheduled;
  answers[0]!.resolve(1 * SECOND);
  await jest.advanceTimersByTimeAsync(10 * SECOND);
  expect(job.runs).toBe(0);
});

test('a failing job is logged by name and retried with the backoff, without holding the other jobs back', async () => {
  const jobs = start();
  let failing = true;
  const broken = counted('broken', { everyMs: 5 * 60 * SECOND }, async () => {
    if (failing) throw new Error('database is locked');
  });
  const steady = counted('steady', { everyMs: 10 * SECOND });
  jobs.add(broken);
  jobs.add(steady);

  await jest.advanceTimersByTimeAsync(0);
  expect(broken.runs).toBe(1);
  expect(log.error).toHaveBeenCalledWith(
    expect.objectContaining({ job: 'broken', failures: 1, retryInMs: JOB_BACKOFF.firstMs }),
    'the broken job failed; it runs again in 30 s',
  );
  expect(jobs.status().find((s) => s.name === 'broken')).toMatchObject({
    failures: 1,
    lastError: 'database is locked',
    running: false,
  });

  // 30 s, then 60 s, then 120 s after each failure: the same backoff whatever the job's own interval.
  await jest.advanceTimersByTimeAsync(backoffAfter(1));
  expect(broken.runs).toBe(2);
  await jest.advanceTimersByTimeAsync(backoffAfter(2) - 1);
  expect(broken.runs).toBe(2);
  await jest.advanceTimersByTimeAsync(1);
  expect(broken.runs).toBe(3);
  expect(backoffAfter(3)).toBe(2 * backoffAfter(2));
  expect(backoffAfter(100)).toBe(JOB_BACKOFF.maxMs);
  // The other job kept its pace all along: at 0, 10, ..., 90 s.
  expect(steady.runs).toBe(10);

  failing = false;
  await jest.advanceTimersByTimeAsync(backoffAfter(3));
  expect(broken.runs).toBe(4);
  expect(jobs.status().find((s) => s.name === 'broken')).toMatchObject({ failures: 0, lastError: null });
  // Back on its own interval once it succeeds.
  await jest.advanceTimersByTimeAsync(5 * 60 * SECOND - 1);
  expect(broken.runs).toBe(4);
  await jest.advanceTimersByTimeAsync(1);
  expect(broken.runs).toBe(5);
});

test('a pass that writes is not started while the storage takes no write at once: it fails and is retried', async () => {
  let takesWrites = false;
  runner = createJobRunner({ log, storageTakesWrites: () => takesWrites });
  const writer = counted('writer', { everyMs: 5 * 60 * SECOND });
  const ticks = counted('ticks', { everyMs: 10 * SECOND });
  runner.add(writer);
  runner.add(Object.assign(ticks, { writes: false }));

  await jest.advanceTimersByTimeAsync(0);
  expect(writer.runs).toBe(0);
  expect(log.error).toHaveBeenCalledWith(
    expect.objectContaining({ job: 'writer', failures: 1, retryInMs: JOB_BACKOFF.firstMs }),
    'the writer job failed; it runs again in 30 s',
  );
  expect(runner.status().find((s) => s.name === 'writer')).toMatchObject({
    failures: 1,
    lastError: STORAGE_TAKES_NO_WRITES,
  });
  await expect(runner.runNow('writer')).rejects.toThrow(STORAGE_TAKES_NO_WRITES);
  // A job that writes nothing keeps its pace.
  expect(ticks.runs).toBe(1);

  takesWrites = true;
  await jest.advanceTimersByTimeAsync(backoffAfter(2));
  expect(writer.runs).toBe(1);
  expect(runner.status().find((s) => s.name === 'writer')).toMatchObject({ failures: 0, lastError: null });
  expect(ticks.runs).toBe(7);
});

test('a job never runs twice at once: a slow pass delays the next, and runNow waits for it', async () => {
  const jobs = start();
  const hang = deferred();
  // The first pass hangs until the test lets it end; the others end at once.
  const job = counted('slow', { everyMs: 10 * SECOND }, () => (job.runs === 1 ? hang.promise : Promise.resolve()));
  const scheduled = jobs.add(job);

  await jest.advanceTimersByTimeAsync(35 * SECOND);
  expect(job.runs).toBe(1);
  let ranNow = false;
  const asked = scheduled.runNow().then(() => (ranNow = true));
  await jest.advanceTimersByTimeAsync(0);
  expect(job.runs).toBe(1);
  expect(ranNow).toBe(false);

  hang.resolve();
  await asked;
  // The overdue pass and the one asked for are one pass, after the slow one.
  await jest.advanceTimersByTimeAsync(0);
  expect(job.runs).toBe(2);
  expect(job.mostAtOnce).toBe(1);
  await jest.advanceTimersByTimeAsync(10 * SECOND);
  expect(job.runs).toBe(3);
});

test("runNow(name) is the timer's pass: after the one under way, answering what it answered, due again an interval on", async () => {
  const jobs = start();
  const hang = deferred();
  let answer = 0;
  // The first (timed) pass hangs until the test lets it end.
  const job = counted('counter', { everyMs: 60 * SECOND }, async () => {
    if (job.runs === 1) await hang.promise;
    return ++answer;
  });
  jobs.add(job);
  await jest.advanceTimersByTimeAsync(0);
  expect(job.runs).toBe(1);

  const asked = jobs.runNow('counter');
  await jest.advanceTimersByTimeAsync(0);
  expect(job.runs).toBe(1);
  hang.resolve();
  await expect(asked).resolves.toBe(2);
  expect(job.mostAtOnce).toBe(1);
  expect(jobs.status().find((s) => s.name === 'counter')?.lastRunAt).not.toBeNull();
  await jest.advanceTimersByTimeAsync(60 * SECOND - 1);
  expect(job.runs).toBe(2);
  await jest.advanceTimersByTimeAsync(1);
  expect(job.runs).toBe(3);
});

test("runNow(name) rejects with the pass's failure, kept, logged and retried with the backoff as a timed one's", async () => {
  const jobs = start();
  const broken = counted('broken', { everyMs: 5 * 60 * SECOND, firstInMs: 5 * 60 * SECOND }, async () => {
    throw new Error('the mail server refused');
  });
  jobs.add(broken);

  await expect(jobs.runNow('broken')).rejects.toThrow('the mail server refused');
  expect(jobs.status().find((s) => s.name === 'broken')).toMatchObject({
    failures: 1,
    lastError: 'the mail server refused',
    lastRunAt: expect.any(String),
  });
  expect(log.error).toHaveBeenCalledWith(
    expect.objectContaining({ job: 'broken', failures: 1 }),
    'the broken job failed; it runs again in 30 s',
  );
  await jest.advanceTimersByTimeAsync(backoffAfter(1));
  expect(broken.runs).toBe(2);

  await expect(jobs.runNow('no such job')).rejects.toThrow('No job is named no such job.');
  await jobs.stop();
  await expect(jobs.runNow('broken')).rejects.toThrow('the jobs runner has stopped');
  expect(broken.runs).toBe(2);
});

test('stop() clears the timer, waits for the pass under way, and nothing runs after', async () => {
  const jobs = start();
  const slow = deferred();
  const busy = counted('busy', { everyMs: 10 * SECOND }, () => slow.promise);
  const idle = counted('idle', { everyMs: 10 * SECOND, firstInMs: 5 * SECOND });
  const scheduled = jobs.add(busy);
  jobs.add(idle);
  await jest.advanceTimersByTimeAsync(0);
  expect(busy.runs).toBe(1);

  let stopped = false;
  const stopping = jobs.stop().then(() => (stopped = true));
  expect(jest.getTimerCount()).toBe(0);
  await jest.advanceTimersByTimeAsync(0);
  expect(stopped).toBe(false);
  slow.resolve();
  await stopping;

  await scheduled.runNow();
  await jest.advanceTimersByTimeAsync(60 * SECOND);
  expect([busy.runs, idle.runs]).toEqual([1, 0]);
  expect(jest.getTimerCount()).toBe(0);
});

describe('the app', () => {
  let t: TestApp | undefined;
  beforeEach(() => jest.useRealTimers());
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  test('hands its seven recurring jobs to one runner; closing the app stops them', async () => {
    t = await build();
    const jobs = t.app.jobs.status();
    expect(jobs.map((job) => job.name).sort()).toEqual([
      'client action digest',
      'daily backup',
      'held status mail',
      'live streams',
      'mail retry',
      'outbox sweep',
      'reminders',
    ]);
    // Nothing is held: the held status mail has no pass due (what came due while the server was down would be due at
    // once, status-changes.test.ts).
    expect(jobs.find((job) => job.name === 'held status mail')?.nextRunAt).toBeNull();
    expect(jobs.every((job) => job.failures === 0)).toBe(true);

    // Closing the app stops the runner once its passes are done.
    const { app } = t;
    await t.close();
    t = undefined;
    expect(app.jobs.status().some((job) => job.running || job.nextRunAt !== null)).toBe(false);
  });

  test("while another process holds the database's write lock, its passes are put off at once, not waited out", async () => {
    t = await build();
    // A stuck maintenance session. SQLite's own wait for it would hold every request of the server for 5 s a pass.
    const other = new Database(path.join(t.dataDir, 'studio.sqlite'));
    other.exec('BEGIN EXCLUSIVE');
    try {
      expect(isSqlite(t.app.storage) && t.app.storage.takesWritesNow()).toBe(false);
      await expect(t.app.jobs.runNow('outbox sweep')).rejects.toThrow(STORAGE_TAKES_NO_WRITES);
      await expect(t.app.jobs.runNow('reminders')).rejects.toThrow(STORAGE_TAKES_NO_WRITES);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(isSqlite(t.app.storage) && t.app.storage.takesWritesNow()).toBe(true);
    await t.app.jobs.runNow('outbox sweep');
    expect(t.app.jobs.status().find((job) => job.name === 'outbox sweep')).toMatchObject({ failures: 0 });
  });
});
