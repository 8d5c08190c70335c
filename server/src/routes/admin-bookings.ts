// The admin's booking requests (docs/architecture.md, rules table: read, live, update status + updatedAt). A status change tells the
// client: the status-update SMS (when SMS is on and the client opted in) and an e-mail. Neither can fail the update,
// which is committed before they are sent.
import type { FastifyInstance } from 'fastify';
import { smsStatusUpdate } from '@studio/shared/domain';
import type { BookingRequest } from '@studio/shared/domain';
import { bookingStatusUpdateSchema, z } from '@studio/shared/schemas';
import type { AppOptions } from '../config';
import type { ChangeBus } from '../lib/change-bus';
import type { Mailer } from '../lib/mailer';
import type { SmsSender } from '../lib/sms-sender';
import type { BookingsRepository } from '../repositories/bookings-repository';
import { HttpError, parseOr400 } from '../plugins/errors';

export const BOOKING_NOT_FOUND = 'Booking not found';

const idParams = z.strictObject({ id: z.string().min(1).max(100) });

export function statusUpdateMail(booking: BookingRequest, modelName: string) {
  const what = booking.serviceTier ? `${booking.service} (${booking.serviceTier})` : booking.service;
  return {
    to: booking.email,
    subject: `Your booking request is now ${booking.status}`,
    text: `Hi ${booking.name},\n\nyour ${what} booking request is now ${booking.status}.\n\n${modelName}`,
  };
}

export function registerAdminBookingsRoutes(
  app: FastifyInstance,
  deps: {
    options: AppOptions;
    bookings: BookingsRepository;
    bus: ChangeBus;
    mailer: Mailer;
    smsSender: SmsSender;
  },
) {
  const { options, bookings, bus, mailer, smsSender } = deps;

  app.get('/api/admin/bookings', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return bookings.list();
  });

  app.patch('/api/admin/bookings/:id', async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const { status } = parseOr400(bookingStatusUpdateSchema, request.body);
    const booking = bookings.updateStatus(id, status, options.now().toISOString());
    if (!booking) throw new HttpError(404, BOOKING_NOT_FOUND);
    bus.publish('bookings');

    const sms = smsSender.sendToClient(booking, 'status-update', smsStatusUpdate(booking));
    const mail = mailer.send(statusUpdateMail(booking, options.modelName)).catch((error: unknown) => {
      request.log.error({ err: error, bookingId: booking.id }, 'status-update mail failed');
    });
    // Awaited so the answer means "the client was told" when it could be; a failure is only logged.
    await Promise.allSettled([sms, mail]);
    return booking;
  });
}
