// The payments store (payments.ts holds the rules: amounts from the quote, Stripe's webhook, receipts): what the server
// asks of this storage, honoured by payments.sqlite.ts and payments.firestore.ts alike and proved on both by the
// storage contract (server/test/storage-contract/). The rules every store keeps (Promises, atomic calls, no clock,
// secrets only as hashes): platform/storage/storage-port.ts.
import type { Payment, PaymentKind } from '@studio/shared/domain/payments';

export type NewPayment = Omit<Payment, 'id' | 'status' | 'refundedCents'>;

/** A Checkout Session made for one part of a booking's quote version. */
export interface StoredCheckoutSession {
  sessionId: string;
  bookingId: string;
  quoteVersion: number;
  kind: PaymentKind;
  amountCents: number;
  currency: string;
  url: string;
  /** When Stripe closes it (ISO). */
  expiresAt: string;
  createdAt: string;
}

export interface PaymentsStore {
  /**
   * Atomic: stores the payment (id: a random UUID, status 'paid', nothing refunded) and answers it; null when a payment
   * with the same checkoutSessionId is stored already (a webhook delivered twice records one payment).
   */
  record(payment: NewPayment): Promise<Payment | null>;
  /** The booking's payments, oldest first. */
  forBooking(bookingId: string): Promise<Payment[]>;
  /**
   * The payments of each of `bookingIds` (at most PAYMENTS_BATCH_MAX), each booking's in forBooking's order, in one
   * read where the store allows: every id asked is a key, [] for a booking without payments (her dashboard's cards).
   */
  forBookings(bookingIds: readonly string[]): Promise<Record<string, Payment[]>>;
  /**
   * Atomic: the payment of that PaymentIntent now counts `refundedCents` refunded in all (Stripe reports the total),
   * status 'refunded'; answers it, or null when no payment has that intent. A total below the one recorded (an
   * earlier event delivered late) leaves the larger one standing.
   */
  recordRefund(paymentIntentId: string, refundedCents: number): Promise<Payment | null>;
  /**
   * Atomic: her refund recorded by hand adds `amountCents` to what the payment `paymentId` of booking `bookingId`
   * counts refunded (status 'refunded'); answers the payment. Null, and nothing changed, when the booking has no such
   * payment, when it was paid online (Stripe reports its refunds), or when the refund would exceed what is left of it.
   */
  refundByHand(bookingId: string, paymentId: string, amountCents: number): Promise<Payment | null>;
  /** Atomic: notes the Stripe event as handled at `at` (ISO); false when it was noted before (a replay). */
  claimEvent(eventId: string, type: string, at: string): Promise<boolean>;
  /** Forgets the event again (handling it failed, so Stripe's next delivery is handled). */
  releaseEvent(eventId: string): Promise<void>;
  saveSession(session: StoredCheckoutSession): Promise<void>;
  /** The latest session made for that part of that quote version, or null. */
  latestSession(bookingId: string, quoteVersion: number, kind: PaymentKind): Promise<StoredCheckoutSession | null>;
  findSession(sessionId: string): Promise<StoredCheckoutSession | null>;
  /** Keeps a deposit link's token (its SHA-256) for the booking. */
  addLink(tokenHash: string, bookingId: string, at: string): Promise<void>;
  /** The booking a deposit link opens, or null. */
  bookingOfLink(tokenHash: string): Promise<string | null>;
}
