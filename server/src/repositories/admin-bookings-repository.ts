// The admin's queries on booking requests: list (newest first), get by id, update the status. The visitor's insert
// lives with the booking form's own repository.
import type { BookingRequest, BookingStatus } from '@studio/shared/domain';
import type { Db } from '../db/database';

const COLUMNS = `id, name, email, phone, service_id AS serviceId, service, service_price AS servicePrice,
  service_tier AS serviceTier, service_tier_id AS serviceTierId, payment_schedule AS paymentSchedule, date,
  consultation_date AS consultationDate, consultation_location AS consultationLocation, location, description,
  sms_opt_in AS smsOptIn, status, created_at AS createdAt, updated_at AS updatedAt`;

type Row = Omit<BookingRequest, 'smsOptIn'> & { smsOptIn: number };

const toBooking = (row: Row): BookingRequest => ({ ...row, smsOptIn: row.smsOptIn === 1 });

export function createAdminBookingsRepository(db: Db) {
  // rowid breaks ties between requests created in the same millisecond: the later insert is newer.
  const list = db.prepare(`SELECT ${COLUMNS} FROM booking_requests ORDER BY created_at DESC, rowid DESC`);
  const get = db.prepare(`SELECT ${COLUMNS} FROM booking_requests WHERE id = ?`);
  const setStatus = db.prepare('UPDATE booking_requests SET status = ?, updated_at = ? WHERE id = ?');
  return {
    list(): BookingRequest[] {
      return (list.all() as Row[]).map(toBooking);
    },
    get(id: string): BookingRequest | null {
      const row = get.get(id) as Row | undefined;
      return row ? toBooking(row) : null;
    },
    /** The updated booking, or null when no booking has that id. */
    updateStatus(id: string, status: BookingStatus, updatedAt: string): BookingRequest | null {
      if (setStatus.run(status, updatedAt, id).changes === 0) return null;
      return this.get(id);
    },
  };
}

export type AdminBookingsRepository = ReturnType<typeof createAdminBookingsRepository>;
