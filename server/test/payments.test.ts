// The deal paid, online and by hand, on the real server (SQLite on disk, the HTTP routes) and the real `stripe`
// library, pointed at a local stand-in of Stripe's API (stripe-stand-in.ts) instead of the internet. Webhook events
// are signed with the library's own test-header helper and verified by the server's real code. What is checked: the
// amount is the server's, whatever the browser posts; one Checkout Session per booking, quote version and part; a
// signed event records the payment and mails receipts to both; a replay changes nothing; a forged or wrongly signed
// event is a 400 and changes nothing; a refund is recorded; without STRIPE_SECRET_KEY there is no pay step; her
// payment by hand is recorded the same way.
// Here the pay step and what is charged, and payment by hand; the webhook's events and refunds are in
// payments-webhook.test.ts.
import { formatCents } from '@studio/shared/domain/quote';
import type { PaymentView } from '@studio/shared/domain/payments';
import type { QuoteSettings } from '@studio/shared/domain/quote';
import { ADMIN_EMAIL } from './helper';
import {
  asAdmin,
  changes,
  clientView,
  closeAfterEach,
  confirmedBooking,
  currentQuote,
  deliver,
  mails,
  NOW,
  payDeposit,
  post,
  start,
  stripe,
  t,
  TODAY,
} from './payments-support';

closeAfterEach();

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
