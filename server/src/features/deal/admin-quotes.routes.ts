// Her quotes, under /api/admin: a booking's quote, read and saved, and her defaults for new quotes. Saving a
// quote changes the contract that carries it: an unsigned version takes the new deal and goes back to a draft (its
// signing link dies, as after any edit); after a signed one a new draft version starts, so the signed text stays as
// it was agreed. Once the client has paid, a quote below what she paid (refunds taken off) is refused: the balance
// would go negative, and the money is the client's until it is refunded.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { BookingRequest } from '@studio/shared/domain';
import { apiErrorSchema, idParamsSchema, z } from '@studio/shared/schemas';
import { invoiceHtml } from '@studio/shared/domain/invoice';
import { bookingQuoteSchema, quoteInputSchema, quoteSettingsSchema } from '@studio/shared/schemas/quote';
import type { AppOptions } from '../../platform/config';
import type { ChangeBus } from '../../platform/change-bus';
import type { QuotesStore } from './quotes-store';
import type { SettingsStore } from '../settings';
import type { Payments } from './payments';
import type { SiteIdentityReader, ContentStore } from '../content';
import { HttpError } from '../../platform/http/errors';
import { dealForBooking, providerActorOf, type ContractsStore } from '../contracts';
import {
  bookingQuoteOf,
  contractQuoteOf,
  invoiceOfBooking,
  quoteIsClosed,
  quoteOfBooking,
  quoteSettingsOf,
} from './quotes';
import { formatCents, type BookingQuote } from '@studio/shared/domain/quote';
import { dealQuote } from '@studio/shared/domain/deal-terms';
import { BOOKING_NOT_FOUND, type BookingsStore } from '../bookings';
import { refusals } from '../../platform/http/refusals';

export const QUOTE_CLOSED =
  'This booking was declined or cancelled, so its quote can no longer change. Its last quote stays as it was.';

/** Refusing a total below what the client already paid: both amounts, and the way out for how it was paid. */
export const quoteBelowPaid = (paidCents: number, totalCents: number, paid: { online: boolean; byHand: boolean }) =>
  `The client has already paid ${formatCents(paidCents)}; this quote comes to ${formatCents(totalCents)}. ` +
  `A quote below what was paid would need a refund first: ${
    paid.online && paid.byHand
      ? 'refund an online payment in Stripe, or one paid by hand under the booking’s payments (Refund)'
      : paid.byHand
        ? 'record it under the booking’s payments (Refund)'
        : 'refund it in Stripe'
  }, then lower the quote.`;

export interface AdminQuotesOptions {
  options: AppOptions;
  bookings: BookingsStore;
  content: ContentStore;
  contracts: ContractsStore;
  quotes: QuotesStore;
  settings: SettingsStore;
  bus: ChangeBus;
  identity: SiteIdentityReader;
  payments: Pick<Payments, 'paidSoFar'>;
}

const adminQuotesRoutes: FastifyPluginAsyncZod<AdminQuotesOptions> = async (
  app,
  { options, bookings, content, contracts, quotes, settings, bus, identity, payments },
) => {
  const sources = { quotes, settings, timeZone: options.timeZone };
  const bookingOf = async (id: string) => {
    const booking = await bookings.get(id);
    if (!booking) throw new HttpError(404, BOOKING_NOT_FOUND);
    return booking;
  };

  /** The booking's latest contract carries the new quote: in place while unsigned, as a new version after signing. */
  const carryToContract = async (request: FastifyRequest, booking: BookingRequest, current: BookingQuote) => {
    const [latest] = await contracts.listForBooking(booking.id);
    if (!latest) return;
    const me = await identity.current();
    const deal = await dealForBooking(booking, content, me, contractQuoteOf(booking, current), options.timeZone);
    const at = options.now().toISOString();
    const event = (type: 'edited' | 'created') => ({
      type,
      actor: providerActorOf(me),
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
    });
    const input = { form: latest.form, paperSize: latest.paperSize, deal };
    // Signed between the read and the edit: the signed version stays, and a new one carries the quote.
    const changed =
      (latest.status === 'signed' ? null : await contracts.edit(latest.id, input, at, event('edited'))) ??
      (await contracts.create(booking.id, input, at, event('created')));
    bus.publish({ topic: 'contracts', contract: changed });
  };

  app.get(
    '/bookings/:id/quote',
    { schema: { params: idParamsSchema, response: { 200: bookingQuoteSchema, 404: apiErrorSchema, ...refusals } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return quoteOfBooking(sources, await bookingOf(request.params.id));
    },
  );

  app.put(
    '/bookings/:id/quote',
    {
      schema: {
        params: idParamsSchema,
        body: quoteInputSchema,
        response: {
          200: bookingQuoteSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request) => {
      const booking = await bookingOf(request.params.id);
      if (quoteIsClosed(booking)) throw new HttpError(409, QUOTE_CLOSED);
      // Checked before anything is written: a refusal leaves the quote and the contract's versions as they were.
      const { totalCents } = dealQuote(booking, request.body, options.timeZone);
      const paid = await payments.paidSoFar(booking.id);
      if (totalCents < paid.paidCents) throw new HttpError(409, quoteBelowPaid(paid.paidCents, totalCents, paid));
      const saved = await quotes.save(booking.id, request.body, options.now().toISOString());
      const current = bookingQuoteOf(booking, saved, options.timeZone);
      await carryToContract(request, booking, current);
      return current;
    },
  );

  // The printable invoice: the same lines and totals as the quote and the contract, from her public identity.
  app.get(
    '/bookings/:id/invoice',
    { schema: { params: idParamsSchema, response: { 200: z.any(), 404: apiErrorSchema, ...refusals } } },
    async (request, reply) => {
      const booking = await bookingOf(request.params.id);
      const current = await quoteOfBooking(sources, booking);
      const invoice = invoiceOfBooking(booking, current, await identity.current());
      return reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(invoiceHtml(invoice));
    },
  );

  app.get('/settings/quote', { schema: { response: { 200: quoteSettingsSchema, ...refusals } } }, async (_r, reply) => {
    reply.header('Cache-Control', 'no-store');
    return quoteSettingsOf(settings);
  });

  app.put(
    '/settings/quote',
    { schema: { body: quoteSettingsSchema, response: { 200: quoteSettingsSchema, 400: apiErrorSchema, ...refusals } } },
    async (request) => {
      await settings.setQuoteSettings(request.body);
      return quoteSettingsOf(settings);
    },
  );
};

export default adminQuotesRoutes;
