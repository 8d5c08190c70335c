// A full disk told apart from a busy database: SQLite's SQLITE_FULL and the file system's ENOSPC count, a lock does
// not; a refused write keeps the disk reported full for a while after the last one, then the disk's free space speaks.
import { tmpdir } from 'node:os';
import { DISK_FULL_MEMORY_MS, createDiskFullAlarm, diskStateOf, isDiskFull } from '../src/platform/disk-full';

test('SQLITE_FULL and ENOSPC are a full disk, by code or by message; a locked or read-only database is not', () => {
  for (const full of [
    Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
    Object.assign(new Error("ENOSPC: no space left on device, write '/data/studio.sqlite-wal'"), { code: 'ENOSPC' }),
    new Error('database or disk is full'),
  ])
    expect(isDiskFull(full)).toBe(true);
  for (const other of [
    Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
    Object.assign(new Error('attempt to write a readonly database'), { code: 'SQLITE_READONLY' }),
    new Error('something else'),
    undefined,
  ])
    expect(isDiskFull(other)).toBe(false);
});

test('a refused write keeps the disk full for a while after the last one; then the free space decides', () => {
  let clock = 1_000_000;
  const alarm = createDiskFullAlarm(() => clock);
  expect(diskStateOf(tmpdir(), 0, alarm)).toBe('ok');
  expect(diskStateOf(tmpdir(), Number.MAX_SAFE_INTEGER, alarm)).toBe('low');
  alarm.note();
  expect(diskStateOf(tmpdir(), 0, alarm)).toBe('full');
  clock += DISK_FULL_MEMORY_MS - 1;
  expect(alarm.recent()).toBe(true);
  clock += 1;
  expect(alarm.recent()).toBe(false);
  expect(diskStateOf(tmpdir(), 0, alarm)).toBe('ok');
});
