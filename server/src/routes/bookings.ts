// POST /api/bookings: a visitor's booking request (docs/product.md §5, §7; docs/architecture.md, rules table: create only, validated, status
// New, server timestamps). The server trusts nothing the browser decided: it validates with the shared schema, checks
// the per-service required fields, resolves the service and tier, refuses past dates, re-checks availability, and
// sets status, timestamps, payment schedule and the service's display name, price and tier itself.
import type { FastifyInstance } from 'fastify';
import { format } from 'date-fns';
import {
  datesToCheck,
  isDateAvailable,
  missingRequiredFields,
  newBookingRecord,
  resolveBookingService,
  type BookingRequest,
} from '@studio/shared/domain';
import { bookingInputSchema } from '@studio/shared/schemas';
import {
  DATE_IN_PAST,
  FIELDS_NOT_VALID,
  REQUIRED,
  SERVICE_NOT_FOUND,
  unavailableDatesMessage,
} from '@studio/shared/messages';
import type { CreatedBooking } from '@studio/shared/backend';
import type { AppDeps } from '../deps';
import { HttpError, parseOr400 } from '../plugins/errors';
import type { BookingsRepository } from '../repositories/bookings-repository';
import { createBookingNotifications, type BookingNotifications } from '../services/booking-notifications';

export const IDEMPOTENCY_KEY_INVALID =
  'An Idempotency-Key header (1 to 100 letters, digits, "-" or "_") is required for a booking request.';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,100}$/;

declare module 'fastify' {
  interface FastifyInstance {
    /** Booking storage and the post-commit notifications, for the admin routes and for tests. */
    bookings: { repository: BookingsRepository; notifications: BookingNotifications };
  }
}

const createdOf = (b: BookingRequest): CreatedBooking => ({ id: b.id, status: b.status, createdAt: b.createdAt });

export function registerBookingRoutes(app: FastifyInstance, deps: AppDeps) {
  const repository = deps.bookings;
  const notifications = createBookingNotifications({
    mailer: deps.mailer,
    smsSender: deps.smsSender,
    adminEmail: deps.options.adminEmail,
    publicOrigin: deps.options.publicOrigin,
    log: app.log,
  });
  app.decorate('bookings', { repository, notifications });
  // A graceful shutdown lets the mails and texts already started finish.
  app.addHook('onClose', async () => notifications.idle());

  /**
   * Everything from the idempotency lookup to the insert runs synchronously in one transaction: no other request
   * can slip in between the availability check and the insert, and a retry with the same key finds the row.
   */
  const createOnce = app.db.transaction(
    (
      input: ReturnType<typeof bookingInputSchema.parse>,
      key: string,
    ): { booking: BookingRequest; created: boolean } => {
      const earlier = repository.findByIdempotencyKey(key);
      if (earlier) return { booking: earlier, created: false };

      const missing = missingRequiredFields(input);
      if (missing.length > 0) {
        throw new HttpError(400, FIELDS_NOT_VALID, Object.fromEntries(missing.map((field) => [field, [REQUIRED]])));
      }

      let resolved: ReturnType<typeof resolveBookingService>;
      try {
        resolved = resolveBookingService(deps.content.listServices(), input.serviceId, input.serviceTierId);
      } catch (error) {
        const message = (error as Error).message;
        throw new HttpError(400, message, {
          [message === SERVICE_NOT_FOUND ? 'serviceId' : 'serviceTierId']: [message],
        });
      }

      const now = deps.options.now();
      const today = format(now, 'yyyy-MM-dd');
      const past = (['date', 'consultationDate'] as const).filter((f) => input[f] !== '' && input[f] < today);
      if (past.length > 0) {
        throw new HttpError(400, DATE_IN_PAST, Object.fromEntries(past.map((field) => [field, [DATE_IN_PAST]])));
      }

      const availability = deps.availability.getPublic();
      const unavailable = datesToCheck(input).filter((date) => !isDateAvailable(date, availability));
      if (unavailable.length > 0) throw new HttpError(409, unavailableDatesMessage(unavailable));

      const at = now.toISOString();
      const booking = repository.create(
        {
          ...newBookingRecord(
            {
              ...input,
              name: input.name.trim(),
              email: input.email.trim(),
              phone: input.phone.trim(),
              consultationLocation: input.consultationLocation.trim(),
              location: input.location.trim(),
              description: input.description.trim(),
            },
            resolved.service,
            resolved.tier,
          ),
          createdAt: at,
          updatedAt: at,
        },
        key,
      );
      return { booking, created: true };
    },
  );

  app.post(
    '/api/bookings',
    { config: { rateLimit: { max: deps.options.publicWriteLimitPerMinute, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) throw new HttpError(400, IDEMPOTENCY_KEY_INVALID);
      const input = parseOr400(bookingInputSchema, request.body);

      // better-sqlite3 commits before the call returns: the 201 below is sent only for a durable row.
      const { booking, created } = createOnce(input, key);
      if (created) {
        deps.bus.publish('bookings');
        notifications.newBooking(booking);
      }
      return reply.code(201).send(createdOf(booking));
    },
  );
}
