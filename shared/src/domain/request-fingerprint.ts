// The request an idempotency key stands for, so the server refuses the key sent again with another request. Apart
// from the domain entry, which every visitor's first page carries (e2e/tests/platform.spec.ts keeps its budget).
import { bookingInputSchema } from '../api/bookings';

/**
 * The request an idempotency key stands for, as text: JSON with every object's keys in sorted order, so one request
 * gives one text however its keys were ordered. A backend keeps it (or its hash) with the key and refuses the key
 * with another request (without it, the same key with another body answered the first booking silently).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * The booking request a key stands for, as text: the input as the shared schema reads it (trimmed), or as sent when
 * the schema refuses it, in canonical JSON. The server hashes the body its route schema has read, which is the same;
 * so a retry that differs only in spaces or key order is the same request on every backend.
 */
export function canonicalBookingRequest(input: unknown): string {
  const parsed = bookingInputSchema.safeParse(input);
  return canonicalJson(parsed.success ? parsed.data : input);
}
