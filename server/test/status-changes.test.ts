// Status changes and Undo, on the real server and SQLite on disk: a status change's mail waits for the Undo window
// in the database, Undo takes it back and nothing is ever sent, a restart sends what came due meanwhile, and a
// confirmed request's mail carries a calendar invite whose UID stays the same through an update and a cancellation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import type { InjectOptions } from 'fastify';
import { INVISIBLE_CHARACTERS_MESSAGE, UNDO_TOO_LATE } from '@studio/shared/refusal-messages';
import { build, withCsrf, ADMIN_EMAIL, type TestApp, insertRow } from './helper';

const TEN_SECONDS = 10_000;
let clock = new Date('2026-11-23T17:00:00Z').getTime();
const now = () => new Date(clock);
const apps: TestApp[] = [];
const dirs: string[] = [];

/** A DATA_DIR the test owns, so closing one app does not delete what the next start must find. */
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-status-'));
  dirs.push(dir);
  return dir;
}

async function start(overrides: Parameters<typeof build>[0] = {}): Promise<{ t: TestApp; admin: string }> {
  const t = await build({ now, ...overrides });
  apps.push(t);
  return { t, admin: (await t.repos.sessions.create(ADMIN_EMAIL)).id };
}
afterEach(async () => {
  // Reopened apps share a directory with the first; each is closed once.
  for (const t of apps.splice(0).reverse()) await t.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function insertBooking(t: TestApp, fields: Record<string, string | number> = {}): string {
  const row = {
    id: 'f3a9c2e1-0000-4000-8000-000000000001',
    name: 'Jamie Rivera',
    email: 'jamie@example.com',
    phone: '+16025550100',
    service_id: 'photoshoot',
    service: 'Photoshoot',
    service_tier: 'Half day',
    date: '2026-12-03',
    time: '10:00-12:00',
    consultation_date: '2026-11-28',
    consultation_time: '',
    location: 'Tempe',
    description: 'Editorial shoot',
    status: 'New',
    created_at: '2026-11-23T16:00:00.000Z',
    updated_at: '2026-11-23T16:00:00.000Z',
    ...fields,
  };
  insertRow(t.app, row);
  return row.id;
}

const as = (admin: string, options: InjectOptions) => withCsrf({ ...options, cookies: { studio_session: admin } });
const patch = (t: TestApp, admin: string, id: string, payload: Record<string, unknown>) =>
  t.app.inject(as(admin, { method: 'PATCH', url: `/api/admin/bookings/${id}`, payload }));
const undo = (t: TestApp, admin: string, id: string) =>
  t.app.inject(as(admin, { method: 'POST', url: `/api/admin/bookings/${id}/undo`, payload: {} }));

const mails = async (t: TestApp) => (await t.repos.outbox.list(100)).filter((m) => m.channel === 'mail');
const status = async (t: TestApp, id: string) => (await t.repos.bookings.get(id))?.status;

/** Waits for the app's sends: resolves once `check` holds, checking after each turn of the event loop. */
async function until(check: () => boolean | Promise<boolean>, t: TestApp): Promise<void> {
  while (!(await check())) {
    await t.settled();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The invite a mail carries, parsed: its METHOD and each event's UID, SEQUENCE, DTSTART and its zone. */
async function inviteOf(t: TestApp, outboxId: number) {
  const [info] = await t.repos.outbox.attachments(outboxId);
  expect(info?.filename).toBe('invite.ics');
  const file = await t.repos.outbox.attachment(outboxId, 0);
  const calendar = new ICAL.Component(ICAL.parse(file!.content.toString('utf8')));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const start = vevent.getFirstProperty('dtstart')!;
    return {
      uid: String(vevent.getFirstPropertyValue('uid')),
      sequence: Number(vevent.getFirstPropertyValue('sequence')),
      start: String(start.getFirstValue()),
      tzid: start.getParameter('tzid') ?? null,
      status: String(vevent.getFirstPropertyValue('status')),
    };
  });
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    zones: calendar.getAllSubcomponents('vtimezone').map((z) => String(z.getFirstPropertyValue('tzid'))),
    events,
  };
}

test('the mail waits: nothing is sent within the window, and Undo puts the status back and sends nothing ever', async () => {
  const { t, admin } = await start({ dataDir: dataDir() });
  const id = insertBooking(t);

  const saved = await patch(t, admin, id, { status: 'Confirmed', message: 'See you at the studio!' });
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({ id, status: 'Confirmed' });
  expect(await status(t, id)).toBe('Confirmed');
  await t.settled();
  expect(await mails(t)).toEqual([]);

  clock += TEN_SECONDS - 1;
  const undone = await undo(t, admin, id);
  expect(undone.statusCode).toBe(200);
  expect(undone.json()).toMatchObject({ id, status: 'New' });
  expect(await status(t, id)).toBe('New');

  // Long after the window, a restart on the same data finds nothing to send.
  await t.close();
  apps.splice(apps.indexOf(t), 1);
  clock += 60_000;
  const again = await start({ dataDir: t.dataDir });
  await again.t.settled();
  expect((await again.t.repos.bookings.get(id))?.status).toBe('New');
  expect(await mails(again.t)).toEqual([]);
  expect(await again.t.repos.outbox.list(100)).toEqual([]);
});

test('a second change within the window replaces the first, and Undo goes back to before both', async () => {
  const { t, admin } = await start();
  const id = insertBooking(t);
  expect((await patch(t, admin, id, { status: 'Contacted' })).statusCode).toBe(200);
  expect((await patch(t, admin, id, { status: 'Confirmed' })).statusCode).toBe(200);
  expect((await undo(t, admin, id)).json()).toMatchObject({ status: 'New' });
  // Nothing is left to take back.
  const twice = await undo(t, admin, id);
  expect(twice.statusCode).toBe(409);
  expect(twice.json()).toEqual({ message: UNDO_TOO_LATE });
});

test('when the window has passed the mail leaves by itself, with her message; Undo is then too late', async () => {
  const { t, admin } = await start({ now: () => new Date(), statusUndoMs: 50 });
  const id = insertBooking(t);
  await patch(t, admin, id, { status: 'Contacted', message: 'Could we talk on Thursday?' });
  await until(async () => (await mails(t)).length === 1, t);

  const [mail] = await mails(t);
  expect(mail).toMatchObject({
    recipient: 'jamie@example.com',
    subject: 'Your booking request F3A9C2E1 is now in progress',
  });
  expect(mail!.body).toContain('Could we talk on Thursday?');
  expect(mail!.body).toContain('Photoshoot (Half day) on Thursday, December 3, 2026, 10:00 AM - 12:00 PM');
  // Only a confirmation carries an invite.
  expect(await t.repos.outbox.attachments(mail!.id)).toEqual([]);

  const late = await undo(t, admin, id);
  expect(late.statusCode).toBe(409);
  expect(late.json()).toEqual({ message: UNDO_TOO_LATE });
  expect(await status(t, id)).toBe('Contacted');
});

test('a restart sends what came due while the server was down, once', async () => {
  const first = await start({ dataDir: dataDir() });
  const id = insertBooking(first.t);
  await patch(first.t, first.admin, id, { status: 'Declined' });
  await first.t.close();
  apps.splice(apps.indexOf(first.t), 1);

  clock += TEN_SECONDS + 1;
  const { t } = await start({ dataDir: first.t.dataDir });
  await until(async () => (await mails(t)).length === 1, t);
  expect((await mails(t))[0]!.subject).toBe('Your booking request F3A9C2E1 is now Declined');

  // A second start finds it sent.
  const { t: third } = await start({ dataDir: first.t.dataDir });
  await third.settled();
  expect(await mails(third)).toHaveLength(1);
});

test('the invite: DTSTART in the studio zone, one UID per event kept through a move, then a CANCEL with the same UIDs', async () => {
  const { t, admin } = await start({ statusUndoMs: 0 });
  const id = insertBooking(t);

  await patch(t, admin, id, { status: 'Confirmed', message: 'Bring two outfits.' });
  const confirmed = (await mails(t))[0]!;
  expect(confirmed.body).toContain('Bring two outfits.');
  const first = await inviteOf(t, confirmed.id);
  expect(first.method).toBe('REQUEST');
  expect(first.zones).toEqual(['America/Phoenix']);
  const shoot = first.events.find((e) => e.uid.startsWith(`${id}-shoot@`))!;
  const consultation = first.events.find((e) => e.uid.startsWith(`${id}-consultation@`))!;
  // The 10:00-12:00 slot, in Phoenix time, not converted to the server's zone or UTC.
  expect(shoot).toMatchObject({
    start: '2026-12-03T10:00:00',
    tzid: 'America/Phoenix',
    sequence: 1,
    status: 'CONFIRMED',
  });
  // No slot chosen for the consultation: an all-day event.
  expect(consultation).toMatchObject({ start: '2026-11-28', tzid: null, sequence: 1 });

  // The client asks to move; the admin accepts: an update with the same UIDs and a higher SEQUENCE.
  await t.repos.bookings.requestReschedule(id, '2026-12-10', now().toISOString());
  const moved = await t.app.inject(
    as(admin, { method: 'POST', url: `/api/admin/bookings/${id}/accept-reschedule`, payload: {} }),
  );
  expect(moved.statusCode).toBe(200);
  expect(moved.json()).toMatchObject({ date: '2026-12-10', time: '' });
  expect(moved.json()).not.toHaveProperty('rescheduleDate');
  await t.settled();
  const update = (await mails(t))[0]!;
  expect(update.subject).toBe('Your booking request F3A9C2E1 has moved');
  const second = await inviteOf(t, update.id);
  expect(second.method).toBe('REQUEST');
  expect(second.events.find((e) => e.uid === shoot.uid)).toMatchObject({ start: '2026-12-10', sequence: 2 });
  expect(second.events.map((e) => e.uid).sort()).toEqual([shoot.uid, consultation.uid].sort());

  // Declined after it was confirmed: the invite is cancelled, same UIDs, newer SEQUENCE.
  await patch(t, admin, id, { status: 'Declined' });
  const cancel = await inviteOf(t, (await mails(t))[0]!.id);
  expect(cancel.method).toBe('CANCEL');
  expect(cancel.events.map((e) => [e.uid, e.sequence, e.status]).sort()).toEqual(
    [
      [consultation.uid, 3, 'CANCELLED'],
      [shoot.uid, 3, 'CANCELLED'],
    ].sort(),
  );
});

test('a move back to New mails nobody; a request never confirmed gets no CANCEL', async () => {
  const { t, admin } = await start({ statusUndoMs: 0 });
  const id = insertBooking(t);
  await patch(t, admin, id, { status: 'Contacted' });
  await patch(t, admin, id, { status: 'New' });
  await patch(t, admin, id, { status: 'Declined' });
  await t.settled();
  expect((await mails(t)).map((m) => m.subject)).toEqual([
    'Your booking request F3A9C2E1 is now Declined',
    'Your booking request F3A9C2E1 is now in progress',
  ]);
  expect(await t.repos.outbox.attachments((await mails(t))[0]!.id)).toEqual([]);
});

test('a personal message is checked like any text: too long or with hidden characters is refused, nothing changes', async () => {
  const { t, admin } = await start();
  const id = insertBooking(t);
  const long = await patch(t, admin, id, { status: 'Confirmed', message: 'x'.repeat(1001) });
  expect(long.statusCode).toBe(400);
  expect(long.json().fieldErrors.message).toEqual(['Must be 1000 characters or less']);
  const hidden = await patch(t, admin, id, { status: 'Confirmed', message: 'See you\u202E soon' });
  expect(hidden.statusCode).toBe(400);
  expect(hidden.json().fieldErrors.message).toEqual([INVISIBLE_CHARACTERS_MESSAGE]);
  expect(await status(t, id)).toBe('New');
  expect((await undo(t, admin, id)).statusCode).toBe(409);
});
