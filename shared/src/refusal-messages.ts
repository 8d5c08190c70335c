// Texts of refusals a visitor's first page never shows (a text field that hides or reverses text, an
// idempotency key sent again with another request, an out-of-date page of the admin's list), shared by the server,
// the adapters and the schemas. Apart from messages.ts because that module is in every visitor's first load
// (e2e/tests/platform.spec.ts keeps its budget).

/** A text field holding a character that hides or reverses text, or a broken one. */
export const INVISIBLE_CHARACTERS_MESSAGE = 'Must not contain invisible, text-direction or broken characters';
export const IDEMPOTENCY_KEY_REUSED =
  'This idempotency key was already used for a different booking request. Send a new key for a new request.';
export const BOOKING_CURSOR_INVALID = 'This page of booking requests is out of date. Reload the list.';

/** Undo of a status change once its mail to the client has left. */
export const UNDO_TOO_LATE = 'Too late to undo: the client has already been told.';
/** Accepting a move the client never asked for, or on a closed request. */
export const RESCHEDULE_NOTHING_TO_ACCEPT = 'This request has no open request to move it.';
/** Her acceptance of a consultation move whose slot another booking took after the client asked. */
export const RESCHEDULE_SLOT_TAKEN =
  'The time the client asked for has been taken since. Nothing was moved: ask the client for another time.';

/** Blocking a day that a booking holds (a confirmed one, or a requested consultation slot): refused by the server too. */
export const BOOKED_DAY_CANNOT_BE_BLOCKED = 'This day has a booking, so it cannot be blocked.';
export const bookedDaysCannotBeBlocked = (days: readonly string[]) =>
  days.length === 1
    ? `${days[0]} has a booking, so it cannot be blocked.`
    : `These days have bookings, so they cannot be blocked: ${days.join(', ')}.`;
