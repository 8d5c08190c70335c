// Payments of a booking's deal (issue 30, item 4): the deposit and the balance, paid online with Stripe Checkout
// (Stripe's official library) or recorded by her by hand, and Stripe's refunds. The amount is always the server's:
// computed from the booking's stored quote (quoteOfBooking), never read from a browser. One Checkout Session serves one part
// (deposit or balance) of one quote version: a stored open session is reused, and a new one is created with an
// idempotency key naming the booking, the quote version, the part and the amount, so two clicks or two instances
// racing make one session at Stripe. Stripe's webhook is verified on its raw body with the endpoint's signing secret,
// and each event is handled once (its id is noted first; a replay changes nothing). Each payment or refund mails a
// receipt to the client and to her through the mail queue, and reaches her dashboard live on the change bus.
import { createHash, randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
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
import type { AppOptions, StripeSettings } from '../../platform/config';
import type { ChangeBus } from '../../platform/change-bus';
import type { Mailer } from '../messaging';
import type { BookingsStore, ContractsStore, PaymentsStore } from '../../platform/storage/ports';
import { quoteOfBooking, quoteSettingsOf, type QuoteSources } from './quotes';
import type { SiteIdentityReader } from '../content';

export const PAYMENT_OFF = 'Online payment is not available. Please pay as agreed with the studio.';
export const NOTHING_DUE = 'Nothing is due for this booking right now.';
export const NOT_PAYABLE_YET = 'Payment opens once your booking is confirmed.';
export const NOT_PAYABLE_UNTIL_SIGNED = 'Payment opens once your contract is signed.';
export const WEBHOOK_REFUSED = 'This webhook could not be verified.';
export const CHECKOUT_FAILED = 'The payment page could not be opened. Please try again in a moment.';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A stored session is reused while it has at least this long left: enough to pay in. */
const SESSION_REUSE_MARGIN_MS = 10 * 60 * 1000;

/**
 * Stripe's client for these settings: Stripe itself, or (tests only) the stand-in STRIPE_API_BASE names. The library
 * (about 16 MB once loaded) is loaded here, with the first payment step, and never on a site without STRIPE_SECRET_KEY.
 */
export async function stripeClient(settings: StripeSettings): Promise<Stripe> {
  const { default: StripeLibrary } = await import('stripe');
  const base = settings.apiBase;
  return new StripeLibrary(settings.secretKey, {
    // Pinned by the library's version (23.1.0); one retry on a network failure, safe with the idempotency key.
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

export class PaymentRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 502,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const PAYMENT_NOT_FOUND = 'This booking has no such payment.';
export const REFUND_ONLINE =
  'This payment was made online: refund it in Stripe. The refund shows here once Stripe reports it.';
export const REFUND_TOO_MUCH = 'The refund is more than what is left of this payment.';
export const refundAtMost = (leftCents: number) =>
  leftCents > 0
    ? `At most ${formatCents(leftCents)} of this payment is left to refund.`
    : 'This payment has been refunded in full.';

export interface PaymentsDeps {
  options: AppOptions;
  store: PaymentsStore;
  /** The booking's quote (its stored one, or the tier price with her defaults) and her deposit trigger. */
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
  let client: Promise<Stripe> | undefined;
  const stripe = (stripeSettings: StripeSettings) => (client ??= stripeClient(stripeSettings));
  const currentQuote = (booking: BookingRequest) => quoteOfBooking(deps.quotes, booking);

  /** A link of its own to the client's manage page (the manage link's token is kept only as its hash). */
  async function payLink(bookingId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await store.addLink(sha256(token), bookingId, options.now().toISOString());
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

  /** Receipts to both, through the mail queue; a failure is logged, never undoes the payment. */
  async function sendReceipts(booking: BookingRequest, payment: Payment, refund: boolean): Promise<void> {
    try {
      const [v, me] = await Promise.all([view(booking), deps.identity.current()]);
      const lines = receiptLines(booking, payment, v, refund);
      // The deposit paid online, the balance follows the same path: the client's receipt carries its link.
      const balanceLink =
        online && !refund && v.due?.kind === 'balance' && booking.status === 'Confirmed'
          ? await payLink(booking.id)
          : null;
      const subject = refund
        ? `Refund: ${booking.service} (${bookingReference(booking.id)})`
        : `Receipt: ${payment.kind} for ${booking.service} (${bookingReference(booking.id)})`;
      await Promise.all([
        deps.mailer.send({
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
  }

  async function depositParagraph(booking: BookingRequest): Promise<string | null> {
    if (!online || (await notPayableYet(booking))) return null;
    const due = (await view(booking)).due;
    if (due?.kind !== 'deposit') return null;
    return `A deposit of ${formatCents(due.amountCents)} secures your date. You can pay it online on your booking page: ${await payLink(booking.id)}`;
  }

  /** The booking changed for whoever watches it: her dashboard's live stream. */
  function announce(bookingId: string): void {
    deps.bus.publish({ topic: 'payments', bookingId });
  }

  async function recorded(payment: Payment, refund: boolean): Promise<void> {
    announce(payment.bookingId);
    const booking = await deps.bookings.get(payment.bookingId);
    if (booking) await sendReceipts(booking, payment, refund);
  }

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
     * The paragraph her confirmation mail adds (depositTrigger 'confirmed'): the deposit and a link of its own to the
     * client's manage page, where "Pay the deposit" is; null when nothing is to be paid online now.
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
        const paragraph = await depositParagraph(booking);
        if (!paragraph) return;
        const me = await deps.identity.current();
        await deps.mailer.send({
          to: booking.email,
          subject: `Your deposit: ${booking.service} (${bookingReference(booking.id)})`,
          text: [
            `Hi ${booking.name},`,
            '',
            'Thank you for signing the contract.',
            paragraph,
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
      return store.bookingOfLink(sha256(token));
    },

    /**
     * The Checkout Session's address for the part due: a stored open one, or a new one at Stripe for the amount the
     * quote says is due now. `kind` is all the client chooses.
     */
    async checkout(booking: BookingRequest, kind: PaymentKind, manageUrl: string): Promise<string> {
      if (!settings) throw new PaymentRefusal(404, PAYMENT_OFF);
      const why = await notPayableYet(booking);
      if (why) throw new PaymentRefusal(409, why);
      const [{ version, quote }, payments] = await Promise.all([currentQuote(booking), store.forBooking(booking.id)]);
      const due = paymentView(quote, payments, true).due;
      if (!due || due.kind !== kind) throw new PaymentRefusal(409, NOTHING_DUE);
      const now = options.now();
      const stored = await store.latestSession(booking.id, version, kind);
      if (
        stored &&
        stored.amountCents === due.amountCents &&
        Date.parse(stored.expiresAt) - now.getTime() > SESSION_REUSE_MARGIN_MS
      )
        return stored.url;
      let session: Stripe.Checkout.Session;
      try {
        session = await (
          await stripe(settings)
        ).checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: booking.id,
            customer_email: booking.email,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: quote.currency,
                  unit_amount: due.amountCents,
                  product_data: {
                    name: `${kind === 'deposit' ? 'Deposit' : 'Balance'}: ${booking.service}`,
                    description: `Booking ${bookingReference(booking.id)}`,
                  },
                },
              },
            ],
            metadata: { bookingId: booking.id, quoteVersion: String(version), kind },
            success_url: `${manageUrl}?payment=done`,
            cancel_url: `${manageUrl}?payment=cancelled`,
          },
          { idempotencyKey: `studio-${booking.id}-v${version}-${kind}-${due.amountCents}` },
        );
      } catch (error) {
        log.error({ err: error, bookingId: booking.id }, 'Stripe Checkout Session could not be created');
        throw new PaymentRefusal(502, CHECKOUT_FAILED);
      }
      if (!session.url) throw new PaymentRefusal(502, CHECKOUT_FAILED);
      await store.saveSession({
        sessionId: session.id,
        bookingId: booking.id,
        quoteVersion: version,
        kind,
        amountCents: due.amountCents,
        currency: quote.currency,
        url: session.url,
        expiresAt: new Date(session.expires_at * 1000).toISOString(),
        createdAt: now.toISOString(),
      });
      return session.url;
    },

    /**
     * Stripe's webhook: verified on the raw body (400 and nothing changed when the signature is missing, forged or
     * made with another secret), each event id handled once. Answers whether the event was new.
     */
    async webhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }> {
      if (!settings?.webhookSecret || !signature) throw new PaymentRefusal(400, WEBHOOK_REFUSED);
      const client = await stripe(settings);
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw new PaymentRefusal(400, WEBHOOK_REFUSED);
      }
      if (!(await store.claimEvent(event.id, event.type, options.now().toISOString()))) return { duplicate: true };
      try {
        await handle(event);
      } catch (error) {
        // Not handled: forgotten, so Stripe's next delivery of it is handled.
        await store.releaseEvent(event.id);
        throw error;
      }
      return { duplicate: false };
    },

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

  async function handle(event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // A delayed method (a bank debit) completes unpaid; its async_payment_succeeded event records it.
        if (session.payment_status !== 'paid') return;
        // The booking and part come from the session stored when it was made, not from the event's metadata.
        const stored = await store.findSession(session.id);
        if (!stored) {
          log.warn({ sessionId: session.id }, 'a Checkout Session this site did not make was completed; ignored');
          return;
        }
        const intent = session.payment_intent;
        const payment = await store.record({
          bookingId: stored.bookingId,
          quoteVersion: stored.quoteVersion,
          kind: stored.kind,
          amountCents: session.amount_total ?? stored.amountCents,
          currency: session.currency ?? stored.currency,
          method: 'stripe',
          checkoutSessionId: session.id,
          paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
          paidAt: new Date(event.created * 1000).toISOString(),
        });
        if (payment) await recorded(payment, false);
        return;
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
        if (!intent) return;
        const payment = await store.recordRefund(intent, charge.amount_refunded);
        if (payment) await recorded(payment, true);
        return;
      }
      default:
        return;
    }
  }
}

export type Payments = ReturnType<typeof createPayments>;
