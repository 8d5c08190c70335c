// The store of status mails held for the Undo window: what the server asks of this storage, honoured by
// held-notifications.sqlite.ts and held-notifications.firestore.ts alike and proved on both by the storage contract
// (server/test/storage-contract/). The rules every store keeps (Promises, atomic calls, no clock, secrets only as
// hashes): platform/storage/storage-port.ts.
import type { BookingStatus } from '@studio/shared/domain';

export interface HeldNotification {
  bookingId: string;
  /** The status before the first change of this window: what Undo puts back. */
  previousStatus: BookingStatus;
  status: BookingStatus;
  message: string;
  /** ISO time from which it may be sent. */
  sendAfter: string;
}

export interface HeldNotificationsStore {
  /**
   * Atomic: holds the notification (one per booking, created `at`). When the booking already has one, its status,
   * message and sendAfter are replaced and its previousStatus kept.
   */
  hold(held: HeldNotification, at: string): Promise<void>;
  /** Atomic: deletes the booking's held notification and answers it; null when none is left (sent or undone). */
  take(bookingId: string): Promise<HeldNotification | null>;
  /** Atomic: deletes and answers every one whose sendAfter is at or before `at` (ISO); each is answered once. */
  takeDue(at: string): Promise<HeldNotification[]>;
  /** The earliest sendAfter held, or null when nothing is held. */
  nextDue(): Promise<string | null>;
  isHeld(bookingId: string): Promise<boolean>;
}
