// The ffmpeg work on an uploaded video (src/features/media/remux-video.ts) never outlives its limit or the server.
// A named pipe nobody writes to stands in for a file that keeps ffmpeg busy: ffmpeg waits on it forever.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MEDIA_MESSAGES } from '@studio/shared/media-upload';
import { makeServedVideo } from '../src/features/media/remux-video';

let dir: string;
let stalled: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'studio-remux-'));
  stalled = path.join(dir, 'stalled.mp4');
  execFileSync('mkfifo', [stalled]);
});
afterEach(() => {
  // Whatever a failing test left waiting on this test's pipe (each test's pipe has a path of its own).
  for (const pid of processesNaming(stalled)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** The ids of running processes whose command line names `text` (zombies have none). */
function processesNaming(text: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false; // ended while we looked
      }
    })
    .map(Number);
}

async function until<T>(what: string, value: () => T, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = value();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('a copy past its time limit is killed and the video refused, leaving no ffmpeg and no output', async () => {
  const output = path.join(dir, 'video.mp4');
  const started = Date.now();
  // What the upload's child tells the server's log (its stderr) about the refusal.
  const said: string[] = [];
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((text) => said.push(String(text)) > 0);
  try {
    await expect(makeServedVideo(stalled, output, 'mp4', { timeoutMs: 500 })).rejects.toMatchObject({
      status: 422,
      message: MEDIA_MESSAGES.videoUnreadable,
    });
  } finally {
    stderr.mockRestore();
  }
  expect(said.join('')).toMatch(/^ffmpeg SIGKILL/);
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(processesNaming(stalled)).toEqual([]);
  expect(existsSync(output)).toBe(false);
});

/**
 * A stand-in for the server: it forks the upload's child process on a video job as media-store.ts does, then waits
 * (or, `exitAtOnce`, is gone before the child has started).
 */
function serverWithCopy(exitAtOnce: boolean) {
  const job = { task: 'video', input: stalled, format: 'mp4', output: path.join(dir, 'video.mp4'), timeoutMs: 600_000 };
  const worker = path.join(__dirname, '..', 'src', 'features', 'media', 'process-media.ts');
  const script = [
    `require('node:child_process').fork(${JSON.stringify(worker)}, [process.argv[1]],`,
    `{ execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });`,
    exitAtOnce ? 'process.exit(0);' : 'setInterval(() => {}, 1000);',
  ].join(' ');
  return spawn(process.execPath, ['-e', script, JSON.stringify(job)], {
    stdio: 'ignore',
    cwd: path.join(__dirname, '..'),
  });
}

test('the copy ends when the server does, even when the server is killed outright', async () => {
  const server = serverWithCopy(false);
  const copying = () => processesNaming(stalled).filter((pid) => pid !== server.pid);
  try {
    // The upload's child (its job argument names the pipe) and ffmpeg (its input).
    await until('ffmpeg to start', copying, (pids) => pids.length === 2);
    server.kill('SIGKILL');
    await until('the child and ffmpeg to end', copying, (pids) => pids.length === 0);
  } finally {
    server.kill('SIGKILL');
  }
}, 30_000);

test('a child whose server is gone before it starts copies nothing', async () => {
  const server = serverWithCopy(true);
  await new Promise((resolve) => server.once('exit', resolve));
  // The child was forked before the server exited; left to itself it would start ffmpeg and wait on the pipe.
  await until(
    'the child to end',
    () => processesNaming(stalled),
    (pids) => pids.length === 0,
  );
}, 30_000);
