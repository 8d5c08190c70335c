// Booking requests (docs/product.md §3). No business rules here: the route decides what is stored, this file only stores and
// reads. Every write is a synchronous better-sqlite3 statement, so it is committed (WAL, synchronous=FULL) when the
// call returns.
import { randomUUID } from 'node:crypto';
import { BOOKING_PAGE_SIZE } from '@studio/shared/domain';
import type {
  BookingListQuery,
  BookingPage,
  BookingRequest,
  BookingStatus,
  BookingSummary,
  IsoDate,
} from '@studio/shared/domain';
import type { Db } from '../db/database';

/** What a new row holds: everything but the id, which the repository assigns. */
export type NewBookingRequest = Omit<BookingRequest, 'id'>;

interface BookingRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  service_id: string;
  service: string;
  service_price: string;
  service_tier: string;
  service_tier_id: string;
  payment_schedule: string;
  date: string;
  end_date: string;
  time: string;
  consultation_date: string;
  consultation_time: string;
  consultation_location: string;
  location: string;
  description: string;
  sms_opt_in: number;
  status: BookingStatus;
  created_at: string;
  updated_at: string;
  reschedule_date: string;
}

const COLUMNS = `id, name, email, phone, service_id, service, service_price, service_tier, service_tier_id,
  payment_schedule, date, end_date, time, consultation_date, consultation_time, consultation_location, location,
  description, sms_opt_in, status, created_at, updated_at, reschedule_date`;

/**
 * Where a page ends in the list's order (created_at, then rowid, both descending): the next page starts after it.
 * Given to the client as an opaque string; a value this server did not make reads as null.
 */
interface Position {
  createdAt: string;
  seq: number;
}

const encodeCursor = (p: Position) => Buffer.from(JSON.stringify([p.createdAt, p.seq]), 'utf8').toString('base64url');

function decodeCursor(cursor: string): Position | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, seq] = value as unknown[];
    if (typeof createdAt !== 'string' || !Number.isSafeInteger(seq)) return null;
    return { createdAt, seq: seq as number };
  } catch {
    return null;
  }
}

export class InvalidCursorError extends Error {}

function toBooking(r: BookingRow): BookingRequest {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    serviceId: r.service_id,
    service: r.service,
    servicePrice: r.service_price,
    serviceTier: r.service_tier,
    serviceTierId: r.service_tier_id,
    paymentSchedule: r.payment_schedule,
    date: r.date,
    endDate: r.end_date,
    time: r.time,
    consultationDate: r.consultation_date,
    consultationTime: r.consultation_time,
    consultationLocation: r.consultation_location,
    location: r.location,
    description: r.description,
    smsOptIn: r.sms_opt_in === 1,
    status: r.status,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    ...(r.reschedule_date ? { rescheduleDate: r.reschedule_date } : {}),
  };
}

