// A client's manage link and a contract's signing link once stayed in clear text in the outbox, and so
// in every backup, for the whole retention period. On the real server (SQLite on disk, the HTTP routes): each is
// readable in the outbox while the mail is being delivered, blanked once the outbox's link window has passed, gone
// from the database file's bytes and from a backup taken after, and the links themselves keep working for her.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import type { BackupResult } from '../src/features/ops/backup';
import { OUTBOX_LINK_WINDOW_MS } from '../src/features/ops/outbox-hygiene';
import { build, withCsrf, ADMIN_EMAIL, ugcBookingInput, type TestApp } from './helper';

let clock = new Date('2026-03-02T17:00:00Z').getTime();
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await build({ now: () => new Date(clock) });
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
});
afterAll(() => t.close());

const asAdmin = (options: InjectOptions) => t.app.inject(withCsrf({ ...options, cookies: { studio_session: admin } }));
const bodies = () =>
  (t.app.db.prepare('SELECT body FROM outbox ORDER BY id').all() as Array<{ body: string }>).map((r) => r.body);
const MANAGE = /\/manage-booking#([A-Za-z0-9_-]{43})/;
const SIGNING = /\/contracts\/sign\/([A-Za-z0-9_-]{43})/;

/** A booking through the form, and the manage token from her confirmation mail. */
async function book(): Promise<{ id: string; token: string }> {
  const res = await t.app.inject(
    withCsrf({ method: 'POST', url: '/api/bookings', payload: ugcBookingInput, headers: { 'idempotency-key': 'k-1' } }),
  );
  expect(res.statusCode).toBe(201);
  await t.settled();
  const token = bodies()
    .map((b) => MANAGE.exec(b)?.[1])
    .find(Boolean);
  expect(token).toBeDefined();
  return { id: (res.json() as { id: string }).id, token: token! };
}

/** A contract for the booking, drafted and sent by her; the token from the client's signing mail. */
async function sendContract(bookingId: string): Promise<string> {
  const form = {
    form: {
      clientName: 'Dana Reyes',
      modelName: 'Ava Monroe',
      effectiveDate: '2026-03-02',
      serviceType: 'Product video',
      timeline: '4',
      governingLaw: 'Arizona',
    },
    paperSize: 'a4',
  };
  const drafted = await asAdmin({ method: 'POST', url: `/api/admin/bookings/${bookingId}/contracts`, payload: form });
  expect(drafted.statusCode).toBe(201);
  const sent = await asAdmin({
    method: 'POST',
    url: `/api/admin/contracts/${drafted.json<{ id: string }>().id}/send`,
    payload: {},
  });
  expect(sent.statusCode).toBe(200);
  const token = bodies()
    .map((b) => SIGNING.exec(b)?.[1])
    .find(Boolean);
  expect(token).toBeDefined();
  return token!;
}

test('manage and signing links are blanked in the outbox once delivered, and no backup holds them', async () => {
  const { id, token: manage } = await book();
  const signing = await sendContract(id);

  // While the mail is being delivered the development outbox shows the links (that is how the mail arrives).
  const shown = await t.app.inject({ url: '/api/dev/outbox', remoteAddress: '127.0.0.1' });
  expect(shown.statusCode).toBe(200);
  expect(shown.body).toContain(manage);
  expect(shown.body).toContain(signing);
  await t.app.jobs.runNow('outbox sweep');
  expect(bodies().join('\n')).toContain(manage);
  // The file's bytes show a token while it is kept (so the checks on the bytes below can see one).
  t.app.db.pragma('wal_checkpoint(TRUNCATE)');
  expect(readFileSync(path.join(t.dataDir, 'studio.sqlite')).includes(manage)).toBe(true);

  clock += OUTBOX_LINK_WINDOW_MS + 1000;
  await t.app.jobs.runNow('outbox sweep');
  const kept = bodies().join('\n');
  expect(kept).not.toContain(manage);
  expect(kept).not.toContain(signing);
  expect(kept).toContain('/manage-booking#[redacted]');
  expect(kept).toContain('/contracts/sign/[redacted]');
  // Not even in the file's free space, where an overwritten row's old bytes would otherwise stay.
  t.app.db.pragma('wal_checkpoint(TRUNCATE)');
  const file = readFileSync(path.join(t.dataDir, 'studio.sqlite'));
  expect(file.includes(manage)).toBe(false);
  expect(file.includes(signing)).toBe(false);

  const { path: folder } = (await t.app.jobs.runNow('daily backup')) as BackupResult;
  const backup = readFileSync(path.join(folder, 'studio.sqlite'));
  expect(backup.includes(manage)).toBe(false);
  expect(backup.includes(signing)).toBe(false);

  // Only the outbox's copy is gone: her links still work.
  const managed = await t.app.inject(
    withCsrf({ method: 'POST', url: '/api/manage-booking', payload: { token: manage } }),
  );
  expect(managed.statusCode).toBe(200);
  expect((await t.app.inject({ url: `/contracts/sign/${signing}` })).statusCode).toBe(200);
});

test("a mail purged after the retention period is gone from the file's bytes, not left in its free space", async () => {
  const secret = 'Dana-Reyes-private-note-7f3a9c';
  const day = 24 * 60 * 60 * 1000;
  for (const [n, age] of [
    [1, 13],
    [2, 15],
    [3, 13],
  ] as const) {
    await t.repos.outbox.add(
      {
        channel: 'mail',
        recipient: 'dana@example.com',
        subject: `Mail ${n}`,
        body: `${n === 2 ? secret : 'kept'} ${n}`,
      },
      new Date(clock - age * day).toISOString(),
    );
  }
  await t.app.jobs.runNow('outbox sweep');
  expect(bodies().join('\n')).not.toContain(secret);
  t.app.db.pragma('wal_checkpoint(TRUNCATE)');
  expect(readFileSync(path.join(t.dataDir, 'studio.sqlite')).includes(secret)).toBe(false);
  const { path: folder } = (await t.app.jobs.runNow('daily backup')) as BackupResult;
  expect(readFileSync(path.join(folder, 'studio.sqlite')).includes(secret)).toBe(false);
});
