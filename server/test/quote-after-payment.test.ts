// A quote changed after the client paid, on the real server (SQLite on disk, the routes through inject) and
// the real `stripe` library pointed at the local stand-in (stripe-stand-in.ts). What is checked: a quote whose total is
// below what the client has paid, refunds taken off, is refused with 409 and a message naming both amounts, and
// nothing changes (the quote, the contract's versions); at or above it the quote is saved and the payment view's
// balance follows; a refund lowers what counts as paid, so a lower quote then goes through; with no payment, saving
// works as before. And her refund by hand of a payment by hand (bank transfer, cash), the way out the refusal names
// for such a payment: never more than what is left of it, never on a payment made online (refunded in Stripe), never
// on another booking's payment; receipts to both.
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { ContractRecord } from '@studio/shared/domain/contract';
import type { PaymentView } from '@studio/shared/domain/payments';
import type { BookingQuote, QuoteInput } from '@studio/shared/domain/quote';
import { ADMIN_EMAIL, build, insertManagedBooking, outboxMails, withCsrf, type TestApp } from './helper';
import { startStripeStandIn, type StandInSession, type StripeStandIn } from './stripe-stand-in';

const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const clock = new Date('2026-03-02T10:00:00Z').getTime();

let t: TestApp;
let stripe: StripeStandIn;
let admin: string;

beforeEach(async () => {
  stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
  t = await build({
    now: () => new Date(clock),
    seedDemo: false,
    stripe: { secretKey: 'sk_test_stand_in', webhookSecret: WEBHOOK_SECRET, apiBase: new URL(stripe.url) },
  });
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
});
afterEach(async () => {
  await t?.close();
  await stripe?.close();
});

/** A confirmed $350 booking and its manage link's token. */
const confirmedBooking = () => insertManagedBooking(t.app, new Date(clock).toISOString());

const asAdmin = (options: InjectOptions) => t.app.inject(withCsrf({ ...options, cookies: { studio_session: admin } }));
const saveQuote = (id: string, input: QuoteInput) =>
  asAdmin({ method: 'PUT', url: `/api/admin/bookings/${id}/quote`, payload: input as unknown as object });
const quoteOf = async (id: string) => (await asAdmin({ url: `/api/admin/bookings/${id}/quote` })).json<BookingQuote>();
const paymentsOf = async (id: string) =>
  (await asAdmin({ url: `/api/admin/bookings/${id}/payments` })).json<PaymentView>();
const contractsOf = async (id: string) =>
  (await asAdmin({ url: `/api/admin/bookings/${id}/contracts` })).json<{ contracts: ContractRecord[] }>().contracts;

/** A quote of `baseCents` alone, with a 50% deposit. */
const quote = (baseCents: number): QuoteInput => ({
  baseCents,
  lines: [],
  deposit: { kind: 'percent', percent: 50 },
  balanceDueDaysBefore: 7,
  cancellationLadder: [],
});

/** Her payment recorded by hand (bank transfer). */
async function recordPaid(id: string, amountCents: number, kind: 'deposit' | 'balance' = 'deposit') {
  const res = await asAdmin({
    method: 'POST',
    url: `/api/admin/bookings/${id}/payments`,
    payload: { kind, method: 'bank transfer', amountCents },
  });
  expect(res.statusCode).toBe(200);
}

const deliver = async (event: object) => {
  const { body, signature } = stripe.signedEvent(event);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
};

/** The client pays the deposit online: the stand-in's session, completed by its signed event. */
async function payDepositOnline(token: string): Promise<StandInSession> {
  const res = await t.app.inject(
    withCsrf({ method: 'POST', url: '/api/manage-booking/checkout', payload: { token, kind: 'deposit' } }),
  );
  expect(res.statusCode).toBe(200);
  const sessionId = /\/pay\/(cs_test_\d+)$/.exec(res.json<{ url: string }>().url)![1]!;
  const session = stripe.sessions.get(sessionId)!;
  await deliver(stripe.completedEvent(session));
  await t.settled();
  return session;
}

