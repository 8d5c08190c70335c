// Who holds DATA_DIR: the running server for its whole life, or a restore while it runs (once, a restore made while the
// server ran moved its database aside under it, and a booking acknowledged right after was lost). The lock is a
// file, DATA_DIR/.studio.lock, naming the process and when it started; it is taken with an exclusive create, so two
// processes never both believe they hold it. A server killed with SIGKILL leaves the file behind: a lock whose process
// is gone (or whose pid now belongs to another process, told apart by its start time) is stale and taken over, so it
// never blocks a start or a restore.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = '.studio.lock';

export type LockHolder = 'server' | 'restore';

interface LockRecord {
  holder: LockHolder;
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22); null where /proc is absent. */
  started: string | null;
}

export class DataDirLocked extends Error {
  constructor(
    readonly dataDir: string,
    readonly lock: LockRecord,
  ) {
    super(
      lock.holder === 'server'
        ? `The server (pid ${lock.pid}) is running on ${dataDir}. Stop it first (sudo systemctl stop studio, or end the process ${lock.pid}), then run this again. Nothing was changed.`
        : `A restore (pid ${lock.pid}) is under way in ${dataDir}. Wait for it to finish. Nothing was changed.`,
    );
  }
}

/** The fields of /proc/<pid>/stat after the command name; undefined when it cannot be read. */
function statOf(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** When the process `pid` started, as the kernel counts it; null when it cannot be read. */
const startTimeOf = (pid: number): string | null => statOf(pid)?.[19] ?? null;

function isAlive(lock: LockRecord): boolean {
  try {
    process.kill(lock.pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user (the service's, when a tool runs as root or vice versa).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = statOf(lock.pid);
  // A zombie has ended (it only waits for its parent to read its exit status): it holds nothing.
  if (stat?.[0] === 'Z' || stat?.[0] === 'X') return false;
  // The same pid, started at another moment: the holder died and its number was given to someone else.
  const started = stat?.[19] ?? null;
  return lock.started === null || started === null || started === lock.started;
}

function readLock(file: string): LockRecord | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockRecord>;
    if (typeof parsed.pid !== 'number' || (parsed.holder !== 'server' && parsed.holder !== 'restore')) return undefined;
    return { holder: parsed.holder, pid: parsed.pid, started: parsed.started ?? null };
  } catch {
    return undefined;
  }
}

/** The live process holding `dataDir`, if any (a stale lock answers undefined). */
export function lockHolder(dataDir: string): LockRecord | undefined {
  const lock = readLock(path.join(dataDir, LOCK_FILE));
  return lock && lock.pid !== process.pid && isAlive(lock) ? lock : undefined;
}

/**
 * Takes `dataDir` for this process, or throws DataDirLocked naming the live holder. Answers the release, which
 * removes the file only while it is still this process's.
 */
export function lockDataDir(dataDir: string, holder: LockHolder): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockRecord = { holder, pid: process.pid, started: startTimeOf(process.pid) };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, `${JSON.stringify(mine)}\n`, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
      const found = readLock(file);
      if (found && found.pid !== process.pid && isAlive(found)) throw new DataDirLocked(dataDir, found);
      // Stale, unreadable or this process's own leftover: taken over.
      rmSync(file, { force: true });
    }
  }
  return () => {
    const found = readLock(file);
    if (found?.pid === process.pid) rmSync(file, { force: true });
  };
}
