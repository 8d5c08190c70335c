// A booking request from the visitor's form to her dashboard: what the visitor sends, what the client does through
// her manage link, the admin's status changes and list, and what the API answers about a request.
//
// A request's fields are declared here and nowhere else: the rule a visitor's value passes (bookingInputSchema, in
// the form's order), the label her form shows (BOOKING_FIELD_LABELS) and what the API answers about a stored request
// (bookingRequestSchema). The domain's types, the form's values and focus order, the plain form's reading and both
// stores' columns and documents follow from these shapes. A new question for the visitor is therefore a line in each
// schema and its label here, a column in a migration, its input on the form and its line on her dashboard.
import { z } from './zod';
import { BOOKING_PAGE_SIZE, LIMITS } from '../domain/constants';
import { isPhoneNumber, toE164 } from '../domain/phone';
import { BOOKING_STATUSES } from '../domain/booking-status';
import {
  BOOKING_LABEL_CONSULTATION_DATE,
  BOOKING_LABEL_CONSULTATION_LOCATION,
  BOOKING_LABEL_DATE,
  BOOKING_LABEL_DESCRIPTION,
  BOOKING_LABEL_EMAIL,
  BOOKING_LABEL_NAME,
  BOOKING_LABEL_PHONE,
  BOOKING_LABEL_SERVICE,
  BOOKING_LABEL_SHOOT_LOCATION,
  BOOKING_LABEL_TIER,
} from '../messages';
import { BOOKING_LABEL_CONSULTATION_TIME, BOOKING_LABEL_END_DATE, BOOKING_LABEL_TIME } from '../lifecycle-messages';
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
export const NAME_LETTER_MESSAGE = 'Please enter your name, with at least one letter';

// A name is what she greets the client by in every mail: digits or punctuation alone ("123", "...") are a slip, not a
// name. Any script's letters count (Zoë, 李娜, Ана).
const HAS_LETTER = /\p{L}/u;

/**
 * What a visitor sends, in the order her form asks for it (the first field to fix gets focus). The server derives
 * everything else (docs/product.md §7: status, timestamps, payment schedule). A field with a default may be left out,
 * so a request from a form made before it existed still reads (absent is '').
 */
export const bookingInputSchema = z.strictObject({
  name: plain(requiredLine(LIMITS.name)).refine(
    (s) => s === '' || HAS_LETTER.test(s),
    because('format', NAME_LETTER_MESSAGE),
  ),
  email: emailOf(TRIM),
  // Any common national or international format; every backend stores the E.164 form (domain/phone.ts).
  phone: line(LIMITS.phone, TRIM)
    .refine((s) => s === '' || isPhoneNumber(s), because('format', PHONE_FORMAT_MESSAGE))
    .transform((s) => (s === '' ? '' : (toE164(s) ?? s))),
  serviceId: requiredLine(LIMITS.id),
  serviceTierId: requiredLine(LIMITS.id),
  consultationDate: optionalIsoDate,
  /** The time slot chosen on the consultation date, as `time`. */
  consultationTime: slotChoice.default(''),
  consultationLocation: plain(line(LIMITS.location, TRIM)),
  date: optionalIsoDate,
  /** The time slot chosen on `date` ('HH:MM-HH:MM'), required where the admin set slots for that date; else ''. */
  time: slotChoice.default(''),
  /** The last day of a photoshoot that spans several days; '' for one day. */
  endDate: optionalIsoDate.default(''),
  location: plain(line(LIMITS.location, TRIM)),
  description: plain(text(LIMITS.description, TRIM).refine(filled, because('required', 'Required'))),
  smsOptIn: z.boolean(),
});

/** What a visitor sends, before the schema fills the defaults. */
export type BookingInput = z.input<typeof bookingInputSchema>;
export type BookingField = keyof BookingInput;
/** The fields a visitor types or picks; the SMS opt-in is a checkbox whose label is SMS_OPT_IN_TEXT. */
export type BookingTextField = Exclude<BookingField, 'smsOptIn'>;

/** The form's labels. The date fields' labels are the service's own (its rules): use labelFor. */
export const BOOKING_FIELD_LABELS: Readonly<Record<BookingTextField, string>> = {
  name: BOOKING_LABEL_NAME,
  email: BOOKING_LABEL_EMAIL,
  phone: BOOKING_LABEL_PHONE,
  serviceId: BOOKING_LABEL_SERVICE,
  serviceTierId: BOOKING_LABEL_TIER,
  description: BOOKING_LABEL_DESCRIPTION,
  consultationDate: BOOKING_LABEL_CONSULTATION_DATE,
  consultationLocation: BOOKING_LABEL_CONSULTATION_LOCATION,
  date: BOOKING_LABEL_DATE,
  endDate: BOOKING_LABEL_END_DATE,
  time: BOOKING_LABEL_TIME,
  consultationTime: BOOKING_LABEL_CONSULTATION_TIME,
  location: BOOKING_LABEL_SHOOT_LOCATION,
};

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
/** A move request as the server reads it (its defaults applied). */
export type ManageMove = z.output<typeof manageMoveSchema>;

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
});

/** What the admin asks for when she reads her booking requests: one page, newest first, optionally one status. */
export type BookingListQuery = z.output<typeof bookingListQuerySchema>;

export const bookingSummarySchema = z.strictObject({ new: z.number().int().min(0) });

// ---- What the API answers (a stored value is checked for its shape, not against today's write rules) ----

export const bookingRequestSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  serviceId: z.string(),
  /** The service's display name, as docs/product.md §3 stores it. */
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
  /**
   * The date the client asked to move the request to through her manage link; absent when she has not asked (and
   * from a backend without manage links).
   */
  rescheduleDate: z.string().optional(),
  /** The date she asked to move the consultation to; absent when she has not asked. */
  rescheduleConsultationDate: z.string().optional(),
  /** The slot she asked for on that day ('HH:MM-HH:MM'); absent when she asked for none (a day without slots). */
  rescheduleConsultationTime: z.string().optional(),
});

/** A stored request as the API answers it. */
export type BookingRequest = z.output<typeof bookingRequestSchema>;

/** One page of the admin's booking list, newest first. */
export const bookingPageSchema = z.strictObject({
  items: z.array(bookingRequestSchema),
  // Reads the next (older) page; null on the last page.
  nextCursor: z.string().nullable(),
});

export type BookingPage = z.output<typeof bookingPageSchema>;

/** One booking event of the admin's live stream: the request that was created or changed, whole. */
export const bookingChangeEventSchema = z.strictObject({
  type: z.enum(['created', 'updated']),
  booking: bookingRequestSchema,
});

/** What a visitor gets back for a booking request: enough to say it arrived, nothing the admin adds later. */
export const createdBookingSchema = bookingRequestSchema.pick({ id: true, status: true, createdAt: true });
