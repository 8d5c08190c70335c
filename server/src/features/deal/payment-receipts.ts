// The receipts a payment or a refund mails, to the client and to her, through the mail queue. The client's receipt of
// a deposit paid online carries a link to pay the balance the same way.
import type { FastifyBaseLogger } from 'fastify';
import type { BookingRequest } from '@studio/shared/domain';
import { bookingReference } from '@studio/shared/domain/lifecycle';
import type { Payment, PaymentView } from '@studio/shared/domain/payments';
import { formatCents } from '@studio/shared/domain/quote';
import type { AppOptions } from '../../platform/config';
import { replyingToHer, type Mailer, type MailMessage } from '../messaging';
import type { SiteIdentityReader } from '../content';

export interface PaymentReceiptsDeps {
  options: Pick<AppOptions, 'adminEmail'>;
  mailer: Mailer;
  identity: SiteIdentityReader;
  log: FastifyBaseLogger;
  /** Online payment is on: the balance can be paid by link. */
  online: boolean;
  /** The booking's payments as they stand after this one. */
  view: (booking: BookingRequest) => Promise<PaymentView>;
  /** A link of its own to the client's manage page. */
  payLink: (bookingId: string) => Promise<string>;
}

function receiptLines(booking: BookingRequest, payment: Payment, v: PaymentView, refund: boolean): string[] {
  const what = payment.kind === 'deposit' ? 'Deposit' : 'Balance';
  return [
    refund
      ? `${formatCents(payment.refundedCents)} of the ${what.toLowerCase()} payment was refunded.`
      : `${what} received: ${formatCents(payment.amountCents)} (${payment.method === 'stripe' ? 'paid online' : payment.method}).`,
    `Booking: ${booking.service}${booking.serviceTier ? ` (${booking.serviceTier})` : ''}, reference ${bookingReference(booking.id)}.`,
    `Total ${formatCents(v.totalCents)}; paid so far ${formatCents(v.paidCents)}.`,
    ...v.states,
    ...(v.due ? [`Still due: ${formatCents(v.due.amountCents)} (${v.due.kind}).`] : []),
  ];
}

/** Sends the receipts of one payment or refund to both; a failure is logged, never undoes the payment. */
export function createPaymentReceipts(deps: PaymentReceiptsDeps) {
  const { options, online, log } = deps;
  return async function sendReceipts(booking: BookingRequest, payment: Payment, refund: boolean): Promise<void> {
    try {
      const [v, me] = await Promise.all([deps.view(booking), deps.identity.current()]);
      const lines = receiptLines(booking, payment, v, refund);
      // The deposit paid online, the balance follows the same path: the client's receipt carries its link.
      const balanceLink =
        online && !refund && v.due?.kind === 'balance' && booking.status === 'Confirmed'
          ? await deps.payLink(booking.id)
          : null;
      // The client's receipt is answered to her public address (Site details).
      const toClient = (mail: MailMessage) => deps.mailer.send(replyingToHer(mail, me.email));
      const subject = refund
        ? `Refund: ${booking.service} (${bookingReference(booking.id)})`
        : `Receipt: ${payment.kind} for ${booking.service} (${bookingReference(booking.id)})`;
      await Promise.all([
        toClient({
          to: booking.email,
          subject,
          text: [
            `Hi ${booking.name},`,
            '',
            ...lines,
            ...(balanceLink && v.due
              ? [
                  '',
                  `You can pay the balance of ${formatCents(v.due.amountCents)} online on your booking page: ${balanceLink}`,
                ]
              : []),
            '',
            `Thank you,`,
            me.name,
          ].join('\n'),
        }),
        deps.mailer.send({
          to: options.adminEmail,
          subject: `${subject}: ${booking.name}`,
          text: [`${booking.name} (${booking.email})`, '', ...lines].join('\n'),
        }),
      ]);
    } catch (error) {
      log.error({ err: error, bookingId: booking.id }, 'payment receipt could not be sent');
    }
  };
}
