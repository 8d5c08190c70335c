// The SMS log store: the sent messages to clients that the rolling limits count: what the server asks of this storage,
// honoured by sms-log.sqlite.ts and sms-log.firestore.ts alike and proved on both by the storage contract
// (server/test/storage-contract/). The rules every store keeps (Promises, atomic calls, no clock, secrets only as
// hashes): platform/storage/storage-port.ts.

export type SmsKind = 'booking-confirmation' | 'status-update' | 'reminder';

/** At most `max` messages whose time is after `at - windowMs`. */
export interface SmsLimit {
  windowMs: number;
  max: number;
}

export interface SmsLogStore {
  /**
   * Atomic: records one message about the booking at `at` (ms) unless that would break one of the limits (counted
   * over the messages recorded so far); answers the reservation's id, or null when a limit is reached. Two sends
   * racing cannot both take the last one.
   */
  reserve(bookingId: string, kind: SmsKind, at: number, limits: readonly SmsLimit[]): Promise<string | null>;
  /** Deletes a reservation whose message never left (it no longer counts). */
  release(reservationId: string): Promise<void>;
}
