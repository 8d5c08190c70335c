// Every client action reaches her, on the real server (SQLite on disk, the HTTP routes): a cancellation and
// a move asked for from the manage link, a contract opened and signed, a visitor's message each mail her (ADMIN_EMAIL)
// naming the booking (client, service, date in words, no raw timestamp) with a link that opens it in her dashboard,
// and count on the dashboard's badge until she has seen them. With her daily digest on, the same actions send no mail
// of their own: one digest a day carries them.
import type { InjectOptions } from 'fastify';
import { addCalendarDays, type BookingRequest } from '@studio/shared/domain';
import type { ClientActionsSummary } from '@studio/shared/domain/client-actions';
import type { ContractRecord } from '@studio/shared/domain/contract';
import {
  ADMIN_EMAIL,
  bookThroughApi,
  build,
  outboxMails,
  photoshootInput,
  withCsrf,
  type OutboxMail,
  type TestApp,
} from './helper';

// Noon in the studio's zone (America/Phoenix, UTC-7 all year).
let clock = Date.parse('2026-11-21T19:00:00.000Z');
const TODAY = '2026-11-21';
const day = (n: number) => addCalendarDays(TODAY, n);

let t: TestApp;
let admin: string;
beforeEach(async () => {
  clock = Date.parse('2026-11-21T19:00:00.000Z');
  t = await build({ now: () => new Date(clock) });
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
});
afterEach(async () => {
  await t?.close();
});

const shoot = photoshootInput(TODAY);

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject(withCsrf({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers }));
const asAdmin = (options: InjectOptions) => t.app.inject(withCsrf({ ...options, cookies: { studio_session: admin } }));

const mailsTo = (recipient: string) => outboxMails(t, recipient);
/** Her mails about what clients did (not the new-request mail every booking sends her). */
const actionMails = () => mailsTo(ADMIN_EMAIL).filter((m) => !m.subject.startsWith('New booking request'));

/** A request booked through the API, and the manage token read from the client's confirmation mail. */
const book = () => bookThroughApi(t, shoot);

const badge = async (): Promise<ClientActionsSummary> => {
  const res = await asAdmin({ method: 'GET', url: '/api/admin/client-actions' });
  expect(res.statusCode).toBe(200);
  return res.json<ClientActionsSummary>();
};

/** What every mail of hers about a booking carries: who, what, when in words, and the one-tap link. */
function expectNamesTheBooking(mail: OutboxMail, booking: BookingRequest) {
  expect(mail.recipient).toBe(ADMIN_EMAIL);
  expect(mail.subject).toContain('Jane Doe');
  expect(mail.subject).toContain(booking.service);
  expect(mail.subject).toContain('Saturday, December 12, 2026');
  expect(mail.body).toContain('Client: Jane Doe (jane@example.com)');
  expect(mail.body).toContain(`Service: ${booking.service} - ${booking.serviceTier}`);
  expect(mail.body).toContain('Date: Saturday, December 12, 2026');
  expect(mail.body).toContain(`Open the booking: http://admin.studio.test/admin/bookings/${booking.id}`);
  expect(mail.body).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
}

test('a cancellation from the manage link mails her, counts on the badge until she opens the booking', async () => {
  const { booking, token } = await book();
  expect(actionMails()).toEqual([]);
  expect((await post('/api/manage-booking/cancel', { token })).statusCode).toBe(200);
  const [mail, ...more] = actionMails();
  expect(more).toEqual([]);
  expectNamesTheBooking(mail!, booking);
  expect(mail!.subject).toMatch(/^Jane Doe cancelled their booking: /);
  // When, in the studio's zone and in words.
  expect(mail!.body).toMatch(/ on November 21, 2026,? (at )?12:00 PM MST\./);
  // A second cancel changes nothing and tells her nothing again.
  expect((await post('/api/manage-booking/cancel', { token })).statusCode).toBe(200);
  expect(actionMails()).toHaveLength(1);

  const seen = await badge();
  expect(seen.unseen).toBe(1);
  expect(seen.recent).toEqual([
    expect.objectContaining({ kind: 'cancelled', bookingId: booking.id, clientName: 'Jane Doe', seenAt: null }),
  ]);
  // Following the mail's link marks that booking's actions seen.
  const opened = await asAdmin({
    method: 'POST',
    url: '/api/admin/client-actions/seen',
    payload: { bookingId: booking.id },
  });
  expect(opened.json<ClientActionsSummary>().unseen).toBe(0);
  expect((await badge()).unseen).toBe(0);
});

