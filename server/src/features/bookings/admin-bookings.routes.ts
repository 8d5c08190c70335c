// The admin's booking requests under /api/admin/bookings (docs/architecture.md, rules table: read, live, update
// status + updatedAt), read a page at a time (the whole list was 7.8 MB at 11.7k requests). A status
// change tells the client by e-mail and status SMS after an Undo window (features/bookings/status-notifications.ts); nothing
// sent can fail the update, which is committed first.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookedDaysOf, consultationView, freeSlots, slotTime } from '@studio/shared/domain';
import {
  BOOKING_CURSOR_INVALID,
  RESCHEDULE_NOTHING_TO_ACCEPT,
  RESCHEDULE_SLOT_TAKEN,
  UNDO_TOO_LATE,
} from '@studio/shared/refusal-messages';
import {
  apiErrorSchema,
  bookingListQuerySchema,
  bookingPageSchema,
  bookingRequestSchema,
  bookingStatusUpdateSchema,
  bookingSummarySchema,
  emptyBodySchema,
  idParamsSchema,
} from '@studio/shared/schemas';
import type { ChangeBus } from '../../platform/change-bus';
import { UndoTooLateError, type StatusNotifications } from './status-notifications';
import { InvalidCursorError, type BookingsStore } from './bookings-store';
import type { AvailabilityStore } from '../availability';
import { HttpError } from '../../platform/http/errors';
import { refusals } from '../../platform/http/refusals';

export const BOOKING_NOT_FOUND = 'Booking not found';

export interface AdminBookingsOptions {
  bookings: BookingsStore;
  bus: ChangeBus;
  notifications: StatusNotifications;
  now: () => Date;
  /** Her slots and hours: accepting a consultation move checks its slot is still free. */
  availability: Pick<AvailabilityStore, 'getPublic'>;
}

const adminBookingsRoutes: FastifyPluginAsyncZod<AdminBookingsOptions> = async (
  app,
  { bookings, bus, notifications, now, availability },
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
        // Awaited here, so a cursor this store did not make is caught below.
        return await bookings.page(request.query);
      } catch (error) {
        if (error instanceof InvalidCursorError) throw new HttpError(400, BOOKING_CURSOR_INVALID);
        throw error;
      }
    },
  );

  // The badge's count of New requests, read again by the dashboard after each live change.
  app.get(
    '/bookings/summary',
    { schema: { response: { 200: bookingSummarySchema, ...refusals } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return bookings.summary();
    },
  );

  // The change is committed and shown at once; what it tells the client waits for the Undo window (see the service).
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
      const before = await bookings.get(request.params.id);
      if (!before) throw new HttpError(404, BOOKING_NOT_FOUND);
      const booking = await bookings.updateStatus(before.id, request.body.status, now().toISOString());
      if (!booking) throw new HttpError(404, BOOKING_NOT_FOUND);
      bus.publish({ topic: 'bookings', type: 'updated', booking });
      if (before.status !== booking.status) {
        await notifications.changed(booking, before.status, request.body.message ?? '');
      }
      return booking;
    },
  );

  // Undo within the window: the held mail is dropped and the status from before the change comes back.
  app.post(
    '/bookings/:id/undo',
    {
      schema: {
        params: idParamsSchema,
        body: emptyBodySchema,
        response: { 200: bookingRequestSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => {
      if (!(await bookings.get(request.params.id))) throw new HttpError(404, BOOKING_NOT_FOUND);
      let previous;
      try {
        previous = await notifications.undo(request.params.id);
      } catch (error) {
        if (error instanceof UndoTooLateError) throw new HttpError(409, UNDO_TOO_LATE);
        throw error;
      }
      const booking = await bookings.updateStatus(request.params.id, previous, now().toISOString());
      if (!booking) throw new HttpError(404, BOOKING_NOT_FOUND);
      bus.publish({ topic: 'bookings', type: 'updated', booking });
      return booking;
    },
  );

  // The admin accepts the client's request to move (her manage link): the asked-for day becomes the shoot day, or the
  // consultation's day and slot. A requested slot is not held while she decides, so the move checks it
  // again, in the store's atomic operation: taken meanwhile, nothing moves (409) and she asks the client for another
  // time. A confirmed booking's client gets the updated invite at once (same UIDs, a higher SEQUENCE).
  app.post(
    '/bookings/:id/accept-reschedule',
    {
      schema: {
        params: idParamsSchema,
        body: emptyBodySchema,
        response: { 200: bookingRequestSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => {
      if (!(await bookings.get(request.params.id))) throw new HttpError(404, BOOKING_NOT_FOUND);
      const open = await availability.getPublic();
      const booking = await bookings.acceptReschedule(request.params.id, now().toISOString(), (asked, held) => {
        const day = asked.rescheduleConsultationDate ?? '';
        const time = asked.rescheduleConsultationTime ?? '';
        if (day === '' || time === '') return;
        const view = consultationView({ ...open, booked: bookedDaysOf(held) });
        if (!freeSlots(day, view).some((s) => slotTime(s) === time)) {
          throw new HttpError(409, RESCHEDULE_SLOT_TAKEN, { time: [RESCHEDULE_SLOT_TAKEN] });
        }
      });
      if (!booking) throw new HttpError(409, RESCHEDULE_NOTHING_TO_ACCEPT);
      bus.publish({ topic: 'bookings', type: 'updated', booking });
      await notifications.moved(booking);
      return booking;
    },
  );
};

export default adminBookingsRoutes;
