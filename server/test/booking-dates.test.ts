// Booking dates on the real server (SQLite on disk, the HTTP routes): phones in common formats stored as E.164, the
// minimum notice, the shoot after its consultation, time slots, multi-day shoots, and confirmed bookings holding
// their days, each refused and accepted at its boundary.
import { addCalendarDays, type BookingInput } from '@studio/shared/domain';
import { unavailableDatesMessage } from '@studio/shared/messages';
import type { InjectOptions } from 'fastify';
import { atStudio, build, withCsrf, type TestApp } from './helper';

const TODAY = '2026-11-21';
// Noon at the studio, so its day is the 21st whatever zone the machine running the tests is in.
const NOW = atStudio(TODAY);
const day = (n: number) => addCalendarDays(TODAY, n);

let t: TestApp;
let seq = 0;
beforeEach(async () => {
  t = await build({ now: () => NOW });
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
  date: day(3),
  consultationDate: day(2),
  consultationLocation: 'Studio downtown',
  location: 'Papago Park',
  description: 'Editorial shoot.',
  smsOptIn: false,
  ...over,
});

const post = (payload: unknown) =>
  t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/bookings',
      payload: payload as InjectOptions['payload'],
      headers: { 'idempotency-key': `dates-${++seq}` },
    }),
  );
const created = async (payload: unknown) => {
  const res = await post(payload);
  expect(res.statusCode).toBe(201);
  return (await t.repos.bookings.get((res.json() as { id: string }).id))!;
};
const fieldErrors = async (payload: unknown) => {
  const res = await post(payload);
  expect(res.statusCode).toBe(400);
  return (res.json() as { fieldErrors: Record<string, string[]> }).fieldErrors;
};

describe('phones', () => {
  test.each(['(602) 555-0100', '602-555-0100', '+1 602 555 0100'])('%p is stored as +16025550100', async (phone) => {
    expect((await created(shoot({ phone }))).phone).toBe('+16025550100');
  });

  test('letters or too few digits are refused with an example of what works', async () => {
    expect((await fieldErrors(shoot({ phone: '602-555-01' }))).phone).toEqual([
      'Please enter a phone number, such as (602) 555-0100 or +44 20 7946 0958',
    ]);
    expect(await fieldErrors(shoot({ phone: 'call me' }))).toHaveProperty('phone');
  });
});

describe('minimum notice (MIN_NOTICE_DAYS, default 2)', () => {
  test('tomorrow is refused, the day after tomorrow accepted', async () => {
    expect((await fieldErrors(shoot({ consultationDate: day(1) }))).consultationDate).toEqual([
      'Please choose a date at least 2 days from today.',
    ]);
    await created(shoot({ consultationDate: day(2), date: day(2) }));
  });

  test('the setting moves the boundary, and the visitor reads it with the availability', async () => {
    await t.close();
    t = await build({ now: () => NOW, minNoticeDays: 5 });
    expect(await fieldErrors(shoot({ consultationDate: day(4), date: day(7) }))).toHaveProperty('consultationDate');
    await created(shoot({ consultationDate: day(7), date: day(7) }));
    const open = (await t.app.inject({ method: 'GET', url: '/api/availability' })).json() as { minNoticeDays: number };
    expect(open.minNoticeDays).toBe(5);
  });
});

test('the shoot cannot precede the consultation: the day before is refused, the same day accepted', async () => {
  expect((await fieldErrors(shoot({ consultationDate: day(4), date: day(3) }))).date).toEqual([
    'The shoot cannot be before the consultation.',
  ]);
  await created(shoot({ consultationDate: day(4), date: day(4) }));
});

describe('time slots (the demo has 09:00-12:00 free and 13:00-17:00 closed on day 5)', () => {
  test('without a choice, or a time not offered, is refused; the free slot is stored', async () => {
    expect((await fieldErrors(shoot({ date: day(5) }))).time).toEqual([
      'Please choose one of the times offered on this date.',
    ]);
    expect((await fieldErrors(shoot({ date: day(5), time: '10:00-12:00' }))).time).toEqual([
      'This time is not offered on this date.',
    ]);
    expect((await post(shoot({ date: day(5), time: '13:00-17:00' }))).statusCode).toBe(409);
    expect((await created(shoot({ date: day(5), time: '09:00-12:00' }))).time).toBe('09:00-12:00');
  });
});

describe('multi-day shoots, checked day by day', () => {
  test('a range over a blocked day is refused naming it; a range ending before it is stored', async () => {
    // The demo blocks days 10 to 12.
    const res = await post(shoot({ consultationDate: day(7), date: day(8), endDate: day(10) }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: unavailableDatesMessage([day(10)]) });
    expect((await created(shoot({ consultationDate: day(7), date: day(8), endDate: day(9) }))).endDate).toBe(day(9));
  });

  test('an end before the start is refused, the same day accepted', async () => {
    expect((await fieldErrors(shoot({ date: day(14), endDate: day(13) }))).endDate).toEqual([
      'The last shoot day cannot be before the first.',
    ]);
    await created(shoot({ date: day(14), endDate: day(14) }));
  });
});

describe('confirmed bookings hold their dates', () => {
  test('a confirmed date refuses a second booking (409, the message of docs/product.md §5); before confirmation it did not', async () => {
    const first = await created(shoot({ consultationDate: day(20), date: day(21), endDate: day(22) }));
    await created(shoot({ consultationDate: day(21), date: day(21) }));
    await t.repos.bookings.updateStatus(first.id, 'Confirmed', NOW.toISOString());

    const res = await post(shoot({ consultationDate: day(21), date: day(22) }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: unavailableDatesMessage([day(22), day(21)]) });
    // The visitor's calendar is told which days are held, nothing else about them.
    const open = (await t.app.inject({ method: 'GET', url: '/api/availability' })).json() as {
      booked: Array<{ date: string; time: string }>;
    };
    expect(open.booked).toEqual([
      { date: day(21), time: '' },
      { date: day(22), time: '' },
      { date: day(20), time: '' },
    ]);
    await created(shoot({ consultationDate: day(23), date: day(23) }));
  });

  test('a confirmed slot holds that slot only', async () => {
    const first = await created(shoot({ date: day(5), time: '09:00-12:00', consultationDate: day(4) }));
    await t.repos.bookings.updateStatus(first.id, 'Confirmed', NOW.toISOString());
    expect((await post(shoot({ date: day(5), time: '09:00-12:00', consultationDate: day(4) }))).statusCode).toBe(409);
  });
});
