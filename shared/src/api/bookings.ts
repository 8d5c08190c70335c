// A booking request from the visitor's form to her dashboard: what the visitor sends, what the client does through
// her manage link, the admin's status changes and list, and what the API answers about a request.
import { z } from './zod';
import { BOOKING_PAGE_SIZE, LIMITS } from '../domain/constants';
import { isPhoneNumber, toE164 } from '../domain/phone';
import { BOOKING_STATUSES } from '../domain/booking-types';
import type { BookingChange, BookingListQuery, BookingPage, BookingRequest } from '../domain/booking-types';
import {
  because,
  emailOf,
  filled,
  isoDate,
  line,
  optionalIsoDate,
  plain,
  requiredLine,
  slotChoice,
  text,
  TRIM,
} from './text-rules';

export const bookingStatus = z.enum(BOOKING_STATUSES);

export const PHONE_FORMAT_MESSAGE = 'Please enter a phone number, such as (602) 555-0100 or +44 20 7946 0958';

export const bookingInputSchema = z.strictObject({
  name: plain(requiredLine(LIMITS.name)),
  email: emailOf(TRIM),
  // Any common national or international format; every backend stores the E.164 form (domain/phone.ts).
  phone: line(LIMITS.phone, TRIM)
    .refine((s) => s === '' || isPhoneNumber(s), because('format', PHONE_FORMAT_MESSAGE))
    .transform((s) => (s === '' ? '' : (toE164(s) ?? s))),
  serviceId: requiredLine(LIMITS.id),
  serviceTierId: requiredLine(LIMITS.id),
  date: optionalIsoDate,
  // The last shoot day and the time slots are optional so a request from a form made before them still reads (absent
  // is '').
  endDate: optionalIsoDate.default(''),
  time: slotChoice.default(''),
  consultationDate: optionalIsoDate,
  consultationTime: slotChoice.default(''),
  consultationLocation: plain(line(LIMITS.location, TRIM)),
  location: plain(line(LIMITS.location, TRIM)),
  description: plain(text(LIMITS.description, TRIM).refine(filled, because('required', 'Required'))),
  smsOptIn: z.boolean(),
});

/**
 * A visitor's message when nothing can be booked: her name, e-mail and phone checked as a
 * booking's are, and a message like a booking's description.
 */
export const contactMessageSchema = z.strictObject({
  name: bookingInputSchema.shape.name,
  email: bookingInputSchema.shape.email,
  phone: bookingInputSchema.shape.phone,
  message: bookingInputSchema.shape.description,
});

/** A client's manage link's key: 32 random bytes in base64url, 43 characters. */
export const manageToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'Must be the key from your link' });

/** A request through her manage link that names only the link's key: read, cancel, the calendar file. */
export const manageRequestSchema = z.strictObject({ token: manageToken });

/**
 * A client's move request from her manage link: which date (the shoot's first day or the consultation;
 * the shoot when not named, as the page before the consultation could move sent it) and the calendar day she asks
 * for. The page checks her choice with this schema before it sends it; the server checks it again.
 */
export const manageMoveSchema = z
  .strictObject({
    token: manageToken,
    part: z.enum(['shoot', 'consultation']).default('shoot'),
    date: isoDate,
    // The consultation's slot on that day ('HH:MM-HH:MM'), '' when the day has none: whether it must be given and is
    // free depends on her slots, which the server checks (moveRefusal).
    time: z
      .string()
      .regex(/^(\d{2}:\d{2}-\d{2}:\d{2})?$/, { message: 'Must be one of the times offered' })
      .default(''),
  })
  .refine((move) => move.part === 'consultation' || move.time === '', {
    message: 'Only a consultation is moved to a time',
    path: ['time'],
  });

/** The longest personal message the admin may add to a status-change mail. */
export const PERSONAL_MESSAGE_MAX = 1000;

/** A status change; `message` is her optional personal note in the mail it sends the client. */
export const bookingStatusUpdateSchema = z.strictObject({
  status: bookingStatus,
  message: text(PERSONAL_MESSAGE_MAX, { trim: true }).optional(),
});

/**
 * The admin's booking list: one page at a time, newest first, all requests or one status. The
 * cursor is the server's own (the `nextCursor` of the page before), opaque to a client.
 */
export const bookingListQuerySchema = z.strictObject({
  status: bookingStatus.optional(),
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(BOOKING_PAGE_SIZE).optional(),
  q: line(LIMITS.search, { trim: true }).optional(),
}) satisfies z.ZodType<BookingListQuery, unknown>;

export const bookingSummarySchema = z.strictObject({ new: z.number().int().min(0) });

// ---- What the API answers (a stored value is checked for its shape, not against today's write rules) ----

export const bookingRequestSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  serviceId: z.string(),
  service: z.string(),
  servicePrice: z.string(),
  serviceTier: z.string(),
  serviceTierId: z.string(),
  paymentSchedule: z.string(),
  date: z.string(),
  endDate: z.string(),
  time: z.string(),
  consultationDate: z.string(),
  consultationTime: z.string(),
  consultationLocation: z.string(),
  location: z.string(),
  description: z.string(),
  smsOptIn: z.boolean(),
  status: bookingStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
  rescheduleDate: z.string().optional(),
  rescheduleConsultationDate: z.string().optional(),
  rescheduleConsultationTime: z.string().optional(),
}) satisfies z.ZodType<BookingRequest>;

/** One page of the admin's booking list, newest first. */
export const bookingPageSchema = z.strictObject({
  items: z.array(bookingRequestSchema),
  nextCursor: z.string().nullable(),
}) satisfies z.ZodType<BookingPage>;

/** One booking event of the admin's live stream: the request that was created or changed, whole. */
export const bookingChangeEventSchema = z.strictObject({
  type: z.enum(['created', 'updated']),
  booking: bookingRequestSchema,
}) satisfies z.ZodType<BookingChange>;

/** What a visitor gets back for a booking request: enough to say it arrived, nothing the admin adds later. */
export const createdBookingSchema = bookingRequestSchema.pick({ id: true, status: true, createdAt: true });
