// Booking requests in Firestore (the Firebase home's BookingsStore, bookings-store.ts), with the Admin SDK.
//
// Documents:
// - bookings/{id}: the request's own fields, plus what the SQLite row keeps beside them (manageTokenHash,
//   reminderSentAt, rescheduleTime, rescheduleRequestedAt, inviteSequence) and three fields kept only to be queried:
//   `seq` (the order of storing: SQLite's rowid, which breaks ties between requests created in the same millisecond),
//   `lastShootDay` (endDate, or date for a one-day shoot; '' without a date) and `reminderDay` (date, or the
//   consultation date without one). Every write that changes a date rewrites them (datesOf). The document's shape
//   and its conversions: booking-document.firestore.ts; the admin's paged and searched list: booking-list.firestore.ts.
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
  type Firestore,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import type { BookingsStore, ConfirmedDates, DateRange } from './bookings-store';
import { documentIdOf } from '../../platform/firestore/document-ids';
import { runTransaction } from '../../platform/firestore/transaction';
import { BOOKINGS } from './firestore-collection';
import { bookingOf, datesFrom, datesOf, newDoc, toBooking, type BookingDoc } from './booking-document.firestore';
import { bookingPage } from './booking-list.firestore';
import { CLOSED_STATUSES } from '@studio/shared/domain/lifecycle';
import { mailToSendInTransaction, withFreshMailIds } from '../messaging';
export const BOOKING_KEYS = 'bookingKeys';
export const BOOKINGS_META = 'bookingsMeta';

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

  return {
    createOnce(request) {
      return withFreshMailIds(() =>
        runTransaction(db, async (tx) => {
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
          const stored = newDoc(booking, seq, manageTokenHash);
          const created = toBooking(id, stored);
          tx.set(meta, { seq }, { merge: true });
          tx.create(bookings.doc(id), stored);
          tx.create(keyRef, { bookingId: id, bodyHash: request.bodyHash, createdAt: booking.createdAt });
          // The request's mails are created in this same transaction: both commit, or neither.
          mailToSendInTransaction(tx, db, request.mails?.(created) ?? [], booking.createdAt);
          return { created: true as const, booking: created };
        }),
      );
    },

    async get(id) {
      const snap = await bookingRef(id).get();
      return snap.exists ? bookingOf(snap) : null;
    },

    page: (query) => bookingPage(bookings, query),

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
        if (CLOSED_STATUSES.includes(d.status)) return null;
        tx.update(ref, { status: 'Cancelled', updatedAt: at });
        return true;
      });
      return done ?? false;
    },

    async requestReschedule(id, date, at, part = 'shoot', time = '') {
      const done = await changeBooking(id, (tx, d, ref) => {
        if (CLOSED_STATUSES.includes(d.status)) return null;
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
        if ((d.rescheduleDate === '' && consultation === '') || CLOSED_STATUSES.includes(d.status)) return null;
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
