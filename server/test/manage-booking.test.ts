// The client's manage link on the real server (SQLite on disk, the HTTP routes): the confirmation mail
// with its link (HTML-escaped, dates in the studio's zone), the token kept only as a hash, a wrong token a 404,
// cancelling (twice harmless, the date free again) and asking to move, each announced to the dashboards.
import { createHash } from 'node:crypto';
import { addCalendarDays, type BookingInput } from '@studio/shared/domain';
import type { InjectOptions } from 'fastify';
import type { Change } from '../src/platform/change-bus';
import { SHOOT_BEFORE_CONSULTATION } from '@studio/shared/lifecycle-messages';
import {
  CONSULTATION_AFTER_SHOOT,
  MANAGE_NOT_FOUND,
  NO_CONSULTATION_TO_MOVE,
  NOT_CONFIRMED_YET,
  RESCHEDULE_UNAVAILABLE,
} from '../src/features/bookings/manage-booking';
import { inviteUid } from '../src/features/bookings/calendar-invite';
import {
  ADMIN_EMAIL,
  atStudio,
  bookThroughApi,
  build,
  photoshootInput,
  ugcBookingInput,
  withCsrf,
  type TestApp,
} from './helper';

const TODAY = '2026-11-21';
// Noon at the studio, so its day is the 21st whatever zone the machine running the tests is in.
const NOW = atStudio(TODAY);
const day = (n: number) => addCalendarDays(TODAY, n);

let t: TestApp;
let seq = 0;
let changes: Change[];
beforeEach(async () => {
  t = await build({ now: () => NOW });
  changes = [];
  t.bus.subscribe((c) => changes.push(c));
});
afterEach(async () => {
  await t?.close();
});

const shoot = (over: Partial<BookingInput> = {}) => photoshootInput(TODAY, over);

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject(withCsrf({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers }));

/** Books, waits for the mails, and returns the booking and the token read from the client's mail. */
const book = (over: Partial<BookingInput> = {}) => bookThroughApi(t, shoot(over));

