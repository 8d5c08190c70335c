// Backups and restore, in process: what a backup holds, the daily backup's schedule and pruning, and a
// restore that refuses a DATA_DIR that is not empty unless told, moving what was there aside rather than deleting it.
// The same under booking load, with the command-line tools and real server processes, is test/soak/backup.soak.test.ts.
import Database from 'better-sqlite3';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, withCsrf, ugcBookingInput, type TestApp } from './helper';
import { buildApp } from '../src/app/app';
import { BackupRefused, takeBackup, type BackupResult } from '../src/features/ops/backup';
import type { BackupManifest } from '../src/features/ops/backup-contents';
import { listBackups, takenAt } from '../src/features/ops/backup-folders';
import { BACKUP_EVERY_MS, OVERDUE_BACKUP_DELAY_MS, nextBackupDelay } from '../src/features/ops/backup-job';
import { RestoreRefused, restoreBackup } from '../src/features/ops/restore';

const START = new Date('2026-11-23T03:00:00Z').getTime();
let clock = START;
const now = () => new Date(clock);

let t: TestApp;
let scratch: string;
beforeEach(async () => {
  clock = START;
  scratch = mkdtempSync(path.join(tmpdir(), 'studio-restore-'));
  t = await build({ now, backupKeep: 2, publicWriteLimitPerMinute: 1000 });
});
afterEach(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

let seq = 0;
async function book(name: string): Promise<string> {
  const res = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'idempotency-key': `restore-${++seq}` },
      payload: { ...ugcBookingInput, name },
    }),
  );
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

/** The daily backup now, a pass of the app's runner as its timer would take it; answers the backup. */
const backupNow = async ({ app }: TestApp) => (await app.jobs.runNow('daily backup')) as BackupResult;

const rowsOf = (db: Database.Database) =>
  db.prepare('SELECT * FROM booking_requests ORDER BY id').all() as Array<Record<string, unknown>>;

test('a backup holds the database (integrity ok) and the media, with a manifest, in DATA_DIR/backups', async () => {
  await book('Dana Reyes');
  const media = path.join(t.dataDir, 'media', 'uploads');
  mkdirSync(media, { recursive: true });
  writeFileSync(path.join(media, 'look-1.jpg'), 'jpeg bytes');
  // Her original uploads are private (never served) but hers: they are backed up too.
  const originals = path.join(t.dataDir, 'media-originals');
  mkdirSync(originals, { recursive: true });
  writeFileSync(path.join(originals, 'look-1.jpeg'), 'original bytes');

  const { path: folder } = await backupNow(t);
  expect(path.dirname(folder)).toBe(path.join(t.dataDir, 'backups'));
  expect(path.basename(folder)).toBe('daily-2026-11-23T03-00-00-000Z');
  expect(takenAt(folder)).toEqual(now());
  const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as BackupManifest;
  expect(manifest).toMatchObject({
    format: 1,
    kind: 'daily',
    createdAt: '2026-11-23T03:00:00.000Z',
    database: { file: 'studio.sqlite', integrity: 'ok', bookings: 1 },
  });
  // Every migration the server ships, as the backed-up database applied them.
  const shipped = readdirSync(path.join(__dirname, '..', 'src', 'platform', 'sqlite', 'migrations')).filter((f) =>
    /^\d{3}-.+\.sql$/.test(f),
  );
  expect(shipped.slice(0, 2)).toEqual(['001-init.sql', '002-health-probe.sql']);
  expect(manifest.database.migrations).toEqual(shipped.sort());
  expect(readFileSync(path.join(folder, 'media', 'uploads', 'look-1.jpg'), 'utf8')).toBe('jpeg bytes');
  // One self-contained file: no WAL beside it, nothing of the backups folder inside it.
  expect(readFileSync(path.join(folder, 'media-originals', 'look-1.jpeg'), 'utf8')).toBe('original bytes');
  expect(manifest.originals).toEqual({ files: 1, bytes: 'original bytes'.length });
  expect(readdirSync(folder).sort()).toEqual(['manifest.json', 'media', 'media-originals', 'studio.sqlite']);
  const copy = new Database(path.join(folder, 'studio.sqlite'), { readonly: true });
  try {
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(rowsOf(copy)).toEqual(rowsOf(t.app.db));
  } finally {
    copy.close();
  }
});

