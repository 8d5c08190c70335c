// The emulators' stop (firebase/scripts/emulators.mjs stopAll), which every emulator run ends with: a process that
// had already exited (an attempt retried on another port, or one that crashed) must not make the stop throw: a
// teardown that throws fails the whole run after its tests passed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const EMULATORS = pathToFileURL(path.join(__dirname, '..', 'scripts', 'emulators.mjs')).href;

/** Runs `body` as an ES module beside the emulators' script; answers its exit status and output. */
function runModule(body: string) {
  const logDir = mkdtempSync(path.join(tmpdir(), 'stop-emulators-'));
  const run = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', `import * as e from ${JSON.stringify(EMULATORS)};\n${body}`],
    { env: { ...process.env, LOG_DIR: logDir }, encoding: 'utf8', timeout: 60_000 },
  );
  rmSync(logDir, { recursive: true, force: true });
  return run;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('stops cleanly when one of its processes had already exited', () => {
  const run = runModule(`
    const first = await e.startStorageStandIn({ bucket: 'a', logDir: process.env.LOG_DIR });
    const second = await e.startStorageStandIn({ bucket: 'b', logDir: process.env.LOG_DIR });
    process.kill(first.pid, 'SIGKILL');
    while ((() => { try { process.kill(first.pid, 0); return true; } catch { return false; } })())
      await new Promise((r) => setTimeout(r, 20));
    await e.stopAll();
    console.log('stopped ' + second.pid);
  `);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const pid = Number(/stopped (\d+)/.exec(run.stdout)?.[1]);
  expect(alive(pid)).toBe(false);
});
