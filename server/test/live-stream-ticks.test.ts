// The admin's open event streams kept alive by one job of the server's runner (features/live/stream-ticks.ts), on
// jest's fake timers as the runner's own test: however many streams are open the server holds one timer, each stream
// gets its session re-checked every SESSION_RECHECK_MS and a heartbeat every HEARTBEAT_MS counted from when it opened,
// a closed stream gets nothing more, and no timer is left once the last one closes.
import { createJobRunner, type JobRunner } from '../src/platform/jobs';
import {
  HEARTBEAT_MS,
  SESSION_RECHECK_MS,
  STREAM_TICKS_JOB,
  streamTicks,
  type StreamTicks,
} from '../src/features/live/stream-ticks';

/** The job's period: one re-check of every stream. */
const TICK = SESSION_RECHECK_MS;

/** A stream that counts what it was given. */
function counted() {
  const stream = { heartbeats: 0, rechecks: 0, heartbeat: () => undefined, recheck: () => undefined };
  stream.heartbeat = () => void stream.heartbeats++;
  stream.recheck = () => void stream.rechecks++;
  return stream;
}

let runner: JobRunner;
let ticks: StreamTicks;
let log: { error: jest.Mock };

beforeEach(() => {
  jest.useFakeTimers();
  log = { error: jest.fn() };
  runner = createJobRunner({ log });
  ticks = streamTicks(runner);
});
afterEach(async () => {
  await runner.stop();
  jest.useRealTimers();
});

test('no stream open: no timer', async () => {
  await jest.advanceTimersByTimeAsync(60 * 1000);
  expect(jest.getTimerCount()).toBe(0);
  expect(runner.status().find((job) => job.name === STREAM_TICKS_JOB)).toMatchObject({ lastRunAt: null });
});

test('two open streams are served by one timer; a closed one gets nothing more; the last closing stops it', async () => {
  const first = counted();
  const second = counted();
  const stopFirst = ticks.add(first);
  const stopSecond = ticks.add(second);
  await jest.advanceTimersByTimeAsync(0);
  expect(jest.getTimerCount()).toBe(1);

  await jest.advanceTimersByTimeAsync(HEARTBEAT_MS);
  for (const stream of [first, second])
    expect(stream).toMatchObject({ heartbeats: 1, rechecks: HEARTBEAT_MS / SESSION_RECHECK_MS });
  expect(jest.getTimerCount()).toBe(1);

  stopFirst();
  await jest.advanceTimersByTimeAsync(HEARTBEAT_MS);
  expect(first).toMatchObject({ heartbeats: 1, rechecks: HEARTBEAT_MS / SESSION_RECHECK_MS });
  expect(second).toMatchObject({ heartbeats: 2, rechecks: (2 * HEARTBEAT_MS) / SESSION_RECHECK_MS });

  stopSecond();
  await jest.advanceTimersByTimeAsync(0);
  expect(jest.getTimerCount()).toBe(0);
  await jest.advanceTimersByTimeAsync(HEARTBEAT_MS);
  expect(second).toMatchObject({ heartbeats: 2, rechecks: (2 * HEARTBEAT_MS) / SESSION_RECHECK_MS });
  // A heartbeat is not a job that fails: nothing for /api/health to name.
  expect(runner.status().find((job) => job.name === STREAM_TICKS_JOB)).toMatchObject({ failures: 0 });
  expect(log.error).not.toHaveBeenCalled();
});

test("a stream opened later gets its heartbeat a period after it opened, not on the first stream's beat", async () => {
  const early = counted();
  ticks.add(early);
  await jest.advanceTimersByTimeAsync(5 * TICK);
  const late = counted();
  ticks.add(late);
  await jest.advanceTimersByTimeAsync(HEARTBEAT_MS - 5 * TICK);
  expect([early.heartbeats, late.heartbeats]).toEqual([1, 0]);
  await jest.advanceTimersByTimeAsync(5 * TICK);
  expect([early.heartbeats, late.heartbeats]).toEqual([1, 1]);
  expect(jest.getTimerCount()).toBe(1);
});

test('a stream ended during a pass by another stream gets nothing more in that pass', async () => {
  const ended = counted();
  const ender = counted();
  let stopEnded = () => undefined as void;
  ender.recheck = () => {
    ender.rechecks++;
    stopEnded();
  };
  ticks.add(ender);
  stopEnded = ticks.add(ended);
  await jest.advanceTimersByTimeAsync(HEARTBEAT_MS);
  expect(ended).toMatchObject({ heartbeats: 0, rechecks: 0 });
  expect(ender.rechecks).toBe(HEARTBEAT_MS / SESSION_RECHECK_MS);
});

test('stopping the runner (the server closing) stops the ticks of streams still open', async () => {
  const open = counted();
  ticks.add(open);
  await jest.advanceTimersByTimeAsync(SESSION_RECHECK_MS);
  expect(open.rechecks).toBe(1);
  await runner.stop();
  expect(jest.getTimerCount()).toBe(0);
  await jest.advanceTimersByTimeAsync(HEARTBEAT_MS);
  expect(open.rechecks).toBe(1);
});
