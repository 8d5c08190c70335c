// The payment routes (features/deal/payments.ts holds the rules).
// - The client's, through her manage link's token (as every manage call: in the body, never in a URL): what her deal
//   comes to and what is paid (POST /api/manage-booking/payment), and "Pay the deposit" / "Pay the balance"
//   (POST /api/manage-booking/checkout), which answers the Stripe Checkout address to go to. Without STRIPE_SECRET_KEY the
//   pay route answers 404: the step does not exist.
// - Stripe's webhook (POST /api/stripe/webhook): its own plugin scope, where JSON is parsed as the raw bytes, because
//   the signature is over the body exactly as sent. No cookie, no session: the Stripe-Signature header is its
//   authority (csrf.ts: signedBody).
// - Hers, in the admin scope (app/admin-routes.ts): a booking's payments, many bookings' at once (her dashboard's cards),
//   "Record a payment", and her refund of a payment by hand.
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BookingRequest } from '@studio/shared/domain';
import { apiErrorSchema, idParamsSchema, manageRequestSchema, z } from '@studio/shared/schemas';
import {
  checkoutAnswerSchema,
  checkoutRequestSchema,
  manualPaymentSchema,
  paymentViewSchema,
  manualRefundSchema,
  paymentRefundParamsSchema,
  paymentViewsQuerySchema,
  paymentViewsSchema,
} from '@studio/shared/schemas/payments';
import type { AppOptions } from '../../platform/config';
import { HttpError } from '../../platform/http/errors';
import type { Payments } from './payments';
import { PaymentRefusal } from './payment-refusal';
import { hashManageToken, MANAGE_NOT_FOUND, type BookingsStore } from '../bookings';
import { refusals } from '../../platform/http/refusals';

export const BOOKING_NOT_FOUND = 'No booking request has that id.';

const asHttp = (error: unknown): never => {
  if (error instanceof PaymentRefusal) throw new HttpError(error.status, error.message, error.fieldErrors);
  throw error;
};

export interface PaymentRoutesOptions {
  options: AppOptions;
  bookings: BookingsStore;
  payments: Payments;
}

export const managePaymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, deps) => {
  const limit = { rateLimit: { max: deps.options.publicWriteLimitPerMinute, timeWindow: '1 minute' } };
  // The manage link's token, or the deposit link's from her confirmation mail: both open the client's page.
  const find = async (token: string): Promise<BookingRequest> => {
    const booking = await deps.bookings.findByManageTokenHash(hashManageToken(token));
    if (booking) return booking;
    const linked = await deps.payments.bookingOfLink(token);
    const viaLink = linked ? await deps.bookings.get(linked) : null;
    if (!viaLink) throw new HttpError(404, MANAGE_NOT_FOUND);
    return viaLink;
  };

  app.post(
    '/api/manage-booking/payment',
    { config: limit, schema: { body: manageRequestSchema, response: { 200: paymentViewSchema, ...refusals } } },
    async (request) => {
      const view = await deps.payments.view(await find(request.body.token));
      // The client sees what is due and paid; the payments' Stripe ids are hers alone.
      return { ...view, payments: [] };
    },
  );

  app.post(
    '/api/manage-booking/checkout',
    {
      config: limit,
      schema: {
        body: checkoutRequestSchema,
        response: { 200: checkoutAnswerSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => {
      if (!deps.payments.online) throw new HttpError(404, 'Not found.');
      const booking = await find(request.body.token);
      // The page keeps the token in its tab while the client is at Stripe: the return address carries none.
      const url = await deps.payments
        .checkout(booking, request.body.kind, `${deps.options.publicOrigin}/manage-booking`)
        .catch(asHttp);
      return { url };
    },
  );
};

export const stripeWebhookRoutes: FastifyPluginAsync<{ payments: Payments }> = async (app, { payments }) => {
  // This scope only: the body reaches the handler as the bytes Stripe signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/api/stripe/webhook',
    {
      config: { signedBody: true },
      // The body is the bytes as sent (the signature covers them); what they say is checked by Stripe's library.
      schema: {
        body: z.instanceof(Buffer),
        response: {
          200: z.strictObject({ received: z.literal(true), duplicate: z.boolean() }),
          400: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { duplicate } = await payments
        .webhook(body, typeof signature === 'string' ? signature : undefined)
        .catch(asHttp);
      return { received: true as const, duplicate };
    },
  );
};

export const adminPaymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, deps) => {
  const find = async (id: string): Promise<BookingRequest> => {
    const booking = await deps.bookings.get(id);
    if (!booking) throw new HttpError(404, BOOKING_NOT_FOUND);
    return booking;
  };

  app.get(
    '/bookings/:id/payments',
    { schema: { params: idParamsSchema, response: { 200: paymentViewSchema, 404: apiErrorSchema, ...refusals } } },
    async (request) => deps.payments.view(await find(request.params.id)),
  );

  // Her dashboard's cards in one read: the views of the bookings named (at most PAYMENTS_BATCH_MAX), each as the
  // route above answers it; an id no booking has is named in `unknown`, not refused (it may have been deleted since).
  app.get(
    '/payments',
    { schema: { querystring: paymentViewsQuerySchema, response: { 200: paymentViewsSchema, ...refusals } } },
    async (request) => deps.payments.views(request.query.ids),
  );

  app.post(
    '/bookings/:id/payments',
    {
      schema: {
        params: idParamsSchema,
        body: manualPaymentSchema,
        response: { 200: paymentViewSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request) => deps.payments.recordManual(await find(request.params.id), request.body),
  );

  // Her refund by hand of a payment by hand; a payment made online is refunded in Stripe (409 says so).
  app.post(
    '/bookings/:id/payments/:paymentId/refunds',
    {
      schema: {
        params: paymentRefundParamsSchema,
        body: manualRefundSchema,
        response: { 200: paymentViewSchema, ...refusals },
      },
    },
    async (request) =>
      deps.payments
        .refundManual(await find(request.params.id), request.params.paymentId, request.body.amountCents)
        .catch(asHttp),
  );
};
