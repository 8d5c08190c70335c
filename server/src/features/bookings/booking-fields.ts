// A stored request's own fields, taken from the API's answer schema (the one place a booking's fields are declared),
// so both stores keep and read back a new field without naming it.
import { bookingRequestSchema } from '@studio/shared/schemas';
import type { BookingRequest } from '@studio/shared/domain';

export type BookingFieldName = keyof BookingRequest;

/** Every field of a request as the API answers it. */
export const BOOKING_FIELDS = Object.keys(bookingRequestSchema.shape) as BookingFieldName[];

/**
 * The fields a request may lack: the moves a client asked for, a question the form gained after the request was made.
 * Each store keeps such a field as '' and reads '' back as absent, as the answer schema allows.
 */
export const OPTIONAL_FIELDS: ReadonlySet<BookingFieldName> = new Set(
  BOOKING_FIELDS.filter((field) => bookingRequestSchema.shape[field].safeParse(undefined).success),
);

/** A field's SQLite column: its name in snake case (serviceTierId is service_tier_id). */
export const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A request from its stored fields, read one by one with `read`; '' in an optional field is absent, as the request
 * was made without it. `smsOptIn` is the one field that is not text, and each store says how it keeps it.
 */
export function bookingFrom(
  read: (field: BookingFieldName) => unknown,
  smsOptIn: (stored: unknown) => boolean,
): BookingRequest {
  const booking: Record<string, unknown> = {};
  for (const field of BOOKING_FIELDS) {
    const value = read(field);
    if (field === 'smsOptIn') booking[field] = smsOptIn(value);
    else if (!OPTIONAL_FIELDS.has(field)) booking[field] = value;
    else if (typeof value === 'string' && value !== '') booking[field] = value;
  }
  return booking as BookingRequest;
}
