// POST /api/bookings: a visitor's booking request (docs/product.md §5, §7; docs/architecture.md, rules table: create
// only, validated, status New, server timestamps). The server trusts nothing the browser decided: acceptBooking, the
// rule every backend shares, validates and trims the fields, checks the per-service required fields, resolves the
// service and tier, refuses past dates and re-checks availability; the server adds the id and the timestamps and
// stores what it answers. The route's schemas describe the request and every answer; the body is parsed by
// acceptBooking itself (after the idempotency lookup, so a retry is answered whatever it carries).
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isIdempotencyKey, type BookingRequest, type PublicAvailability } from '@studio/shared/domain';
import { calendarDayIn } from '@studio/shared/domain/studio-time';
import { canonicalJson } from '@studio/shared/domain/request-fingerprint';
import { acceptBooking, fieldErrorMessages } from '@studio/shared/domain/accept-booking';
import { IDEMPOTENCY_KEY_INVALID } from '@studio/shared/messages';
import { IDEMPOTENCY_KEY_REUSED } from '@studio/shared/refusal-messages';
import { apiErrorSchema, bookingInputSchema, createdBookingSchema, z } from '@studio/shared/schemas';
import type { CreatedBooking } from '@studio/shared/backend';
import type { AppOptions } from '../config';
import type { ChangeBus } from '../lib/change-bus';
import type { Mailer } from '../lib/mailer';
import type { SmsSender } from '../lib/sms-sender';
import { HttpError } from '../plugins/errors';
import type { BookingsRepository } from '../repositories/bookings-repository';
import type { ContentRepository } from '../repositories/content-repository';
import { createBookingNotifications } from '../services/booking-notifications';
import { refusals } from './refusals';

export interface BookingRoutesOptions {
  options: AppOptions;
  bookings: BookingsRepository;
  content: ContentRepository;
  /** The availability with the days confirmed bookings hold and the notice (app.ts). */
  bookable: () => PublicAvailability;
  bus: ChangeBus;
  mailer: Mailer;
  smsSender: SmsSender;
}

const createdOf = (b: BookingRequest): CreatedBooking => ({ id: b.id, status: b.status, createdAt: b.createdAt });

// The header is checked by the shared key rule in the handler, so its answer keeps the rule's own message.
const headersSchema = z.looseObject({ 'idempotency-key': z.string().optional() });

const bookingRoutes: FastifyPluginAsyncZod<BookingRoutesOptions> = async (app, deps) => {
  const { bookings, options } = deps;
  const notifications = createBookingNotifications({
    mailer: deps.mailer,
    smsSender: deps.smsSender,
    adminEmail: options.adminEmail,
    publicOrigin: options.publicOrigin,
    timeZone: options.timeZone,
    log: app.log,
  });
  // A graceful shutdown lets the mails and texts already started finish.
  app.addHook('onClose', async () => notifications.idle());

  /**
   * Everything from the idempotency lookup to the insert runs synchronously in one transaction: no other request
   * can slip in between the availability check and the insert, and a retry with the same key finds the row.
   */
  const createOnce = app.db.transaction((body: unknown, key: string): { booking: BookingRequest; created: boolean } => {
    const bodyHash = createHash('sha256').update(canonicalJson(body)).digest('hex');
    const earlier = bookings.findByIdempotencyKey(key);
    if (earlier) {
      // A key stands for one request: another body under it is a mistake to say out loud, not a retry to answer.
      if (earlier.bodyHash !== null && earlier.bodyHash !== bodyHash) throw new HttpError(422, IDEMPOTENCY_KEY_REUSED);
      return { booking: earlier.booking, created: false };
    }

    const now = options.now();
    const decision = acceptBooking(body, {
      services: deps.content.listServices(),
      availability: deps.bookable(),
      // The studio's day, not the server's: near midnight the two differ.
      today: calendarDayIn(options.timeZone, now),
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
    const booking = bookings.create({ ...decision.record, createdAt: at, updatedAt: at }, key, bodyHash);
    return { booking, created: true };
  });

  app.post(
    '/api/bookings',
    {
      config: { rateLimit: { max: options.publicWriteLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        headers: headersSchema,
        body: bookingInputSchema,
        response: {
          201: createdBookingSchema,
          400: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (!isIdempotencyKey(key)) throw new HttpError(400, IDEMPOTENCY_KEY_INVALID);

      // Committed with the other bookings of this turn (one fsync for all); the promise resolves only once the row
      // is durable, so the 201 below is sent only for a stored request.
      const { booking, created } = await app.commits.run(() => createOnce(request.body, key));
      if (created) {
        // After the commit, with the request itself: the live stream tells the dashboards from it, off this request.
        deps.bus.publish({ topic: 'bookings', type: 'created', booking });
        notifications.newBooking(booking);
      }
      return reply.code(201).send(createdOf(booking));
    },
  );
};

export default bookingRoutes;
