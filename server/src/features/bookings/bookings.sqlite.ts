// Booking requests (docs/product.md §3) in SQLite, the BookingsStore of bookings-store.ts. No business rules here:
// the route decides what is stored, this file only stores and reads. Every write is a synchronous better-sqlite3
// statement, committed (WAL, synchronous=FULL) when the call returns; createOnce joins the group commit
// (platform/sqlite/group-commit.ts), so a burst of new requests shares one fsync.
import { randomUUID } from 'node:crypto';
import { BOOKING_PAGE_SIZE } from '@studio/shared/domain';
import type {
  BookingListQuery,
  BookingPage,
  BookingRequest,
  BookingStatus,
  BookingSummary,
  IsoDate,
  MovablePart,
} from '@studio/shared/domain';
import { CLOSED_STATUSES } from '@studio/shared/domain/lifecycle';
import type { Db } from '../../platform/sqlite/database';
import type { GroupCommit } from '../../platform/sqlite/group-commit';
import { sqlTextList } from '../../platform/sqlite/sql-text-list';
import {
  InvalidCursorError,
  type BookingsStore,
  type ConfirmedDates,
  type CreateOnceRequest,
  type CreateOnceResult,
  type DateRange,
  type NewBookingRequest,
  type RescheduleCheck,
} from './bookings-store';
import { BOOKING_FIELDS, bookingFrom, columnOf, type BookingFieldName } from './booking-fields';
import { mailToSendWriter, outboxMailWriter } from '../messaging';

// The statuses that end a request, as the domain defines them, in the queries' own words.
const CLOSED = sqlTextList(CLOSED_STATUSES);

/**
 * A row as read: a column for each of the request's fields (BOOKING_FIELDS, in snake case), and the ones a query
 * reads by name.
 */
interface BookingRow {
  [column: string]: string | number | null;
  status: BookingStatus;
  created_at: string;
  reschedule_date: string;
  reschedule_consultation_date: string;
}

const COLUMNS = BOOKING_FIELDS.map(columnOf).join(', ');

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

const COLUMN_OF = Object.fromEntries(BOOKING_FIELDS.map((field) => [field, columnOf(field)])) as Record<
  BookingFieldName,
  string
>;

const toBooking = (r: BookingRow): BookingRequest =>
  bookingFrom(
    (field) => r[COLUMN_OF[field]],
    (stored) => stored === 1,
  );

/** A new request's insert: every field in its column ('' for one the request lacks), the SMS opt-in as 0 or 1. */
const INSERTED = BOOKING_FIELDS.map((field) => ({ field, column: COLUMN_OF[field] }));

