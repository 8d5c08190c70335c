// Online payment with Stripe Checkout (Stripe's official library): the Checkout Session for the part due, and Stripe's
// webhook, which records a completed payment and a refund made in Stripe. The amount is always the server's: computed
// from the booking's stored quote, never read from a browser. One Checkout Session serves one part (deposit or
// balance) of one quote version: a stored open session is reused, and a new one is created with an idempotency key
// naming the booking, the quote version, the part and the amount, so two clicks or two instances racing make one
// session at Stripe. The webhook is verified on its raw body with the endpoint's signing secret, and each event is
// handled once (its id is noted first; a replay changes nothing).
import type Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import type { BookingRequest } from '@studio/shared/domain';
import { bookingReference } from '@studio/shared/domain/lifecycle';
import { paymentView, type Payment, type PaymentKind } from '@studio/shared/domain/payments';
import type { BookingQuote } from '@studio/shared/domain/quote';
import type { StripeSettings } from '../../platform/config';
import type { PaymentsStore } from './payments-store';
import { CHECKOUT_FAILED, NOTHING_DUE, PAYMENT_OFF, PaymentRefusal, WEBHOOK_REFUSED } from './payment-refusal';

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

export interface StripeCheckoutDeps {
  /** Stripe's keys; undefined when online payment is off (no STRIPE_SECRET_KEY). */
  settings: StripeSettings | undefined;
  store: PaymentsStore;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The booking's current quote (quoteOfBooking): what is due comes from it. */
  currentQuote: (booking: BookingRequest) => Promise<BookingQuote>;
  /** Why the client may not pay online yet, or null. */
  notPayableYet: (booking: BookingRequest) => Promise<string | null>;
  /** A payment or a refund was stored: told to her dashboard, receipts to both. */
  recorded: (payment: Payment, refund: boolean) => Promise<void>;
}

export function createStripeCheckout(deps: StripeCheckoutDeps) {
  const { settings, store, log, currentQuote } = deps;
  let client: Promise<Stripe> | undefined;
  const stripe = (stripeSettings: StripeSettings) => (client ??= stripeClient(stripeSettings));

  return {
    /**
     * The Checkout Session's address for the part due: a stored open one, or a new one at Stripe for the amount the
     * quote says is due now. `kind` is all the client chooses.
     */
    async checkout(booking: BookingRequest, kind: PaymentKind, manageUrl: string): Promise<string> {
      if (!settings) throw new PaymentRefusal(404, PAYMENT_OFF);
      const why = await deps.notPayableYet(booking);
      if (why) throw new PaymentRefusal(409, why);
      const [{ version, quote }, payments] = await Promise.all([currentQuote(booking), store.forBooking(booking.id)]);
      const due = paymentView(quote, payments, true).due;
      if (!due || due.kind !== kind) throw new PaymentRefusal(409, NOTHING_DUE);
      const now = deps.now();
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
      if (!(await store.claimEvent(event.id, event.type, deps.now().toISOString()))) return { duplicate: true };
      try {
        await handle(event);
      } catch (error) {
        // Not handled: forgotten, so Stripe's next delivery of it is handled.
        await store.releaseEvent(event.id);
        throw error;
      }
      return { duplicate: false };
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
        if (payment) await deps.recorded(payment, false);
        return;
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
        if (!intent) return;
        const payment = await store.recordRefund(intent, charge.amount_refunded);
        if (payment) await deps.recorded(payment, true);
        return;
      }
      default:
        return;
    }
  }
}
