// One acceptance rule for a booking request (docs/product.md §5, §7; docs/architecture.md, "One rule for accepting a
// booking"). The server's booking route, the one door in both homes, calls acceptBooking inside the storage's atomic
// create and stores only what it answers; the browser's form runs the same rule first for its messages.
//
// It is pure: the caller reads the services and the public availability from its own store and says which calendar
// day is today (the server's clock, not the visitor's). It lives outside the domain entry because it needs zod, which a
// visitor's first page load does without.
import {
  DATE_IN_PAST,
  FIELDS_NOT_VALID,
  REQUIRED,
  SERVICE_NOT_FOUND,
  TIER_NOT_FOUND,
  unavailableDatesMessage,
} from '../messages';
import { tooSoonMessage } from '../lifecycle-messages';
import { bookingInputSchema } from '../api/bookings';
import type { FieldErrors } from '../api/errors';
import type { SchemaCheckCode } from '../api/text-rules';
import type { z } from '../api/zod';
import { consultationView, earliestBookableDate, freeSlots, slotTime } from './availability';
import { MIN_NOTICE_DAYS_DEFAULT } from './constants';
import {
  checkDateOrder,
  checkTimes,
  unavailableDatesOf,
  findBookingService,
  missingRequiredFields,
  newBookingRecord,
  type NewBookingRecord,
} from './booking-rules';
import type { BookingField } from './booking-types';
import type { PublicAvailability } from './availability-types';
import type { IsoDate } from './date-types';
import type { Service } from './service-types';

/** Why one field was refused. */
export type BookingFieldErrorCode =
  | SchemaCheckCode
  | 'too-long'
  | 'wrong-type'
  | 'unknown-field'
  | 'invalid'
  | 'service-not-found'
  | 'tier-not-found'
  | 'date-in-past'
  | 'too-soon'
  | 'before-consultation'
  | 'end-date'
  | 'time-required'
  | 'time-not-offered';

export interface BookingFieldError {
  code: BookingFieldErrorCode;
  /** The text shown beside the field (docs/product.md's words where it has them). */
  message: string;
}

/** Per field; '_' holds what belongs to no one field (an unknown field, a body that is not an object). */
export type BookingFieldErrors = Partial<Record<BookingField | '_', BookingFieldError[]>>;

/** Why the request as a whole was refused. */
export type BookingRefusalCode =
  'invalid-fields' | 'service-not-found' | 'tier-not-found' | 'date-in-past' | 'too-soon' | 'dates-unavailable';

export interface BookingRefusal {
  ok: false;
  code: BookingRefusalCode;
  /** 400: the request must change; 409: the dates are taken, the same request may succeed on other dates. */
  status: 400 | 409;
  message: string;
  /** Empty for 'dates-unavailable', whose message names the dates. */
  fieldErrors: BookingFieldErrors;
  /** For 'dates-unavailable': the dates that are not available, each once, in the order checked. */
  unavailableDates: IsoDate[];
}

export interface BookingAccepted {
  ok: true;
  /** What a backend stores, with its own id and timestamps: the visitor's fields, trimmed, and what derives. */
  record: NewBookingRecord;
}

export type BookingDecision = BookingAccepted | BookingRefusal;

export interface AcceptBookingContext {
  /** Every service with its tiers, as stored. */
  services: readonly Service[];
  /**
   * The public availability (periods, unavailable ranges, time slots), with the days confirmed bookings hold and the
   * minimum notice (MIN_NOTICE_DAYS_DEFAULT when absent); extra stored fields are ignored.
   */
  availability: PublicAvailability;
  /** The studio's calendar day, 'YYYY-MM-DD' (in its TIMEZONE): no date before it, nor within the notice after it. */
  today: IsoDate;
}

const BOOKING_FIELDS: ReadonlySet<string> = new Set<BookingField>(
  Object.keys(bookingInputSchema.shape) as BookingField[],
);

function codeOfIssue(issue: z.core.$ZodIssue): BookingFieldErrorCode {
  switch (issue.code) {
    case 'too_big':
      return 'too-long';
    case 'invalid_type':
      return 'wrong-type';
    case 'unrecognized_keys':
      return 'unknown-field';
    case 'invalid_format':
      return 'format';
    case 'custom': {
      const code: unknown = issue.params?.code;
      return code === 'required' ||
        code === 'format' ||
        code === 'markup' ||
        code === 'control-characters' ||
        code === 'invisible-characters'
        ? code
        : 'invalid';
    }
    default:
      return 'invalid';
  }
}

