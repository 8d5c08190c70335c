// POST /api/bookings: a visitor's booking request (docs/product.md §5, §7; docs/architecture.md, rules table: create only, validated, status
// New, server timestamps). The server trusts nothing the browser decided: acceptBooking, the rule every backend shares,
// validates and trims the fields, checks the per-service required fields, resolves the service and tier, refuses past
// dates and re-checks availability; the server adds the id and the timestamps and stores what it answers.
import type { FastifyInstance } from 'fastify';
import { format } from 'date-fns';
import { isIdempotencyKey, type BookingRequest } from '@studio/shared/domain';
import { acceptBooking, fieldErrorMessages } from '@studio/shared/domain/accept-booking';
import { IDEMPOTENCY_KEY_INVALID } from '@studio/shared/messages';
import type { CreatedBooking } from '@studio/shared/backend';
import type { AppDeps } from '../deps';
import { HttpError } from '../plugins/errors';
import type { BookingsRepository } from '../repositories/bookings-repository';
import { createBookingNotifications, type BookingNotifications } from '../services/booking-notifications';

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
  const createOnce = app.db.transaction((body: unknown, key: string): { booking: BookingRequest; created: boolean } => {
    const earlier = repository.findByIdempotencyKey(key);
    if (earlier) return { booking: earlier, created: false };

    const now = deps.options.now();
    const decision = acceptBooking(body, {
      services: deps.content.listServices(),
      availability: deps.availability.getPublic(),
      today: format(now, 'yyyy-MM-dd'),
    });
    if (!decision.ok) {
      const fieldErrors = fieldErrorMessages(decision.fieldErrors);
      throw new HttpError(
        decision.status,
        decision.message,
        Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined,
      );
    }

    const at = now.toISOString();
    const booking = repository.create({ ...decision.record, createdAt: at, updatedAt: at }, key);
    return { booking, created: true };
  });

  app.post(
    '/api/bookings',
    { config: { rateLimit: { max: deps.options.publicWriteLimitPerMinute, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (!isIdempotencyKey(key)) throw new HttpError(400, IDEMPOTENCY_KEY_INVALID);

      // better-sqlite3 commits before the call returns: the 201 below is sent only for a durable row.
      const { booking, created } = createOnce(request.body, key);
      if (created) {
        deps.bus.publish('bookings');
        notifications.newBooking(booking);
      }
      return reply.code(201).send(createdOf(booking));
    },
  );
}
