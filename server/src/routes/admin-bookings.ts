// The admin's booking requests under /api/admin/bookings (docs/architecture.md, rules table: read, live, update
// status + updatedAt), read a page at a time (issue 14, item 3: the whole list was 7.8 MB at 11.7k requests). A status change tells the client: the status-update SMS (when SMS is on and the client opted
// in) and an e-mail. Neither can fail the update, which is committed before they are sent.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsStatusUpdate } from '@studio/shared/domain';
import type { BookingRequest } from '@studio/shared/domain';
import { BOOKING_CURSOR_INVALID } from '@studio/shared/refusal-messages';
import {
  apiErrorSchema,
  bookingListQuerySchema,
  bookingPageSchema,
  bookingRequestSchema,
  bookingStatusUpdateSchema,
  idParamsSchema,
} from '@studio/shared/schemas';
import type { AppOptions } from '../config';
import type { ChangeBus } from '../lib/change-bus';
import type { Mailer } from '../lib/mailer';
import type { SmsSender } from '../lib/sms-sender';
import { InvalidCursorError, type BookingsRepository } from '../repositories/bookings-repository';
import { HttpError } from '../plugins/errors';
import { refusals } from './refusals';

export const BOOKING_NOT_FOUND = 'Booking not found';

export function statusUpdateMail(booking: BookingRequest, modelName: string) {
  const what = booking.serviceTier ? `${booking.service} (${booking.serviceTier})` : booking.service;
  return {
    to: booking.email,
    subject: `Your booking request is now ${booking.status}`,
    text: `Hi ${booking.name},\n\nyour ${what} booking request is now ${booking.status}.\n\n${modelName}`,
  };
}

export interface AdminBookingsOptions {
  options: AppOptions;
  bookings: BookingsRepository;
  bus: ChangeBus;
  mailer: Mailer;
  smsSender: SmsSender;
}

const adminBookingsRoutes: FastifyPluginAsyncZod<AdminBookingsOptions> = async (
  app,
  { options, bookings, bus, mailer, smsSender },
) => {
  app.get(
    '/bookings',
    {
      schema: {
        querystring: bookingListQuerySchema,
        response: { 200: bookingPageSchema, 400: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        return bookings.page(request.query);
      } catch (error) {
        if (error instanceof InvalidCursorError) throw new HttpError(400, BOOKING_CURSOR_INVALID);
        throw error;
      }
    },
  );

  app.patch(
    '/bookings/:id',
    {
      schema: {
        params: idParamsSchema,
        body: bookingStatusUpdateSchema,
        response: { 200: bookingRequestSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request) => {
      const booking = bookings.updateStatus(request.params.id, request.body.status, options.now().toISOString());
      if (!booking) throw new HttpError(404, BOOKING_NOT_FOUND);
      bus.publish({ topic: 'bookings', type: 'updated', booking });

      const sms = smsSender.sendToClient(booking, 'status-update', smsStatusUpdate(booking));
      const mail = mailer.send(statusUpdateMail(booking, options.modelName)).catch((error: unknown) => {
        request.log.error({ err: error, bookingId: booking.id }, 'status-update mail failed');
      });
      // Awaited so the answer means "the client was told" when it could be; a failure is only logged.
      await Promise.allSettled([sms, mail]);
      return booking;
    },
  );
};

export default adminBookingsRoutes;