function fieldErrorsOfIssues(issues: readonly z.core.$ZodIssue[]): BookingFieldErrors {
  const out: BookingFieldErrors = {};
  for (const issue of issues) {
    const top = issue.path[0];
    const field = typeof top === 'string' && BOOKING_FIELDS.has(top) ? (top as BookingField) : '_';
    const message = issue.code === 'unrecognized_keys' ? `Unknown field(s): ${issue.keys.join(', ')}` : issue.message;
    (out[field] ??= []).push({ code: codeOfIssue(issue), message });
  }
  return out;
}

const refused = (
  code: Exclude<BookingRefusalCode, 'dates-unavailable'>,
  message: string,
  fieldErrors: BookingFieldErrors,
): BookingRefusal => ({ ok: false, code, status: 400, message, fieldErrors, unavailableDates: [] });

const each = <K extends BookingField>(fields: readonly K[], error: BookingFieldError): BookingFieldErrors =>
  Object.fromEntries(fields.map((field) => [field, [error]]));

/**
 * Decides whether a booking request is accepted, in the order a visitor fixes things: the fields themselves (the
 * shared schema: types, lengths, formats, real calendar dates, no markup, trimmed), the fields the chosen service
 * requires, the service and tier, dates not in the past, then every entered date's availability.
 */
export function acceptBooking(input: unknown, ctx: AcceptBookingContext): BookingDecision {
  const parsed = bookingInputSchema.safeParse(input);
  if (!parsed.success) return refused('invalid-fields', FIELDS_NOT_VALID, fieldErrorsOfIssues(parsed.error.issues));
  const data = parsed.data;

  const missing = missingRequiredFields(data, ctx.services);
  if (missing.length > 0) {
    return refused('invalid-fields', FIELDS_NOT_VALID, each(missing, { code: 'required', message: REQUIRED }));
  }

  const chosen = findBookingService(ctx.services, data.serviceId, data.serviceTierId);
  if (!chosen.found) {
    return chosen.missing === 'service'
      ? refused('service-not-found', SERVICE_NOT_FOUND, {
          serviceId: [{ code: 'service-not-found', message: SERVICE_NOT_FOUND }],
        })
      : refused('tier-not-found', TIER_NOT_FOUND, {
          serviceTierId: [{ code: 'tier-not-found', message: TIER_NOT_FOUND }],
        });
  }

  const past = (['date', 'consultationDate'] as const).filter((f) => data[f] !== '' && data[f] < ctx.today);
  if (past.length > 0) {
    return refused('date-in-past', DATE_IN_PAST, each(past, { code: 'date-in-past', message: DATE_IN_PAST }));
  }
  const notice = ctx.availability.minNoticeDays ?? MIN_NOTICE_DAYS_DEFAULT;
  const earliest = earliestBookableDate(ctx.today, ctx.availability);
  const soon = (['date', 'consultationDate'] as const).filter((f) => data[f] !== '' && data[f] < earliest);
  if (soon.length > 0) {
    const message = tooSoonMessage(notice);
    return refused('too-soon', message, each(soon, { code: 'too-soon', message }));
  }

  const dateErrors = checkDateOrder(data, chosen.service);
  if (dateErrors) return refused('invalid-fields', FIELDS_NOT_VALID, dateErrors);
  const timeErrors = checkTimes(data, ctx.availability);
  if (timeErrors) return refused('invalid-fields', FIELDS_NOT_VALID, timeErrors);

  const unavailable = [
    ...new Set([...unavailableDatesOf(data, ctx.availability), ...takenSlots(data, ctx.availability)]),
  ];
  if (unavailable.length > 0) {
    return {
      ok: false,
      code: 'dates-unavailable',
      status: 409,
      message: unavailableDatesMessage(unavailable),
      fieldErrors: {},
      unavailableDates: unavailable,
    };
  }

  return { ok: true, record: newBookingRecord(data, chosen.service, chosen.tier) };
}

export type ParsedBooking = z.output<typeof bookingInputSchema>;

/** The dates whose chosen slot is taken or closed (the day itself may have other free slots). */
function takenSlots(data: ParsedBooking, availability: PublicAvailability): IsoDate[] {
  const out: IsoDate[] = [];
  for (const [date, chosen, view] of [
    [data.date, data.time, availability],
    [data.consultationDate, data.consultationTime, consultationView(availability)],
  ] as const) {
    if (date !== '' && chosen !== '' && !freeSlots(date, view).some((s) => slotTime(s) === chosen)) {
      out.push(date);
    }
  }
  return out;
}

/** The field errors as the API and BackendError carry them: { field: [message, ...] }. */
export function fieldErrorMessages(fieldErrors: BookingFieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, errors] of Object.entries(fieldErrors)) {
    if (errors && errors.length > 0) out[field] = errors.map((e) => e.message);
  }
  return out;
}