test('a quote below what the client paid is refused with both amounts, and nothing changes', async () => {
  const { id } = confirmedBooking();
  expect((await saveQuote(id, quote(120_000))).statusCode).toBe(200);
  const created = await asAdmin({
    method: 'POST',
    url: `/api/admin/bookings/${id}/contracts`,
    payload: {
      form: {
        clientName: 'Jordan Lee',
        modelName: 'Ava Monroe',
        effectiveDate: '2026-03-02',
        serviceType: 'User-Generated Content',
        timeline: '4',
        governingLaw: 'Arizona',
      },
      paperSize: 'letter',
    },
  });
  expect(created.statusCode).toBe(201);
  await recordPaid(id, 60_000);
  const quoteBefore = await quoteOf(id);
  const contractsBefore = await contractsOf(id);

  const res = await saveQuote(id, quote(45_000));
  expect(res.statusCode).toBe(409);
  expect(res.json<{ message: string }>().message).toBe(
    'The client has already paid $600; this quote comes to $450. A quote below what was paid would need a refund first: record it under the booking’s payments (Refund), then lower the quote.',
  );
  // One cent below is below.
  expect((await saveQuote(id, quote(59_999))).statusCode).toBe(409);
  expect(await quoteOf(id)).toEqual(quoteBefore);
  expect(await contractsOf(id)).toEqual(contractsBefore);
  expect((await paymentsOf(id)).totalCents).toBe(120_000);
});

test('a quote at or above what was paid is saved, and the balance follows it', async () => {
  const { id } = confirmedBooking();
  await recordPaid(id, 17_500);
  expect((await paymentsOf(id)).due).toEqual({ kind: 'balance', amountCents: 17_500 });

  const exactly = await saveQuote(id, quote(17_500));
  expect(exactly.statusCode).toBe(200);
  expect(exactly.json<BookingQuote>().version).toBe(1);
  let view = await paymentsOf(id);
  expect(view).toMatchObject({ totalCents: 17_500, paidCents: 17_500, due: null, states: ['Paid'] });

  const more = await saveQuote(id, quote(80_000));
  expect(more.statusCode).toBe(200);
  view = await paymentsOf(id);
  expect(view).toMatchObject({ totalCents: 80_000, paidCents: 17_500 });
  // The new deposit (half of $800) is $400: $225 of it is still due.
  expect(view.due).toEqual({ kind: 'deposit', amountCents: 22_500 });
});

test('a refund lowers what counts as paid, so a lower quote then goes through', async () => {
  const { id, token } = confirmedBooking();
  const session = await payDepositOnline(token);
  expect(session.amount_total).toBe(17_500);
  const refused = await saveQuote(id, quote(10_000));
  expect(refused.statusCode).toBe(409);
  expect(refused.json<{ message: string }>().message).toBe(
    'The client has already paid $175; this quote comes to $100. A quote below what was paid would need a refund first: refund it in Stripe, then lower the quote.',
  );

  // She refunds $100 of the $175 in Stripe: $75 counts as paid.
  await deliver(stripe.refundedEvent(session.payment_intent!, 10_000));
  await t.settled();
  expect((await paymentsOf(id)).paidCents).toBe(7_500);
  const lowered = await saveQuote(id, quote(10_000));
  expect(lowered.statusCode).toBe(200);
  expect(await paymentsOf(id)).toMatchObject({ totalCents: 10_000, paidCents: 7_500 });
  // Below the $75 still paid is still refused.
  expect((await saveQuote(id, quote(5_000))).statusCode).toBe(409);
});

test('with no payment, any quote is saved as before', async () => {
  const { id } = confirmedBooking();
  const res = await saveQuote(id, quote(0));
  expect(res.statusCode).toBe(200);
  expect(res.json<BookingQuote>()).toMatchObject({ version: 1, quote: { totalCents: 0 } });
  expect((await saveQuote(id, quote(5_000))).json<BookingQuote>().version).toBe(2);
});

