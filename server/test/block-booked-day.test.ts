// A day a booking holds cannot be blocked (docs/product.md, availability): her calendar offers no block on such a
// day, and the server refuses it too, so an old tab or a script cannot close a day a client holds.
import { build, storeBooking, withCsrf, ADMIN_EMAIL, type TestApp } from './helper';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await build();
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const at = '2026-05-01T10:00:00.000Z';
  const booking = {
    name: 'Ana Shoot',
    email: 'ana@example.com',
    phone: '',
    serviceId: 'photoshoot',
    service: 'Photoshoot',
    servicePrice: '$250',
    serviceTier: 'Mini Session',
    serviceTierId: 'photoshoot-mini',
    paymentSchedule: '',
    date: '2031-03-12',
    endDate: '2031-03-13',
    time: '',
    consultationDate: '2031-03-05',
    consultationTime: '10:00-10:30',
    consultationLocation: 'Studio',
    location: 'Phoenix',
    description: 'Two days.',
    smsOptIn: false,
    createdAt: at,
    updatedAt: at,
  };
  await storeBooking(t.repos, { ...booking, status: 'Confirmed' });
  // A declined request holds nothing.
  await storeBooking(t.repos, {
    ...booking,
    date: '2031-04-01',
    endDate: '',
    consultationDate: '',
    status: 'Declined',
  });
});
afterAll(() => t.close());

const block = (startDate: string, endDate: string) =>
  t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/admin/availability/unavailable',
      payload: { startDate, endDate, reason: 'Away' },
      cookies: { studio_session: admin },
    }),
  );
const blockedRanges = async () => (await t.repos.availability.getAdmin()).unavailable.length;

test('blocking a day of a confirmed shoot is refused with the days named, and nothing is stored', async () => {
  const before = await blockedRanges();
  const one = await block('2031-03-13', '2031-03-13');
  expect(one.statusCode).toBe(409);
  expect(one.json().message).toBe('Thursday, March 13, 2031 has a booking, so it cannot be blocked.');
  const range = await block('2031-03-01', '2031-03-31');
  expect(range.statusCode).toBe(409);
  expect(range.json().message).toBe(
    'These days have bookings, so they cannot be blocked: Wednesday, March 5, 2031, Wednesday, March 12, 2031, Thursday, March 13, 2031.',
  );
  expect(await blockedRanges()).toBe(before);
});

test('the consultation day is held too', async () => {
  expect((await block('2031-03-05', '2031-03-05')).statusCode).toBe(409);
});

test('free days around it, and a declined request’s day, can be blocked', async () => {
  const before = await blockedRanges();
  expect((await block('2031-03-14', '2031-03-20')).statusCode).toBe(201);
  expect((await block('2031-04-01', '2031-04-01')).statusCode).toBe(201);
  expect(await blockedRanges()).toBe(before + 2);
});
