// The admin's booking requests under /api/admin/bookings (docs/architecture.md, rules table: read, live, update
// status + updatedAt). A status change tells the client: the status-update SMS (when SMS is on and the client opted
// in) and an e-mail. Neither can fail the update, which is committed before they are sent.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsStatusUpdate } from '@studio/shared/domain';
import type { BookingRequest } from '@studio/shared/domain';
import {
  apiErrorSchema,
  bookingRequestSchema,
  bookingStatusUpdateSchema,
  idParamsSchema,
  z,
} from '@studio/shared/schemas';
import type { AppOptions } from '../config';
import type { ChangeBus } from '../lib/change-bus';
import type { Mailer } from '../lib/mailer';
import type { SmsSender } from '../lib/sms-sender';
import type { BookingsRepository } from '../repositories/bookings-repository';
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
    { schema: { response: { 200: z.array(bookingRequestSchema), ...refusals } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return bookings.list();
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
      bus.publish('bookings');

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