test('the daily backup keeps the newest BACKUP_KEEP and ignores a folder left half-written', async () => {
  mkdirSync(path.join(t.dataDir, 'backups', '.daily-2026-11-20T03-00-00-000Z.partial'), { recursive: true });
  const taken: string[] = [];
  for (let day = 0; day < 3; day++) {
    taken.push((await backupNow(t)).path);
    clock += BACKUP_EVERY_MS;
  }
  expect(listBackups(path.join(t.dataDir, 'backups'), 'daily')).toEqual(taken.slice(1));
});

test('the next daily backup is due a day after the newest, a minute after start when overdue', () => {
  const at = new Date('2026-11-23T12:00:00Z');
  expect(nextBackupDelay(undefined, at)).toBe(OVERDUE_BACKUP_DELAY_MS);
  expect(nextBackupDelay(new Date('2026-11-23T03:00:00Z'), at)).toBe(15 * 60 * 60 * 1000);
  expect(nextBackupDelay(new Date('2026-11-21T03:00:00Z'), at)).toBe(OVERDUE_BACKUP_DELAY_MS);
});

test('a restore into an empty DATA_DIR gives a server every booking, intact', async () => {
  const ids = [await book('Dana Reyes'), await book('Mara Quinn')];
  mkdirSync(path.join(t.dataDir, 'media-originals'), { recursive: true });
  writeFileSync(path.join(t.dataDir, 'media-originals', 'restored.jpeg'), 'original bytes');
  const { path: folder } = await backupNow(t);
  const target = path.join(scratch, 'data');
  const result = restoreBackup({ backup: folder, dataDir: target, backupDir: path.join(target, 'backups') });
  expect(result).toEqual({
    dataDir: target,
    bookings: 2,
    mediaFiles: expect.any(Number),
    remotes: [],
    mediaWithoutFiles: [],
  });
  expect(readFileSync(path.join(target, 'media-originals', 'restored.jpeg'), 'utf8')).toBe('original bytes');

  const restored = await buildApp({ dataDir: target, logLevel: 'silent', seedDemo: true, now });
  try {
    const db = restored.db;
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(rowsOf(db)).toEqual(rowsOf(t.app.db));
    expect(rowsOf(db).map((r) => r.id)).toEqual([...ids].sort());
  } finally {
    await restored.close();
  }
});

test('a restore refuses a DATA_DIR that is not empty and changes nothing; --force moves what was there aside', async () => {
  await book('Dana Reyes');
  const { path: folder } = await backupNow(t);
  const target = path.join(scratch, 'data');
  mkdirSync(path.join(target, 'media'), { recursive: true });
  writeFileSync(path.join(target, 'studio.sqlite'), 'the site of today');
  writeFileSync(path.join(target, 'media', 'kept.jpg'), 'today');

  const refuse = () => restoreBackup({ backup: folder, dataDir: target, backupDir: path.join(target, 'backups') });
  expect(refuse).toThrow(RestoreRefused);
  expect(refuse).toThrow(`${target} is not empty (media, studio.sqlite).`);
  expect(readdirSync(target).sort()).toEqual(['media', 'studio.sqlite']);
  expect(readFileSync(path.join(target, 'studio.sqlite'), 'utf8')).toBe('the site of today');

  const replaced = restoreBackup({
    backup: folder,
    dataDir: target,
    backupDir: path.join(target, 'backups'),
    replace: true,
    now,
  });
  expect(replaced.movedAsideTo).toBe(path.join(target, 'backups', 'replaced-2026-11-23T03-00-00-000Z'));
  expect(readFileSync(path.join(replaced.movedAsideTo!, 'studio.sqlite'), 'utf8')).toBe('the site of today');
  expect(readFileSync(path.join(replaced.movedAsideTo!, 'media', 'kept.jpg'), 'utf8')).toBe('today');
  const db = new Database(path.join(target, 'studio.sqlite'), { readonly: true });
  try {
    expect(rowsOf(db)).toEqual(rowsOf(t.app.db));
  } finally {
    db.close();
  }
  expect(existsSync(path.join(target, 'media', 'kept.jpg'))).toBe(false);
});

test('a folder that is not a backup, or a damaged copy, is refused and leaves DATA_DIR empty', async () => {
  const target = path.join(scratch, 'data');
  expect(() => restoreBackup({ backup: scratch, dataDir: target, backupDir: path.join(target, 'b') })).toThrow(
    'is not a Studio backup',
  );
  const { path: folder } = await backupNow(t);
  writeFileSync(path.join(folder, 'studio.sqlite'), 'not a database at all, just text that is long enough');
  expect(() => restoreBackup({ backup: folder, dataDir: target, backupDir: path.join(target, 'b') })).toThrow();
  expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);
});

