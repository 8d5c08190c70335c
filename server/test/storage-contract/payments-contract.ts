// The PaymentsStore contract (server/src/features/deal/payments-store.ts), run on SQLite and on Firestore (see
// bookings-contract.ts). Each case gets an empty store of its own from `make`. What makes Stripe's webhook safe is
// here: one payment per Checkout Session however often it is recorded, and an event id claimed once.
import type { NewPayment, PaymentsStore, StoredCheckoutSession } from '../../src/features/deal/payments-store';
import type { Made } from './bookings-contract';

const online = (over: Partial<NewPayment> = {}): NewPayment => ({
  bookingId: 'b1',
  quoteVersion: 0,
  kind: 'deposit',
  amountCents: 17_500,
  currency: 'usd',
  method: 'stripe',
  checkoutSessionId: 'cs_test_1',
  paymentIntentId: 'pi_test_1',
  paidAt: '2026-05-01T10:00:00.000Z',
  ...over,
});

const session = (over: Partial<StoredCheckoutSession> = {}): StoredCheckoutSession => ({
  sessionId: 'cs_test_1',
  bookingId: 'b1',
  quoteVersion: 0,
  kind: 'deposit',
  amountCents: 17_500,
  currency: 'usd',
  url: 'https://checkout.stripe.test/cs_test_1',
  expiresAt: '2026-05-02T10:00:00.000Z',
  createdAt: '2026-05-01T10:00:00.000Z',
  ...over,
});

