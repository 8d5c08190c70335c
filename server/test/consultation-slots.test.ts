// Time where it matters, on the real server and SQLite on disk: she sets weekly consultation hours, a
// consultation is booked at one of their slots and holds only that slot (the shoot keeps its whole day), a taken or
// unknown time is refused with the field named, and the confirmed consultation's invite and mail carry its time.
import ICAL from 'ical.js';
import type { InjectOptions } from 'fastify';
import { addCalendarDays, formatLongDate, type BookingInput } from '@studio/shared/domain';
import { formatSlot } from '@studio/shared/domain/studio-time';
import { unavailableDatesMessage } from '@studio/shared/messages';
import { ADMIN_EMAIL, ISO_TIMESTAMP, STUDIO_ZONE, atStudio, build, withCsrf, type TestApp } from './helper';

// A Saturday; day(3) is a Tuesday, day(4) a Wednesday, day(7) the next Saturday.
const TODAY = '2026-11-21';
const day = (n: number) => addCalendarDays(TODAY, n);
const TUESDAY = day(3);

let t: TestApp;
let admin: string;
let keySeq = 0;

beforeEach(async () => {
  t = await build({ now: () => atStudio(TODAY), statusUndoMs: 0 });
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
});
afterEach(async () => {
  await t.close();
});

const as = (options: InjectOptions) => withCsrf({ ...options, cookies: { studio_session: admin } });
const setWeekly = (slots: Array<{ weekday: number; startTime: string; endTime: string }>) =>
  t.app.inject(as({ method: 'PUT', url: '/api/admin/availability/weekly', payload: { slots } }));

/** Mon-Fri, a morning and an afternoon consultation slot. */
const WEEKDAYS = [1, 2, 3, 4, 5].flatMap((weekday) => [
  { weekday, startTime: '10:00', endTime: '11:00' },
  { weekday, startTime: '14:00', endTime: '15:00' },
]);

const photoshoot = (over: Partial<BookingInput>): BookingInput => ({
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '',
  serviceId: 'photoshoot',
  serviceTierId: 'photoshoot-standard',
  consultationDate: TUESDAY,
  consultationLocation: 'Studio downtown',
  date: day(4),
  location: 'Papago Park',
  description: 'Editorial shoot for a spring lookbook.',
  smsOptIn: false,
  ...over,
});

const book = (payload: BookingInput) =>
  t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/bookings',
      payload: payload as unknown as InjectOptions['payload'],
      headers: { 'idempotency-key': `slots-key-${++keySeq}` },
    }),
  );

const fieldErrorsOf = (res: { json(): unknown }) =>
  (res.json() as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};

/** The mails the outbox holds for an address, newest first. */
const mailsTo = async (to: string) =>
  (await t.repos.outbox.list(100)).filter((m) => m.channel === 'mail' && m.recipient === to);

