// Payments of a booking's deal: the deposit and the balance, paid online with Stripe Checkout (stripe-checkout.ts) or
// recorded by her by hand, and refunds (Stripe's, or hers by hand). What is due always comes from the booking's stored
// quote (quoteOfBooking), never from a browser. Each payment or refund mails a receipt to the client and to her
// through the mail queue (payment-receipts.ts), and reaches her dashboard live on the change bus. Why a step is
// refused, in the words the client or she reads: payment-refusal.ts.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { BookingRequest } from '@studio/shared/domain';
import { bookingReference } from '@studio/shared/domain/lifecycle';
import {
  paidCentsOf,
  paymentView,
  type ManualPaymentMethod,
  type Payment,
  type PaymentKind,
  type PaymentView,
  type PaymentViews,
} from '@studio/shared/domain/payments';
import { formatCents } from '@studio/shared/domain/quote';
import type { AppOptions } from '../../platform/config';
import type { ChangeBus } from '../../platform/change-bus';
import { replyingToHer, type Mailer, type MailMessage } from '../messaging';
import type { BookingsStore } from '../bookings';
import type { ContractsStore } from '../contracts';
import type { PaymentsStore } from './payments-store';
import { quoteOfBooking, quoteSettingsOf, type QuoteSources } from './quotes';
import type { SiteIdentityReader } from '../content';
import {
  NOT_PAYABLE_UNTIL_SIGNED,
  NOT_PAYABLE_YET,
  PAYMENT_NOT_FOUND,
  PaymentRefusal,
  REFUND_ONLINE,
  REFUND_TOO_MUCH,
  refundAtMost,
} from './payment-refusal';
import { createPaymentReceipts } from './payment-receipts';
import { createStripeCheckout } from './stripe-checkout';
import { sha256Hex } from '../../platform/hash';

export interface PaymentsDeps {
  options: AppOptions;
  store: PaymentsStore;
  /** The booking's quote (its stored one, or the tier price with its schedule's terms) and her deposit trigger. */
  quotes: QuoteSources;
  bookings: Pick<BookingsStore, 'get'>;
  contracts: Pick<ContractsStore, 'listForBooking'>;
  mailer: Mailer;
  bus: ChangeBus;
  identity: SiteIdentityReader;
  log: FastifyBaseLogger;
}

