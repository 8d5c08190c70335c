// The client's manage link's JSON API (the page with JavaScript): each call names the link's token in its body and
// is answered by the manage service (manage-booking.ts), which the page's plain forms call too
// (manage-booking-forms.ts). Reading, cancelling, asking to move, the invoice and, once confirmed, the calendar file.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ManageView } from '@studio/shared/domain';
import { bookingReference } from '@studio/shared/domain/lifecycle';
import { apiErrorSchema, bookingStatus, manageMoveSchema, manageRequestSchema, z } from '@studio/shared/schemas';
import { HttpError } from '../../platform/http/errors';
import { calendarInvite } from './calendar-invite';
import { invoiceSchema } from '@studio/shared/schemas/quote';
import { organizerAddressOf } from '../content';
import { refusals } from '../../platform/http/refusals';
import type { PlainForms } from '../pages';
import { addManageForms } from './manage-booking-forms';
import { createManageBooking, NOT_CONFIRMED_YET, type ManageBookingDeps } from './manage-booking';

export interface ManageBookingRoutesOptions extends ManageBookingDeps {
  /** Where the page's plain forms (no JavaScript) are handed in. */
  plainForms: PlainForms;
}

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
  rescheduleConsultationDate: z.string(),
  rescheduleConsultationTime: z.string(),
  createdAt: z.string(),
  open: z.boolean(),
}) satisfies z.ZodType<ManageView>;

const answers = { 200: manageViewSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals };

const manageBookingRoutes: FastifyPluginAsyncZod<ManageBookingRoutesOptions> = async (app, deps) => {
  const { bookings, options } = deps;
  const limit = { rateLimit: { max: options.publicWriteLimitPerMinute, timeWindow: '1 minute' } };
  const manage = createManageBooking(deps);
  // The same calls as plain forms posted to the page (features/pages/plain-forms.routes.ts takes the posts).
  addManageForms(deps.plainForms, manage);

  app.post(
    '/api/manage-booking',
    { config: limit, schema: { body: manageRequestSchema, response: answers } },
    async (request) => manage.view(request.body.token),
  );

  app.post(
    '/api/manage-booking/cancel',
    { config: limit, schema: { body: manageRequestSchema, response: answers } },
    async (request) => manage.cancel(request.body.token),
  );

  app.post(
    '/api/manage-booking/reschedule',
    { config: limit, schema: { body: manageMoveSchema, response: answers } },
    async (request) => manage.reschedule(request.body),
  );

  // The invoice: the booking's quote billed, as the contract's payment terms cite it. A POST like every
  // manage call, so the token stays out of URLs; the page prints it.
  app.post(
    '/api/manage-booking/invoice',
    {
      config: limit,
      schema: {
        body: manageRequestSchema,
        response: { 200: invoiceSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const invoice = await manage.invoice(await manage.find(request.body.token));
      reply.header('Cache-Control', 'private, no-store');
      return invoice;
    },
  );

  // "Add to calendar": the confirmed booking as a calendar file, its events with the UIDs and the SEQUENCE
  // of the invite her mail carried, so adding it beside that invite keeps one event each. A POST like every manage
  // call, so the token stays out of URLs; only a confirmed booking has dates her calendar should hold.
  app.post(
    '/api/manage-booking/calendar',
    {
      config: limit,
      schema: {
        body: manageRequestSchema,
        // The body is the calendar file itself, sent as bytes (not serialised as JSON).
        response: { 200: z.any(), 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const booking = await manage.find(request.body.token);
      if (booking.status !== 'Confirmed') throw new HttpError(409, NOT_CONFIRMED_YET);
      const [sequence, me] = await Promise.all([bookings.inviteSequence(booking.id), deps.identity.current()]);
      const file = calendarInvite(booking, {
        method: 'PUBLISH',
        sequence,
        timeZone: options.timeZone,
        modelName: me.name,
        organizerEmail: organizerAddressOf(me, options.mailFrom),
        publicOrigin: options.publicOrigin,
        now: options.now(),
      });
      if (!file) throw new HttpError(409, NOT_CONFIRMED_YET);
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="booking-${bookingReference(booking.id)}.ics"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.content);
    },
  );
};

export default manageBookingRoutes;
