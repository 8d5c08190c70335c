// The client's own request through her private manage link (issue 18): she reads its status, cancels it, or asks to
// move it to another available date. No account: the link's random token is the key, kept in the database only as its
// SHA-256, and sent in the request body (the page reads it from the link's fragment), so no URL a log or a proxy keeps
// ever holds it. A token that matches nothing is a 404, whatever it looks like. Each change reaches the admin's
// dashboards live as an 'updated' booking event.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  isDateAvailable,
  isIsoDate,
  type BookingRequest,
  type ManageView,
  type PublicAvailability,
} from '@studio/shared/domain';
import { bookingReference, CLOSED_STATUSES } from '@studio/shared/domain/lifecycle';
import { calendarDayIn } from '@studio/shared/domain/studio-time';
import { earliestBookableDate } from '@studio/shared/domain';
import { apiErrorSchema, bookingStatus, z } from '@studio/shared/schemas';
import type { AppOptions } from '../config';
import type { ChangeBus } from '../lib/change-bus';
import { HttpError } from '../plugins/errors';
import type { BookingsStore } from '../repositories/ports';
import type { ClientActions } from '../services/client-actions';
import { refusals } from './refusals';

export const hashManageToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const MANAGE_NOT_FOUND = 'This link does not lead to a booking request. Please use the link from your e-mail.';
export const MANAGE_CLOSED = 'This request is closed and can no longer be changed.';
export const RESCHEDULE_UNAVAILABLE = 'That date is not available. Please choose another one.';

// 32 random bytes in base64url: 43 characters.
const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const manageRequestSchema = z.strictObject({ token });
const manageRescheduleSchema = z.strictObject({ token, date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
const manageViewSchema = z.strictObject({
  reference: z.string(),
  name: z.string(),
  service: z.string(),
  serviceTier: z.string(),
  status: bookingStatus,
  date: z.string(),
  endDate: z.string(),
  time: z.string(),
  consultationDate: z.string(),
  consultationTime: z.string(),
  rescheduleDate: z.string(),
  createdAt: z.string(),
  open: z.boolean(),
}) satisfies z.ZodType<ManageView>;

export function manageViewOf(b: BookingRequest): ManageView {
  return {
    reference: bookingReference(b.id),
    name: b.name,
    service: b.service,
    serviceTier: b.serviceTier,
    status: b.status,
    date: b.date,
    endDate: b.endDate,
    time: b.time,
    consultationDate: b.consultationDate,
    consultationTime: b.consultationTime,
    rescheduleDate: b.rescheduleDate ?? '',
    createdAt: b.createdAt,
    open: !CLOSED_STATUSES.includes(b.status),
  };
}

export interface ManageBookingRoutesOptions {
  options: AppOptions;
  bookings: BookingsStore;
  bookable: () => Promise<PublicAvailability>;
  bus: ChangeBus;
  /** Tells her what the client did (issue 27). */
  clientActions: Pick<ClientActions, 'bookingCancelled' | 'moveRequested'>;
}

const answers = { 200: manageViewSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals };

const manageBookingRoutes: FastifyPluginAsyncZod<ManageBookingRoutesOptions> = async (app, deps) => {
  const { bookings, options } = deps;
  const limit = { rateLimit: { max: options.publicWriteLimitPerMinute, timeWindow: '1 minute' } };

  const find = async (t: string): Promise<BookingRequest> => {
    const booking = await bookings.findByManageTokenHash(hashManageToken(t));
    if (!booking) throw new HttpError(404, MANAGE_NOT_FOUND);
    return booking;
  };
  const announce = async (id: string): Promise<BookingRequest> => {
    const booking = (await bookings.get(id))!;
    deps.bus.publish({ topic: 'bookings', type: 'updated', booking });
    return booking;
  };

  app.post(
    '/api/manage-booking',
    { config: limit, schema: { body: manageRequestSchema, response: answers } },
    async (request) => manageViewOf(await find(request.body.token)),
  );

  app.post(
    '/api/manage-booking/cancel',
    { config: limit, schema: { body: manageRequestSchema, response: answers } },
    async (request) => {
      const booking = await find(request.body.token);
      // A second cancel (a double click, a retry) finds it closed and answers as it stands: harmless.
      if (!(await bookings.cancelByClient(booking.id, options.now().toISOString()))) return manageViewOf(booking);
      await deps.clientActions.bookingCancelled(booking);
      return manageViewOf(await announce(booking.id));
    },
  );

  app.post(
    '/api/manage-booking/reschedule',
    { config: limit, schema: { body: manageRescheduleSchema, response: answers } },
    async (request) => {
      const booking = await find(request.body.token);
      if (CLOSED_STATUSES.includes(booking.status)) throw new HttpError(409, MANAGE_CLOSED);
      const { date } = request.body;
      const availability = await deps.bookable();
      const earliest = earliestBookableDate(calendarDayIn(options.timeZone, options.now()), availability);
      if (!isIsoDate(date) || date < earliest || !isDateAvailable(date, availability)) {
        throw new HttpError(409, RESCHEDULE_UNAVAILABLE, { date: [RESCHEDULE_UNAVAILABLE] });
      }
      if (!(await bookings.requestReschedule(booking.id, date, options.now().toISOString()))) {
        throw new HttpError(409, MANAGE_CLOSED);
      }
      await deps.clientActions.moveRequested(booking, date);
      return manageViewOf(await announce(booking.id));
    },
  );
};

export default manageBookingRoutes;
