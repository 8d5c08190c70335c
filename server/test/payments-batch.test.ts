// Her dashboard's payments in one read (GET /api/admin/payments?ids=…): each booking's view is exactly what the
// per-booking route answers (her saved quote or the tier's default, her payments by hand, refunds taken off), an id
// no booking has is named as unknown, and the read is hers alone and bounded. Real server, SQLite on disk.
import type { InjectOptions } from 'fastify';
import type { BookingRequest } from '@studio/shared/domain';
import { PAYMENTS_BATCH_MAX, type PaymentView, type PaymentViews } from '@studio/shared/domain/payments';
import type { NewBookingRequest } from '../src/features/bookings/bookings-store';
import { ADMIN_EMAIL, build, storeBooking, withCsrf, type TestApp } from './helper';

let t: TestApp;
let admin = '';
beforeEach(async () => {
  t = await build();
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
});
afterEach(() => t.close());

const asAdmin = (options: InjectOptions) => t.app.inject(withCsrf({ ...options, cookies: { studio_session: admin } }));

const booking = (over: Partial<NewBookingRequest> = {}): NewBookingRequest => ({
  name: 'Dana Reyes',
  email: 'dana@example.com',
  phone: '',
  serviceId: 'usergeneratedcontent',
  service: 'User-Generated Content',
  servicePrice: '$150',
  serviceTier: 'Single Video',
  serviceTierId: 'ugc-single',
  paymentSchedule: '50% upfront, 50% upon completion',
  endDate: '',
  time: '',
  consultationTime: '',
  date: '',
  consultationDate: '',
  consultationLocation: '',
  location: '',
  description: 'A product video.',
  smsOptIn: false,
  status: 'Confirmed',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

const single = async (id: string): Promise<PaymentView> => {
  const res = await asAdmin({ method: 'GET', url: `/api/admin/bookings/${id}/payments` });
  expect(res.statusCode).toBe(200);
  return res.json() as PaymentView;
};

const record = async (b: BookingRequest, amountCents: number, kind: 'deposit' | 'balance' = 'deposit') => {
  const res = await asAdmin({
    method: 'POST',
    url: `/api/admin/bookings/${b.id}/payments`,
    payload: { kind, method: 'bank transfer', amountCents },
  });
  expect(res.statusCode).toBe(200);
};

/** Three confirmed bookings unlike each other: paid in full by hand, a saved quote part paid, nothing paid. */
async function threeBookings(): Promise<BookingRequest[]> {
  const paid = await storeBooking(t.repos, booking({ name: 'Paid In Full' }));
  const quoted = await storeBooking(t.repos, booking({ name: 'Saved Quote', servicePrice: '$400' }));
  const unpaid = await storeBooking(t.repos, booking({ name: 'Nothing Yet' }));
  await record(paid, 7_500);
  await record(paid, 7_500, 'balance');
  const saved = await asAdmin({
    method: 'PUT',
    url: `/api/admin/bookings/${quoted.id}/quote`,
    payload: {
      baseCents: 45_000,
      lines: [
        { kind: 'usage', channels: ['Paid social ads'], termDays: 90, territory: 'United States', amountCents: 30_000 },
      ],
      deposit: { kind: 'amount', amountCents: 20_000 },
      balanceDueDaysBefore: 7,
      cancellationLadder: [],
    },
  });
  expect(saved.statusCode).toBe(200);
  await record(quoted, 20_000);
  return [paid, quoted, unpaid];
}

test("answers each booking's view exactly as the per-booking route does, in one request", async () => {
  const bookings = await threeBookings();
  const ids = bookings.map((b) => b.id);
  const res = await asAdmin({ method: 'GET', url: `/api/admin/payments?ids=${ids.join(',')}` });
  expect(res.statusCode).toBe(200);
  const body = res.json() as PaymentViews;
  expect(body.unknown).toEqual([]);
  expect(Object.keys(body.views).sort()).toEqual([...ids].sort());
  for (const id of ids) expect(body.views[id]).toEqual(await single(id));
  // The three are different deals: the comparison above is not of three equal defaults.
  const [paid, quoted, unpaid] = ids.map((id) => body.views[id]!);
  expect(paid!.due).toBeNull();
  expect(paid!.states).toContain('Paid');
  expect(quoted!.totalCents).toBe(75_000);
  expect(quoted!.paidCents).toBe(20_000);
  expect(quoted!.due).toEqual({ kind: 'balance', amountCents: 55_000 });
  expect(unpaid!.paidCents).toBe(0);
  expect(unpaid!.payments).toEqual([]);
});

test('names an id no booking has as unknown and answers the others; a repeated id once', async () => {
  const [paid] = await threeBookings();
  const res = await asAdmin({ method: 'GET', url: `/api/admin/payments?ids=${paid!.id},no-such-booking,${paid!.id}` });
  expect(res.statusCode).toBe(200);
  const body = res.json() as PaymentViews;
  expect(body.unknown).toEqual(['no-such-booking']);
  expect(body.views).toEqual({ [paid!.id]: await single(paid!.id) });
});

test("refuses without her session, with a made-up cookie, and a signed-in stranger's session", async () => {
  const [paid] = await threeBookings();
  const url = `/api/admin/payments?ids=${paid!.id}`;
  const visitor = await t.app.inject({ method: 'GET', url });
  const madeUp = await t.app.inject({ method: 'GET', url, cookies: { studio_session: 'not-a-session' } });
  const strangerSession = (await t.repos.sessions.create('stranger@example.com')).id;
  const stranger = await t.app.inject({ method: 'GET', url, cookies: { studio_session: strangerSession } });
  expect([visitor.statusCode, madeUp.statusCode, stranger.statusCode]).toEqual([401, 401, 403]);
  for (const res of [visitor, madeUp, stranger]) expect(res.body).not.toContain('totalCents');
});

test('refuses too many ids, an empty or overlong id, no ids and an unknown parameter with 400 and field errors', async () => {
  const get = async (query: string) => {
    const res = await asAdmin({ method: 'GET', url: `/api/admin/payments${query}` });
    return { status: res.statusCode, body: res.json() as { message: string; fieldErrors?: Record<string, string[]> } };
  };
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `b${i}`).join(',');

  const atMost = await get(`?ids=${ids(PAYMENTS_BATCH_MAX)}`);
  expect(atMost.status).toBe(200);
  expect((atMost.body as unknown as PaymentViews).unknown).toHaveLength(PAYMENTS_BATCH_MAX);

  const tooMany = await get(`?ids=${ids(PAYMENTS_BATCH_MAX + 1)}`);
  expect(tooMany.status).toBe(400);
  expect(tooMany.body.fieldErrors?.ids).toEqual([`At most ${PAYMENTS_BATCH_MAX} bookings at a time.`]);

  const empty = await get('?ids=a,,b');
  expect(empty.status).toBe(400);
  expect(empty.body.fieldErrors?.['ids.1']).toEqual(['An id is empty.']);

  const long = await get(`?ids=a,${'x'.repeat(101)}`);
  expect(long.status).toBe(400);
  expect(long.body.fieldErrors?.['ids.1']).toEqual(['An id is at most 100 characters.']);

  const none = await get('');
  expect(none.status).toBe(400);
  expect(Object.keys(none.body.fieldErrors ?? {})).toEqual(['ids']);

  const extra = await get('?ids=a&all=1');
  expect(extra.status).toBe(400);
  expect(extra.body.fieldErrors).toBeDefined();
});
