// User-facing texts of the Cloud Functions (docs/architecture.md: one messages.ts per package). Booking refusals
// themselves come from the shared acceptance rule, in the shared package's words.

/** The same words as the embedded server's rate-limit answer. */
export function tooManyRequests(retryAfterSeconds: number): string {
  return `Too many requests. Please try again in ${retryAfterSeconds} seconds.`;
}

export const BOOKING_REQUEST_SHAPE = 'Send { booking, idempotencyKey }.';
