// What the client has paid of her deal: each payment is a deposit or the balance, paid online with
// Stripe Checkout or recorded by her by hand (bank transfer, cash), and a refund lowers what it counts. paymentView is
// the one reading of the quote and the payments that the dashboard, the client's page, the checkout and the receipts
// share, so the amount a client is asked for is always the server's, computed from the quote.
import type { Quote } from './quote';
import { formatLongDate } from './studio-time';
import type { IsoDate } from './date-types';

export const PAYMENT_KINDS = ['deposit', 'balance'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_METHODS = ['stripe', 'bank transfer', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What she records by hand; 'stripe' payments come from Stripe's webhook only. */
export const MANUAL_PAYMENT_METHODS = ['bank transfer', 'cash'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];

export interface Payment {
  id: string;
  bookingId: string;
  /** The quote version the amount was computed from (0: the booking's tier price before any stored quote). */
  quoteVersion: number;
  kind: PaymentKind;
  amountCents: number;
  currency: string;
  method: PaymentMethod;
  /** Stripe's ids for an online payment; null for one recorded by hand. */
  checkoutSessionId: string | null;
  paymentIntentId: string | null;
  status: 'paid' | 'refunded';
  /** How much of it was refunded (cents); 0 when none. */
  refundedCents: number;
  /** When it was paid (ISO). */
  paidAt: string;
}

/** The words both the dashboard and the client's page show, exactly. */
export const DEPOSIT_PAID = 'Deposit paid';
export const PAID = 'Paid';
export const balanceDueOn = (date: IsoDate | ''): string =>
  date === '' ? 'Balance due' : `Balance due on ${formatLongDate(date)}`;

/**
 * The most bookings one read of her dashboard's payments names (GET /api/admin/payments?ids=…): twice a page of
 * bookings, so the cards of a page and the older one she loaded go in one request.
 */
export const PAYMENTS_BATCH_MAX = 100;

/** The payments of the bookings asked for, by id; `unknown`: the ids no booking has (deleted meanwhile, or mistyped). */
export interface PaymentViews {
  views: Record<string, PaymentView>;
  unknown: string[];
}

export interface PaymentView {
  /** Online payment is on (STRIPE_SECRET_KEY is set): the client's page may offer "Pay the deposit". */
  online: boolean;
  currency: string;
  totalCents: number;
  depositCents: number;
  balanceCents: number;
  balanceDueDate: IsoDate | '';
  /** Paid so far, refunds taken off. */
  paidCents: number;
  /** "Deposit paid", "Balance due on …", "Paid", in that order; none before anything is paid. */
  states: string[];
  /** What the client is asked for next, or null when nothing is (all paid, or a free booking). */
  due: { kind: PaymentKind; amountCents: number } | null;
  payments: Payment[];
}

const netOf = (p: Payment) => p.amountCents - p.refundedCents;

/** What the client has paid in all, refunds taken off. */
export const paidCentsOf = (payments: readonly Payment[]): number => payments.reduce((sum, p) => sum + netOf(p), 0);

/** The quote against what was paid. */
export function paymentView(quote: Quote, payments: Payment[], online: boolean): PaymentView {
  const paidCents = paidCentsOf(payments);
  const depositPaidCents = payments.filter((p) => p.kind === 'deposit').reduce((sum, p) => sum + netOf(p), 0);
  const depositPaid = quote.depositCents > 0 && depositPaidCents >= quote.depositCents;
  const fullyPaid = quote.totalCents > 0 && paidCents >= quote.totalCents;
  const states = fullyPaid
    ? [PAID]
    : depositPaid
      ? [DEPOSIT_PAID, balanceDueOn(quote.balanceDueDate)]
      : paidCents > 0
        ? [balanceDueOn(quote.balanceDueDate)]
        : [];
  const due: PaymentView['due'] = fullyPaid
    ? null
    : quote.depositCents > 0 && !depositPaid
      ? { kind: 'deposit', amountCents: quote.depositCents - Math.max(0, depositPaidCents) }
      : quote.totalCents - paidCents > 0
        ? { kind: 'balance', amountCents: quote.totalCents - paidCents }
        : null;
  return {
    online,
    currency: quote.currency,
    totalCents: quote.totalCents,
    depositCents: quote.depositCents,
    balanceCents: quote.balanceCents,
    balanceDueDate: quote.balanceDueDate,
    paidCents,
    states,
    due,
    payments,
  };
}

/** The button's words on the client's page. */
export const payLabel = (kind: PaymentKind) => (kind === 'deposit' ? 'Pay the deposit' : 'Pay the balance');
