// The deal paid online (payments.test.ts): Stripe's signed webhook events record the payment and mail receipts, a
// replay or a forgery changes nothing, and a refund is recorded.
import { formatLongDate } from '@studio/shared/domain/studio-time';
import { ADMIN_EMAIL } from './helper';
import type { StandInSession } from './stripe-stand-in';
import {
  adminView,
  changes,
  clientView,
  closeAfterEach,
  confirmedBooking,
  count,
  currentQuote,
  deliver,
  mails,
  payDeposit,
  post,
  receipts,
  start,
  stripe,
  t,
} from './payments-support';

closeAfterEach();

describe('with Stripe (the stand-in)', () => {
  beforeEach(() => start(true));
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
