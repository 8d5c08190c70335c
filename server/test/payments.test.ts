// The deal paid, online and by hand, on the real server (SQLite on disk, the HTTP routes) and the real `stripe`
// library, pointed at a local stand-in of Stripe's API (stripe-stand-in.ts) instead of the internet. Webhook events
// are signed with the library's own test-header helper and verified by the server's real code. What is checked: the
// amount is the server's, whatever the browser posts; one Checkout Session per booking, quote version and part; a
// signed event records the payment and mails receipts to both; a replay changes nothing; a forged or wrongly signed
// event is a 400 and changes nothing; a refund is recorded; without STRIPE_SECRET_KEY there is no pay step; her
// payment by hand is recorded the same way.
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { BookingRequest } from '@studio/shared/domain';
import { formatLongDate } from '@studio/shared/domain/studio-time';
import { formatCents } from '@studio/shared/domain/quote';
import type { PaymentView } from '@studio/shared/domain/payments';
import type { Change } from '../src/platform/change-bus';
import type { BookingQuote, QuoteSettings } from '@studio/shared/domain/quote';
import {
  ADMIN_EMAIL,
  atStudio,
  bookThroughApi,
  build,
  outboxMails,
  photoshootInput,
  withCsrf,
  type TestApp,
} from './helper';
import { startStripeStandIn, type StandInSession, type StripeStandIn } from './stripe-stand-in';

const TODAY = '2026-11-21';
const NOW = atStudio(TODAY);
const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;

let t: TestApp;
let stripe: StripeStandIn;
let changes: Change[];

async function start(online: boolean) {
  stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
  t = await build({
    now: () => NOW,
    // Her status mails leave at once (no Undo window): the confirmation mail's deposit link is read at once.
    statusUndoMs: 0,
    stripe: online
      ? { secretKey: 'sk_test_stand_in', webhookSecret: WEBHOOK_SECRET, apiBase: new URL(stripe.url) }
      : undefined,
  });
  changes = [];
  t.bus.subscribe((c) => changes.push(c));
}
afterEach(async () => {
  await t?.close();
  await stripe?.close();
});

const post = (url: string, payload: unknown) =>
  t.app.inject(withCsrf({ method: 'POST', url, payload: payload as InjectOptions['payload'] }));

let admin = '';
const asAdmin = (options: InjectOptions) => t.app.inject(withCsrf({ ...options, cookies: { studio_session: admin } }));

