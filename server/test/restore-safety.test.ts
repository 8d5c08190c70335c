// A restore that cannot lose data: `restore --force` run while the server was up once moved its database aside
// under it, and a booking acknowledged right after went into the moved-aside file (61 rows there, 60 in the live
// folder), lost at the next restart. Here a real server process on a real SQLite folder holds DATA_DIR: the restore
// command refuses, says how to stop it, and changes nothing (the booking taken after the refusal is in the live file);
// once the server is killed with SIGKILL its stale lock no longer blocks the restore.
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, type RunningServer } from '../../e2e/support/server';
import { ugcBookingInput } from './helper';
import { takeBackup } from '../src/features/ops/backup';
import { LOCK_FILE, lockDataDir, lockHolder } from '../src/features/ops/data-lock';
import { restoreBackup } from '../src/features/ops/restore';

jest.setTimeout(90_000);

let server: RunningServer;
let dataDir: string;
beforeAll(async () => {
  server = await startServer();
  dataDir = server.dataDir;
});
afterAll(async () => {
  // The first test kills it; stop() would wait for an exit that already happened.
  if (server.process.exitCode === null && server.process.signalCode === null) await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The backup the first test takes, restored by both. */
let backup = '';
let seq = 0;
async function book(name: string): Promise<number> {
  const res = await fetch(`${server.url}/api/bookings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      'idempotency-key': `restore-safety-${++seq}`,
    },
    body: JSON.stringify({ ...ugcBookingInput, name }),
  });
  if (res.status !== 201) throw new Error(`The booking answered ${res.status}: ${await res.text()}`);
  return res.status;
}

function bookingsIn(file: string): string[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT name FROM booking_requests ORDER BY created_at').all() as Array<{ name: string }>).map(
      (r) => r.name,
    );
  } finally {
    db.close();
  }
}

/** `npm run restore` as the operator runs it, from its source (the compiled one is the same code). */
function restoreCommand(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/restore.ts', ...args], {
    cwd: path.join(__dirname, '..'),
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
}

test('restore --force against a running server refuses, says how to stop it, and changes nothing', async () => {
  expect(await book('Before Backup')).toBe(201);
  const live = new Database(path.join(dataDir, 'studio.sqlite'), { fileMustExist: true });
  live.pragma('busy_timeout = 5000');
  ({ path: backup } = await takeBackup({
    db: live,
    dataDir,
    backupDir: path.join(dataDir, 'backups'),
    kind: 'manual',
  }));
  live.close();
  expect(await book('After Backup')).toBe(201);

  const before = readdirSync(dataDir).sort();
  const inode = statSync(path.join(dataDir, 'studio.sqlite')).ino;
  const result = restoreCommand(['--force', backup]);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(`The server (pid ${server.process.pid}) is running on ${dataDir}.`);
  expect(result.stderr).toContain('sudo systemctl stop studio');
  expect(result.stderr).toContain('Nothing was changed.');

  // Nothing moved aside, the same database file in place, and the server's lock still its own.
  expect(readdirSync(dataDir).sort()).toEqual(before);
  expect(readdirSync(path.join(dataDir, 'backups')).filter((n) => n.startsWith('replaced-'))).toEqual([]);
  expect(statSync(path.join(dataDir, 'studio.sqlite')).ino).toBe(inode);
  expect(lockHolder(dataDir)).toMatchObject({ holder: 'server', pid: server.process.pid });
  // The booking acknowledged after the refusal is in the live file, beside every one before it.
  expect(await book('After Refusal')).toBe(201);
  expect(bookingsIn(path.join(dataDir, 'studio.sqlite'))).toEqual(['Before Backup', 'After Backup', 'After Refusal']);

  // A server killed with SIGKILL leaves its lock file behind: stale, it does not block the restore.
  server.process.kill('SIGKILL');
  await new Promise((resolve) => server.process.once('exit', resolve));
  expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
  const restored = restoreCommand(['--force', backup]);
  expect(restored.stderr).toBe('');
  expect(restored.status).toBe(0);
  expect(bookingsIn(path.join(dataDir, 'studio.sqlite'))).toEqual(['Before Backup']);
  // What the server had written since is moved aside, not lost; the restore released its own lock.
  const replaced = readdirSync(path.join(dataDir, 'backups')).filter((n) => n.startsWith('replaced-'));
  expect(replaced).toHaveLength(1);
  expect(bookingsIn(path.join(dataDir, 'backups', replaced[0]!, 'studio.sqlite'))).toEqual([
    'Before Backup',
    'After Backup',
    'After Refusal',
  ]);
  expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
});

test('a lock whose pid now belongs to another process (started at another moment) is stale', () => {
  const dir = path.join(dataDir, 'pid-reused');
  mkdirSync(dir);
  // This test's own parent is alive, but did not start when the lock says.
  writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ holder: 'server', pid: process.ppid, started: '1' }));
  expect(lockHolder(dir)).toBeUndefined();
  const release = lockDataDir(dir, 'restore');
  expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
    holder: 'restore',
    pid: process.pid,
  });
  release();
  expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  // And the restore itself refuses a folder another live process holds.
  writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({
      holder: 'server',
      pid: process.ppid,
      started: readFileSync(`/proc/${process.ppid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19],
    }),
  );
  expect(() =>
    restoreBackup({
      backup,
      dataDir: dir,
      backupDir: path.join(dir, 'backups'),
      replace: true,
    }),
  ).toThrow(`The server (pid ${process.ppid}) is running on ${dir}.`);
});
