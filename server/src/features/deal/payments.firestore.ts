// Payments in Firestore (the Firebase home's PaymentsStore, payments-store.ts), as the SQLite tables of migration 032
// keep them: `payments` (an online payment's document id is its Checkout Session's, so a webhook delivered twice finds
// it there and `create` refuses the second), `stripeEvents` (one document per handled event id) and `checkoutSessions`
// (by session id), `paymentLinks` (by the SHA-256 of the link's token). Every query is equality only, served by
// Firestore's automatic single-field indexes (no composite index to deploy); the few rows a booking has are ordered
// here.
import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import type { Payment } from '@studio/shared/domain/payments';
import type { PaymentsStore, StoredCheckoutSession } from './payments-store';
import { documentIdOf } from '../../platform/firestore/document-ids';
import { runTransaction } from '../../platform/firestore/transaction';

export const PAYMENTS = 'payments';
export const STRIPE_EVENTS = 'stripeEvents';
export const CHECKOUT_SESSIONS = 'checkoutSessions';
export const PAYMENT_LINKS = 'paymentLinks';

type PaymentDoc = Payment & { seq: number };

/** Firestore's answer when `create` finds the document there already. */
const ALREADY_EXISTS = 6;
const alreadyExists = (error: unknown) => (error as { code?: number }).code === ALREADY_EXISTS;

const paymentOf = ({ seq: _seq, ...payment }: PaymentDoc): Payment => payment;
const oldestFirst = (a: PaymentDoc, b: PaymentDoc) => a.paidAt.localeCompare(b.paidAt) || a.seq - b.seq;

/** The most values Firestore takes in one `in` filter. */
const IN_QUERY_MAX = 30;

export function createFirestorePaymentsStore(db: Firestore): PaymentsStore {
  const payments = db.collection(PAYMENTS);
  const events = db.collection(STRIPE_EVENTS);
  const sessions = db.collection(CHECKOUT_SESSIONS);
  const links = db.collection(PAYMENT_LINKS);

  return {
    async record(payment) {
      const id = randomUUID();
      const stored: PaymentDoc = { ...payment, id, status: 'paid', refundedCents: 0, seq: Date.now() };
      const docId = payment.checkoutSessionId ? `stripe-${documentIdOf(payment.checkoutSessionId)}` : id;
      try {
        await payments.doc(docId).create(stored);
      } catch (error) {
        if (alreadyExists(error)) return null;
        throw error;
      }
      return paymentOf(stored);
    },

    async forBooking(bookingId) {
      const snap = await payments.where('bookingId', '==', bookingId).get();
      return snap.docs
        .map((d) => d.data() as PaymentDoc)
        .sort(oldestFirst)
        .map(paymentOf);
    },

    async forBookings(bookingIds) {
      const out: Record<string, Payment[]> = Object.fromEntries(bookingIds.map((id) => [id, []]));
      const ids = [...new Set(bookingIds)];
      // An `in` query takes at most IN_QUERY_MAX values: a page of cards is a few such queries, run together.
      const chunks = Array.from({ length: Math.ceil(ids.length / IN_QUERY_MAX) }, (_, i) =>
        ids.slice(i * IN_QUERY_MAX, (i + 1) * IN_QUERY_MAX),
      );
      const snaps = await Promise.all(chunks.map((chunk) => payments.where('bookingId', 'in', chunk).get()));
      const docs = snaps.flatMap((snap) => snap.docs.map((d) => d.data() as PaymentDoc)).sort(oldestFirst);
      for (const doc of docs) out[doc.bookingId]?.push(paymentOf(doc));
      return out;
    },

    recordRefund(paymentIntentId, refundedCents) {
      return runTransaction(db, async (tx) => {
        const snap = await tx.get(payments.where('paymentIntentId', '==', paymentIntentId));
        const doc = snap.docs.sort((a, b) => (a.data() as PaymentDoc).seq - (b.data() as PaymentDoc).seq)[0];
        if (!doc) return null;
        const stored = doc.data() as PaymentDoc;
        // Stripe's running total may arrive out of order: the largest seen stands (as on SQLite).
        const updated: PaymentDoc = {
          ...stored,
          status: 'refunded',
          refundedCents: Math.max(stored.refundedCents, Math.min(stored.amountCents, refundedCents)),
        };
        tx.update(doc.ref, { status: updated.status, refundedCents: updated.refundedCents });
        return paymentOf(updated);
      });
    },

    refundByHand(bookingId, paymentId, amountCents) {
      return runTransaction(db, async (tx) => {
        // A payment by hand is stored under its own id (record above); an online one never matches.
        const snap = await tx.get(payments.doc(documentIdOf(paymentId)));
        const stored = snap.data() as PaymentDoc | undefined;
        if (!stored || stored.id !== paymentId || stored.bookingId !== bookingId || stored.method === 'stripe')
          return null;
        if (stored.refundedCents + amountCents > stored.amountCents) return null;
        const updated: PaymentDoc = {
          ...stored,
          status: 'refunded',
          refundedCents: stored.refundedCents + amountCents,
        };
        tx.update(snap.ref, { status: updated.status, refundedCents: updated.refundedCents });
        return paymentOf(updated);
      });
    },

    async claimEvent(eventId, type, at) {
      try {
        await events.doc(documentIdOf(eventId)).create({ id: eventId, type, receivedAt: at });
        return true;
      } catch (error) {
        if (alreadyExists(error)) return false;
        throw error;
      }
    },

    async releaseEvent(eventId) {
      await events.doc(documentIdOf(eventId)).delete();
    },

    async saveSession(session) {
      try {
        await sessions.doc(documentIdOf(session.sessionId)).create(session);
      } catch (error) {
        if (!alreadyExists(error)) throw error;
      }
    },

    async latestSession(bookingId, quoteVersion, kind) {
      const snap = await sessions
        .where('bookingId', '==', bookingId)
        .where('quoteVersion', '==', quoteVersion)
        .where('kind', '==', kind)
        .get();
      const all = snap.docs.map((d) => d.data() as StoredCheckoutSession);
      return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null;
    },

    async findSession(sessionId) {
      const snap = await sessions.doc(documentIdOf(sessionId)).get();
      return snap.exists ? (snap.data() as StoredCheckoutSession) : null;
    },

    async addLink(tokenHash, bookingId, at) {
      await links.doc(documentIdOf(tokenHash)).create({ bookingId, createdAt: at });
    },

    async bookingOfLink(tokenHash) {
      const snap = await links.doc(documentIdOf(tokenHash)).get();
      return snap.exists ? (snap.data() as { bookingId: string }).bookingId : null;
    },
  };
}