const mails = () => outboxMails(t);
const receipts = () => mails().filter((m) => /^(Receipt|Refund):/.test(m.subject));
const count = (table: string) => (t.app.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

/** A confirmed booking and the token of the client's manage link (read from her mail). */
async function confirmedBooking(): Promise<{ booking: BookingRequest; token: string }> {
  const { booking, token } = await bookThroughApi(t, photoshootInput(TODAY));
  const confirmed = (await t.repos.bookings.updateStatus(booking.id, 'Confirmed', NOW.toISOString()))!;
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  return { booking: confirmed, token };
}

const deliver = (event: object, secret = WEBHOOK_SECRET) => {
  const { body, signature } = stripe.signedEvent(event, secret);
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
};

/** The booking's quote as her dashboard reads it (the tier price with her defaults until she saves one). */
const currentQuote = async (booking: BookingRequest) => {
  const res = await asAdmin({ method: 'GET', url: `/api/admin/bookings/${booking.id}/quote` });
  expect(res.statusCode).toBe(200);
  return res.json() as BookingQuote;
};

const clientView = async (token: string) => {
  const res = await post('/api/manage-booking/payment', { token });
  expect(res.statusCode).toBe(200);
  return res.json() as PaymentView;
};
const adminView = async (id: string) => {
  const res = await asAdmin({ method: 'GET', url: `/api/admin/bookings/${id}/payments` });
  expect(res.statusCode).toBe(200);
  return res.json() as PaymentView;
};

/** The client pays the deposit: the session the server made at the stand-in. */
async function payDeposit(token: string): Promise<StandInSession> {
  const res = await post('/api/manage-booking/checkout', { token, kind: 'deposit' });
  expect(res.statusCode).toBe(200);
  const id = /\/pay\/(cs_test_\d+)$/.exec((res.json() as { url: string }).url)![1]!;
  return stripe.sessions.get(id)!;
}

describe('with Stripe (the stand-in)', () => {
  beforeEach(() => start(true));

  test("the Checkout Session is for the quote's deposit, whatever amount the browser posts", async () => {
    const { booking, token } = await confirmedBooking();
    const { quote } = await currentQuote(booking);
    expect(quote.depositCents).toBeGreaterThan(0);
    const res = await post('/api/manage-booking/checkout', {
      token,
      kind: 'deposit',
      amountCents: 1,
      amount: 1,
      unit_amount: 1,
      currency: 'eur',
    });
    expect(res.statusCode).toBe(200);
    expect(stripe.requests).toHaveLength(1);
    const form = stripe.requests[0]!.form;
    expect(form['line_items[0][price_data][unit_amount]']).toBe(String(quote.depositCents));
    expect(form['line_items[0][price_data][currency]']).toBe('usd');
    expect(form.success_url).toBe('http://studio.test/manage-booking?payment=done');
    expect(form.cancel_url).toBe('http://studio.test/manage-booking?payment=cancelled');
    // The manage token never leaves for Stripe.
    expect(JSON.stringify(form)).not.toContain(token);
    expect(stripe.requests[0]!.authorization).toBe('Bearer sk_test_stand_in');
    // The client's page shows what is due, from the same quote.
    const view = await clientView(token);
    expect(view.due).toEqual({ kind: 'deposit', amountCents: quote.depositCents });
    expect(view.online).toBe(true);
  });

  test('the quote she saved is what is charged: its own deposit, and a new session for the new version', async () => {
    const { booking, token } = await confirmedBooking();
    const before = await payDeposit(token);
    const saved = await asAdmin({
      method: 'PUT',
      url: `/api/admin/bookings/${booking.id}/quote`,
      payload: {
        baseCents: 45_000,
        lines: [
          {
            kind: 'usage',
            channels: ['Paid social ads'],
            termDays: 90,
            territory: 'United States',
            amountCents: 30_000,
          },
        ],
        deposit: { kind: 'amount', amountCents: 20_000 },
        balanceDueDaysBefore: 7,
        cancellationLadder: [],
      },
    });
    expect(saved.statusCode).toBe(200);
    const after = await payDeposit(token);
    expect(after.id).not.toBe(before.id);
    expect(stripe.requests.at(-1)!.form['line_items[0][price_data][unit_amount]']).toBe('20000');
    expect(stripe.requests.at(-1)!.idempotencyKey).toBe(`studio-${booking.id}-v1-deposit-20000`);
    expect((await clientView(token)).due).toEqual({ kind: 'deposit', amountCents: 20_000 });
  });

  test('one session per booking, quote version and part: a second click reuses it, the key names all three', async () => {
    const { booking, token } = await confirmedBooking();
    const first = await payDeposit(token);
    const second = await payDeposit(token);
    expect(second.id).toBe(first.id);
    expect(stripe.requests).toHaveLength(1);
    const { quote } = await currentQuote(booking);
    expect(stripe.requests[0]!.idempotencyKey).toBe(`studio-${booking.id}-v0-deposit-${quote.depositCents}`);
    // Even with the stored session gone (another instance, a lost write), Stripe's idempotency key makes one session.
    t.app.db.prepare('DELETE FROM checkout_sessions').run();
    const third = await payDeposit(token);
    expect(stripe.requests).toHaveLength(2);
    expect(stripe.requests[1]!.idempotencyKey).toBe(stripe.requests[0]!.idempotencyKey);
    expect(third.id).toBe(first.id);
  });

  test('her confirmation mail carries the deposit and a link of its own to the manage page, which pays it', async () => {
    const { booking } = await confirmedBooking();
    await t.repos.bookings.updateStatus(booking.id, 'Contacted', NOW.toISOString());
    const res = await asAdmin({
      method: 'PATCH',
      url: `/api/admin/bookings/${booking.id}`,
      payload: { status: 'Confirmed' },
    });
    expect(res.statusCode).toBe(200);
    await t.settled();
    const confirmation = mails()
      .filter((m) => m.recipient === 'jane@example.com')
      .at(-1)!;
    const { quote } = await currentQuote(booking);
    expect(confirmation.body).toContain(`A deposit of ${formatCents(quote.depositCents)} secures your date.`);
    const link = /http:\/\/studio\.test\/manage-booking#([A-Za-z0-9_-]{43})/.exec(confirmation.body)?.[1];
    expect(link).toBeDefined();
    // The link opens her page (the manage view and the payments) and pays the deposit.
    expect((await post('/api/manage-booking', { token: link })).statusCode).toBe(200);
    expect((await clientView(link!)).due).toEqual({ kind: 'deposit', amountCents: quote.depositCents });
    const session = await payDeposit(link!);
    expect(session.amount_total).toBe(quote.depositCents);
  });

  test('with "once the contract is signed", her confirmation carries no deposit link; the signature sends it', async () => {
    const { booking, token } = await confirmedBooking();
    const defaults = await asAdmin({ method: 'GET', url: '/api/admin/settings/quote' });
    const set = await asAdmin({
      method: 'PUT',
      url: '/api/admin/settings/quote',
      payload: { ...defaults.json<QuoteSettings>(), depositTrigger: 'signed' },
    });
    expect(set.statusCode).toBe(200);
    await t.repos.bookings.updateStatus(booking.id, 'Contacted', NOW.toISOString());
    await asAdmin({ method: 'PATCH', url: `/api/admin/bookings/${booking.id}`, payload: { status: 'Confirmed' } });
    await t.settled();
    const toClient = () => mails().filter((m) => m.recipient === 'jane@example.com');
    expect(toClient().at(-1)!.body).not.toContain('secures your date');
    expect((await post('/api/manage-booking/checkout', { token, kind: 'deposit' })).statusCode).toBe(409);

    const created = await asAdmin({
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
        paperSize: 'a4',
      },
    });
    expect(created.statusCode).toBe(201);
    const contractId = (created.json() as { id: string }).id;
    expect(
      (await asAdmin({ method: 'POST', url: `/api/admin/contracts/${contractId}/send`, payload: {} })).statusCode,
    ).toBe(200);
    await t.settled();
    const signPath = /http:\/\/studio\.test(\/contracts\/sign\/[A-Za-z0-9_-]{43})/.exec(toClient().at(-1)!.body)![1]!;
    const signed = await t.app.inject({
      method: 'POST',
      url: signPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://studio.test' },
      payload: new URLSearchParams({ contractId, fullName: 'Jane Doe', consent: 'yes' }).toString(),
    });
    expect(signed.statusCode).toBe(200);
    await t.settled();
    const { quote } = await currentQuote(booking);
    const depositMail = toClient().find((m) => m.subject.startsWith('Your deposit:'))!;
    expect(depositMail.body).toContain(`A deposit of ${formatCents(quote.depositCents)} secures your date.`);
    const link = /http:\/\/studio\.test\/manage-booking#([A-Za-z0-9_-]{43})/.exec(depositMail.body)![1]!;
    expect((await payDeposit(link)).amount_total).toBe(quote.depositCents);
  });

  test('the balance cannot be paid before the deposit, nor anything before she confirms', async () => {
    const { booking, token } = await confirmedBooking();
    expect((await post('/api/manage-booking/checkout', { token, kind: 'balance' })).statusCode).toBe(409);
    await t.repos.bookings.updateStatus(booking.id, 'Contacted', NOW.toISOString());
    expect((await post('/api/manage-booking/checkout', { token, kind: 'deposit' })).statusCode).toBe(409);
    expect(stripe.requests).toHaveLength(0);
  });

  test('a signed checkout.session.completed records the payment, mails receipts to both and tells her dashboard', async () => {
    const { booking, token } = await confirmedBooking();
    const session = await payDeposit(token);
    const before = mails().length;
    const res = await deliver(stripe.completedEvent(session));
    expect(res.statusCode).toBe(200);
    await t.settled();

    const view = await adminView(booking.id);
    expect(view.payments).toEqual([
      expect.objectContaining({
        bookingId: booking.id,
        kind: 'deposit',
        method: 'stripe',
        amountCents: session.amount_total,
        currency: 'usd',
        checkoutSessionId: session.id,
        paymentIntentId: session.payment_intent,
        status: 'paid',
        refundedCents: 0,
      }),
    ]);
    const { quote } = await currentQuote(booking);
    expect(view.states).toEqual(['Deposit paid', `Balance due on ${formatLongDate(quote.balanceDueDate as string)}`]);
    expect(view.due).toEqual({ kind: 'balance', amountCents: quote.balanceCents });
    expect((await clientView(token)).states).toEqual(view.states);

    const sent = mails().slice(before);
    expect(sent.map((m) => m.recipient).sort()).toEqual([ADMIN_EMAIL, 'jane@example.com']);
    for (const m of sent) expect(m.body).toContain('Deposit received: $');
    // The client's receipt carries the balance's link, which opens her page.
    const balanceLink =
      /You can pay the balance of \$[\d,.]+ online on your booking page: http:\/\/studio\.test\/manage-booking#([A-Za-z0-9_-]{43})/.exec(
        sent.find((m) => m.recipient === 'jane@example.com')!.body,
      )?.[1];
    expect(balanceLink).toBeDefined();
    expect((await clientView(balanceLink!)).due?.kind).toBe('balance');
    expect(changes).toContainEqual({ topic: 'payments', bookingId: booking.id });

    // Then the balance, by the same path.
    const balance = await post('/api/manage-booking/checkout', { token, kind: 'balance' });
    expect(balance.statusCode).toBe(200);
    expect(stripe.requests.at(-1)!.form['line_items[0][price_data][unit_amount]']).toBe(String(quote.balanceCents));
    const balanceSession = stripe.sessions.get(/\/pay\/(cs_test_\d+)$/.exec(balance.json().url)![1]!)!;
    expect((await deliver(stripe.completedEvent(balanceSession))).statusCode).toBe(200);
    const paid = await clientView(token);
    expect(paid.states).toEqual(['Paid']);
    expect(paid.due).toBeNull();
  });

  test('a replayed event changes nothing; the same session completed again under a new event id neither', async () => {
    const { booking, token } = await confirmedBooking();
    const session = await payDeposit(token);
    const event = stripe.completedEvent(session);
    expect((await deliver(event)).statusCode).toBe(200);
    await t.settled();
    const payments = (await adminView(booking.id)).payments;
    const sent = mails().length;
    expect(receipts()).toHaveLength(2);

    const replay = await deliver(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(stripe.completedEvent(session))).statusCode).toBe(200);
    await t.settled();
    expect((await adminView(booking.id)).payments).toEqual(payments);
    expect(mails()).toHaveLength(sent);
    expect(receipts()).toHaveLength(2);
    expect(count('payments')).toBe(1);
  });

  test('a forged, wrongly signed, unsigned or altered event answers 400 and changes nothing', async () => {
    const { booking, token } = await confirmedBooking();
    const session = await payDeposit(token);
    const sent = mails().length;
    const event = stripe.completedEvent(session);

    expect((await deliver(event, 'whsec_someone_else')).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
      payload: JSON.stringify(event),
    });
    expect(forged.statusCode).toBe(400);
    // Signed, then its amount changed on the way.
    const { body, signature } = stripe.signedEvent(event);
    const altered = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body.replace(`"amount_total":${session.amount_total}`, '"amount_total":1'),
    });
    expect(altered.statusCode).toBe(400);

    await t.settled();
    expect(count('payments')).toBe(0);
    expect(count('stripe_events')).toBe(0);
    expect(mails()).toHaveLength(sent);
    expect((await adminView(booking.id)).states).toEqual([]);
    // The real event is still taken afterwards: the refusals noted nothing.
    expect((await deliver(event)).statusCode).toBe(200);
    expect(count('payments')).toBe(1);
  });

  test('a session this site did not make is ignored', async () => {
    await confirmedBooking();
    const res = await deliver(
      stripe.completedEvent({
        ...([...stripe.sessions.values()][0] ?? ({} as StandInSession)),
        id: 'cs_test_foreign',
        amount_total: 5000,
        currency: 'usd',
        payment_intent: 'pi_x',
      } as StandInSession),
    );
    expect(res.statusCode).toBe(200);
    expect(count('payments')).toBe(0);
  });

  test('a refund is recorded against its payment and mailed to both', async () => {
    const { booking, token } = await confirmedBooking();
    const session = await payDeposit(token);
    await deliver(stripe.completedEvent(session));
    await t.settled();
    const before = mails().length;
    expect((await deliver(stripe.refundedEvent(session.payment_intent!, session.amount_total))).statusCode).toBe(200);
    await t.settled();
    const view = await adminView(booking.id);
    expect(view.payments[0]).toEqual(
      expect.objectContaining({ status: 'refunded', refundedCents: session.amount_total }),
    );
    expect(view.paidCents).toBe(0);
    expect(view.states).toEqual([]);
    expect(view.due?.kind).toBe('deposit');
    const sent = mails().slice(before);
    expect(sent.map((m) => m.recipient).sort()).toEqual([ADMIN_EMAIL, 'jane@example.com']);
    for (const m of sent) expect(m.subject).toMatch(/^Refund:/);
  });
});

