// The one rule for a booking request's idempotency key, for every backend: the server reads it from a header, the
// memory adapter from its argument, and Firebase makes it the booking's document id (docs/architecture.md).

export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;

const KEY = new RegExp(`^[A-Za-z0-9_-]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);
// Firestore reserves document ids of the form __name__; the charset above already keeps out '/', '.' and '..'.
const FIRESTORE_RESERVED = /^__.*__$/;

/** 1 to 100 letters, digits, '-' or '_', and usable as a Firestore document id. */
export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && KEY.test(value) && !FIRESTORE_RESERVED.test(value);
}

/**
 * The request an idempotency key stands for, as text: JSON with every object's keys in sorted order, so one request
 * gives one text however its keys were ordered. A backend keeps it (or its hash) with the key and refuses the key
 * with another request (issue 14: the same key with another body used to answer the first booking silently).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
