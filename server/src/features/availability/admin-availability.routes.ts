// The admin's availability under /api/admin/availability (docs/architecture.md, rules table: read with notes and
// reasons, write, delete). Every change is announced on the bus, so the admin's live view and the booking form's next
// lookup follow at once.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAvailabilitySchema,
  apiErrorSchema,
  availabilityPeriodInputSchema,
  createdIdSchema,
  idParamsSchema,
  timeSlotInputSchema,
  unavailableRangeInputSchema,
  weeklySlotsInputSchema,
  z,
} from '@studio/shared/schemas';
import type { AppOptions } from '../../platform/config';
import type { ChangeBus } from '../../platform/change-bus';
import { bookedDaysCannotBeBlocked } from '@studio/shared/refusal-messages';
import { bookedDaysOf, formatLongDate } from '@studio/shared/domain';
import type { AvailabilityStore } from './availability-store';
import type { BookingsStore } from '../bookings';
import { HttpError } from '../../platform/http/errors';
import { refusals } from '../../platform/http/refusals';

export const AVAILABILITY_ITEM_NOT_FOUND = 'Not found';

export interface AdminAvailabilityOptions {
  options: AppOptions;
  availability: AvailabilityStore;
  bookings: Pick<BookingsStore, 'confirmedDatesBetween'>;
  bus: ChangeBus;
}

const created = { 201: createdIdSchema, 400: apiErrorSchema, ...refusals };

const adminAvailabilityRoutes: FastifyPluginAsyncZod<AdminAvailabilityOptions> = async (
  app,
  { options, availability, bookings, bus },
) => {
  const now = () => options.now().toISOString();

  app.get(
    '/availability',
    { schema: { response: { 200: adminAvailabilitySchema, ...refusals } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return availability.getAdmin();
    },
  );

  app.post(
    '/availability/periods',
    { schema: { body: availabilityPeriodInputSchema, response: created } },
    async (request, reply) => {
      const id = await availability.addPeriod(request.body, now());
      bus.publish({ topic: 'availability' });
      return reply.code(201).send({ id });
    },
  );

  app.post(
    '/availability/unavailable',
    { schema: { body: unavailableRangeInputSchema, response: created } },
    async (request, reply) => {
      // The calendar offers no block on a booked day; the server refuses it too, so no other door (an old tab, a
      // script) can close a day a client holds.
      const { startDate, endDate } = request.body;
      const held = bookedDaysOf(await bookings.confirmedDatesBetween({ from: startDate, to: endDate }))
        .map((day) => day.date)
        .filter((date) => date >= startDate && date <= endDate);
      if (held.length > 0)
        throw new HttpError(409, bookedDaysCannotBeBlocked([...new Set(held)].sort().map(formatLongDate)));
      const id = await availability.addUnavailable(request.body, now());
      bus.publish({ topic: 'availability' });
      return reply.code(201).send({ id });
    },
  );

  app.post(
    '/availability/slots',
    { schema: { body: timeSlotInputSchema, response: created } },
    async (request, reply) => {
      const id = await availability.addSlot(request.body, now());
      bus.publish({ topic: 'availability' });
      return reply.code(201).send({ id });
    },
  );

  // Her weekly consultation hours, saved as a whole from her editor.
  app.put(
    '/availability/weekly',
    { schema: { body: weeklySlotsInputSchema, response: { 204: z.null(), 400: apiErrorSchema, ...refusals } } },
    async (request, reply) => {
      await availability.replaceWeekly(request.body.slots, now());
      bus.publish({ topic: 'availability' });
      return reply.code(204).send(null);
    },
  );

  for (const kind of ['periods', 'unavailable', 'slots'] as const) {
    app.delete(
      `/availability/${kind}/:id`,
      { schema: { params: idParamsSchema, response: { 204: z.null(), 404: apiErrorSchema, ...refusals } } },
      async (request, reply) => {
        if (!(await availability.delete(kind, request.params.id)))
          throw new HttpError(404, AVAILABILITY_ITEM_NOT_FOUND);
        bus.publish({ topic: 'availability' });
        return reply.code(204).send(null);
      },
    );
  }
};

export default adminAvailabilityRoutes;