export function createBookingsRepository(db: Db, commits: GroupCommit): BookingsStore {
  const insert = db.prepare(
    `INSERT INTO booking_requests (${INSERTED.map((f) => f.column).join(', ')}, idempotency_key,
       idempotency_body_hash, manage_token_hash)
     VALUES (${INSERTED.map((f) => `@${f.field}`).join(', ')}, @idempotencyKey, @bodyHash, @manageTokenHash)`,
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
  const queueMails = mailToSendWriter(db);
  const keepMails = outboxMailWriter(db);
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
  // The confirmed bookings holding a day of the range, through the two partial indexes of migration 022: shoots by
  // their last day (from the range's start on), consultations by their day; then the consultation slots of the open
  // requests (migration 025; their shoot days are not held until she confirms). UNION keeps one row per booking. The
  // indexes are named: without statistics (no ANALYZE) SQLite would rather take the (status, created_at) index and
  // read every Confirmed booking ever stored (test/booking-check-plan.test.ts).
  const LAST_DAY = "(CASE WHEN end_date <> '' THEN end_date ELSE date END)";
  const confirmedBetween = db.prepare(
    `SELECT id, date, end_date AS endDate, time, consultation_date AS consultationDate,
       consultation_time AS consultationTime FROM booking_requests INDEXED BY booking_requests_confirmed_last_day
     WHERE status = 'Confirmed' AND date <> '' AND ${LAST_DAY} >= @from AND date <= @to
     UNION
     SELECT id, date, end_date AS endDate, time, consultation_date AS consultationDate,
       consultation_time AS consultationTime FROM booking_requests INDEXED BY booking_requests_confirmed_consultation
     WHERE status = 'Confirmed' AND consultation_date >= @from AND consultation_date <= @to AND consultation_date <> ''
     UNION
     SELECT id, '' AS date, '' AS endDate, '' AS time, consultation_date AS consultationDate,
       consultation_time AS consultationTime FROM booking_requests INDEXED BY booking_requests_open_consultation_slot
     WHERE status IN ('New', 'Contacted') AND consultation_time <> ''
       AND consultation_date >= @from AND consultation_date <= @to`,
  );
  const byTokenHash = db.prepare(`SELECT ${COLUMNS} FROM booking_requests WHERE manage_token_hash = ?`);
  // Only an open request changes: cancelling twice, or cancelling a declined one, changes nothing.
  const cancel = db.prepare(
    `UPDATE booking_requests SET status = 'Cancelled', updated_at = ?
     WHERE id = ? AND status NOT IN (${CLOSED})`,
  );
  const reschedule = db.prepare(
    `UPDATE booking_requests SET reschedule_date = ?, reschedule_requested_at = ?, updated_at = ?
     WHERE id = ? AND status NOT IN (${CLOSED})`,
  );
  const rescheduleConsultation = db.prepare(
    `UPDATE booking_requests SET reschedule_consultation_date = ?, reschedule_consultation_time = ?,
       reschedule_requested_at = ?, updated_at = ?
     WHERE id = ? AND status NOT IN (${CLOSED})`,
  );
  const releaseReminder = db.prepare('UPDATE booking_requests SET reminder_sent_at = NULL WHERE id = ?');
  const bumpInvite = db.prepare(
    'UPDATE booking_requests SET invite_sequence = invite_sequence + 1 WHERE id = ? RETURNING invite_sequence',
  );
  const inviteSequence = db.prepare('SELECT invite_sequence FROM booking_requests WHERE id = ?');
  // Every SET reads the row as it was, so each CASE sees its own request before the requests are cleared.
  const moveDate = db.prepare(
    `UPDATE booking_requests SET
       date = CASE WHEN reschedule_date != '' THEN reschedule_date ELSE date END,
       end_date = CASE WHEN reschedule_date != '' THEN '' ELSE end_date END,
       time = CASE WHEN reschedule_date != '' THEN reschedule_time ELSE time END,
       consultation_date = CASE WHEN reschedule_consultation_date != '' THEN reschedule_consultation_date
         ELSE consultation_date END,
       consultation_time = CASE WHEN reschedule_consultation_date != '' THEN reschedule_consultation_time
         ELSE consultation_time END,
       reschedule_date = '', reschedule_time = '', reschedule_consultation_date = '', reschedule_consultation_time = '',
       reschedule_requested_at = NULL,
       reminder_sent_at = NULL, updated_at = ?
     WHERE id = ? AND (reschedule_date != '' OR reschedule_consultation_date != '')
       AND status NOT IN (${CLOSED})`,
  );

  // Far enough in the future to stand for "no upper end" in a string comparison of ISO dates.
  const NO_END = '9999-12-31';
  const confirmedDatesBetween = (range: DateRange): ConfirmedDates[] =>
    (confirmedBetween.all({ from: range.from, to: range.to ?? NO_END }) as Array<ConfirmedDates & { id: string }>).map(
      ({ id: _id, ...dates }) => dates,
    );

  const acceptMove = db.transaction((id: string, at: string, check?: RescheduleCheck): BookingRequest | null => {
    const before = get.get(id) as BookingRow | undefined;
    if (!before || CLOSED_STATUSES.includes(before.status)) return null;
    if (before.reschedule_date === '' && before.reschedule_consultation_date === '') return null;
    if (check) {
      const day = before.reschedule_consultation_date;
      check(toBooking(before), day ? confirmedDatesBetween({ from: day, to: day }) : []);
    }
    if (moveDate.run(at, id).changes === 0) return null;
    const row = get.get(id) as BookingRow | undefined;
    return row ? toBooking(row) : null;
  });

  /**
   * The lookup, the read, the insert and the request's mails: run by the group commit, inside its transaction (one
   * savepoint each), so a failure anywhere leaves neither the row nor its mails.
   */
  const createOnce = (request: CreateOnceRequest): CreateOnceResult => {
    const earlier = byKey.get(request.idempotencyKey) as (BookingRow & { body_hash: string | null }) | undefined;
    if (earlier) return { created: false, booking: toBooking(earlier), bodyHash: earlier.body_hash };
    const { booking, manageTokenHash } = request.decide(request.range ? confirmedDatesBetween(request.range) : []);
    const id = randomUUID();
    const fields: Record<string, unknown> = {};
    for (const { field } of INSERTED) fields[field] = booking[field as keyof NewBookingRequest] ?? '';
    insert.run({
      ...fields,
      id,
      idempotencyKey: request.idempotencyKey,
      bodyHash: request.bodyHash,
      manageTokenHash,
      smsOptIn: booking.smsOptIn ? 1 : 0,
    });
    const stored = { ...booking, id };
    if (request.mails) {
      const write = request.mailsTo === 'outbox' ? keepMails : queueMails;
      write(request.mails(stored), booking.createdAt);
    }
    return { created: true, booking: stored };
  };

  return {
    createOnce: (request) => commits.run(() => createOnce(request)),
    async page({ status, cursor, limit = BOOKING_PAGE_SIZE, q }: BookingListQuery = {}): Promise<BookingPage> {
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
    async confirmedBookings() {
      return (confirmedRows.all() as BookingRow[]).map(toBooking);
    },
    async confirmedDatesBetween(range) {
      return confirmedDatesBetween(range);
    },
    async summary(): Promise<BookingSummary> {
      return { new: (countNew.get() as { n: number }).n };
    },
    async get(id) {
      const row = get.get(id) as BookingRow | undefined;
      return row ? toBooking(row) : null;
    },
    async updateStatus(id: string, status: BookingStatus, at: string) {
      if (setStatus.run(status, at, id).changes === 0) return null;
      const row = get.get(id) as BookingRow | undefined;
      return row ? toBooking(row) : null;
    },
    async nextInviteSequence(id) {
      const row = bumpInvite.get(id) as { invite_sequence: number } | undefined;
      return row?.invite_sequence ?? 0;
    },
    async inviteSequence(id) {
      return (inviteSequence.get(id) as { invite_sequence: number } | undefined)?.invite_sequence ?? 0;
    },
    // The check, the read of what holds the asked-for day and the move are one transaction: better-sqlite3 runs it
    // synchronously, so no request (createOnce) or other acceptance can take the slot in between.
    async acceptReschedule(id, at, check?: RescheduleCheck) {
      return acceptMove(id, at, check);
    },
    async findByManageTokenHash(tokenHash) {
      const row = byTokenHash.get(tokenHash) as BookingRow | undefined;
      return row ? toBooking(row) : null;
    },
    async cancelByClient(id, at) {
      return cancel.run(at, id).changes > 0;
    },
    async requestReschedule(id: string, date: IsoDate, at: string, part: MovablePart = 'shoot', time = '') {
      if (part === 'consultation') return rescheduleConsultation.run(date, time, at, at, id).changes > 0;
      return reschedule.run(date, at, at, id).changes > 0;
    },
    async count() {
      return (count.get() as { n: number }).n;
    },
    async dueForReminder(day) {
      return (dueForReminder.all(day) as BookingRow[]).map(toBooking);
    },
    async claimReminder(id, at) {
      return claimReminder.run(at, id).changes > 0;
    },
    async releaseReminder(id) {
      releaseReminder.run(id);
    },
  };
}

export type BookingsRepository = BookingsStore;
