// Booking requests in Firestore (the Firebase home's BookingsStore, ports.ts), with the Admin SDK.
//
// Documents:
// - bookings/{id}: the request's own fields, plus what the SQLite row keeps beside them (manageTokenHash,
//   reminderSentAt, rescheduleTime, rescheduleRequestedAt, inviteSequence) and three fields kept only to be queried:
//   `seq` (the order of storing: SQLite's rowid, which breaks ties between requests created in the same millisecond),
//   `lastShootDay` (endDate, or date for a one-day shoot; '' without a date) and `reminderDay` (date, or the
//   consultation date without one). Every write that changes a date rewrites them (datesOf).
// - bookingKeys/{idempotencyKey}: the booking a key stored and the hash of the body it came with. The key is the
//   document id (isIdempotencyKey keeps it a valid one), read and written in createOnce's transaction, so two requests
//   with one key store one booking.
// - bookingsMeta/order: `seq`, the last order number given. createOnce reads and writes it; a change that makes a
//   booking hold days (updateStatus to Confirmed, acceptReschedule of a confirmed one) writes it too, so such a change
//   and a new request racing conflict on this one document and Firestore orders them (the request's transaction runs
//   again and sees the confirmation). Bookings arrive at a person's pace; one document taking every new request is far
//   below Firestore's write rate for a document.
//
// Composite indexes: firebase/firestore.indexes.json (the list, the calendar feed, the collision read).
import { randomUUID } from 'node:crypto';
import {
  FieldValue,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import { BOOKING_PAGE_SIZE } from '@studio/shared/domain';
import type { BookingListQuery, BookingPage, BookingRequest, BookingStatus } from '@studio/shared/domain';
import {
  InvalidCursorError,
  type BookingsStore,
  type ConfirmedDates,
  type DateRange,
  type NewBookingRequest,
} from '../../platform/storage/ports';
import { documentIdOf } from '../../platform/firestore/document-ids';
import { runTransaction } from '../../platform/firestore/transaction';
import { BOOKINGS } from './firestore-collection';
export const BOOKING_KEYS = 'bookingKeys';
export const BOOKINGS_META = 'bookingsMeta';

/** What a booking document holds beside the request's own fields. */
interface StoredFields {
  seq: number;
  manageTokenHash: string | null;
  reminderSentAt: string | null;
  rescheduleDate: string;
  /** Absent from a document stored before the consultation could be moved: read as ''. */
  rescheduleConsultationDate?: string;
  /** The consultation's slot asked for; absent from a document stored before a move named one: read as ''. */
  rescheduleConsultationTime?: string;
  rescheduleTime: string;
  rescheduleRequestedAt: string | null;
  inviteSequence: number;
  lastShootDay: string;
  reminderDay: string;
}

type BookingDoc = Omit<
  BookingRequest,
  'id' | 'rescheduleDate' | 'rescheduleConsultationDate' | 'rescheduleConsultationTime'
> &
  StoredFields;

const CLOSED: readonly BookingStatus[] = ['Declined', 'Cancelled'];

/** The query fields that follow from a booking's dates. */
const datesOf = (b: Pick<BookingRequest, 'date' | 'endDate' | 'consultationDate'>) => ({
  lastShootDay: b.date === '' ? '' : b.endDate || b.date,
  reminderDay: b.date || b.consultationDate,
});

function toBooking(id: string, d: BookingDoc): BookingRequest {
  return {
    id,
    name: d.name,
    email: d.email,
    phone: d.phone,
    serviceId: d.serviceId,
    service: d.service,
    servicePrice: d.servicePrice,
    serviceTier: d.serviceTier,
    serviceTierId: d.serviceTierId,
    paymentSchedule: d.paymentSchedule,
    date: d.date,
    endDate: d.endDate,
    time: d.time,
    consultationDate: d.consultationDate,
    consultationTime: d.consultationTime,
    consultationLocation: d.consultationLocation,
    location: d.location,
    description: d.description,
    smsOptIn: d.smsOptIn,
    status: d.status,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    ...(d.rescheduleDate ? { rescheduleDate: d.rescheduleDate } : {}),
    ...(d.rescheduleConsultationDate ? { rescheduleConsultationDate: d.rescheduleConsultationDate } : {}),
    ...(d.rescheduleConsultationTime ? { rescheduleConsultationTime: d.rescheduleConsultationTime } : {}),
  };
}

const bookingOf = (snap: DocumentSnapshot): BookingRequest => toBooking(snap.id, snap.data() as BookingDoc);

const datesFrom = (d: BookingDoc): ConfirmedDates => ({
  date: d.date,
  endDate: d.endDate,
  time: d.time,
  consultationDate: d.consultationDate,
  consultationTime: d.consultationTime,
});

/**
 * Where a page ends in the list's order (createdAt, then seq, both descending). Given to the client as an opaque
 * string; the leading 'fs' tells it from any other store's cursor, so a cursor this store did not make reads as null.
 */
interface Position {
  createdAt: string;
  seq: number;
}

const encodeCursor = (p: Position) =>
  Buffer.from(JSON.stringify(['fs', p.createdAt, p.seq]), 'utf8').toString('base64url');

function decodeCursor(cursor: string): Position | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [tag, createdAt, seq] = value as unknown[];
    if (tag !== 'fs' || typeof createdAt !== 'string' || !Number.isSafeInteger(seq)) return null;
    return { createdAt, seq: seq as number };
  } catch {
    return null;
  }
}

