// Why a payment step is refused, in the words the client or she reads, and the error that carries it with its HTTP
// status (payments.routes.ts turns it into the answer). The checkout, the webhook and her records by hand share it.
import { formatCents } from '@studio/shared/domain/quote';

export const PAYMENT_OFF = 'Online payment is not available. Please pay as agreed with the studio.';
export const NOTHING_DUE = 'Nothing is due for this booking right now.';
export const NOT_PAYABLE_YET = 'Payment opens once your booking is confirmed.';
export const NOT_PAYABLE_UNTIL_SIGNED = 'Payment opens once your contract is signed.';
export const WEBHOOK_REFUSED = 'This webhook could not be verified.';
export const CHECKOUT_FAILED = 'The payment page could not be opened. Please try again in a moment.';

export const PAYMENT_NOT_FOUND = 'This booking has no such payment.';
export const REFUND_ONLINE =
  'This payment was made online: refund it in Stripe. The refund shows here once Stripe reports it.';
export const REFUND_TOO_MUCH = 'The refund is more than what is left of this payment.';
export const refundAtMost = (leftCents: number) =>
  leftCents > 0
    ? `At most ${formatCents(leftCents)} of this payment is left to refund.`
    : 'This payment has been refunded in full.';

export class PaymentRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 502,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}