describe('without STRIPE_SECRET_KEY', () => {
  beforeEach(() => start(false));

  test('there is no pay step: the pay route is a 404, the view says offline, a webhook is refused', async () => {
    const { booking, token } = await confirmedBooking();
    await t.repos.bookings.updateStatus(booking.id, 'Contacted', NOW.toISOString());
    await asAdmin({ method: 'PATCH', url: `/api/admin/bookings/${booking.id}`, payload: { status: 'Confirmed' } });
    await t.settled();
    // Her confirmation mail asks for no online payment.
    expect(
      mails()
        .filter((m) => m.recipient === 'jane@example.com')
        .at(-1)!.body,
    ).not.toContain('deposit');
    expect((await post('/api/manage-booking/checkout', { token, kind: 'deposit' })).statusCode).toBe(404);
    expect((await clientView(token)).online).toBe(false);
    expect((await deliver({ id: 'evt_1', type: 'checkout.session.completed' })).statusCode).toBe(400);
    expect(stripe.requests).toHaveLength(0);
  });

  test('she records a bank transfer by hand: stored like an online payment, receipts to both, her dashboard told', async () => {
    const { booking, token } = await confirmedBooking();
    const { quote } = await currentQuote(booking);
    const before = mails().length;
    const res = await asAdmin({
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/payments`,
      payload: { kind: 'deposit', method: 'bank transfer', amountCents: quote.depositCents },
    });
    expect(res.statusCode).toBe(200);
    await t.settled();
    const view = res.json() as PaymentView;
    expect(view.payments).toEqual([
      expect.objectContaining({
        kind: 'deposit',
        method: 'bank transfer',
        amountCents: quote.depositCents,
        checkoutSessionId: null,
        paymentIntentId: null,
      }),
    ]);
    expect(view.states[0]).toBe('Deposit paid');
    expect((await clientView(token)).states).toEqual(view.states);
    const sent = mails().slice(before);
    expect(sent.map((m) => m.recipient).sort()).toEqual([ADMIN_EMAIL, 'jane@example.com']);
    expect(sent[0]!.body).toContain('(bank transfer)');
    expect(changes).toContainEqual({ topic: 'payments', bookingId: booking.id });
    // The method is hers to name: 'stripe' is the webhook's alone.
    const refused = await asAdmin({
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/payments`,
      payload: { kind: 'balance', method: 'stripe', amountCents: 100 },
    });
    expect(refused.statusCode).toBe(400);
    // Cash for the balance makes it paid.
    await asAdmin({
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/payments`,
      payload: { kind: 'balance', method: 'cash', amountCents: quote.balanceCents },
    });
    expect((await clientView(token)).states).toEqual(['Paid']);
  });
});
