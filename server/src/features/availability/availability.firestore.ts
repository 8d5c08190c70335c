// Availability periods, unavailable ranges and time slots in Firestore (the Firebase home's AvailabilityStore,
// availability-store.ts). One collection per kind, one document per entry under its random id, holding the entry's
// fields as the SQLite row does (isAvailable a boolean). The public view reads only the fields a visitor may see
// (select()), never notes or reasons.
//
// Each view reads its collections whole (every entry is shown at once), so they are ordered here, as the SQLite
// queries order them (by date, then start time for slots, then id), with a plain code-unit comparison: the dates,
// times and ids are ASCII, where it agrees with SQLite's binary collation. No composite index is needed.
import { randomUUID } from 'node:crypto';
import type { CollectionReference, Firestore, Transaction } from 'firebase-admin/firestore';
import type {
  AdminAvailability,
  AvailabilityPeriod,
  AvailabilityPeriodInput,
  PublicAvailability,
  TimeSlot,
  TimeSlotInput,
  UnavailableRange,
  UnavailableRangeInput,
  WeeklySlot,
} from '@studio/shared/domain';
import type { AvailabilityKind, AvailabilityStore } from './availability-store';
import { documentIdOf } from '../../platform/firestore/document-ids';
import { runTransaction } from '../../platform/firestore/transaction';

export const AVAILABILITY_COLLECTIONS: Readonly<Record<AvailabilityKind, string>> = {
  periods: 'availabilityPeriods',
  unavailable: 'unavailableRanges',
  slots: 'timeSlots',
};

/** Her weekly consultation slots: one document each, replaced as a whole in one transaction. */
export const WEEKLY_SLOTS = 'weeklySlots';

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Orders by each key in turn, then by id. */
const sortBy =
  <T extends { id: string }>(...keys: Array<(t: T) => string>) =>
  (a: T, b: T) => {
    for (const key of keys) {
      const c = compare(key(a), key(b));
      if (c !== 0) return c;
    }
    return compare(a.id, b.id);
  };

const byStart = sortBy<{ id: string; startDate: string }>((e) => e.startDate);
const bySlot = sortBy<{ id: string; date: string; startTime: string }>(
  (s) => s.date,
  (s) => s.startTime,
);

const byWeekday = (a: WeeklySlot, b: WeeklySlot) =>
  a.weekday - b.weekday || compare(a.startTime, b.startTime) || compare(a.id, b.id);

const periodDocOf = (input: AvailabilityPeriodInput, at: string) => ({
  startDate: input.startDate,
  endDate: input.endDate,
  isAvailable: input.isAvailable,
  notes: input.notes,
  createdAt: at,
  updatedAt: at,
});

const unavailableDocOf = (input: UnavailableRangeInput, at: string) => ({
  startDate: input.startDate,
  endDate: input.endDate,
  reason: input.reason,
  createdAt: at,
});

const slotDocOf = (input: TimeSlotInput, at: string) => ({
  date: input.date,
  startTime: input.startTime,
  endTime: input.endTime,
  isAvailable: input.isAvailable,
  notes: input.notes,
  createdAt: at,
});

/** The availability's writes inside a transaction of the caller's (the storage's seedIfEmpty, storage.ts). */
export function availabilitySeedWrites(db: Firestore) {
  const add = (tx: Transaction, kind: AvailabilityKind, doc: object) =>
    tx.create(db.collection(AVAILABILITY_COLLECTIONS[kind]).doc(randomUUID()), doc);
  return {
    addPeriod: (tx: Transaction, input: AvailabilityPeriodInput, at: string) =>
      add(tx, 'periods', periodDocOf(input, at)),
    addUnavailable: (tx: Transaction, input: UnavailableRangeInput, at: string) =>
      add(tx, 'unavailable', unavailableDocOf(input, at)),
    addSlot: (tx: Transaction, input: TimeSlotInput, at: string) => add(tx, 'slots', slotDocOf(input, at)),
  };
}