test('a move request mails her the day asked for; opening the list clears the badge', async () => {
  const { booking, token } = await book();
  expect((await post('/api/manage-booking/reschedule', { token, date: day(23) })).statusCode).toBe(200);
  const [mail] = actionMails();
  expectNamesTheBooking(mail!, booking);
  expect(mail!.subject).toMatch(/^Jane Doe asked to move their booking: /);
  expect(mail!.body).toContain('Asked to move to: Monday, December 14, 2026');
  // A refused date (no notice) is no action.
  expect((await post('/api/manage-booking/reschedule', { token, date: day(1) })).statusCode).toBe(409);
  expect(actionMails()).toHaveLength(1);

  expect(await badge()).toMatchObject({ unseen: 1, recent: [{ kind: 'move-requested', detail: day(23) }] });
  const cleared = await asAdmin({ method: 'POST', url: '/api/admin/client-actions/seen', payload: {} });
  expect(cleared.json()).toMatchObject({ unseen: 0, recent: [{ kind: 'move-requested' }] });
});

test('a move of the consultation mails her the day asked for, named as the consultation', async () => {
  const { booking, token } = await book();
  const moved = await post('/api/manage-booking/reschedule', { token, part: 'consultation', date: day(16) });
  expect(moved.statusCode).toBe(200);
  const [mail] = actionMails();
  expectNamesTheBooking(mail!, booking);
  expect(mail!.subject).toMatch(/^Jane Doe asked to move their consultation: /);
  expect(mail!.body).toContain('Asked to move the consultation to: Monday, December 7, 2026');
  expect(await badge()).toMatchObject({
    unseen: 1,
    recent: [{ kind: 'consultation-move-requested', detail: day(16) }],
  });
});

test('a contract opened (the first time only) and signed each mail her and count', async () => {
  const { booking } = await book();
  const draft = await asAdmin({
    method: 'POST',
    url: `/api/admin/bookings/${booking.id}/contracts`,
    payload: {
      form: {
        clientName: 'Jane Doe',
        modelName: 'Ava Monroe',
        effectiveDate: TODAY,
        serviceType: 'Photoshoot',
        timeline: '4',
        governingLaw: 'Arizona',
      },
      paperSize: 'letter',
    },
  });
  expect(draft.statusCode).toBe(201);
  const contract = draft.json<ContractRecord>();
  expect(
    (await asAdmin({ method: 'POST', url: `/api/admin/contracts/${contract.id}/send`, payload: {} })).statusCode,
  ).toBe(200);
  const path = /http:\/\/studio\.test(\/contracts\/sign\/[A-Za-z0-9_-]{43})/.exec(
    mailsTo('jane@example.com').at(-1)!.body,
  )![1]!;

  expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
  const [viewed, ...afterView] = actionMails();
  expect(afterView).toEqual([]);
  expectNamesTheBooking(viewed!, booking);
  expect(viewed!.subject).toMatch(/^Jane Doe opened their contract: /);
  expect(viewed!.body).toContain('Contract: version 1');

  const signed = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://studio.test' },
    payload: new URLSearchParams({ contractId: contract.id, fullName: 'Jane Doe', consent: 'yes' }).toString(),
  });
  expect(signed.statusCode).toBe(200);
  await t.settled();
  const signMail = actionMails().find((m) => m.subject.startsWith('Jane Doe signed their contract: '));
  expectNamesTheBooking(signMail!, booking);
  expect(await badge()).toMatchObject({
    unseen: 2,
    recent: [{ kind: 'contract-signed', detail: '1' }, { kind: 'contract-viewed' }],
  });
});

