// Payments, handled Stripe events and Checkout Sessions (migration 032) in SQLite (PaymentsStore, payments-store.ts).
// The unique Checkout Session id and the events' primary key are what make a redelivered webhook harmless.
import { randomUUID } from 'node:crypto';
import type { Payment, PaymentKind, PaymentMethod } from '@studio/shared/domain/payments';
import type { Db } from '../../platform/sqlite/database';
import type { NewPayment, PaymentsStore, StoredCheckoutSession } from './payments-store';

interface PaymentRow {
  id: string;
  booking_id: string;
  quote_version: number;
  kind: PaymentKind;
  amount_cents: number;
  currency: string;
  method: PaymentMethod;
  checkout_session_id: string | null;
  payment_intent_id: string | null;
  status: 'paid' | 'refunded';
  refunded_cents: number;
  paid_at: string;
}

interface SessionRow {
  session_id: string;
  booking_id: string;
  quote_version: number;
  kind: PaymentKind;
  amount_cents: number;
  currency: string;
  url: string;
  expires_at: string;
  created_at: string;
}

const PAYMENT_COLUMNS =
  'id, booking_id, quote_version, kind, amount_cents, currency, method, checkout_session_id, payment_intent_id, status, refunded_cents, paid_at';

const paymentOf = (r: PaymentRow): Payment => ({
  id: r.id,
  bookingId: r.booking_id,
  quoteVersion: r.quote_version,
  kind: r.kind,
  amountCents: r.amount_cents,
  currency: r.currency,
  method: r.method,
  checkoutSessionId: r.checkout_session_id,
  paymentIntentId: r.payment_intent_id,
  status: r.status,
  refundedCents: r.refunded_cents,
  paidAt: r.paid_at,
});

const sessionOf = (r: SessionRow): StoredCheckoutSession => ({
  sessionId: r.session_id,
  bookingId: r.booking_id,
  quoteVersion: r.quote_version,
  kind: r.kind,
  amountCents: r.amount_cents,
  currency: r.currency,
  url: r.url,
  expiresAt: r.expires_at,
  createdAt: r.created_at,
});

export function createPaymentsRepository(db: Db): PaymentsStore {
  const insert = db.prepare(
    `INSERT INTO payments (id, booking_id, quote_version, kind, amount_cents, currency, method, checkout_session_id,
       payment_intent_id, paid_at)
     VALUES (@id, @bookingId, @quoteVersion, @kind, @amountCents, @currency, @method, @checkoutSessionId,
       @paymentIntentId, @paidAt)
     ON CONFLICT (checkout_session_id) DO NOTHING
     RETURNING ${PAYMENT_COLUMNS}`,
  );
  const forBooking = db.prepare(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE booking_id = ? ORDER BY seq`);
  // One statement for any number of bookings: the ids go in as one JSON array (no SQL built from their count).
  const forBookings = db.prepare(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE booking_id IN (SELECT value FROM json_each(?)) ORDER BY seq`,
  );
  // Stripe reports the charge's running total of refunds, and may deliver an earlier total after a later one: the
  // largest total seen stands, so a late event never lowers what was refunded.
  const refund = db.prepare(
    `UPDATE payments SET refunded_cents = MAX(refunded_cents, MIN(amount_cents, ?)), status = 'refunded'
     WHERE seq = (SELECT seq FROM payments WHERE payment_intent_id = ? ORDER BY seq LIMIT 1)
     RETURNING ${PAYMENT_COLUMNS}`,
  );
  // One statement checks and writes, so two refunds recorded at once can never take more than was paid.
  const refundByHand = db.prepare(
    `UPDATE payments SET refunded_cents = refunded_cents + @amountCents, status = 'refunded'
     WHERE id = @paymentId AND booking_id = @bookingId AND method <> 'stripe'
       AND refunded_cents + @amountCents <= amount_cents
     RETURNING ${PAYMENT_COLUMNS}`,
  );
  const claim = db.prepare('INSERT INTO stripe_events (id, type, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
  const release = db.prepare('DELETE FROM stripe_events WHERE id = ?');
  const saveSession = db.prepare(
    `INSERT INTO checkout_sessions (session_id, booking_id, quote_version, kind, amount_cents, currency, url,
       expires_at, created_at)
     VALUES (@sessionId, @bookingId, @quoteVersion, @kind, @amountCents, @currency, @url, @expiresAt, @createdAt)
     ON CONFLICT (session_id) DO NOTHING`,
  );
  const latest = db.prepare(
    `SELECT * FROM checkout_sessions WHERE booking_id = ? AND quote_version = ? AND kind = ?
     ORDER BY created_at DESC, rowid DESC LIMIT 1`,
  );
  const findSession = db.prepare('SELECT * FROM checkout_sessions WHERE session_id = ?');
  const addLink = db.prepare('INSERT INTO payment_links (token_hash, booking_id, created_at) VALUES (?, ?, ?)');
  const linkOf = db.prepare('SELECT booking_id FROM payment_links WHERE token_hash = ?');

  return {
    async record(payment: NewPayment) {
      const row = insert.get({ ...payment, id: randomUUID() }) as PaymentRow | undefined;
      return row ? paymentOf(row) : null;
    },
    async forBooking(bookingId) {
      return (forBooking.all(bookingId) as PaymentRow[]).map(paymentOf);
    },
    async forBookings(bookingIds) {
      const out: Record<string, Payment[]> = Object.fromEntries(bookingIds.map((id) => [id, []]));
      for (const row of forBookings.all(JSON.stringify(bookingIds)) as PaymentRow[])
        out[row.booking_id]?.push(paymentOf(row));
      return out;
    },
    async recordRefund(paymentIntentId, refundedCents) {
      const row = refund.get(refundedCents, paymentIntentId) as PaymentRow | undefined;
      return row ? paymentOf(row) : null;
    },
    async refundByHand(bookingId, paymentId, amountCents) {
      const row = refundByHand.get({ bookingId, paymentId, amountCents }) as PaymentRow | undefined;
      return row ? paymentOf(row) : null;
    },
    async claimEvent(eventId, type, at) {
      return claim.run(eventId, type, at).changes === 1;
    },
    async releaseEvent(eventId) {
      release.run(eventId);
    },
    async saveSession(session) {
      saveSession.run(session);
    },
    async latestSession(bookingId, quoteVersion, kind) {
      const row = latest.get(bookingId, quoteVersion, kind) as SessionRow | undefined;
      return row ? sessionOf(row) : null;
    },
    async findSession(sessionId) {
      const row = findSession.get(sessionId) as SessionRow | undefined;
      return row ? sessionOf(row) : null;
    },
    async addLink(tokenHash, bookingId, at) {
      addLink.run(tokenHash, bookingId, at);
    },
    async bookingOfLink(tokenHash) {
      return (linkOf.get(tokenHash) as { booking_id: string } | undefined)?.booking_id ?? null;
    },
  };
}
