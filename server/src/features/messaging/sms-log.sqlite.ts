// The log of client SMS that the rolling limits count (docs/product.md §9), in SQLite (SmsLogStore, sms-log-store.ts).
import type { Db } from '../../platform/sqlite/database';
import type { SmsKind, SmsLimit, SmsLogStore } from './sms-log-store';

export function createSmsLogRepository(db: Db): SmsLogStore {
  const countSince = db.prepare('SELECT COUNT(*) AS n FROM sms_log WHERE sent_at > ?');
  const record = db.prepare('INSERT INTO sms_log (booking_id, kind, sent_at) VALUES (?, ?, ?)');
  const release = db.prepare('DELETE FROM sms_log WHERE id = ?');

  /** Counts and records in one transaction: two concurrent sends cannot both take the last message. */
  const reserve = db.transaction(
    (bookingId: string, kind: SmsKind, at: number, limits: readonly SmsLimit[]): string | null => {
      const full = limits.some((limit) => (countSince.get(at - limit.windowMs) as { n: number }).n >= limit.max);
      if (full) return null;
      return String(record.run(bookingId, kind, at).lastInsertRowid);
    },
  );

  return {
    reserve: async (bookingId, kind, at, limits) => reserve(bookingId, kind, at, limits),
    async release(reservationId) {
      release.run(Number(reservationId));
    },
  };
}
