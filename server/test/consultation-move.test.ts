// A consultation moved from the client's manage link at a time, on the real server and SQLite on disk: the
// move names one of the day's free slots (the booking form's rule), a taken slot is refused with the field named and
// changes nothing, her mail names the time, and her acceptance moves the day and the time (the invite carries it)
// unless the slot was taken meanwhile: a requested move holds no slot, so accepting checks it again.
import ICAL from 'ical.js';
import type { InjectOptions } from 'fastify';
import { addCalendarDays, type BookingInput, type BookingRequest } from '@studio/shared/domain';
import { TIME_REQUIRED } from '@studio/shared/lifecycle-messages';
import { RESCHEDULE_SLOT_TAKEN } from '@studio/shared/refusal-messages';
import { SLOT_TAKEN } from '../src/features/bookings/manage-booking';
import { ADMIN_EMAIL, STUDIO_ZONE, atStudio, build, withCsrf, type TestApp } from './helper';

// A Saturday; day(3) and day(17) are Tuesdays, day(18) a Wednesday (the demo blocks day(10) to day(12)).
const TODAY = '2026-11-21';
const day = (n: number) => addCalendarDays(TODAY, n);
const TUESDAY = day(3);
const NEXT_TUESDAY = day(17);

let t: TestApp;
let admin: string;
let keySeq = 0;

beforeEach(async () => {
  t = await build({ now: () => atStudio(TODAY), statusUndoMs: 0 });
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  // Mon-Fri, a morning and an afternoon consultation slot.
  const slots = [1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, startTime: '10:00', endTime: '11:00' },
    { weekday, startTime: '14:00', endTime: '15:00' },
  ]);
  const res = await t.app.inject(as({ method: 'PUT', url: '/api/admin/availability/weekly', payload: { slots } }));
  expect(res.statusCode).toBe(204);
});
afterEach(async () => {
  await t.close();
});

const as = (options: InjectOptions) => withCsrf({ ...options, cookies: { studio_session: admin } });
const post = (url: string, payload: unknown) =>
  t.app.inject(withCsrf({ method: 'POST', url, payload: payload as InjectOptions['payload'] }));

const photoshoot = (over: Partial<BookingInput>): BookingInput => ({
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '',
  serviceId: 'photoshoot',
  serviceTierId: 'photoshoot-standard',
  consultationDate: TUESDAY,
  consultationTime: '10:00-11:00',
  consultationLocation: 'Studio downtown',
  date: day(18),
  location: 'Papago Park',
  description: 'Editorial shoot for a spring lookbook.',
  smsOptIn: false,
  ...over,
});

const mailsTo = async (to: string) =>
  (await t.repos.outbox.list(100)).filter((m) => m.channel === 'mail' && m.recipient === to);

/** Books, waits for the mails, and answers the booking and the manage link's token from the client's mail. */
async function book(over: Partial<BookingInput> = {}): Promise<{ booking: BookingRequest; token: string }> {
  const res = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/bookings',
      payload: photoshoot(over) as unknown as InjectOptions['payload'],
      headers: { 'idempotency-key': `move-key-${++keySeq}` },
    }),
  );
  expect(res.statusCode).toBe(201);
  await t.settled();
  const booking = (await t.repos.bookings.get((res.json() as { id: string }).id))!;
  const mail = (await mailsTo(booking.email))[0]!;
  const token = /\/manage-booking#([A-Za-z0-9_-]{43})/.exec(mail.body)?.[1];
  if (!token) throw new Error('no manage link in the client mail');
  return { booking, token };
}

const moveConsultation = (token: string, date: string, time?: string) =>
  post('/api/manage-booking/reschedule', { token, part: 'consultation', date, ...(time ? { time } : {}) });
const accept = (id: string) =>
  t.app.inject(as({ method: 'POST', url: `/api/admin/bookings/${id}/accept-reschedule`, payload: {} }));
const confirm = (id: string) =>
  t.app.inject(
    as({ method: 'PATCH', url: `/api/admin/bookings/${id}`, payload: { status: 'Confirmed', message: '' } }),
  );
const actionMails = async () =>
  (await mailsTo(ADMIN_EMAIL)).filter((m) => m.subject.startsWith('Jane Doe asked to move'));
const heldSlots = async () =>
  ((await t.app.inject({ url: '/api/availability' })).json() as { booked: Array<{ date: string; time: string }> })
    .booked;

