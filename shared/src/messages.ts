// User-facing texts of the shared domain rules, word for word from docs/product.md (docs/architecture.md: one messages.ts per package).
// The server answers with these same strings, so a client can show whatever message the backend sends.

// Booking (docs/product.md §5)
export const SERVICE_NOT_FOUND = 'Selected service not found';
export const TIER_NOT_FOUND = 'Selected tier not found';
export const REQUIRED = 'Required';
export const FIELDS_NOT_VALID = 'Some fields are not valid.';
export const DATE_IN_PAST = 'Please choose a date that is not in the past.';
export const IDEMPOTENCY_KEY_INVALID =
  'An idempotency key (1 to 100 letters, digits, "-" or "_") is required for a booking request.';

export function unavailableDatesMessage(dates: readonly string[]): string {
  return `The following dates are not available: ${dates.join(', ')}. Please select different dates.`;
}

export const BOOKING_LABEL_NAME = 'Full Name';
export const BOOKING_LABEL_EMAIL = 'Email Address';
export const BOOKING_LABEL_PHONE = 'Phone';
export const BOOKING_LABEL_SERVICE = 'Service Type';
export const BOOKING_LABEL_TIER = 'Service Package';
export const BOOKING_LABEL_DESCRIPTION = 'Project Description';
export const BOOKING_LABEL_CONSULTATION_DATE = 'Consultation Meeting Date';
export const BOOKING_LABEL_CONSULTATION_LOCATION = 'Consultation Location';
export const BOOKING_LABEL_SHOOT_DATE = 'Preferred Shoot Date';
export const BOOKING_LABEL_SHOOT_LOCATION = 'Shoot Location';
export const BOOKING_LABEL_DATE = 'Preferred Date';

// Services (docs/product.md §3)
export const CONTACT_FOR_PRICING = 'Contact for pricing';
export const STARTING_FROM_PREFIX = 'Starting from $';

/** 'Starting from $1,200' from the already formatted amount '1,200'. */
export function startingFromText(amount: string): string {
  return `${STARTING_FROM_PREFIX}${amount}`;
}

// Payment schedules (docs/product.md §9)
export const PAYMENT_MONTHLY_IN_ADVANCE = 'Monthly in advance';
export const PAYMENT_FULL_UPFRONT = '100% upfront';
export const PAYMENT_HALF_UPFRONT = '50% upfront, 50% upon completion';
export const PAYMENT_TBD = 'TBD';

// Sign-in (docs/product.md §5, §8)
export const SIGN_IN_EMAIL_REQUIRED = 'Please enter your email.';
export const SIGN_IN_ACCESS_DENIED = 'Access denied. Only authorized users can sign in.';
export const SIGN_IN_LINK_FAILED = 'Failed to send sign-in link.';
export const SIGN_IN_LINK_SENT = 'Sign-in link sent! Check your email.';
export const SIGN_IN_MAIL_NOT_SENT =
  'The sign-in email could not be sent: the mail server did not take it. It will be tried again for a while; if it has not arrived in a few minutes, ask for a new link.';
export const SIGN_IN_INVALID_LINK = 'Invalid sign-in link.';
/** Ending a trusted device that is not (or no longer) one of hers: already ended, or never listed. */
export const TRUSTED_DEVICE_NOT_FOUND = 'That device is no longer signed in.';
export const SIGN_IN_FAILED = 'Sign-in failed. Try again.';
/** Completing a link once the admin has a passkey (the other passkey texts: passkey-messages.ts). */
export const PASSKEY_REQUIRED = 'Please confirm it is you with your passkey.';

// SMS (docs/product.md §9)
export const SMS_STOP_FOOTER = 'Reply STOP to opt out.';
export const SMS_OPT_IN_TEXT =
  'Send me text messages about this booking: one confirmation when I submit it, an update whenever its status ' +
  'changes, and a reminder the day before. Nothing else, no marketing. Message and data rates may apply. ' +
  'Reply STOP at any time to stop receiving messages.';

/** The admin's content writes. */
export const CONTENT_NOT_FOUND = 'That item no longer exists: it may have been deleted in another tab.';
export const SERVICE_ORDER_MISMATCH = 'The order must name every service once; reload the list and try again.';