test('a consultation at 10:00 leaves the same day 14:00 slot bookable; its invite and mail carry the time', async () => {
  expect((await setWeekly(WEEKDAYS)).statusCode).toBe(204);
  const open = (await t.app.inject({ url: '/api/availability' })).json() as { weekly: unknown[] };
  expect(open.weekly).toHaveLength(10);

  const first = await book(photoshoot({ consultationTime: '10:00-11:00' }));
  expect(first.statusCode).toBe(201);
  const id = (first.json() as { id: string }).id;

  const confirmed = await t.app.inject(
    as({ method: 'PATCH', url: `/api/admin/bookings/${id}`, payload: { status: 'Confirmed', message: '' } }),
  );
  expect(confirmed.statusCode).toBe(200);
  await t.settled();

  // The same Tuesday's 14:00 slot is still free, for the public view and for a new request.
  const after = (await t.app.inject({ url: '/api/availability' })).json() as {
    booked: Array<{ date: string; time: string }>;
  };
  expect(after.booked).toEqual(
    expect.arrayContaining([
      { date: TUESDAY, time: '10:00-11:00' },
      { date: day(4), time: '' },
    ]),
  );
  const second = await book(
    photoshoot({ email: 'sam@example.com', consultationTime: '14:00-15:00', date: day(8), location: 'Tempe' }),
  );
  expect(second.statusCode).toBe(201);

  // A whole-day booking (a UGC shoot day) on that Tuesday is not stopped by the consultation's one hour.
  const ugcDay = await book({
    ...photoshoot({}),
    email: 'brand@example.com',
    serviceId: 'usergeneratedcontent',
    serviceTierId: 'ugc-monthly',
    consultationDate: '',
    consultationLocation: '',
    location: '',
    date: TUESDAY,
  });
  expect(ugcDay.statusCode).toBe(201);

  // Its 10:00 slot is taken; the shoot's day is held whole, even for a consultation slot on it.
  const taken = await book(photoshoot({ email: 'kim@example.com', consultationTime: '10:00-11:00', date: day(9) }));
  expect(taken.statusCode).toBe(409);
  expect((taken.json() as { message: string }).message).toBe(unavailableDatesMessage([TUESDAY]));
  const onShootDay = await book(
    photoshoot({ email: 'kim@example.com', consultationDate: day(4), consultationTime: '10:00-11:00', date: day(9) }),
  );
  expect(onShootDay.statusCode).toBe(409);
  expect((onShootDay.json() as { message: string }).message).toBe(unavailableDatesMessage([day(4)]));

  // The client's confirmation carries the consultation at 10:00 to 11:00 in the studio's zone, in words in the mail.
  const mail = (await mailsTo('jane@example.com')).find((m) => m.subject.includes('onfirmed'));
  if (!mail) throw new Error('no confirmation mail');
  expect(mail.body).toContain(`${formatLongDate(TUESDAY)}, ${formatSlot('10:00-11:00')}`);
  expect(mail.body).not.toMatch(ISO_TIMESTAMP);
  const file = await t.repos.outbox.attachment(mail.id, 0);
  const calendar = new ICAL.Component(ICAL.parse(file!.content.toString('utf8')));
  const consultation = calendar
    .getAllSubcomponents('vevent')
    .find((e) => String(e.getFirstPropertyValue('uid')).startsWith(`${id}-consultation@`));
  const start = consultation!.getFirstProperty('dtstart')!;
  const end = consultation!.getFirstProperty('dtend')!;
  expect(String(start.getFirstValue())).toBe(`${TUESDAY}T10:00:00`);
  expect(start.getParameter('tzid')).toBe(STUDIO_ZONE);
  expect(String(end.getFirstValue())).toBe(`${TUESDAY}T11:00:00`);
  expect(calendar.getAllSubcomponents('vtimezone').map((z) => String(z.getFirstPropertyValue('tzid')))).toEqual([
    STUDIO_ZONE,
  ]);
});