export function createFirestoreAvailabilityStore(db: Firestore): AvailabilityStore {
  const periods = db.collection(AVAILABILITY_COLLECTIONS.periods);
  const unavailable = db.collection(AVAILABILITY_COLLECTIONS.unavailable);
  const slots = db.collection(AVAILABILITY_COLLECTIONS.slots);
  const weekly = db.collection(WEEKLY_SLOTS);
  const weeklyFields = ['weekday', 'startTime', 'endTime'] as const;

  /** Every entry of the collection with these fields (and its id). */
  const all = async <T extends { id: string }>(
    collection: CollectionReference,
    fields: ReadonlyArray<Exclude<keyof T, 'id'> & string>,
  ): Promise<T[]> => {
    const snap = await collection.select(...fields).get();
    return snap.docs.map((doc) => {
      const entry: Record<string, unknown> = { id: doc.id };
      for (const field of fields) entry[field] = doc.get(field);
      return entry as T;
    });
  };

  return {
    async getPublic(): Promise<Omit<PublicAvailability, 'booked' | 'minNoticeDays'>> {
      // One after the other: three small reads, and the two cores are shared.
      const p = await all<PublicAvailability['periods'][number]>(periods, ['startDate', 'endDate', 'isAvailable']);
      const u = await all<PublicAvailability['unavailable'][number]>(unavailable, ['startDate', 'endDate']);
      const s = await all<PublicAvailability['slots'][number]>(slots, ['date', 'startTime', 'endTime', 'isAvailable']);
      const w = await all<WeeklySlot>(weekly, weeklyFields);
      return {
        periods: p.sort(byStart),
        unavailable: u.sort(byStart),
        slots: s.sort(bySlot),
        weekly: w.sort(byWeekday),
      };
    },

    async getAdmin(): Promise<AdminAvailability> {
      const p = await all<AvailabilityPeriod>(periods, [
        'startDate',
        'endDate',
        'isAvailable',
        'notes',
        'createdAt',
        'updatedAt',
      ]);
      const u = await all<UnavailableRange>(unavailable, ['startDate', 'endDate', 'reason', 'createdAt']);
      const s = await all<TimeSlot>(slots, ['date', 'startTime', 'endTime', 'isAvailable', 'notes', 'createdAt']);
      const w = await all<WeeklySlot>(weekly, weeklyFields);
      return {
        periods: p.sort(byStart),
        unavailable: u.sort(byStart),
        slots: s.sort(bySlot),
        weekly: w.sort(byWeekday),
      };
    },

    async addPeriod(input, at) {
      const id = randomUUID();
      await periods.doc(id).create(periodDocOf(input, at));
      return id;
    },

    async addUnavailable(input, at) {
      const id = randomUUID();
      await unavailable.doc(id).create(unavailableDocOf(input, at));
      return id;
    },

    async addSlot(input, at) {
      const id = randomUUID();
      await slots.doc(id).create(slotDocOf(input, at));
      return id;
    },

    async replaceWeekly(input, at) {
      // Read and write in one transaction: two saves at once leave one of the two weeks, never a mix of both.
      await runTransaction(db, async (tx) => {
        const old = await tx.get(weekly);
        for (const doc of old.docs) tx.delete(doc.ref);
        for (const slot of input) {
          tx.create(weekly.doc(randomUUID()), {
            weekday: slot.weekday,
            startTime: slot.startTime,
            endTime: slot.endTime,
            createdAt: at,
          });
        }
      });
    },

    delete(kind, id) {
      // Read and delete in one transaction, so the answer says whether this call removed it.
      const ref = db.collection(AVAILABILITY_COLLECTIONS[kind]).doc(documentIdOf(id));
      return runTransaction(db, async (tx) => {
        const snap = await tx.get(ref);
        if (!snap.exists) return false;
        tx.delete(ref);
        return true;
      });
    },
  };
}