test('a visitor’s message counts on the badge and reaches her with her address to reply to', async () => {
  const res = await post('/api/contact', {
    name: 'Rosa Diaz',
    email: 'rosa@example.com',
    phone: '',
    message: 'Are you free in June?',
  });
  expect(res.statusCode).toBe(204);
  const [mail] = actionMails();
  expect(mail!.subject).toBe('Message from Rosa Diaz (nothing was bookable)');
  expect(mail!.body).toContain('Are you free in June?');
  expect(mail!.body).toContain('Open your dashboard: http://admin.studio.test/admin');
  expect(await badge()).toMatchObject({ unseen: 1, recent: [{ kind: 'contact', bookingId: null }] });
});

test('with the daily digest on, the actions send one digest a day instead of a mail each', async () => {
  const set = await asAdmin({
    method: 'PUT',
    url: '/api/admin/settings/client-actions',
    payload: { dailyDigest: true },
  });
  expect(set.json()).toEqual({ dailyDigest: true });
  expect((await asAdmin({ method: 'GET', url: '/api/admin/settings/client-actions' })).json()).toEqual({
    dailyDigest: true,
  });
  const first = await book();
  const second = await book();
  expect((await post('/api/manage-booking/cancel', { token: first.token })).statusCode).toBe(200);
  expect((await post('/api/manage-booking/reschedule', { token: second.token, date: day(23) })).statusCode).toBe(200);
  expect(
    (await post('/api/contact', { name: 'Rosa Diaz', email: 'rosa@example.com', phone: '', message: 'Hi!' }))
      .statusCode,
  ).toBe(204);
  expect(actionMails()).toEqual([]);
  // The badge counts them all the same.
  expect((await badge()).unseen).toBe(3);

  // Before 8:00 in the studio's zone nothing goes; from then on, one digest carrying the three.
  clock = Date.parse('2026-11-22T14:59:00.000Z');
  expect(await t.app.jobs.runNow('client action digest')).toBe(0);
  expect(actionMails()).toEqual([]);
  clock = Date.parse('2026-11-22T15:30:00.000Z');
  expect(await t.app.jobs.runNow('client action digest')).toBe(3);
  const [digest, ...more] = actionMails();
  expect(more).toEqual([]);
  expect(digest!.subject).toBe('Daily digest: 3 client actions');
  expect(digest!.body).toContain('Your daily digest for Sunday, November 22, 2026');
  expect(digest!.body).toContain('Jane Doe cancelled their booking');
  expect(digest!.body).toContain(`http://admin.studio.test/admin/bookings/${first.booking.id}`);
  expect(digest!.body).toContain('Asked to move to: Monday, December 14, 2026');
  expect(digest!.body).toContain(`http://admin.studio.test/admin/bookings/${second.booking.id}`);
  expect(digest!.body).toContain('Message from Rosa Diaz');
  expect(digest!.body).not.toMatch(/\d{4}-\d{2}-\d{2}T/);

  // The same day again: no second digest, even with a new action waiting; it goes the next morning.
  expect((await post('/api/manage-booking/cancel', { token: second.token })).statusCode).toBe(200);
  clock = Date.parse('2026-11-22T20:00:00.000Z');
  expect(await t.app.jobs.runNow('client action digest')).toBe(0);
  expect(actionMails()).toHaveLength(1);
  clock = Date.parse('2026-11-23T15:05:00.000Z');
  expect(await t.app.jobs.runNow('client action digest')).toBe(1);
  expect(actionMails().at(-1)!.subject).toBe('Daily digest: 1 client action');
});
