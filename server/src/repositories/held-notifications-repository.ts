// Status-change notifications the admin can still take back (issue 18, item 3; migration 021). A row is a promise to
// tell the client about one request once `send_after` has passed; taking it (to send, or to undo) deletes it in the
// same statement, so a mail is sent at most once and never after an undo.
import type { BookingStatus } from '@studio/shared/domain';
import type { Db } from '../db/database';

export interface HeldNotification {
  bookingId: string;
  /** The status before the first change of this window: what Undo puts back. */
  previousStatus: BookingStatus;
  status: BookingStatus;
  message: string;
  sendAfter: string;
}

interface Row {
  booking_id: string;
  previous_status: BookingStatus;
  status: BookingStatus;
  message: string;
  send_after: string;
}

const toHeld = (r: Row): HeldNotification => ({
  bookingId: r.booking_id,
  previousStatus: r.previous_status,
  status: r.status,
  message: r.message,
  sendAfter: r.send_after,
});

export function createHeldNotificationsRepository(db: Db) {
  // A second change within the window replaces the first but keeps its previous status (see the migration).
  const hold = db.prepare(
    `INSERT INTO held_notifications (booking_id, previous_status, status, message, send_after, created_at)
     VALUES (@bookingId, @previousStatus, @status, @message, @sendAfter, @now)
     ON CONFLICT (booking_id) DO UPDATE SET status = excluded.status, message = excluded.message,
       send_after = excluded.send_after`,
  );
  const take = db.prepare(
    'DELETE FROM held_notifications WHERE booking_id = ? RETURNING booking_id, previous_status, status, message, send_after',
  );
  const takeDue = db.prepare(
    `DELETE FROM held_notifications WHERE send_after <= ?
     RETURNING booking_id, previous_status, status, message, send_after`,
  );
  const next = db.prepare('SELECT MIN(send_after) AS at FROM held_notifications');
  const pending = db.prepare('SELECT booking_id FROM held_notifications WHERE booking_id = ?');

  return {
    hold(held: HeldNotification, now: string): void {
      hold.run({ ...held, now });
    },
    /** Takes the request's held notification away (Undo), or null when there is none left to take. */
    take(bookingId: string): HeldNotification | null {
      const row = take.get(bookingId) as Row | undefined;
      return row ? toHeld(row) : null;
    },
    /** Takes every notification due at `now`, to send. */
    takeDue(now: string): HeldNotification[] {
      return (takeDue.all(now) as Row[]).map(toHeld);
    },
    /** When the next one comes due, or null when nothing is held. */
    nextDue(): string | null {
      return (next.get() as { at: string | null }).at;
    },
    isHeld(bookingId: string): boolean {
      return pending.get(bookingId) !== undefined;
    },
  };
}

export type HeldNotificationsRepository = ReturnType<typeof createHeldNotificationsRepository>;
