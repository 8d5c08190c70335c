// The payments' schemas: what the client's page and the dashboard read, what she records by hand, what the
// client's page posts to pay. No schema here takes an amount from the client's browser: the checkout's amount is the
// server's (domain/payments.ts).
import { z } from './zod';
import { LIMITS } from '../domain/constants';
import {
  MANUAL_PAYMENT_METHODS,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PAYMENTS_BATCH_MAX,
  type Payment,
  type PaymentView,
  type PaymentViews,
} from '../domain/payments';
import { QUOTE_MAX_CENTS } from '../domain/quote';
import { manageToken } from './bookings';

export const paymentSchema = z.strictObject({
  id: z.string(),
  bookingId: z.string(),
  quoteVersion: z.number().int(),
  kind: z.enum(PAYMENT_KINDS),
  amountCents: z.number().int(),
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS),
  checkoutSessionId: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  status: z.enum(['paid', 'refunded']),
  refundedCents: z.number().int(),
  paidAt: z.string(),
}) satisfies z.ZodType<Payment>;

export const paymentViewSchema = z.strictObject({
  online: z.boolean(),
  currency: z.string(),
  totalCents: z.number().int(),
  depositCents: z.number().int(),
  balanceCents: z.number().int(),
  balanceDueDate: z.string(),
  paidCents: z.number().int(),
  states: z.array(z.string()),
  due: z.strictObject({ kind: z.enum(PAYMENT_KINDS), amountCents: z.number().int() }).nullable(),
  payments: z.array(paymentSchema),
}) satisfies z.ZodType<PaymentView>;

/** Her dashboard's read of many bookings' payments at once: `?ids=a,b,c`, 1 to PAYMENTS_BATCH_MAX booking ids. */
export const paymentViewsQuerySchema = z.strictObject({
  ids: z
    .string()
    .transform((ids) => ids.split(','))
    .pipe(
      z
        .array(z.string().min(1, 'An id is empty.').max(LIMITS.id, `An id is at most ${LIMITS.id} characters.`))
        .min(1)
        .max(PAYMENTS_BATCH_MAX, `At most ${PAYMENTS_BATCH_MAX} bookings at a time.`),
    ),
});

export const paymentViewsSchema = z.strictObject({
  views: z.record(z.string(), paymentViewSchema),
  unknown: z.array(z.string()),
}) satisfies z.ZodType<PaymentViews>;

/** Her payment recorded by hand: how, which part, how much (cents, at least one). */
export const manualPaymentSchema = z.strictObject({
  kind: z.enum(PAYMENT_KINDS),
  method: z.enum(MANUAL_PAYMENT_METHODS),
  amountCents: z.number().int().min(1, 'Enter an amount.').max(QUOTE_MAX_CENTS),
});
export type ManualPaymentInput = z.infer<typeof manualPaymentSchema>;

/** Her refund of a payment by hand (she paid it back by bank transfer or cash): how much, in cents. */
export const manualRefundSchema = z.strictObject({
  amountCents: z.number().int().min(1, 'Enter an amount.').max(QUOTE_MAX_CENTS),
});
export type ManualRefundInput = z.infer<typeof manualRefundSchema>;

export const paymentRefundParamsSchema = z.strictObject({
  id: z.string().min(1).max(LIMITS.id),
  paymentId: z.string().min(1).max(LIMITS.id),
});

/**
 * The client's "Pay the deposit" / "Pay the balance": which part only. Not strict on purpose: whatever else a browser
 * sends (an amount, a currency) is dropped unread, never used.
 */
export const checkoutRequestSchema = z.object({
  token: manageToken,
  kind: z.enum(PAYMENT_KINDS),
});

export const checkoutAnswerSchema = z.strictObject({ url: z.string() });
