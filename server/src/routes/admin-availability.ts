// The admin's availability (docs/architecture.md, rules table: read with notes and reasons, write, delete). Every change is announced
// on the bus, so the admin's live view and the booking form's next lookup follow at once.
import type { FastifyInstance } from 'fastify';
import {
  availabilityPeriodInputSchema,
  timeSlotInputSchema,
  unavailableRangeInputSchema,
  z,
} from '@studio/shared/schemas';
import type { AppOptions } from '../config';
import type { ChangeBus } from '../lib/change-bus';
import type { AvailabilityRepository } from '../repositories/availability-repository';
import { HttpError, parseOr400 } from '../plugins/errors';

export const AVAILABILITY_ITEM_NOT_FOUND = 'Not found';

const idParams = z.strictObject({ id: z.string().min(1).max(100) });

export function registerAdminAvailabilityRoutes(
  app: FastifyInstance,
  deps: { options: AppOptions; availability: AvailabilityRepository; bus: ChangeBus },
) {
  const { options, availability, bus } = deps;
  const now = () => options.now().toISOString();

  app.get('/api/admin/availability', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return availability.getAdmin();
  });

  app.post('/api/admin/availability/periods', async (request, reply) => {
    const input = parseOr400(availabilityPeriodInputSchema, request.body);
    const id = availability.addPeriod(input, now());
    bus.publish('availability');
    return reply.code(201).send({ id });
  });

  app.post('/api/admin/availability/unavailable', async (request, reply) => {
    const input = parseOr400(unavailableRangeInputSchema, request.body);
    const id = availability.addUnavailable(input, now());
    bus.publish('availability');
    return reply.code(201).send({ id });
  });

  app.post('/api/admin/availability/slots', async (request, reply) => {
    const input = parseOr400(timeSlotInputSchema, request.body);
    const id = availability.addSlot(input, now());
    bus.publish('availability');
    return reply.code(201).send({ id });
  });

  for (const kind of ['periods', 'unavailable', 'slots'] as const) {
    app.delete(`/api/admin/availability/${kind}/:id`, async (request, reply) => {
      const { id } = parseOr400(idParams, request.params);
      if (!availability.delete(kind, id)) throw new HttpError(404, AVAILABILITY_ITEM_NOT_FOUND);
      bus.publish('availability');
      return reply.code(204).send();
    });
  }
}