/**
 * SQLite's lower(): ASCII letters only, so a search matches exactly the rows the SQLite store finds (the needle itself
 * is lower-cased by JavaScript in both, as the SQLite store does before it queries).
 */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

const matchesSearch = (id: string, d: BookingDoc, needle: string) =>
  asciiLower(d.name).includes(needle) ||
  asciiLower(d.email).includes(needle) ||
  asciiLower(id.replaceAll('-', '')).startsWith(needle);

/** How many requests a search reads at a time while it looks for a page of matches. */
const SEARCH_BATCH = 200;

/** Firestore's "no document to update" (gRPC NOT_FOUND). */
const isNotFound = (error: unknown) => (error as { code?: unknown } | null)?.code === 5;

export function createFirestoreBookingsStore(db: Firestore): BookingsStore {
  const bookings = db.collection(BOOKINGS);
  const keys = db.collection(BOOKING_KEYS);
  const meta = db.collection(BOOKINGS_META).doc('order');
  const confirmed = bookings.where('status', '==', 'Confirmed');
  const bookingRef = (id: string) => bookings.doc(documentIdOf(id));

  /**
   * The confirmed bookings holding a day of the range: shoots whose last day is on or after its start and whose first
   * day is on or before its end, and consultations on a day in it; each booking once. Two range queries (Firestore
   * answers a range on two fields with a composite index), read one after the other: in a transaction, a read that
   * Firestore aborts makes the SDK run the transaction again, while a read still in flight beside it would fail with
   * "transaction closed" and not be retried.
   */
  async function confirmedIn(range: DateRange, tx?: Transaction): Promise<ConfirmedDates[]> {
    let shoots: Query = confirmed.where('lastShootDay', '>=', range.from);
    if (range.to !== null) shoots = shoots.where('date', '<=', range.to);
    shoots = shoots.orderBy('lastShootDay').orderBy('date');
    let consultations: Query = confirmed.where('consultationDate', '>=', range.from);
    if (range.to !== null) consultations = consultations.where('consultationDate', '<=', range.to);
    // An open request's consultation slot is held too, not its shoot days: only that slot is taken from it.
    let openSlots: Query = bookings
      .where('status', 'in', ['New', 'Contacted'])
      .where('consultationDate', '>=', range.from);
    if (range.to !== null) openSlots = openSlots.where('consultationDate', '<=', range.to);
    const read = (q: Query) => (tx ? tx.get(q) : q.get());
    const found = new Map<string, ConfirmedDates>();
    for (const doc of (await read(shoots)).docs) {
      const d = doc.data() as BookingDoc;
      // A request without a shoot date has lastShootDay '' and never reaches here when `from` is a date.
      if (d.date !== '') found.set(doc.id, datesFrom(d));
    }
    for (const doc of (await read(consultations)).docs) {
      const d = doc.data() as BookingDoc;
      if (d.consultationDate !== '' && !found.has(doc.id)) found.set(doc.id, datesFrom(d));
    }
    for (const doc of (await read(openSlots)).docs) {
      const d = doc.data() as BookingDoc;
      if (d.consultationTime === '') continue;
      const slot = {
        date: '',
        endDate: '',
        time: '',
        consultationDate: d.consultationDate,
        consultationTime: d.consultationTime,
      };
      found.set(doc.id, slot);
    }
    return [...found.values()];
  }

  /** Runs `change` on the stored booking in a transaction; null when there is none or `change` answers null. */
  const changeBooking = <T>(
    id: string,
    change: (tx: Transaction, d: BookingDoc, ref: DocumentReference) => T | null,
  ): Promise<T | null> =>
    runTransaction(db, async (tx) => {
      const ref = bookingRef(id);
      const snap = await tx.get(ref);
      return snap.exists ? change(tx, snap.data() as BookingDoc, ref) : null;
    });

  const ordered = (status: BookingStatus | undefined): Query => {
    const all: Query = status === undefined ? bookings : bookings.where('status', '==', status);
    return all.orderBy('createdAt', 'desc').orderBy('seq', 'desc');
  };

  return {
    createOnce(request) {
      return runTransaction(db, async (tx) => {
        const keyRef = keys.doc(documentIdOf(request.idempotencyKey));
        const earlier = await tx.get(keyRef);
        if (earlier.exists) {
          const { bookingId, bodyHash } = earlier.data() as { bookingId: string; bodyHash: string | null };
          const stored = await tx.get(bookings.doc(bookingId));
          return { created: false as const, booking: bookingOf(stored), bodyHash };
        }
        const order = await tx.get(meta);
        const seq = ((order.get('seq') as number | undefined) ?? 0) + 1;
        const held = request.range ? await confirmedIn(request.range, tx) : [];
        const { booking, manageTokenHash } = request.decide(held);
        const id = randomUUID();
        tx.set(meta, { seq }, { merge: true });
        const stored = newDoc(booking, seq, manageTokenHash);
        tx.create(bookings.doc(id), stored);
        tx.create(keyRef, { bookingId: id, bodyHash: request.bodyHash, createdAt: booking.createdAt });
        return { created: true as const, booking: toBooking(id, stored) };
      });
    },

    async get(id) {
      const snap = await bookingRef(id).get();
      return snap.exists ? bookingOf(snap) : null;
    },

    async page({ status, cursor, limit = BOOKING_PAGE_SIZE, q }: BookingListQuery = {}): Promise<BookingPage> {
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      if (after === null) throw new InvalidCursorError(cursor);
      const base = ordered(status);
      const from = (p: Position | undefined) => (p ? base.startAfter(p.createdAt, p.seq) : base);
      const needle = q?.trim().toLowerCase();
      let rows: DocumentSnapshot[];
      if (!needle) {
        // One row more than asked says whether there is a next page.
        rows = (
          await from(after)
            .limit(limit + 1)
            .get()
        ).docs;
      } else {
        // Firestore has no substring match: the search reads the list newest first in batches and keeps what the
        // SQLite store's rule keeps, until it has a page and one more. The answers are the SQLite store's; the cost is
        // a read per request scanned (the SQLite store scans too: instr() uses no index).
        rows = [];
        let position = after;
        for (;;) {
          const batch = (await from(position).limit(SEARCH_BATCH).get()).docs;
          for (const doc of batch) {
            if (matchesSearch(doc.id, doc.data() as BookingDoc, needle)) rows.push(doc);
            if (rows.length > limit) break;
          }
          const last = batch.at(-1);
          if (rows.length > limit || batch.length < SEARCH_BATCH || !last) break;
          position = { createdAt: last.get('createdAt') as string, seq: last.get('seq') as number };
        }
      }
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return {
        items: items.map(bookingOf),
        nextCursor:
          rows.length > limit && last
            ? encodeCursor({ createdAt: last.get('createdAt') as string, seq: last.get('seq') as number })
            : null,
      };
    },

    async confirmedBookings() {
      const snap = await confirmed.orderBy('date').orderBy('createdAt').orderBy('seq').limit(5000).get();
      return snap.docs.map(bookingOf);
    },

    confirmedDatesBetween: (range) => confirmedIn(range),

    async summary() {
      const snap = await bookings.where('status', '==', 'New').count().get();
      return { new: snap.data().count };
    },

    async count() {
      return (await bookings.count().get()).data().count;
    },

    updateStatus(id, status, at) {
      return changeBooking(id, (tx, d, ref) => {
        tx.update(ref, { status, updatedAt: at });
        // A confirmation holds days: it must be ordered against a new request's read of what is held (see above).
        if (status === 'Confirmed') tx.set(meta, { confirmations: FieldValue.increment(1) }, { merge: true });
        return toBooking(id, { ...d, status, updatedAt: at });
      });
    },

    async nextInviteSequence(id) {
      const next = await changeBooking(id, (tx, d, ref) => {
        const n = (d.inviteSequence ?? 0) + 1;
        tx.update(ref, { inviteSequence: n });
        return n;
      });
      return next ?? 0;
    },

    async inviteSequence(id) {
      const snap = await bookingRef(id).get();
      return snap.exists ? ((snap.get('inviteSequence') as number | undefined) ?? 0) : 0;
    },

    async findByManageTokenHash(tokenHash) {
      const snap = await bookings.where('manageTokenHash', '==', tokenHash).limit(1).get();
      const doc = snap.docs[0];
      return doc ? bookingOf(doc) : null;
    },

    async cancelByClient(id, at) {
      const done = await changeBooking(id, (tx, d, ref) => {
        if (CLOSED.includes(d.status)) return null;
        tx.update(ref, { status: 'Cancelled', updatedAt: at });
        return true;
      });
      return done ?? false;
    },

    async requestReschedule(id, date, at, part = 'shoot', time = '') {
      const done = await changeBooking(id, (tx, d, ref) => {
        if (CLOSED.includes(d.status)) return null;
        const asked =
          part === 'consultation'
            ? { rescheduleConsultationDate: date, rescheduleConsultationTime: time }
            : { rescheduleDate: date };
        tx.update(ref, { ...asked, rescheduleRequestedAt: at, updatedAt: at });
        return true;
      });
      return done ?? false;
    },

    // The check reads what holds the asked-for day in the same transaction, and the order document too: a new
    // request (createOnce writes it) or another acceptance racing for that slot conflicts here and runs again.
    acceptReschedule(id, at, check) {
      return runTransaction(db, async (tx) => {
        const ref = bookingRef(id);
        const snap = await tx.get(ref);
        if (!snap.exists) return null;
        const d = snap.data() as BookingDoc;
        const consultation = d.rescheduleConsultationDate ?? '';
        if ((d.rescheduleDate === '' && consultation === '') || CLOSED.includes(d.status)) return null;
        if (check) {
          await tx.get(meta);
          check(toBooking(id, d), consultation ? await confirmedIn({ from: consultation, to: consultation }, tx) : []);
        }
        const slot = d.rescheduleConsultationTime ?? '';
        const moved: BookingDoc = {
          ...d,
          ...(d.rescheduleDate !== '' ? { date: d.rescheduleDate, endDate: '', time: d.rescheduleTime } : {}),
          ...(consultation !== '' ? { consultationDate: consultation, consultationTime: slot } : {}),
          rescheduleDate: '',
          rescheduleConsultationDate: '',
          rescheduleConsultationTime: '',
          rescheduleTime: '',
          rescheduleRequestedAt: null,
          reminderSentAt: null,
          updatedAt: at,
        };
        const changed = { ...moved, ...datesOf(moved) };
        tx.set(ref, changed);
        // A confirmed booking now holds another day, an open one another slot: ordered against new requests as a
        // confirmation is.
        if (d.status === 'Confirmed' || slot !== '')
          tx.set(meta, { confirmations: FieldValue.increment(1) }, { merge: true });
        return toBooking(id, changed);
      });
    },

    async dueForReminder(day) {
      // Equalities only: Firestore merges the single-field indexes, no composite index is needed. The phone and the
      // order are applied here, on the few bookings of one day.
      const snap = await confirmed
        .where('reminderDay', '==', day)
        .where('smsOptIn', '==', true)
        .where('reminderSentAt', '==', null)
        .get();
      return snap.docs
        .filter((doc) => (doc.get('phone') as string) !== '')
        .sort((a, b) => {
          const [ca, cb] = [a.get('createdAt') as string, b.get('createdAt') as string];
          return ca < cb ? -1 : ca > cb ? 1 : (a.get('seq') as number) - (b.get('seq') as number);
        })
        .map(bookingOf);
    },

    async claimReminder(id, at) {
      const done = await changeBooking(id, (tx, d, ref) => {
        if (d.reminderSentAt !== null) return null;
        tx.update(ref, { reminderSentAt: at });
        return true;
      });
      return done ?? false;
    },

    async releaseReminder(id) {
      try {
        await bookingRef(id).update({ reminderSentAt: null });
      } catch (error) {
        // No such request: nothing to release, as the SQLite UPDATE changes no row.
        if (!isNotFound(error)) throw error;
      }
    },
  };
}

/**
 * The document of a new request: its fields named one by one (Firestore refuses an undefined value, and nothing the
 * caller's object carries beside the request is stored), rescheduleDate '' as the SQLite insert leaves it.
 */
function newDoc(b: NewBookingRequest, seq: number, manageTokenHash: string | null): BookingDoc {
  return {
    name: b.name,
    email: b.email,
    phone: b.phone,
    serviceId: b.serviceId,
    service: b.service,
    servicePrice: b.servicePrice,
    serviceTier: b.serviceTier,
    serviceTierId: b.serviceTierId,
    paymentSchedule: b.paymentSchedule,
    date: b.date,
    endDate: b.endDate,
    time: b.time,
    consultationDate: b.consultationDate,
    consultationTime: b.consultationTime,
    consultationLocation: b.consultationLocation,
    location: b.location,
    description: b.description,
    smsOptIn: b.smsOptIn,
    status: b.status,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
    seq,
    manageTokenHash,
    reminderSentAt: null,
    rescheduleDate: '',
    rescheduleConsultationDate: '',
    rescheduleConsultationTime: '',
    rescheduleTime: '',
    rescheduleRequestedAt: null,
    inviteSequence: 0,
    ...datesOf(b),
  };
}
