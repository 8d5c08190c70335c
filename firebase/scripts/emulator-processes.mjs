// The emulators' processes (emulators.mjs): each one started here in a process group of its own with its output in a
// log file, remembered by its id, and stopped by that id (its process group) in stopAll(); and the names every part
// of the emulator scripts uses.
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const HOST = '127.0.0.1';
const started = [];

/** A failure with a message meant for the person running the tests (what is missing and how to get it). */
export class EmulatorSetupError extends Error {}

export function log(message) {
  console.log(`[emulators] ${message}`);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` answers true, the process exits, or the time is up. */
export async function waitFor(name, child, check, timeoutMs, logFile) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(`${name} exited before it was ready:\n${tail(logFile)}`);
    }
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${name} was not ready after ${timeoutMs / 1000} s:\n${tail(logFile)}`);
}

function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Spawns a process in its own group (so stopAll ends its children too) with output to a log file. */
export function startProcess(name, command, args, options) {
  const out = openSync(options.logFile, 'w');
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', out, out],
    detached: true,
  });
  started.push({ name, child, cleanup: options.cleanup });
  return child;
}

export function stopOne(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    // The negative id is the process group this script created for the child (detached: true), nothing else.
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/** Whether any process of the group `pid` leads (detached: true) is still running. */
function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops every process started here, by its id, and waits until each one's whole process group is gone (SIGKILL after
 * 10 s): the CLI can exit before the function's runtime it started, which would go on writing into folders the caller
 * removes next. A child that had already exited (an attempt retried on another port) is only cleaned up after.
 */
export async function stopAll() {
  const running = started.splice(0);
  if (running.length > 0) log(`stopping ${running.map((r) => `${r.name} (pid ${r.child.pid})`).join(', ')}`);
  await Promise.all(
    running.map(async ({ child, cleanup }) => {
      if (child.exitCode === null && child.signalCode === null) stopOne(child);
      else if (groupAlive(child.pid)) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // Gone between the check and the signal.
        }
      }
      const deadline = Date.now() + 10_000;
      while (groupAlive(child.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      if (groupAlive(child.pid)) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Gone between the check and the signal.
        }
        const killed = Date.now() + 5_000;
        while (groupAlive(child.pid) && Date.now() < killed) await new Promise((r) => setTimeout(r, 50));
      }
      try {
        cleanup?.();
      } catch (error) {
        log(`could not clean up after ${child.pid}: ${error.message}`);
      }
    }),
  );
}

/** Synchronous last resort for process exit: signal every group still running. */
export function killAllNow() {
  for (const { child } of started) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
