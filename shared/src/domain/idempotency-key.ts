// The one rule for a booking request's idempotency key: the server reads it from a header, and the Firestore storage
// makes it a document id, which the character set and length keep valid (docs/architecture.md).

export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;

const KEY = new RegExp(`^[A-Za-z0-9_-]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);
// Firestore reserves document ids of the form __name__; the charset above already keeps out '/', '.' and '..'.
const FIRESTORE_RESERVED = /^__.*__$/;

/** 1 to 100 letters, digits, '-' or '_', and usable as a Firestore document id. */
export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && KEY.test(value) && !FIRESTORE_RESERVED.test(value);
}