export function createBookingsRepository(db: Db) {
  const insert = db.prepare(
    `INSERT INTO booking_requests (id, idempotency_key, idempotency_body_hash, name, email, phone, service_id, service,
       service_price, service_tier, service_tier_id, payment_schedule, date, end_date, time, consultation_date,
       consultation_time, consultation_location, location, description, sms_opt_in, status, created_at, updated_at,
       manage_token_hash)
     VALUES (@id, @idempotencyKey, @bodyHash, @name, @email, @phone, @serviceId, @service, @servicePrice, @serviceTier,
       @serviceTierId, @paymentSchedule, @date, @endDate, @time, @consultationDate, @consultationTime,
       @consultationLocation, @location, @description, @smsOptIn, @status, @createdAt, @updatedAt, @manageTokenHash)`,
  );
  // Newest first; rowid breaks ties between rows created in the same millisecond (the later insert is newer). Keyset
  // pages: each starts after the last row of the one before, so reading page 200 costs what reading page 1 does, and
  // a request created meanwhile never shifts a row onto two pages.
  const pageOf = (filter: string) =>
    db.prepare(
      `SELECT ${COLUMNS}, rowid AS seq FROM booking_requests
       WHERE (@status IS NULL OR status = @status) ${filter}
         AND (@q IS NULL OR instr(lower(name), @q) > 0 OR instr(lower(email), @q) > 0
           OR instr(lower(replace(id, '-', '')), @q) = 1)
       ORDER BY created_at DESC, rowid DESC LIMIT @limit`,
    );
  const firstPage = pageOf('');
  const laterPage = pageOf('AND (created_at, rowid) < (@createdAt, @seq)');
  const get = db.prepare(`SELECT ${COLUMNS} FROM booking_requests WHERE id = ?`);
  const byKey = db.prepare(
    `SELECT ${COLUMNS}, idempotency_body_hash AS body_hash FROM booking_requests WHERE idempotency_key = ?`,
  );
  const count = db.prepare('SELECT COUNT(*) AS n FROM booking_requests');
  const confirmedRows = db.prepare(
    `SELECT ${COLUMNS} FROM booking_requests WHERE status = 'Confirmed' ORDER BY date, created_at LIMIT 5000`,
  );
  const countNew = db.prepare("SELECT COUNT(*) AS n FROM booking_requests WHERE status = 'New'");
  const setStatus = db.prepare('UPDATE booking_requests SET status = ?, updated_at = ? WHERE id = ?');
  // The booked day is the shoot/preferred date, or the consultation when no such date was given (smsReminder's rule).
  const dueForReminder = db.prepare(
    `SELECT ${COLUMNS} FROM booking_requests
     WHERE status = 'Confirmed' AND reminder_sent_at IS NULL AND sms_opt_in = 1 AND phone <> ''
       AND (CASE WHEN date <> '' THEN date ELSE consultation_date END) = ?
     ORDER BY created_at, rowid`,
  );
  const claimReminder = db.prepare(
    'UPDATE booking_requests SET reminder_sent_at = ? WHERE id = ? AND reminder_sent_at IS NULL',
  );
  const confirmed = db.prepare(
    `SELECT date, end_date AS endDate, time, consultation_date AS consultationDate,
       consultation_time AS consultationTime FROM booking_requests WHERE status = 'Confirmed'`,
  );
  const byTokenHash = db.prepare(`SELECT ${COLUMNS} FROM booking_requests WHERE manage_token_hash = ?`);
  // Only an open request changes: cancelling twice, or cancelling a declined one, changes nothing.
  const cancel = db.prepare(
    `UPDATE booking_requests SET status = 'Cancelled', updated_at = ?
     WHERE id = ? AND status NOT IN ('Declined', 'Cancelled')`,
  );
  const reschedule = db.prepare(
    `UPDATE booking_requests SET reschedule_date = ?, reschedule_requested_at = ?, updated_at = ?
     WHERE id = ? AND status NOT IN ('Declined', 'Cancelled')`,
  );
  const releaseReminder = db.prepare('UPDATE booking_requests SET reminder_sent_at = NULL WHERE id = ?');
  const bumpInvite = db.prepare(
    'UPDATE booking_requests SET invite_sequence = invite_sequence + 1 WHERE id = ? RETURNING invite_sequence',
  );
  const inviteSequence = db.prepare('SELECT invite_sequence FROM booking_requests WHERE id = ?');
  const moveDate = db.prepare(
    `UPDATE booking_requests SET date = reschedule_date, end_date = '', time = reschedule_time, reschedule_date = '',
       reschedule_time = '', reschedule_requested_at = NULL, reminder_sent_at = NULL, updated_at = ?
     WHERE id = ? AND reschedule_date != '' AND status NOT IN ('Declined', 'Cancelled')`,
  );

  return {
    /** Stores a new request under its idempotency key and the hash of the body it came with; returns it as stored. */
    create(
      booking: NewBookingRequest,
      idempotencyKey: string,
      bodyHash: string,
      manageTokenHash: string | null = null,
    ): BookingRequest {
      const id = randomUUID();
      insert.run({ ...booking, id, idempotencyKey, bodyHash, manageTokenHash, smsOptIn: booking.smsOptIn ? 1 : 0 });
      return { ...booking, id };
    },
    /**
     * The request stored under this idempotency key with the hash of the body it came with (null for a row stored
     * before the hash was kept), or null.
     */
    findByIdempotencyKey(idempotencyKey: string): { booking: BookingRequest; bodyHash: string | null } | null {
      const row = byKey.get(idempotencyKey) as (BookingRow & { body_hash: string | null }) | undefined;
      return row ? { booking: toBooking(row), bodyHash: row.body_hash } : null;
    },
    /**
     * One page of requests, newest first (docs/product.md §7: ordered by createdAt descending), all or one status.
     * Throws InvalidCursorError for a cursor this repository did not make.
     */
    page({ status, cursor, limit = BOOKING_PAGE_SIZE, q }: BookingListQuery = {}): BookingPage {
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      if (after === null) throw new InvalidCursorError(cursor);
      // One row more than asked says whether there is a next page.
      // The search in lower case (SQLite's lower() folds ASCII letters only; an e-mail and most names are ASCII).
      const needle = q?.trim().toLowerCase();
      const params = { status: status ?? null, limit: limit + 1, q: needle ? needle : null };
      const rows = (after ? laterPage.all({ ...params, ...after }) : firstPage.all(params)) as Array<
        BookingRow & { seq: number }
      >;
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return {
        items: items.map(toBooking),
        nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, seq: last.seq }) : null,
      };
    },
    /** Every confirmed request (her calendar feed; bounded so a feed stays a few MB at most). */
    confirmedBookings(): BookingRequest[] {
      return (confirmedRows.all() as BookingRow[]).map(toBooking);
    },
    /** What the dashboard's badge counts: the requests still New (index booking_requests_status_created). */
    summary(): BookingSummary {
      return { new: (countNew.get() as { n: number }).n };
    },
    get(id: string): BookingRequest | null {
      const row = get.get(id) as BookingRow | undefined;
      return row ? toBooking(row) : null;
    },
    /** Sets the status and refreshes updatedAt (docs/product.md §4); null when no request has that id. */
    updateStatus(id: string, status: BookingStatus, now: string = new Date().toISOString()): BookingRequest | null {
      if (setStatus.run(status, now, id).changes === 0) return null;
      const row = get.get(id) as BookingRow | undefined;
      return row ? toBooking(row) : null;
    },
    /**
     * Counts one more calendar invite sent for this request and answers its number, the invite's SEQUENCE: 1 for the
     * first, higher for each update or cancellation, so her calendar replaces what it holds (RFC 5546).
     */
    nextInviteSequence(id: string): number {
      const row = bumpInvite.get(id) as { invite_sequence: number } | undefined;
      return row?.invite_sequence ?? 0;
    },
    /** How many invites went out for this request (0: she has none in her calendar). */
    inviteSequence(id: string): number {
      return (inviteSequence.get(id) as { invite_sequence: number } | undefined)?.invite_sequence ?? 0;
    },
    /**
     * The admin accepts the client's request to move: the requested day becomes the (single) shoot day; null when there
     * is no open request to move or it is closed.
     */
    acceptReschedule(id: string, now: string): BookingRequest | null {
      if (moveDate.run(now, id).changes === 0) return null;
      const row = get.get(id) as BookingRow | undefined;
      return row ? toBooking(row) : null;
    },
    /** The request whose manage link token hashes to `tokenHash` (the token itself is never stored), or null. */
    findByManageTokenHash(tokenHash: string): BookingRequest | null {
      const row = byTokenHash.get(tokenHash) as BookingRow | undefined;
      return row ? toBooking(row) : null;
    },
    /** The client cancels her open request; false when it was already closed (Declined or Cancelled). */
    cancelByClient(id: string, now: string): boolean {
      return cancel.run(now, id).changes > 0;
    },
    /** Records the date the client asks to move her open request to; false when it is closed. */
    requestReschedule(id: string, date: IsoDate, now: string): boolean {
      return reschedule.run(date, now, now, id).changes > 0;
    },
    /** The dates and slots of every confirmed booking (what blocks new requests: bookedDaysOf). */
    confirmedDates(): Array<
      Pick<BookingRequest, 'date' | 'endDate' | 'time' | 'consultationDate' | 'consultationTime'>
    > {
      return confirmed.all() as Array<
        Pick<BookingRequest, 'date' | 'endDate' | 'time' | 'consultationDate' | 'consultationTime'>
      >;
    },
    count(): number {
      return (count.get() as { n: number }).n;
    },
    /** Confirmed, opted-in requests with a phone whose booked day is `day` and that have had no reminder yet. */
    dueForReminder(day: IsoDate): BookingRequest[] {
      return (dueForReminder.all(day) as BookingRow[]).map(toBooking);
    },
    /** Marks the reminder as sent; false when it already was (so two ticks can never both send it). */
    claimReminder(id: string, at: string): boolean {
      return claimReminder.run(at, id).changes > 0;
    },
    /** Undoes a claim whose SMS did not go out, so a later tick tries again. */
    releaseReminder(id: string): void {
      releaseReminder.run(id);
    },
  };
}

export type BookingsRepository = ReturnType<typeof createBookingsRepository>;