// Backups and restored folders were once world-readable (0755/0644), every daily backup copied all media again,
// and nothing checked the disk's room first.
const modeOf = (file: string) => statSync(file).mode & 0o777;
function modesUnder(dir: string): Set<string> {
  const modes = new Set<string>([`dir ${modeOf(dir).toString(8)}`]);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    modes.add(`${entry.isDirectory() ? 'dir' : 'file'} ${modeOf(file).toString(8)}`);
  }
  return modes;
}

test("backups and restored folders are readable by the service's user only (0700 folders, 0600 files)", async () => {
  await book('Dana Reyes');
  mkdirSync(path.join(t.dataDir, 'media', 'uploads', 'look-1'), { recursive: true });
  writeFileSync(path.join(t.dataDir, 'media', 'uploads', 'look-1', 'w400.jpg'), 'jpeg bytes');
  const { path: folder } = await backupNow(t);
  expect(modeOf(path.join(t.dataDir, 'backups'))).toBe(0o700);
  expect(modesUnder(folder)).toEqual(new Set(['dir 700', 'file 600']));

  const target = path.join(scratch, 'data');
  restoreBackup({ backup: folder, dataDir: target, backupDir: path.join(target, 'backups') });
  expect(modesUnder(target)).toEqual(new Set(['dir 700', 'file 600']));
});

test('a backup hard-links the media unchanged since the newest backup and copies the rest', async () => {
  const uploads = path.join(t.dataDir, 'media', 'uploads');
  mkdirSync(path.join(uploads, 'kept'), { recursive: true });
  mkdirSync(path.join(uploads, 'edited'), { recursive: true });
  writeFileSync(path.join(uploads, 'kept', 'w400.jpg'), 'the same photo');
  writeFileSync(path.join(uploads, 'edited', 'w400.jpg'), 'first photo');
  mkdirSync(path.join(t.dataDir, 'media-originals'), { recursive: true });
  writeFileSync(path.join(t.dataDir, 'media-originals', 'kept.jpeg'), 'original');
  const first = (await backupNow(t)).path;
  clock += BACKUP_EVERY_MS;
  writeFileSync(path.join(uploads, 'edited', 'w400.jpg'), 'another, longer photo');
  const second = (await backupNow(t)).path;

  const inode = (backup: string, file: string) => statSync(path.join(backup, file)).ino;
  expect(inode(second, 'media/uploads/kept/w400.jpg')).toBe(inode(first, 'media/uploads/kept/w400.jpg'));
  expect(inode(second, 'media-originals/kept.jpeg')).toBe(inode(first, 'media-originals/kept.jpeg'));
  expect(inode(second, 'media/uploads/edited/w400.jpg')).not.toBe(inode(first, 'media/uploads/edited/w400.jpg'));
  expect(readFileSync(path.join(second, 'media/uploads/edited/w400.jpg'), 'utf8')).toBe('another, longer photo');
  expect(readFileSync(path.join(first, 'media/uploads/edited/w400.jpg'), 'utf8')).toBe('first photo');
  // Pruning the older backup leaves the newer one whole; a restore from it gives files of their own, not links.
  rmSync(first, { recursive: true, force: true });
  expect(readFileSync(path.join(second, 'media/uploads/kept/w400.jpg'), 'utf8')).toBe('the same photo');
  const target = path.join(scratch, 'data');
  restoreBackup({ backup: second, dataDir: target, backupDir: path.join(target, 'backups') });
  expect(statSync(path.join(target, 'media/uploads/kept/w400.jpg')).nlink).toBe(1);
});

test('a backup the disk has no room for is refused before anything is written, saying so', async () => {
  await book('Dana Reyes');
  const backupDir = path.join(t.dataDir, 'backups');
  const attempt = takeBackup({
    db: t.app.db,
    dataDir: t.dataDir,
    backupDir,
    kind: 'manual',
    now,
    // The disk is the one edge a test cannot fill: 10 MB free.
    freeBytes: () => 10 * 1024 * 1024,
  });
  await expect(attempt).rejects.toThrow(BackupRefused);
  await expect(attempt).rejects.toThrow(
    /^Not enough free space for a backup in .+: it needs about \d+ MB plus 64 MB to spare, and the disk has 10 MB free\. Delete old backups \(or set BACKUP_DIR to a bigger disk\) and run it again\. Nothing was written\.$/,
  );
  expect(readdirSync(backupDir)).toEqual([]);
});
