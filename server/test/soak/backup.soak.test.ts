// Backups and restore under load: `npm run backup`'s tool runs while 20 connections book, its backup is
// restored with the restore tool into a fresh DATA_DIR, and a server started on it holds every booking acknowledged
// before the backup started, once each and intact, with SQLite's integrity check ok. The restore tool refuses the
// original DATA_DIR, which is not empty. The tools run from source here (the soak runs before the build);
// e2e/tests/compiled-server.spec.ts runs the compiled ones.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_EMAIL, startServer, type RunningServer } from '../../../e2e/support/server';
import { bookingBody, runLoad, type Answer } from './booking-load';

jest.setTimeout(180_000);

const SERVER_DIR = path.resolve(__dirname, '..', '..');

async function runTool(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  return { code, stdout, stderr };
}

/**
 * The admin's view of the bookings, through the API on her origin (where sign-in and her API answer), signed in with
 * the link from the local outbox.
 */
async function adminBookings(server: RunningServer): Promise<Array<{ id: string; name: string; email: string }>> {
  const writeHeaders = { 'Content-Type': 'application/json', Origin: server.adminUrl };
  const linked = await fetch(`${server.adminUrl}/api/auth/link`, {
    method: 'POST',
    headers: writeHeaders,
    body: JSON.stringify({ email: ADMIN_EMAIL }),
  });
  expect(linked.status).toBe(204);
  const outbox = (await (await fetch(`${server.url}/api/dev/outbox`)).json()) as Array<{ body: string }>;
  const token = /finishSignIn\?token=([A-Za-z0-9_-]{43})/.exec(outbox[0]?.body ?? '')?.[1];
  const session = await fetch(`${server.adminUrl}/api/auth/session`, {
    method: 'POST',
    headers: writeHeaders,
    body: JSON.stringify({ email: ADMIN_EMAIL, token }),
  });
  expect(session.status).toBe(200);
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  // The admin's list, every page of it (50 requests a page, newest first).
  const all: Array<{ id: string; name: string; email: string }> = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`;
    const res = await fetch(`${server.adminUrl}/api/admin/bookings${query}`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: typeof all; nextCursor: string | null };
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return all;
}

function rowsById(dataDir: string): Map<string, Record<string, unknown>> {
  const db = new Database(path.join(dataDir, 'studio.sqlite'), { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const rows = db.prepare('SELECT * FROM booking_requests').all() as Array<Record<string, unknown>>;
    return new Map(rows.map((r) => [r.id as string, r]));
  } finally {
    db.close();
  }
}

test('a backup under booking load, restored into a fresh DATA_DIR, holds every booking acknowledged before it', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-backup-'));
  const restoredDir = path.join(mkdtempSync(path.join(tmpdir(), 'studio-restored-')), 'data');
  try {
    const server = await startServer({ DATA_DIR: dataDir, PUBLIC_WRITE_LIMIT: '1000000' });
    const acknowledged: Answer[] = [];
    let enough: () => void = () => undefined;
    const loadIsRunning = new Promise<void>((resolve) => (enough = resolve));
    const load = runLoad({
      port: server.port,
      connections: 20,
      durationMs: 15_000,
      onAnswer: (a) => {
        if (a.status === 201) acknowledged.push(a);
        if (acknowledged.length >= 200) enough();
      },
    });
    await loadIsRunning;
    const ackedBefore = [...acknowledged];
    const backup = await runTool('src/cli/backup.ts', [], { DATA_DIR: dataDir });
    const ackedDuring = acknowledged.length - ackedBefore.length;
    const answers = await load.finally(() => server.stop());
    expect(backup.code).toBe(0);
    const folder = backup.stdout.trim();
    expect(path.dirname(folder)).toBe(path.join(dataDir, 'backups'));
    expect(backup.stderr).toMatch(/^Backup written: \d+ booking requests, \d+ media files, integrity ok\.$/m);

    // The original DATA_DIR is not empty: the restore refuses it and leaves it as it was.
    const before = statSync(path.join(dataDir, 'studio.sqlite'));
    const refused = await runTool('src/cli/restore.ts', [folder, '--data-dir', dataDir], {});
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${dataDir} is not empty`);
    expect(statSync(path.join(dataDir, 'studio.sqlite')).mtimeMs).toBe(before.mtimeMs);

    const restore = await runTool('src/cli/restore.ts', [folder], { DATA_DIR: restoredDir });
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored ${folder} into ${restoredDir}`);

    const restored = await startServer({ DATA_DIR: restoredDir });
    let listed: Array<{ id: string; name: string; email: string }>;
    try {
      expect((await fetch(`${restored.url}/api/health`)).status).toBe(200);
      listed = await adminBookings(restored);
    } finally {
      await restored.stop();
    }

    const original = rowsById(dataDir);
    const copy = rowsById(restoredDir);
    const listedIds = listed.map((b) => b.id);
    expect(new Set(listedIds).size).toBe(listedIds.length);
    const missing = ackedBefore.filter((a) => !listedIds.includes(a.id!));
    expect(missing).toEqual([]);
    for (const a of ackedBefore) {
      // Intact: the restored row is the row the server stored, every column, and it is the booking that was sent.
      expect(copy.get(a.id!)).toEqual(original.get(a.id!));
      const n = Number(/^Load Test (\d+)$/.exec(String(copy.get(a.id!)?.name))?.[1]);
      expect(copy.get(a.id!)).toMatchObject({ email: bookingBody(n).email, idempotency_key: a.key, status: 'New' });
    }
    // Nothing in the backup that the server never stored; nothing twice.
    for (const [id, row] of copy) expect(original.get(id)).toEqual(row);
    const keys = [...copy.values()].map((r) => r.idempotency_key).filter(Boolean);
    expect(new Set(keys).size).toBe(keys.length);
    console.log(
      `backup under load: ${answers.length} requests, ${ackedBefore.length} acknowledged before the backup, ` +
        `${ackedDuring} while it ran; ${copy.size} bookings in the backup of ${original.size} at the end`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.dirname(restoredDir), { recursive: true, force: true });
  }
});