test('a consultation move asks for a free slot of the day: pending with its time, named in her mail', async () => {
  const { booking, token } = await book();

  // The day has slots: one must be named.
  const untimed = await moveConsultation(token, NEXT_TUESDAY);
  expect(untimed.statusCode).toBe(400);
  expect((untimed.json() as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({ time: [TIME_REQUIRED] });

  const res = await moveConsultation(token, NEXT_TUESDAY, '14:00-15:00');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({
    consultationDate: TUESDAY,
    consultationTime: '10:00-11:00',
    rescheduleConsultationDate: NEXT_TUESDAY,
    rescheduleConsultationTime: '14:00-15:00',
  });
  const stored = (await t.repos.bookings.get(booking.id))!;
  expect(stored).toMatchObject({ rescheduleConsultationDate: NEXT_TUESDAY, rescheduleConsultationTime: '14:00-15:00' });

  await t.settled();
  const [mail] = await actionMails();
  expect(mail!.body).toContain('Asked to move the consultation to: Tuesday, December 8, 2026, 2:00 PM - 3:00 PM');
  // Until she accepts, the asked-for slot is not held: another client may still book it.
  expect(await heldSlots()).not.toContainEqual({ date: NEXT_TUESDAY, time: '14:00-15:00' });
});

test('a move to a taken slot is refused with the time named, and nothing changes', async () => {
  await book({ email: 'sam@example.com', consultationDate: NEXT_TUESDAY, consultationTime: '14:00-15:00' });
  const { booking, token } = await book();

  const res = await moveConsultation(token, NEXT_TUESDAY, '14:00-15:00');
  expect(res.statusCode).toBe(409);
  expect((res.json() as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({ time: [SLOT_TAKEN] });
  expect(await t.repos.bookings.get(booking.id)).toEqual(booking);
  await t.settled();
  expect(await actionMails()).toHaveLength(0);
});

test('accepting moves the consultation to the day and time asked for; the invite carries the time', async () => {
  const { booking, token } = await book();
  expect((await confirm(booking.id)).statusCode).toBe(200);
  expect((await moveConsultation(token, NEXT_TUESDAY, '14:00-15:00')).statusCode).toBe(200);

  const res = await accept(booking.id);
  expect(res.statusCode).toBe(200);
  const moved = (await t.repos.bookings.get(booking.id))!;
  expect(moved).toMatchObject({ consultationDate: NEXT_TUESDAY, consultationTime: '14:00-15:00', date: day(18) });
  expect(moved.rescheduleConsultationDate).toBeUndefined();
  expect(moved.rescheduleConsultationTime).toBeUndefined();
  // The new slot is held now, the old one freed.
  const held = await heldSlots();
  expect(held).toContainEqual({ date: NEXT_TUESDAY, time: '14:00-15:00' });
  expect(held).not.toContainEqual({ date: TUESDAY, time: '10:00-11:00' });

  await t.settled();
  const [mail] = await mailsTo('jane@example.com');
  const file = await t.repos.outbox.attachment(mail!.id, 0);
  const calendar = new ICAL.Component(ICAL.parse(file!.content.toString('utf8')));
  const consultation = calendar
    .getAllSubcomponents('vevent')
    .find((e) => String(e.getFirstPropertyValue('uid')).startsWith(`${booking.id}-consultation@`));
  const start = consultation!.getFirstProperty('dtstart')!;
  expect(String(start.getFirstValue())).toBe(`${NEXT_TUESDAY}T14:00:00`);
  expect(start.getParameter('tzid')).toBe(STUDIO_ZONE);
  expect(String(consultation!.getFirstProperty('dtend')!.getFirstValue())).toBe(`${NEXT_TUESDAY}T15:00:00`);
});

test('accepting when the slot was taken meanwhile is refused clearly, and nothing moves', async () => {
  const { booking, token } = await book();
  expect((await moveConsultation(token, NEXT_TUESDAY, '14:00-15:00')).statusCode).toBe(200);
  // Another client books that slot while she has not decided yet.
  await book({ email: 'sam@example.com', consultationDate: NEXT_TUESDAY, consultationTime: '14:00-15:00' });
  const before = (await t.repos.bookings.get(booking.id))!;

  const res = await accept(booking.id);
  expect(res.statusCode).toBe(409);
  expect((res.json() as { message: string }).message).toBe(RESCHEDULE_SLOT_TAKEN);
  expect(await t.repos.bookings.get(booking.id)).toEqual(before);
  expect(before).toMatchObject({ consultationDate: TUESDAY, consultationTime: '10:00-11:00' });
});