test('a requested slot is held: two clients at once cannot both take it, and a declined request frees it', async () => {
  await setWeekly(WEEKDAYS);
  const [a, b] = await Promise.all([
    book(photoshoot({ consultationTime: '10:00-11:00' })),
    book(photoshoot({ email: 'sam@example.com', consultationTime: '10:00-11:00', location: 'Tempe' })),
  ]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  const winner = [a, b].find((r) => r.statusCode === 201)!;
  const loser = [a, b].find((r) => r.statusCode === 409)!;
  expect((loser.json() as { message: string }).message).toBe(unavailableDatesMessage([TUESDAY]));

  // The slot shows taken to the next visitor; the same day's other slot and the requested shoot day stay open.
  const open = (await t.app.inject({ url: '/api/availability' })).json() as {
    booked: Array<{ date: string; time: string }>;
  };
  expect(open.booked).toEqual([{ date: TUESDAY, time: '10:00-11:00' }]);
  expect(
    (await book(photoshoot({ email: 'lee@example.com', consultationTime: '14:00-15:00', location: 'Mesa' })))
      .statusCode,
  ).toBe(201);

  const id = (winner.json() as { id: string }).id;
  const declined = await t.app.inject(
    as({ method: 'PATCH', url: `/api/admin/bookings/${id}`, payload: { status: 'Declined', message: '' } }),
  );
  expect(declined.statusCode).toBe(200);
  expect(
    (await book(photoshoot({ email: 'kim@example.com', consultationTime: '10:00-11:00', location: 'Chandler' })))
      .statusCode,
  ).toBe(201);
});

test('a consultation day with weekly slots needs one of them; an unknown time is refused with the field named', async () => {
  await setWeekly(WEEKDAYS);

  const unknown = await book(photoshoot({ consultationTime: '10:30-11:30' }));
  expect(unknown.statusCode).toBe(400);
  expect(Object.keys(fieldErrorsOf(unknown))).toEqual(['consultationTime']);

  const none = await book(photoshoot({}));
  expect(none.statusCode).toBe(400);
  expect(Object.keys(fieldErrorsOf(none))).toEqual(['consultationTime']);

  // A Saturday has no weekly slots: the consultation is for the day, as before.
  const saturday = await book(photoshoot({ consultationDate: day(7), date: day(8) }));
  expect(saturday.statusCode).toBe(201);
  // The shoot's own day never takes a weekly slot: a time for it is refused.
  const shootTime = await book(photoshoot({ consultationTime: '14:00-15:00', time: '10:00-11:00' }));
  expect(shootTime.statusCode).toBe(400);
  expect(Object.keys(fieldErrorsOf(shootTime))).toEqual(['time']);
});

test('slots she sets for one date replace her weekly hours on that date', async () => {
  await setWeekly(WEEKDAYS);
  const override = await t.app.inject(
    as({
      method: 'POST',
      url: '/api/admin/availability/slots',
      payload: { date: TUESDAY, startTime: '16:00', endTime: '17:00', isAvailable: true, notes: '' },
    }),
  );
  expect(override.statusCode).toBe(201);

  const weekly = await book(photoshoot({ consultationTime: '10:00-11:00' }));
  expect(weekly.statusCode).toBe(400);
  expect(Object.keys(fieldErrorsOf(weekly))).toEqual(['consultationTime']);
  expect((await book(photoshoot({ consultationTime: '16:00-17:00' }))).statusCode).toBe(201);
});

test('her weekly hours are saved whole, checked, and shown on her dashboard', async () => {
  expect((await setWeekly(WEEKDAYS)).statusCode).toBe(204);
  expect((await setWeekly([{ weekday: 2, startTime: '09:00', endTime: '09:30' }])).statusCode).toBe(204);
  const stored = (await t.app.inject(as({ method: 'GET', url: '/api/admin/availability' }))).json() as {
    weekly: Array<{ weekday: number; startTime: string; endTime: string }>;
  };
  expect(stored.weekly.map(({ weekday, startTime, endTime }) => ({ weekday, startTime, endTime }))).toEqual([
    { weekday: 2, startTime: '09:00', endTime: '09:30' },
  ]);

  const backwards = await setWeekly([{ weekday: 1, startTime: '11:00', endTime: '10:00' }]);
  expect(backwards.statusCode).toBe(400);
  const twice = await setWeekly([
    { weekday: 1, startTime: '10:00', endTime: '11:00' },
    { weekday: 1, startTime: '10:00', endTime: '10:30' },
  ]);
  expect(twice.statusCode).toBe(400);
  const noDay = await setWeekly([{ weekday: 7, startTime: '10:00', endTime: '11:00' }]);
  expect(noDay.statusCode).toBe(400);
  // A refused save changes nothing.
  const still = (await t.app.inject(as({ method: 'GET', url: '/api/admin/availability' }))).json() as {
    weekly: unknown[];
  };
  expect(still.weekly).toHaveLength(1);
});
