// Status-change notifications the admin can still take back (migration 021). A row is a promise to
// tell the client about one request once `send_after` has passed; taking it (to send, or to undo) deletes it in the
// same statement, so a mail is sent at most once and never after an undo.
import type { BookingStatus } from '@studio/shared/domain';
import type { Db } from '../../platform/sqlite/database';
import type { HeldNotification, HeldNotificationsStore } from './held-notifications-store';

export type { HeldNotification };

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

export function createHeldNotificationsRepository(db: Db): HeldNotificationsStore {
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
    async hold(held, now) {
      hold.run({ ...held, now });
    },
    /** Takes the request's held notification away (Undo), or null when there is none left to take. */
    async take(bookingId) {
      const row = take.get(bookingId) as Row | undefined;
      return row ? toHeld(row) : null;
    },
    /** Takes every notification due at `now`, to send. */
    async takeDue(now) {
      return (takeDue.all(now) as Row[]).map(toHeld);
    },
    /** When the next one comes due, or null when nothing is held. */
    async nextDue() {
      return (next.get() as { at: string | null }).at;
    },
    async isHeld(bookingId) {
      return pending.get(bookingId) !== undefined;
    },
  };
}

export type HeldNotificationsRepository = HeldNotificationsStore;
