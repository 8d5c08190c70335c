// POST /api/bookings: a visitor's booking request (docs/product.md §5, §7; docs/architecture.md, rules table: create
// only, validated, status New, server timestamps). The server trusts nothing the browser decided: acceptBooking, the
// rule every backend shares, validates and trims the fields, checks the per-service required fields, resolves the
// service and tier, refuses past dates and re-checks availability; the server adds the id and the timestamps and
// stores what it answers. The route's schemas describe the request and every answer; the body is parsed by
// acceptBooking itself (after the idempotency lookup, so a retry is answered whatever it carries).
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookedDaysOf, isIdempotencyKey, isIsoDate, type BookingRequest, type IsoDate } from '@studio/shared/domain';
import { calendarDayIn } from '@studio/shared/domain/studio-time';
import { canonicalJson } from '@studio/shared/domain/request-fingerprint';
import { acceptBooking, fieldErrorMessages } from '@studio/shared/domain/accept-booking';
import { bookingReference } from '@studio/shared/domain/lifecycle';
import { ROUTES } from '@studio/shared/routes';
import { IDEMPOTENCY_KEY_INVALID } from '@studio/shared/messages';
import { IDEMPOTENCY_KEY_REUSED } from '@studio/shared/refusal-messages';
import { apiErrorSchema, bookingInputSchema, createdBookingSchema, z } from '@studio/shared/schemas';

type BookingInput = z.infer<typeof bookingInputSchema>;
/** A request as the JSON API parsed it, or as a plain form posted it (checked by acceptBooking alike). */
type FormOrJsonInput = BookingInput | Readonly<Record<string, string | boolean>>;
import type { CreatedBooking } from '@studio/shared/backend';
import type { QuoteTerms } from '@studio/shared/domain/quote';
import type { AppOptions } from '../../platform/config';
import type { ChangeBus } from '../../platform/change-bus';
import { mailToSend, type SmsSender } from '../messaging';
import { HttpError } from '../../platform/http/errors';
import type { AvailabilityStore } from '../availability';
import type { BookingsStore, DateRange } from './bookings-store';
import type { ContentStore } from '../content';
import { createBookingNotifications, newBookingMails } from './booking-notifications';
import { refusalOf, type PlainForms } from '../pages';
import { refusals } from '../../platform/http/refusals';
import { hashManageToken } from './manage-booking';
import { sha256Hex, sha256Base64url } from '../../platform/hash';

export interface BookingRoutesOptions {
  options: AppOptions;
  bookings: BookingsStore;
  content: ContentStore;
  availability: AvailabilityStore;
  bus: ChangeBus;
  /** Her current name (Site details): the sender's name on the request's mails, read before its transaction. */
  displayName: () => Promise<string>;
  /** Her public e-mail (Site details, '' when none): her client's confirmation is answered to it, read with her name. */
  publicEmail: () => Promise<string>;
  /** Her quote defaults: the terms her mail states for a schedule left 'TBD', read before the transaction too. */
  quoteDefaults: () => Promise<QuoteTerms>;
  /**
   * A pass of the runner's mail job now, resolving once it has run (the embedded home), asked for after a request's
   * mails are written, never waited for by the request. Absent on the Firebase home, whose function triggered by the
   * mails' creation sends them: an instance may be stopped once it has answered.
   */
  sendMailNow?: () => Promise<unknown>;
  /** Where the request's mails are written (the bookings store's CreateOnceRequest.mailsTo); the queue when absent. */
  mailsTo?: 'queue' | 'outbox';
  smsSender: SmsSender;
  /** Where the booking form's plain post (no JavaScript) is handed in. */
  plainForms: PlainForms;
}

/**
 * The days a request can collide on: from its earliest entered date (not before today: what is past blocks nothing,
 * and a past date is refused anyway) to its latest; null for a request without dates.
 */
function rangeOf(body: FormOrJsonInput, today: IsoDate): DateRange | null {
  const dates = [body.date, body.endDate, body.consultationDate].filter(
    (d): d is string => typeof d === 'string' && isIsoDate(d),
  );
  if (dates.length === 0) return null;
  const to = dates.reduce((a, b) => (a > b ? a : b));
  const earliest = dates.reduce((a, b) => (a < b ? a : b));
  if (to < today) return null;
  return { from: earliest < today ? today : earliest, to };
}

/**
 * The request a plain form posted: each field of the shared schema from its input of the same name (absent: empty,
 * as the JSON form sends a field it does not show), the SMS checkbox as posted only when ticked. Nothing else is
 * taken; the schema then checks it as it checks the JSON API's.
 */
export function bookingInputOfForm(
  fields: Readonly<Record<string, string | undefined>>,
): Record<string, string | boolean> {
  return Object.fromEntries(
    Object.keys(bookingInputSchema.shape).map((name) => [
      name,
      name === 'smsOptIn' ? fields[name] !== undefined : (fields[name] ?? ''),
    ]),
  );
}

const createdOf = (b: BookingRequest): CreatedBooking => ({ id: b.id, status: b.status, createdAt: b.createdAt });

// The header is checked by the shared key rule in the handler, so its answer keeps the rule's own message.
const headersSchema = z.looseObject({ 'idempotency-key': z.string().optional() });