describe('her refund by hand', () => {
  const refund = (id: string, paymentId: string, amountCents: unknown) =>
    asAdmin({
      method: 'POST',
      url: `/api/admin/bookings/${id}/payments/${paymentId}/refunds`,
      payload: { amountCents },
    });

  test('lowers what counts as paid, mails both a refund receipt, and lets a lower quote through', async () => {
    const { id } = confirmedBooking();
    await recordPaid(id, 17_500);
    const [paid] = (await paymentsOf(id)).payments;
    const res = await refund(id, paid!.id, 10_000);
    expect(res.statusCode).toBe(200);
    expect(res.json<PaymentView>()).toMatchObject({ paidCents: 7_500, due: { kind: 'deposit', amountCents: 10_000 } });
    expect(res.json<PaymentView>().payments).toEqual([{ ...paid, status: 'refunded', refundedCents: 10_000 }]);
    await t.settled();
    const receipt = outboxMails(t, 'jordan@example.com').find((m) => m.subject.startsWith('Refund: '));
    expect(receipt?.body).toContain('$100 of the deposit payment was refunded.');
    expect(outboxMails(t, ADMIN_EMAIL).some((m) => m.subject.startsWith('Refund: '))).toBe(true);
    expect((await saveQuote(id, quote(10_000))).statusCode).toBe(200);
  });

  test('refuses more than is left of the payment, with a field error, and changes nothing', async () => {
    const { id } = confirmedBooking();
    await recordPaid(id, 17_500);
    const [paid] = (await paymentsOf(id)).payments;
    expect((await refund(id, paid!.id, 7_500)).statusCode).toBe(200);
    const res = await refund(id, paid!.id, 10_001);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The refund is more than what is left of this payment.',
      fieldErrors: { amountCents: ['At most $100 of this payment is left to refund.'] },
    });
    expect((await refund(id, paid!.id, 10_000)).statusCode).toBe(200);
    expect((await refund(id, paid!.id, 1)).json()).toEqual({
      message: 'The refund is more than what is left of this payment.',
      fieldErrors: { amountCents: ['This payment has been refunded in full.'] },
    });
    expect((await paymentsOf(id)).paidCents).toBe(0);
    for (const bad of [0, -5, 1.5, '100', null]) expect((await refund(id, paid!.id, bad)).statusCode).toBe(400);
  });

  test('refuses a payment made online (refunded in Stripe), and names both ways when both kinds were paid', async () => {
    const { id, token } = confirmedBooking();
    const session = await payDepositOnline(token);
    const [online] = (await paymentsOf(id)).payments;
    const res = await refund(id, online!.id, 100);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      'This payment was made online: refund it in Stripe. The refund shows here once Stripe reports it.',
    );
    expect((await paymentsOf(id)).paidCents).toBe(session.amount_total);
    await recordPaid(id, 5_000, 'balance');
    expect((await saveQuote(id, quote(10_000))).json<{ message: string }>().message).toBe(
      'The client has already paid $225; this quote comes to $100. A quote below what was paid would need a refund first: refund an online payment in Stripe, or one paid by hand under the booking’s payments (Refund), then lower the quote.',
    );
  });

  test("answers 404 for another booking's payment or a booking that does not exist", async () => {
    const mine = confirmedBooking();
    const other = confirmedBooking();
    await recordPaid(other.id, 17_500);
    const [theirs] = (await paymentsOf(other.id)).payments;
    const res = await refund(mine.id, theirs!.id, 100);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe('This booking has no such payment.');
    expect((await refund('no-such-booking', theirs!.id, 100)).statusCode).toBe(404);
    expect((await paymentsOf(other.id)).paidCents).toBe(17_500);
  });
});
