// Availability periods, unavailable ranges and time slots: the public view (dates and times only) and the admin's
// writes and live view (with notes and reasons).
import type { AdminAvailability, PublicAvailability } from '../../domain/types';
import { availabilityPeriodInputSchema, timeSlotInputSchema, unavailableRangeInputSchema } from '../../schemas';
import { BackendError, type AvailabilityPort } from '../port';
import type { MemorySession } from './memory-session';
import { copy, parseOrThrow, type MemoryClock } from './memory-support';

export const ITEM_NOT_FOUND = 'Not found';

function removeById<T extends { id: string }>(list: T[], id: string) {
  const index = list.findIndex((item) => item.id === id);
  if (index < 0) throw new BackendError('not-found', ITEM_NOT_FOUND, { status: 404 });
  list.splice(index, 1);
}

export function createMemoryAvailability(
  seed: AdminAvailability | undefined,
  clock: MemoryClock,
  session: MemorySession,
): { port: AvailabilityPort; publicView(): PublicAvailability } {
  const availability: AdminAvailability = copy(seed ?? { periods: [], unavailable: [], slots: [] });

  // The server's order: by start date (or date and start time), then by insertion.
  const adminView = (): AdminAvailability =>
    copy({
      periods: [...availability.periods].sort((a, b) => a.startDate.localeCompare(b.startDate)),
      unavailable: [...availability.unavailable].sort((a, b) => a.startDate.localeCompare(b.startDate)),
      slots: [...availability.slots].sort(
        (a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime),
      ),
    });

  const publicView = (): PublicAvailability => {
    const full = adminView();
    return {
      periods: full.periods.map(({ id, startDate, endDate, isAvailable }) => ({ id, startDate, endDate, isAvailable })),
      unavailable: full.unavailable.map(({ id, startDate, endDate }) => ({ id, startDate, endDate })),
      slots: full.slots.map(({ id, date, startTime, endTime, isAvailable }) => ({
        id,
        date,
        startTime,
        endTime,
        isAvailable,
      })),
    };
  };

  const live = session.channel(adminView);

  return {
    publicView,
    port: {
      getPublic: async () => publicView(),

      subscribe: live.subscribe,

      addPeriod: async (input) => {
        session.requireAdmin();
        const data = parseOrThrow(availabilityPeriodInputSchema, input);
        const at = clock.timestamp();
        availability.periods.push({ id: clock.newId('period'), ...data, createdAt: at, updatedAt: at });
        live.emit();
      },
      deletePeriod: async (id) => {
        session.requireAdmin();
        removeById(availability.periods, id);
        live.emit();
      },
      addUnavailable: async (input) => {
        session.requireAdmin();
        const data = parseOrThrow(unavailableRangeInputSchema, input);
        availability.unavailable.push({ id: clock.newId('unavailable'), ...data, createdAt: clock.timestamp() });
        live.emit();
      },
      deleteUnavailable: async (id) => {
        session.requireAdmin();
        removeById(availability.unavailable, id);
        live.emit();
      },
      addSlot: async (input) => {
        session.requireAdmin();
        const data = parseOrThrow(timeSlotInputSchema, input);
        availability.slots.push({ id: clock.newId('slot'), ...data, createdAt: clock.timestamp() });
        live.emit();
      },
      deleteSlot: async (id) => {
        session.requireAdmin();
        removeById(availability.slots, id);
        live.emit();
      },
    },
  };
}