const bookingRoutes: FastifyPluginAsyncZod<BookingRoutesOptions> = async (app, deps) => {
  const { bookings, options } = deps;
  const mailOptions = {
    adminEmail: options.adminEmail,
    publicOrigin: options.publicOrigin,
    adminOrigin: options.adminOrigin,
    timeZone: options.timeZone,
  };
  const notifications = createBookingNotifications({ smsSender: deps.smsSender, log: app.log });
  // A graceful shutdown lets the texts already started finish (the mails are kept in the store until they leave).

  // One pass asked for at a time, and one more when requests were stored while it ran (it may have read the queue
  // before their mails were there): a burst of bookings asks for a few passes, not one each.
  const { sendMailNow } = deps;
  let passWanted = false;
  let passing = false;
  const askForMailPass = () => {
    if (!sendMailNow) return;
    passWanted = true;
    if (passing) return;
    passing = true;
    void (async () => {
      while (passWanted) {
        passWanted = false;
        // The runner logs a failed pass and runs the job again later.
        await sendMailNow().catch(() => undefined);
      }
      passing = false;
    })();
  };
  app.addHook('onClose', async () => notifications.idle());

  /**
   * The idempotency lookup, the read of the confirmed bookings the request can collide with, the insert and the
   * request's two mails are one atomic operation of the storage (bookings.createOnce): no other request can slip in
   * between the availability check and the insert, a retry with the same key finds the row (and writes no mail), and
   * a stored request always has its mails waiting to leave. What is read before it (services, her availability, her
   * name for the mails) is the admin's, not what a concurrent booking changes.
   */
  const createOnce = async (
    body: FormOrJsonInput,
    key: string,
  ): Promise<{ booking: BookingRequest; created: boolean }> => {
    const bodyHash = sha256Hex(canonicalJson(body));
    const now = options.now();
    // The studio's day, not the server's: near midnight the two differ.
    const today = calendarDayIn(options.timeZone, now);
    const [services, availability, fromName, publicEmail, unagreed] = await Promise.all([
      deps.content.listServices(),
      deps.availability.getPublic(),
      deps.displayName(),
      deps.publicEmail(),
      deps.quoteDefaults(),
    ]);
    const at = now.toISOString();
    // The client's manage link: 32 random bytes she gets by mail, kept here only as their SHA-256.
    const manageToken = randomBytes(32).toString('base64url');
    const result = await bookings.createOnce({
      idempotencyKey: key,
      bodyHash,
      range: rangeOf(body, today),
      decide: (confirmed) => {
        const decision = acceptBooking(body, {
          services,
          availability: { ...availability, booked: bookedDaysOf(confirmed), minNoticeDays: options.minNoticeDays },
          today,
        });
        if (!decision.ok) {
          const fieldErrors = fieldErrorMessages(decision.fieldErrors);
          throw new HttpError(
            decision.status,
            decision.message,
            Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined,
          );
        }
        return {
          booking: { ...decision.record, createdAt: at, updatedAt: at },
          manageTokenHash: hashManageToken(manageToken),
        };
      },
      mails: (booking) =>
        newBookingMails(booking, manageToken, { ...mailOptions, fromName, publicEmail, unagreed }).map(mailToSend),
      ...(deps.mailsTo ? { mailsTo: deps.mailsTo } : {}),
    });
    if (result.created) return { booking: result.booking, created: true };
    // A key stands for one request: another body under it is a mistake to say out loud, not a retry to answer.
    if (result.bodyHash !== null && result.bodyHash !== bodyHash) throw new HttpError(422, IDEMPOTENCY_KEY_REUSED);
    return { booking: result.booking, created: false };
  };

  /**
   * Stores a request with its mails (or finds the one stored under its key) and, when it is new, tells the
   * dashboards, has the mails sent and texts the client.
   */
  const submit = async (body: FormOrJsonInput, key: string): Promise<BookingRequest> => {
    // Resolves only once the row and its mails are durable (on SQLite, committed with the other bookings of this
    // turn: one fsync for all), so an answer is sent only for a stored request whose mails will leave.
    const { booking, created } = await createOnce(body, key);
    if (created) {
      // After the commit, with the request itself: the live stream tells the dashboards from it, off this request.
      deps.bus.publish({ topic: 'bookings', type: 'created', booking });
      askForMailPass();
      notifications.newBooking(booking);
    }
    return booking;
  };

  // The booking form posted without JavaScript: to the page's own address, so the answer is that page again
  // (features/pages/plain-forms.routes.ts takes the post and renders the answer).
  deps.plainForms.add(ROUTES.booking.pattern, 'booking', async (fields) => {
    const input = bookingInputOfForm(fields);
    try {
      // A plain form has no key of its own: the request's fingerprint is its key, so the same request posted
      // again (the browser's Back and resend) is answered with the booking already stored, not stored twice.
      const key = `form-${sha256Base64url(canonicalJson(input))}`;
      const booking = await submit(input, key);
      return { status: 201, formPost: { form: 'booking', outcome: 'sent', reference: bookingReference(booking.id) } };
    } catch (error) {
      const { status, ...refusal } = refusalOf(error);
      return { status, formPost: { form: 'booking', outcome: 'refused', values: input, ...refusal } };
    }
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

      const booking = await submit(request.body, key);
      return reply.code(201).send(createdOf(booking));
    },
  );
};

export default bookingRoutes;
