// Issue 18, the client's manage link on the real server (SQLite on disk, the HTTP routes): the confirmation mail
// with its link (HTML-escaped, dates in the studio's zone), the token kept only as a hash, a wrong token a 404,
// cancelling (twice harmless, the date free again) and asking to move, each announced to the dashboards.
import { createHash } from 'node:crypto';
import { addCalendarDays, type BookingInput, type BookingRequest } from '@studio/shared/domain';
import type { InjectOptions } from 'fastify';
import type { Change } from '../src/lib/change-bus';
import { MANAGE_NOT_FOUND, RESCHEDULE_UNAVAILABLE } from '../src/routes/manage-booking';
import { atStudio, build, withCsrf, type TestApp } from './helper';

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

const shoot = (over: Partial<BookingInput> = {}): BookingInput => ({
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '',
  serviceId: 'photoshoot',
  serviceTierId: 'photoshoot-standard',
  date: day(21),
  consultationDate: day(14),
  consultationLocation: 'Studio downtown',
  location: 'Papago Park',
  description: 'Editorial shoot.',
  smsOptIn: false,
  ...over,
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject(withCsrf({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers }));

/** Books, waits for the mails, and returns the booking and the token read from the client's mail. */
async function book(over: Partial<BookingInput> = {}): Promise<{ booking: BookingRequest; token: string; mail: Mail }> {
  const res = await post('/api/bookings', shoot(over), { 'idempotency-key': `manage-${++seq}` });
  expect(res.statusCode).toBe(201);
  await t.settled();
  const booking = (await t.repos.bookings.get((res.json() as { id: string }).id))!;
  const mail = clientMails().at(-1)!;
  const token = /\/manage-booking#([A-Za-z0-9_-]{43})/.exec(mail.body)?.[1];
  expect(token).toBeDefined();
  return { booking, token: token!, mail };
}

interface Mail {
  recipient: string;
  subject: string;
  body: string;
}
const clientMails = () =>
  t.app.db
    .prepare("SELECT recipient, subject, body FROM outbox WHERE channel = 'mail' AND recipient = ? ORDER BY id")
    .all('jane@example.com') as Mail[];

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
    const { clientConfirmationMail } = await import('../src/services/client-mails');
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