export function createPayments(deps: PaymentsDeps) {
  const { options, store, log } = deps;
  const settings = options.stripe;
  /** Online payment is on: STRIPE_SECRET_KEY is set. */
  const online = settings !== undefined;
  const currentQuote = (booking: BookingRequest) => quoteOfBooking(deps.quotes, booking);

  /** A link of its own to the client's manage page (the manage link's token is kept only as its hash). */
  async function payLink(bookingId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await store.addLink(sha256Hex(token), bookingId, options.now().toISOString());
    return `${options.publicOrigin}/manage-booking#${token}`;
  }

  async function view(booking: BookingRequest): Promise<PaymentView> {
    const [{ quote }, payments] = await Promise.all([currentQuote(booking), store.forBooking(booking.id)]);
    return paymentView(quote, payments, online);
  }

  /**
   * Many bookings' views, each as `view` answers it (her dashboard's cards): the payments in one store read, her quote
   * defaults read once for all, the bookings and their stored quotes read side by side.
   */
  async function views(ids: readonly string[]): Promise<PaymentViews> {
    const unique = [...new Set(ids)];
    let defaults: ReturnType<QuoteSources['settings']['quoteSettings']> | undefined;
    const sources: QuoteSources = {
      quotes: deps.quotes.quotes,
      settings: { quoteSettings: () => (defaults ??= deps.quotes.settings.quoteSettings()) },
      timeZone: deps.quotes.timeZone,
    };
    const [bookings, payments] = await Promise.all([
      Promise.all(unique.map((id) => deps.bookings.get(id))),
      store.forBookings(unique),
    ]);
    const found = bookings.filter((b): b is BookingRequest => b !== null);
    const quotes = await Promise.all(found.map((booking) => quoteOfBooking(sources, booking)));
    return {
      views: Object.fromEntries(
        found.map((booking, i) => [booking.id, paymentView(quotes[i]!.quote, payments[booking.id] ?? [], online)]),
      ),
      unknown: unique.filter((_, i) => bookings[i] === null),
    };
  }

  /** Why the client may not pay online yet, or null: her deposit trigger (confirmed, or the contract signed). */
  async function notPayableYet(booking: BookingRequest): Promise<string | null> {
    if (booking.status !== 'Confirmed') return NOT_PAYABLE_YET;
    if ((await quoteSettingsOf(deps.quotes.settings)).depositTrigger === 'signed') {
      const [latest] = await deps.contracts.listForBooking(booking.id);
      if (latest?.status !== 'signed') return NOT_PAYABLE_UNTIL_SIGNED;
    }
    return null;
  }

  const sendReceipts = createPaymentReceipts({ ...deps, online, view, payLink });

  /**
   * What securing the date asks the client to pay online now, in words with a link of its own: the deposit, or where
   * the terms ask no deposit and everything upfront ('100% upfront', 'Monthly in advance'), the full amount. null
   * when nothing is asked now.
   */
  async function paymentAsked(booking: BookingRequest): Promise<{ text: string; deposit: boolean } | null> {
    if (!online || (await notPayableYet(booking))) return null;
    const [{ quote }, payments] = await Promise.all([currentQuote(booking), store.forBooking(booking.id)]);
    const due = paymentView(quote, payments, online).due;
    if (due?.kind === 'deposit') {
      const text = `A deposit of ${formatCents(due.amountCents)} secures your date. You can pay it online on your booking page: ${await payLink(booking.id)}`;
      return { text, deposit: true };
    }
    if (due && quote.depositCents === 0 && quote.balanceDue === 'upfront') {
      const text = `The full amount of ${formatCents(due.amountCents)} secures your date. You can pay it online on your booking page: ${await payLink(booking.id)}`;
      return { text, deposit: false };
    }
    return null;
  }
  const depositParagraph = async (booking: BookingRequest) => (await paymentAsked(booking))?.text ?? null;

  /** The booking changed for whoever watches it: her dashboard's live stream. */
  function announce(bookingId: string): void {
    deps.bus.publish({ topic: 'payments', bookingId });
  }

  async function recorded(payment: Payment, refund: boolean): Promise<void> {
    announce(payment.bookingId);
    const booking = await deps.bookings.get(payment.bookingId);
    if (booking) await sendReceipts(booking, payment, refund);
  }

  // The online part: what is due is decided here (the quote, the deposit trigger), Stripe's side there.
  const stripeCheckout = createStripeCheckout({
    settings,
    store,
    log,
    now: () => options.now(),
    currentQuote,
    notPayableYet,
    recorded,
  });

  return {
    online,
    view,
    views,

    /**
     * What the client has paid for the booking so far, refunds taken off (cents), and how what is left was paid:
     * online (refunded in Stripe) or by hand (refunded with her Refund).
     */
    async paidSoFar(bookingId: string): Promise<{ paidCents: number; online: boolean; byHand: boolean }> {
      const payments = await store.forBooking(bookingId);
      const left = payments.filter((p) => p.amountCents > p.refundedCents);
      return {
        paidCents: paidCentsOf(payments),
        online: left.some((p) => p.method === 'stripe'),
        byHand: left.some((p) => p.method !== 'stripe'),
      };
    },

    /**
     * The paragraph her confirmation mail adds (depositTrigger 'confirmed'): the deposit (or the full amount the terms
     * ask upfront) and a link of its own to the client's manage page, where she pays it; null when nothing is to be
     * paid online now.
     */
    depositParagraph,

    /**
     * Her setting "send the deposit link once the contract is signed": the client signed, so the deposit link goes
     * out now (with "when I confirm", her confirmation mail carried it already and this does nothing).
     */
    async contractSigned(bookingId: string): Promise<void> {
      try {
        if ((await quoteSettingsOf(deps.quotes.settings)).depositTrigger !== 'signed') return;
        const booking = await deps.bookings.get(bookingId);
        if (!booking) return;
        const asked = await paymentAsked(booking);
        if (!asked) return;
        const me = await deps.identity.current();
        // Answered to her public address (Site details), as every mail to a client.
        const toClient = (mail: MailMessage) => deps.mailer.send(replyingToHer(mail, me.email));
        await toClient({
          to: booking.email,
          subject: `Your ${asked.deposit ? 'deposit' : 'payment'}: ${booking.service} (${bookingReference(booking.id)})`,
          text: [
            `Hi ${booking.name},`,
            '',
            'Thank you for signing the contract.',
            asked.text,
            '',
            'Thank you,',
            me.name,
          ].join('\n'),
        });
      } catch (error) {
        log.error({ err: error, bookingId }, 'the deposit link could not be sent after signing');
      }
    },

    /** The booking a deposit link's token opens, or null. */
    bookingOfLink(token: string): Promise<string | null> {
      return store.bookingOfLink(sha256Hex(token));
    },

    /** The Checkout Session's address for the part due, and Stripe's webhook (stripe-checkout.ts). */
    checkout: stripeCheckout.checkout,
    webhook: stripeCheckout.webhook,

    /** Her payment recorded by hand (bank transfer or cash), as an online one is. */
    async recordManual(
      booking: BookingRequest,
      input: { kind: PaymentKind; method: ManualPaymentMethod; amountCents: number },
    ): Promise<PaymentView> {
      const { version, quote } = await currentQuote(booking);
      const payment = await store.record({
        bookingId: booking.id,
        quoteVersion: version,
        kind: input.kind,
        amountCents: input.amountCents,
        currency: quote.currency,
        method: input.method,
        checkoutSessionId: null,
        paymentIntentId: null,
        paidAt: options.now().toISOString(),
      });
      if (payment) await recorded(payment, false);
      return view(booking);
    },

    /**
     * Her refund by hand of a payment by hand (she paid part or all of it back by bank transfer or cash): added to what
     * that payment counts refunded, never beyond what it paid; refund receipts go to both. A payment made online is
     * refunded in Stripe, whose webhook records it.
     */
    async refundManual(booking: BookingRequest, paymentId: string, amountCents: number): Promise<PaymentView> {
      const payment = (await store.forBooking(booking.id)).find((p) => p.id === paymentId);
      if (!payment) throw new PaymentRefusal(404, PAYMENT_NOT_FOUND);
      if (payment.method === 'stripe') throw new PaymentRefusal(409, REFUND_ONLINE);
      const left = payment.amountCents - payment.refundedCents;
      if (amountCents > left) throw new PaymentRefusal(400, REFUND_TOO_MUCH, { amountCents: [refundAtMost(left)] });
      const refunded = await store.refundByHand(booking.id, paymentId, amountCents);
      // Another refund of the same payment was recorded between the read and the write: said as for the read.
      if (!refunded) throw new PaymentRefusal(409, REFUND_TOO_MUCH);
      await recorded(refunded, true);
      return view(booking);
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