export function describePaymentsStoreContract(make: () => Promise<Made<PaymentsStore>>): void {
  describe('PaymentsStore contract', () => {
    let made: Made<PaymentsStore>;
    let store: PaymentsStore;
    beforeEach(async () => {
      made = await make();
      store = made.store;
    });
    afterEach(() => made.close());

    it('records a payment as given, paid and unrefunded, once per Checkout Session', async () => {
      const first = await store.record(online());
      expect(first).toEqual({
        ...online(),
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 'paid',
        refundedCents: 0,
      });
      expect(await store.record(online({ paidAt: '2026-05-01T11:00:00.000Z' }))).toBeNull();
      expect(await store.forBooking('b1')).toEqual([first]);
    });

    it('keeps any number of payments by hand, oldest first, each booking its own', async () => {
      const hand = (paidAt: string, bookingId = 'b1') =>
        online({ method: 'cash', checkoutSessionId: null, paymentIntentId: null, paidAt, bookingId });
      const a = await store.record(hand('2026-05-01T10:00:00.000Z'));
      const b = await store.record(hand('2026-05-02T10:00:00.000Z'));
      await store.record(hand('2026-05-01T12:00:00.000Z', 'b2'));
      expect(await store.forBooking('b1')).toEqual([a, b]);
      expect(await store.forBooking('b3')).toEqual([]);
    });

    it("reads many bookings' payments at once, each as forBooking answers it, beyond one Firestore `in` query", async () => {
      const hand = (paidAt: string, bookingId: string) =>
        online({ method: 'cash', checkoutSessionId: null, paymentIntentId: null, paidAt, bookingId });
      await store.record(hand('2026-05-02T10:00:00.000Z', 'b1'));
      await store.record(online({ bookingId: 'b1' }));
      await store.record(hand('2026-05-01T12:00:00.000Z', 'b2'));
      // Forty bookings asked, the last of them with a payment: more ids than Firestore takes in one `in` filter (30).
      await store.record(hand('2026-05-03T10:00:00.000Z', 'b40'));
      const ids = Array.from({ length: 40 }, (_, i) => `b${i + 1}`);
      const all = await store.forBookings(ids);
      expect(Object.keys(all).sort()).toEqual([...ids].sort());
      for (const id of ['b1', 'b2', 'b40']) {
        expect(all[id]).toEqual(await store.forBooking(id));
        expect(all[id]?.length).toBeGreaterThan(0);
      }
      expect(all['b1']).toHaveLength(2);
      expect(all['b3']).toEqual([]);
      expect(await store.forBookings(['b2', 'nope'])).toEqual({ b2: await store.forBooking('b2'), nope: [] });
      expect(await store.forBookings([])).toEqual({});
    });

    it("records a refund on the intent's payment, never more than it paid", async () => {
      await store.record(online());
      expect(await store.recordRefund('pi_test_1', 5_000)).toEqual(
        expect.objectContaining({ status: 'refunded', refundedCents: 5_000 }),
      );
      expect(await store.recordRefund('pi_test_1', 99_999)).toEqual(expect.objectContaining({ refundedCents: 17_500 }));
      expect(await store.recordRefund('pi_unknown', 100)).toBeNull();
      expect((await store.forBooking('b1'))[0]?.refundedCents).toBe(17_500);
    });

    it('keeps the largest refund total Stripe reported: an earlier event delivered late never lowers it', async () => {
      await store.record(online());
      // Two refunds of one charge: Stripe reports running totals ($20, then $75), delivered newest first.
      expect(await store.recordRefund('pi_test_1', 7_500)).toEqual(expect.objectContaining({ refundedCents: 7_500 }));
      expect(await store.recordRefund('pi_test_1', 2_000)).toEqual(
        expect.objectContaining({ status: 'refunded', refundedCents: 7_500 }),
      );
      expect((await store.forBooking('b1'))[0]?.refundedCents).toBe(7_500);
    });

    it('adds her refunds by hand to a payment by hand, never beyond what it paid, even when two race', async () => {
      const paid = (await store.record(
        online({ method: 'bank transfer', checkoutSessionId: null, paymentIntentId: null }),
      ))!;
      expect(await store.refundByHand('b1', paid.id, 5_000)).toEqual({
        ...paid,
        status: 'refunded',
        refundedCents: 5_000,
      });
      // $125 left: two refunds of $100 recorded at once, only one fits.
      const racing = await Promise.all([
        store.refundByHand('b1', paid.id, 10_000),
        store.refundByHand('b1', paid.id, 10_000),
      ]);
      expect(racing.filter((p) => p !== null)).toHaveLength(1);
      expect(await store.refundByHand('b1', paid.id, 2_501)).toBeNull();
      expect(await store.refundByHand('b1', paid.id, 2_500)).toEqual(
        expect.objectContaining({ refundedCents: 17_500 }),
      );
      expect((await store.forBooking('b1'))[0]?.refundedCents).toBe(17_500);
    });

    it("refuses a refund by hand on an online payment, on another booking's payment, or on no payment", async () => {
      const stripe = (await store.record(online()))!;
      const cash = (await store.record(
        online({ bookingId: 'b2', method: 'cash', checkoutSessionId: null, paymentIntentId: null }),
      ))!;
      expect(await store.refundByHand('b1', stripe.id, 100)).toBeNull();
      expect(await store.refundByHand('b1', cash.id, 100)).toBeNull();
      expect(await store.refundByHand('b2', 'no-such-payment', 100)).toBeNull();
      expect(await store.refundByHand('b2', 'stripe-cs_test_1', 100)).toBeNull();
      expect(await store.forBooking('b1')).toEqual([stripe]);
      expect(await store.forBooking('b2')).toEqual([cash]);
    });

    it('claims an event once, and again after it was released', async () => {
      expect(await store.claimEvent('evt_1', 'checkout.session.completed', '2026-05-01T10:00:00.000Z')).toBe(true);
      expect(await store.claimEvent('evt_1', 'checkout.session.completed', '2026-05-01T10:00:01.000Z')).toBe(false);
      const racing = await Promise.all(
        Array.from({ length: 5 }, () => store.claimEvent('evt_2', 'charge.refunded', '2026-05-01T10:00:00.000Z')),
      );
      expect(racing.filter(Boolean)).toHaveLength(1);
      await store.releaseEvent('evt_1');
      expect(await store.claimEvent('evt_1', 'checkout.session.completed', '2026-05-01T10:01:00.000Z')).toBe(true);
    });

    it('finds a session by id, and the latest of a booking, quote version and part', async () => {
      await store.saveSession(session());
      await store.saveSession(session({ sessionId: 'cs_test_2', createdAt: '2026-05-01T12:00:00.000Z' }));
      await store.saveSession(session({ sessionId: 'cs_test_3', kind: 'balance' }));
      await store.saveSession(session({ sessionId: 'cs_test_4', quoteVersion: 1 }));
      expect(await store.findSession('cs_test_1')).toEqual(session());
      expect(await store.findSession('cs_nope')).toBeNull();
      expect((await store.latestSession('b1', 0, 'deposit'))?.sessionId).toBe('cs_test_2');
      expect((await store.latestSession('b1', 0, 'balance'))?.sessionId).toBe('cs_test_3');
      expect((await store.latestSession('b1', 1, 'deposit'))?.sessionId).toBe('cs_test_4');
      expect(await store.latestSession('b2', 0, 'deposit')).toBeNull();
    });

    it('keeps a deposit link for its booking', async () => {
      const hash = 'a'.repeat(64);
      await store.addLink(hash, 'b1', '2026-05-01T10:00:00.000Z');
      expect(await store.bookingOfLink(hash)).toBe('b1');
      expect(await store.bookingOfLink('b'.repeat(64))).toBeNull();
    });
  });
}
