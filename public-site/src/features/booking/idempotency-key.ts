// A booking attempt's idempotency key: 32 random hex characters. crypto.getRandomValues works on plain http too,
// where crypto.randomUUID does not exist.
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
