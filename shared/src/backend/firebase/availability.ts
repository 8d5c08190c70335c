// Availability (docs/product.md §5, §7): visitors read the dates and times with firestore/lite; the admin follows
// them live with the notes and reasons, and writes each entry as two documents in one batch: the public part and
// its note or reason in availabilityNotes, which only the admin may read (Firestore rules cannot hide single fields).
import {
  collection,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  where,
  writeBatch,
  type DocumentData,
} from 'firebase/firestore/lite';
import type { AdminAvailability, PublicAvailability } from '../../domain/types';
import { BackendError, type AvailabilityPort } from '../port';
import { byStart, bySlot, isoOf, publicPeriod, publicRange, publicSlot, str } from './documents';
import { mapped, toBackendError } from './errors';
import type { FirebaseContext } from './firebase-context';
import { live } from './live';
import { COLLECTIONS, NOTES_COLLECTION, noteDocId, type AvailabilityCollection } from './paths';

// Schemas (zod) are needed for writes only: a lazy chunk, not the first load.
const validation = () => import('./validation');

export type FirebaseAvailabilityPort = AvailabilityPort & {
  /** The time slots of one date (docs/product.md §7: timeSlots where date == value). */
  getSlotsOn(date: string): Promise<PublicAvailability['slots']>;
};

export async function getPublicAvailability(ctx: FirebaseContext): Promise<PublicAvailability> {
  const [periods, unavailable, slots] = await Promise.all([
    getDocs(collection(ctx.db(), COLLECTIONS.periods)),
    getDocs(collection(ctx.db(), COLLECTIONS.unavailable)),
    getDocs(collection(ctx.db(), COLLECTIONS.slots)),
  ]);
  return {
    periods: periods.docs.map((d) => publicPeriod(d.id, d.data())).sort(byStart),
    unavailable: unavailable.docs.map((d) => publicRange(d.id, d.data())).sort(byStart),
    slots: slots.docs.map((d) => publicSlot(d.id, d.data())).sort(bySlot),
  };
}

export function createAvailabilityPort(ctx: FirebaseContext): FirebaseAvailabilityPort {
  const subscribe: AvailabilityPort['subscribe'] = (onChange, onError) =>
    live(
      ctx,
      (fs, full) => {
        const latest: Partial<
          Record<AvailabilityCollection | typeof NOTES_COLLECTION, Array<{ id: string; data: DocumentData }>>
        > = {};
        const names = [COLLECTIONS.periods, COLLECTIONS.unavailable, COLLECTIONS.slots, NOTES_COLLECTION] as const;
        const emit = () => {
          const { availabilityPeriods, unavailableDays, timeSlots, availabilityNotes } = latest;
          // One answer once every collection has spoken, so the dashboard never shows a partial picture.
          if (!availabilityPeriods || !unavailableDays || !timeSlots || !availabilityNotes) return;
          const notes = new Map(availabilityNotes.map((n) => [n.id, str(n.data.text)]));
          const at = (d: DocumentData, key: string) => isoOf(d[key], () => ctx.now().toISOString());
          const value: AdminAvailability = {
            periods: availabilityPeriods
              .map(({ id, data }) => ({
                ...publicPeriod(id, data),
                notes: notes.get(noteDocId(COLLECTIONS.periods, id)) ?? '',
                createdAt: at(data, 'createdAt'),
                updatedAt: at(data, 'updatedAt'),
              }))
              .sort(byStart),
            unavailable: unavailableDays
              .map(({ id, data }) => ({
                ...publicRange(id, data),
                reason: notes.get(noteDocId(COLLECTIONS.unavailable, id)) ?? '',
                createdAt: at(data, 'createdAt'),
              }))
              .sort(byStart),
            slots: timeSlots
              .map(({ id, data }) => ({
                ...publicSlot(id, data),
                notes: notes.get(noteDocId(COLLECTIONS.slots, id)) ?? '',
                createdAt: at(data, 'createdAt'),
              }))
              .sort(bySlot),
          };
          onChange(value);
        };
        const stops = names.map((name) =>
          fs.onSnapshot(
            fs.collection(full, name),
            (snap) => {
              latest[name] = snap.docs.map((d) => ({ id: d.id, data: d.data({ serverTimestamps: 'estimate' }) }));
              emit();
            },
            (error) => onError(toBackendError(error)),
          ),
        );
        return () => stops.forEach((stop) => stop());
      },
      onError,
    );

  async function add(name: AvailabilityCollection, fields: Record<string, unknown>, note: string) {
    const db = ctx.db();
    const batch = writeBatch(db);
    const ref = doc(collection(db, name));
    const stamps =
      name === COLLECTIONS.periods
        ? { createdAt: serverTimestamp(), updatedAt: serverTimestamp() }
        : { createdAt: serverTimestamp() };
    batch.set(ref, { ...fields, ...stamps });
    batch.set(doc(db, NOTES_COLLECTION, noteDocId(name, ref.id)), { text: note });
    await batch.commit();
  }

  async function remove(name: AvailabilityCollection, id: string) {
    const db = ctx.db();
    const ref = doc(db, name, id);
    if (!(await getDoc(ref)).exists()) throw new BackendError('not-found', 'Not found', { status: 404 });
    const batch = writeBatch(db);
    batch.delete(ref);
    batch.delete(doc(db, NOTES_COLLECTION, noteDocId(name, id)));
    await batch.commit();
  }

  return {
    getPublic: () => mapped(() => getPublicAvailability(ctx)),
    getSlotsOn: (date) =>
      mapped(async () => {
        const snap = await getDocs(query(collection(ctx.db(), COLLECTIONS.slots), where('date', '==', date)));
        return snap.docs.map((d) => publicSlot(d.id, d.data())).sort(bySlot);
      }),
    subscribe,
    addPeriod: (input) =>
      mapped(async () => {
        const { parseOrThrow, availabilityPeriodInputSchema } = await validation();
        const { notes, ...fields } = parseOrThrow(availabilityPeriodInputSchema, input);
        await add(COLLECTIONS.periods, fields, notes);
      }),
    deletePeriod: (id) => mapped(() => remove(COLLECTIONS.periods, id)),
    addUnavailable: (input) =>
      mapped(async () => {
        const { parseOrThrow, unavailableRangeInputSchema } = await validation();
        const { reason, ...fields } = parseOrThrow(unavailableRangeInputSchema, input);
        await add(COLLECTIONS.unavailable, fields, reason);
      }),
    deleteUnavailable: (id) => mapped(() => remove(COLLECTIONS.unavailable, id)),
    addSlot: (input) =>
      mapped(async () => {
        const { parseOrThrow, timeSlotInputSchema } = await validation();
        const { notes, ...fields } = parseOrThrow(timeSlotInputSchema, input);
        await add(COLLECTIONS.slots, fields, notes);
      }),
    deleteSlot: (id) => mapped(() => remove(COLLECTIONS.slots, id)),
  };
}
