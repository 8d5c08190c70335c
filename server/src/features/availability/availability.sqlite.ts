// Availability periods, unavailable ranges, time slots and her weekly consultation slots. The public view never carries notes or reasons.
import { randomUUID } from 'node:crypto';
import type {
  AdminAvailability,
  AvailabilityPeriodInput,
  PublicAvailability,
  TimeSlotInput,
  UnavailableRangeInput,
  WeeklySlot,
  WeeklySlotInput,
} from '@studio/shared/domain';
import type { Db } from '../../platform/sqlite/database';
import type { AvailabilityStore } from './availability-store';

export interface AvailabilityWrites {
  addPeriod(input: AvailabilityPeriodInput, now: string): string;
  addUnavailable(input: UnavailableRangeInput, now: string): string;
  addSlot(input: TimeSlotInput, now: string): string;
}

export function createAvailabilityRepository(db: Db): AvailabilityStore & { writes: AvailabilityWrites } {
  const publicPeriods = db.prepare(
    'SELECT id, start_date AS startDate, end_date AS endDate, is_available AS isAvailable FROM availability_periods ORDER BY start_date, id',
  );
  const publicUnavailable = db.prepare(
    'SELECT id, start_date AS startDate, end_date AS endDate FROM unavailable_ranges ORDER BY start_date, id',
  );
  const publicSlots = db.prepare(
    'SELECT id, date, start_time AS startTime, end_time AS endTime, is_available AS isAvailable FROM time_slots ORDER BY date, start_time, id',
  );
  const adminPeriods = db.prepare(
    `SELECT id, start_date AS startDate, end_date AS endDate, is_available AS isAvailable, notes,
       created_at AS createdAt, updated_at AS updatedAt FROM availability_periods ORDER BY start_date, id`,
  );
  const adminUnavailable = db.prepare(
    'SELECT id, start_date AS startDate, end_date AS endDate, reason, created_at AS createdAt FROM unavailable_ranges ORDER BY start_date, id',
  );
  const adminSlots = db.prepare(
    `SELECT id, date, start_time AS startTime, end_time AS endTime, is_available AS isAvailable, notes,
       created_at AS createdAt FROM time_slots ORDER BY date, start_time, id`,
  );
  const weeklySlots = db.prepare(
    'SELECT id, weekday, start_time AS startTime, end_time AS endTime FROM weekly_slots ORDER BY weekday, start_time, id',
  );
  const clearWeekly = db.prepare('DELETE FROM weekly_slots');
  const insertWeekly = db.prepare(
    'INSERT INTO weekly_slots (id, weekday, start_time, end_time, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  // Her hours are replaced as a whole: a booking form never reads half of the old week and half of the new.
  const replaceWeekly = db.transaction((slots: readonly WeeklySlotInput[], now: string) => {
    clearWeekly.run();
    for (const slot of slots) insertWeekly.run(randomUUID(), slot.weekday, slot.startTime, slot.endTime, now);
  });
  const insertPeriod = db.prepare(
    'INSERT INTO availability_periods (id, start_date, end_date, is_available, notes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertUnavailable = db.prepare(
    'INSERT INTO unavailable_ranges (id, start_date, end_date, reason, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertSlot = db.prepare(
    'INSERT INTO time_slots (id, date, start_time, end_time, is_available, notes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const deleteFrom = {
    periods: db.prepare('DELETE FROM availability_periods WHERE id = ?'),
    unavailable: db.prepare('DELETE FROM unavailable_ranges WHERE id = ?'),
    slots: db.prepare('DELETE FROM time_slots WHERE id = ?'),
  };

  const bool = <T extends { isAvailable: number | boolean }>(r: T) => ({
    ...r,
    isAvailable: r.isAvailable === 1 || r.isAvailable === true,
  });

  const addPeriod = (input: AvailabilityPeriodInput, now: string): string => {
    const id = randomUUID();
    insertPeriod.run(id, input.startDate, input.endDate, input.isAvailable ? 1 : 0, input.notes, now, now);
    return id;
  };
  const addUnavailable = (input: UnavailableRangeInput, now: string): string => {
    const id = randomUUID();
    insertUnavailable.run(id, input.startDate, input.endDate, input.reason, now);
    return id;
  };
  const addSlot = (input: TimeSlotInput, now: string): string => {
    const id = randomUUID();
    insertSlot.run(id, input.date, input.startTime, input.endTime, input.isAvailable ? 1 : 0, input.notes, now);
    return id;
  };

  return {
    /** The same writes, synchronous, for the seed's own transaction (sqlite-storage.ts). */
    writes: { addPeriod, addUnavailable, addSlot },
    async getPublic(): Promise<Omit<PublicAvailability, 'booked' | 'minNoticeDays'>> {
      return {
        periods: (publicPeriods.all() as Array<PublicAvailability['periods'][number] & { isAvailable: number }>).map(
          bool,
        ),
        unavailable: publicUnavailable.all() as PublicAvailability['unavailable'],
        slots: (publicSlots.all() as Array<PublicAvailability['slots'][number] & { isAvailable: number }>).map(bool),
        weekly: weeklySlots.all() as WeeklySlot[],
      };
    },
    async getAdmin(): Promise<AdminAvailability> {
      return {
        periods: (adminPeriods.all() as Array<AdminAvailability['periods'][number] & { isAvailable: number }>).map(
          bool,
        ),
        unavailable: adminUnavailable.all() as AdminAvailability['unavailable'],
        slots: (adminSlots.all() as Array<AdminAvailability['slots'][number] & { isAvailable: number }>).map(bool),
        weekly: weeklySlots.all() as WeeklySlot[],
      };
    },
    addPeriod: async (input, now) => addPeriod(input, now),
    addUnavailable: async (input, now) => addUnavailable(input, now),
    addSlot: async (input, now) => addSlot(input, now),
    async replaceWeekly(slots, now) {
      replaceWeekly(slots, now);
    },
    /** Returns false when nothing had that id. */
    async delete(kind: keyof typeof deleteFrom, id: string): Promise<boolean> {
      return deleteFrom[kind].run(id).changes > 0;
    },
  };
}

export type AvailabilityRepository = AvailabilityStore;
