// A full disk is not a busy server: a visitor is told to try again later (not that the site is overloaded), and she is
// told the disk is full (GET /api/health, her dashboard's banner) so she can make room. The error handler notes each
// write refused for lack of room; health and the dashboard read the note together with the disk's free space.
import { statfsSync } from 'node:fs';

/** How long a write refused for lack of room keeps the disk reported full, after the last such refusal. */
export const DISK_FULL_MEMORY_MS = 5 * 60 * 1000;

/** SQLite's SQLITE_FULL ("database or disk is full") or the file system's ENOSPC, by code or by message. */
export function isDiskFull(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return true;
  return /SQLITE_FULL|ENOSPC|database or disk is full|no space left on device/i.test(String(message ?? ''));
}

export interface DiskFullAlarm {
  /** A write was refused for lack of room, now. */
  note(): void;
  /** Whether a write was refused for lack of room within DISK_FULL_MEMORY_MS. */
  recent(): boolean;
}

export function createDiskFullAlarm(clock: () => number = Date.now): DiskFullAlarm {
  let lastAt: number | null = null;
  return {
    note() {
      lastAt = clock();
    },
    recent() {
      return lastAt !== null && clock() - lastAt < DISK_FULL_MEMORY_MS;
    },
  };
}

/** The data folder's disk as her dashboard and GET /api/health say it. */
export type DiskState = 'ok' | 'low' | 'full';

export function diskStateOf(dataDir: string, minFreeDiskBytes: number, alarm: DiskFullAlarm): DiskState {
  if (alarm.recent()) return 'full';
  try {
    const fs = statfsSync(dataDir);
    // No block left to this process is a full disk, whether or not a write has been refused yet.
    if (fs.bavail === 0) return 'full';
    return fs.bavail * fs.bsize < minFreeDiskBytes ? 'low' : 'ok';
  } catch {
    return 'low';
  }
}
