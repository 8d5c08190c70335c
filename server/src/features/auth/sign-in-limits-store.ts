// The sign-in limits store (fixed windows, keyed by a hash of what is counted): what the server asks of this storage,
// honoured by sign-in-limits.sqlite.ts and sign-in-limits.firestore.ts alike and proved on both by the storage contract
// (server/test/storage-contract/). The rules every store keeps (Promises, atomic calls, no clock, secrets only as
// hashes): platform/storage/storage-port.ts.

export interface WindowCount {
  /** Attempts in the window, this one included. */
  count: number;
  /** When the window ends (ms since the epoch): the counter starts again from zero then. */
  endsAt: number;
}

export interface SignInLimitsStore {
  /**
   * Atomic: counts one attempt under `key` at `at` (ms) and answers the window's count so far. A window starts at the
   * first attempt and is replaced by a fresh one (count 1, starting at `at`) once `windowMs` has passed. The store
   * keeps only a hash of `key`. Two attempts racing never both read the same count.
   */
  hit(key: string, windowMs: number, at: number): Promise<WindowCount>;
  /** Forgets every counter whose window began at or before `before` (ms). */
  purgeOlderThan(before: number): Promise<void>;
}