describe('the confirmation mail', () => {
  test('tells her the reference, the dates in words and her private link', async () => {
    const { booking, mail } = await book();
    const reference = booking.id.replace(/-/g, '').slice(0, 8).toUpperCase();
    expect(mail.subject).toBe(`Your booking request ${reference} has arrived`);
    expect(mail.body).toContain(`Reference: ${reference}`);
    expect(mail.body).toContain('Shoot date: Saturday, December 12, 2026');
    expect(mail.body).toContain('Consultation: Saturday, December 5, 2026');
    // The arrival in the studio's zone (America/Phoenix by default), not a raw timestamp.
    expect(mail.body).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(mail.body).toContain('Location: Papago Park');
    expect(mail.body).toMatch(/^http:\/\/[^\s]+\/manage-booking#[A-Za-z0-9_-]{43}$/m);
  });

  test('the HTML part escapes what she typed', async () => {
    const { clientConfirmationMail } = await import('../src/features/bookings/client-mails');
    const { booking } = await book();
    const html = clientConfirmationMail(
      { ...booking, location: '<script>alert(1)</script>' },
      { publicOrigin: 'https://studio.test', timeZone: 'America/Phoenix', token: 'x'.repeat(43) },
    ).html!;
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('href="https://studio.test/manage-booking#xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"');
  });
});

describe('the manage link', () => {
  test('the token is kept only as its SHA-256', async () => {
    const { booking, token } = await book();
    const row = t.app.db
      .prepare('SELECT manage_token_hash AS hash FROM booking_requests WHERE id = ?')
      .get(booking.id) as { hash: string };
    expect(row.hash).toBe(createHash('sha256').update(token).digest('hex'));
    const dump = JSON.stringify(t.app.db.prepare('SELECT * FROM booking_requests').all());
    expect(dump).not.toContain(token);
  });

  test('shows her request; a wrong token or another request is a 404', async () => {
    const { booking, token } = await book();
    const other = await book({ date: day(22) });
    const res = await post('/api/manage-booking', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'New', date: day(21), open: true, rescheduleDate: '' });
    expect((await post('/api/manage-booking', { token: other.token })).json()).toMatchObject({ date: day(22) });

    const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const missing = await post('/api/manage-booking', { token: wrong });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: MANAGE_NOT_FOUND });
    expect((await post('/api/manage-booking/cancel', { token: wrong })).statusCode).toBe(404);
    expect((await post('/api/manage-booking', { token: 'short' })).statusCode).toBe(400);
    expect((await t.repos.bookings.get(booking.id))!.status).toBe('New');
  });

  test('asking to move records the date and tells the dashboards; an unavailable date is refused', async () => {
    const { booking, token } = await book();
    const refused = await post('/api/manage-booking/reschedule', { token, date: day(1) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: RESCHEDULE_UNAVAILABLE });

    const res = await post('/api/manage-booking/reschedule', { token, date: day(23) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rescheduleDate: day(23), status: 'New' });
    expect((await t.repos.bookings.get(booking.id))!.rescheduleDate).toBe(day(23));
    expect(changes.at(-1)).toMatchObject({
      topic: 'bookings',
      type: 'updated',
      booking: { id: booking.id, rescheduleDate: day(23) },
    });
  });

  test('cancelling twice is harmless, and a cancelled booking frees its date', async () => {
    const { booking, token } = await book();
    await t.repos.bookings.updateStatus(booking.id, 'Confirmed', NOW.toISOString());
    const refused = await post('/api/bookings', shoot({ date: day(21), consultationDate: day(20) }), {
      'idempotency-key': `manage-${++seq}`,
    });
    expect(refused.statusCode).toBe(409);

    const first = await post('/api/manage-booking/cancel', { token });
    expect(first.json()).toMatchObject({ status: 'Cancelled', open: false });
    const events = changes.filter((c) => c.topic === 'bookings' && c.type === 'updated');
    expect(events).toHaveLength(1);
    const second = await post('/api/manage-booking/cancel', { token });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ status: 'Cancelled' });
    expect(changes.filter((c) => c.topic === 'bookings' && c.type === 'updated')).toHaveLength(1);
    expect((await post('/api/manage-booking/reschedule', { token, date: day(23) })).statusCode).toBe(409);

    const open = (await t.app.inject({ method: 'GET', url: '/api/availability' })).json() as { booked: unknown[] };
    expect(open.booked).toEqual([]);
    const again = await post('/api/bookings', shoot({ date: day(21), consultationDate: day(20) }), {
      'idempotency-key': `manage-${++seq}`,
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('moving either date', () => {
  const move = (token: string, body: Record<string, string>) =>
    post('/api/manage-booking/reschedule', { token, ...body });
  const actionsOf = () =>
    t.app.db.prepare('SELECT kind, detail FROM client_actions ORDER BY seq').all() as Array<{
      kind: string;
      detail: string;
    }>;

  test('the consultation moves on its own: the shoot date and its request stay as they were', async () => {
    const { booking, token } = await book();
    const res = await move(token, { part: 'consultation', date: day(16) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      consultationDate: day(14),
      rescheduleConsultationDate: day(16),
      date: day(21),
      rescheduleDate: '',
      status: 'New',
    });
    const stored = (await t.repos.bookings.get(booking.id))!;
    expect(stored.rescheduleConsultationDate).toBe(day(16));
    expect(stored.rescheduleDate).toBeUndefined();
    expect(actionsOf()).toEqual([{ kind: 'consultation-move-requested', detail: day(16) }]);
    expect(changes.at(-1)).toMatchObject({ type: 'updated', booking: { rescheduleConsultationDate: day(16) } });
  });

  test('the shoot moves as before, named as the shoot, with or without naming the part', async () => {
    const { booking, token } = await book();
    expect((await move(token, { part: 'shoot', date: day(23) })).statusCode).toBe(200);
    expect((await move(token, { date: day(24) })).json()).toMatchObject({
      rescheduleDate: day(24),
      rescheduleConsultationDate: '',
    });
    expect((await t.repos.bookings.get(booking.id))!.consultationDate).toBe(day(14));
    expect(actionsOf()).toEqual([
      { kind: 'move-requested', detail: day(23) },
      { kind: 'move-requested', detail: day(24) },
    ]);
  });

  test('a refused move answers with the field and its reason, and changes nothing', async () => {
    const { booking, token } = await book();
    const before = await t.repos.bookings.get(booking.id);
    const events = changes.length;
    const refusals: Array<[Record<string, string>, number, Record<string, string[]>]> = [
      // Inside the minimum notice.
      [{ part: 'consultation', date: day(1) }, 409, { date: [RESCHEDULE_UNAVAILABLE] }],
      // The consultation after the shoot (day 21), the shoot before the consultation (day 14).
      [{ part: 'consultation', date: day(22) }, 409, { date: [CONSULTATION_AFTER_SHOOT] }],
      [{ part: 'shoot', date: day(13) }, 409, { date: [SHOOT_BEFORE_CONSULTATION] }],
      // Not a calendar day, or not a date of hers.
      [{ part: 'consultation', date: '2026-02-30' }, 400, { date: ['Must be a real calendar date'] }],
      [{ part: 'deposit', date: day(16) }, 400, { part: [expect.any(String)] as unknown as string[] }],
    ];
    for (const [body, status, fieldErrors] of refusals) {
      const res = await move(token, body);
      expect({ body, status: res.statusCode, fieldErrors: res.json().fieldErrors }).toEqual({
        body,
        status,
        fieldErrors,
      });
    }
    expect(await t.repos.bookings.get(booking.id)).toEqual(before);
    expect(actionsOf()).toEqual([]);
    expect(changes).toHaveLength(events);
  });

  test("a pending move counts: the consultation may not pass the shoot's new day either", async () => {
    const { token } = await book();
    expect((await move(token, { part: 'shoot', date: day(18) })).statusCode).toBe(200);
    expect((await move(token, { part: 'consultation', date: day(19) })).json().fieldErrors).toEqual({
      date: [CONSULTATION_AFTER_SHOOT],
    });
    expect((await move(token, { part: 'consultation', date: day(17) })).statusCode).toBe(200);
  });

  test('a request without a consultation has none to move', async () => {
    const res = await post('/api/bookings', ugcBookingInput, { 'idempotency-key': `manage-${++seq}` });
    await t.settled();
    const mail = (
      t.app.db
        .prepare("SELECT body FROM outbox WHERE channel = 'mail' AND recipient = ? ORDER BY id DESC")
        .get(ugcBookingInput.email) as { body: string }
    ).body;
    const token = /\/manage-booking#([A-Za-z0-9_-]{43})/.exec(mail)![1]!;
    const refused = await move(token, { part: 'consultation', date: day(16) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fieldErrors).toEqual({ part: [NO_CONSULTATION_TO_MOVE] });
    expect((await t.repos.bookings.get((res.json() as { id: string }).id))!.rescheduleConsultationDate).toBeUndefined();
  });

  test("the admin accepting moves both dates as asked; the consultation's slot goes with its old day", async () => {
    const { booking, token } = await book({ consultationTime: '' });
    t.app.db.prepare("UPDATE booking_requests SET consultation_time = '10:00-11:00' WHERE id = ?").run(booking.id);
    await move(token, { part: 'consultation', date: day(16) });
    await move(token, { part: 'shoot', date: day(23) });
    const admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
    const accepted = await t.app.inject(
      withCsrf({
        method: 'POST',
        url: `/api/admin/bookings/${booking.id}/accept-reschedule`,
        payload: {},
        cookies: { studio_session: admin },
      }),
    );
    expect(accepted.statusCode).toBe(200);
    const stored = (await t.repos.bookings.get(booking.id))!;
    expect(stored).toMatchObject({ consultationDate: day(16), consultationTime: '', date: day(23) });
    expect(stored.rescheduleDate).toBeUndefined();
    expect(stored.rescheduleConsultationDate).toBeUndefined();
  });
});

describe('Add to calendar', () => {
  const PUBLIC_EMAIL = 'bookings@avamonroe.example';
  const calendar = (token: string, headers: Record<string, string> = {}) =>
    post('/api/manage-booking/calendar', { token }, headers);
  /** The file's lines, folded lines joined again (RFC 5545 folds at 75 octets). */
  const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

  async function setPublicEmail() {
    const admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
    const site = (await t.app.inject({ url: '/api/site' })).json().details;
    const saved = await t.app.inject(
      withCsrf({
        method: 'PUT',
        url: '/api/admin/site',
        payload: { ...site, email: PUBLIC_EMAIL },
        cookies: { studio_session: admin },
      }),
    );
    expect(saved.statusCode).toBe(200);
    // The identity hears of the save once the answer has gone.
    await new Promise((resolve) => setImmediate(resolve));
  }

  test("only once confirmed: her booking's events, organised by her public e-mail, never ADMIN_EMAIL", async () => {
    await setPublicEmail();
    const { booking, token } = await book();
    const early = await calendar(token);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: NOT_CONFIRMED_YET });

    await t.repos.bookings.updateStatus(booking.id, 'Confirmed', NOW.toISOString());
    const res = await calendar(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const reference = booking.id.replace(/-/g, '').slice(0, 8).toUpperCase();
    expect(res.headers['content-disposition']).toBe(`attachment; filename="booking-${reference}.ics"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const ics = lines(res.body);
    expect(ics).toContain('METHOD:PUBLISH');
    const origin = t.options.publicOrigin;
    expect(ics).toContain(`UID:${inviteUid(booking.id, 'shoot', origin)}`);
    expect(ics).toContain(`UID:${inviteUid(booking.id, 'consultation', origin)}`);
    expect(ics).toContain('DTSTART;VALUE=DATE:20261212');
    expect(ics).toContain('DTSTART;VALUE=DATE:20261205');
    const organizers = ics.filter((l) => l.startsWith('ORGANIZER'));
    expect(organizers).toHaveLength(2);
    for (const o of organizers) expect(o).toContain(`mailto:${PUBLIC_EMAIL}`);
    expect(res.body).not.toContain(ADMIN_EMAIL);

    // Cancelled: nothing for a calendar to hold.
    await post('/api/manage-booking/cancel', { token });
    expect((await calendar(token)).statusCode).toBe(409);
  });

  test('only with her own valid link: a wrong or malformed token, or none, gets no file', async () => {
    const { booking, token } = await book();
    const other = await book({ date: day(22), name: 'Other Client' });
    await t.repos.bookings.updateStatus(booking.id, 'Confirmed', NOW.toISOString());
    const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await calendar(wrong)).statusCode).toBe(404);
    expect((await calendar('short')).statusCode).toBe(400);
    expect((await post('/api/manage-booking/calendar', {})).statusCode).toBe(400);
    // Another client's link opens only her own request, which is not confirmed: nothing of Jane's.
    const theirs = await calendar(other.token);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.body).not.toContain('Jane');
    // Without the page's CSRF token pair the request is refused before any lookup.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/manage-booking/calendar',
      payload: { token },
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
  });
});
