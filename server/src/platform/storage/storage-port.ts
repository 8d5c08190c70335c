// The storage port: what the server asks of its storage, written so that SQLite (the embedded home) and Firestore
// with the Admin SDK (the Firebase home) can both honour it, and the same server runs on either home. Everything the
// routes, services and jobs read or write goes through it and nothing else. Each store's interface lives with the
// feature that owns it (features/<area>/<store>-store.ts, beside its .sqlite.ts and .firestore.ts); the whole storage,
// every store at once, is app/storage.ts. What stays here is what every storage is, whatever it stores.
//
// Rules every implementation keeps:
// - Every method answers a Promise; a rejected one means nothing of that call was stored (no half writes).
// - "Atomic" means: the reads and writes of that one call happen in one transaction, so two calls racing each see
//   the other whole (SQLite: one transaction; Firestore: one runTransaction). Callers never compose several calls into
//   a transaction of their own: where a route needs read-decide-write as one step, the port offers it as one
//   operation whose decision is a pure callback (bookings.createOnce). Such a callback may run more than once (a
//   Firestore transaction is retried on contention), so it must not have side effects.
// - Business rules stay out of the stores: they store what they are given and answer what is stored. The few
//   conditions a store checks (a status a change may start from, a counter value, a token not yet spent) are named in
//   the method's comment, because they are what makes the write safe against a race.
// - Times are passed in by the caller (ISO strings or ms since the epoch, as each method says); a store reads no clock.
// - `null` answers "there is none"; `false` answers "nothing was changed" (the condition named did not hold). Where a
//   method answers `undefined` instead, its comment says so (kept from the SQLite repositories the routes grew up on).
// - Secrets are never handed to a store: sign-in tokens, session ids, manage and signing links, deploy tokens and
//   recovery codes reach it as their SHA-256 (hex) only.

/**
 * What every storage is besides its stores: a connection that can prove it takes writes and be closed. All that the
 * platform (the database plugin) and operations (the health check) ask of a storage.
 */
export interface StorageConnection {
  /**
   * A real write (GET /api/health): resolves once the storage has durably taken a small write at `at` (ISO), rejects
   * when it does not take writes (locked, read-only, full, unreachable). Answers within about a second either way.
   */
  probeWrite(at: string): Promise<void>;
  /** Ends the connection; nothing is called after it. */
  close(): Promise<void>;
}
