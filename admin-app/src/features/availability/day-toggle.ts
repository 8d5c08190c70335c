// Tapping a day on her calendar blocks or frees it. Blocking adds an unavailable range of that one day;
// freeing takes the day out of every unavailable range that covers it, a longer range kept on either side of it.
// The pieces are added before the old range is deleted, so a write that fails midway leaves the day blocked, never
// freed by accident.
import { addCalendarDays, type AdminAvailability, type IsoDate } from '@studio/shared/domain';
import type { UnavailableRangeInput } from '@studio/shared/domain';

export interface DayWrites {
  addUnavailable(input: UnavailableRangeInput): Promise<unknown>;
  deleteUnavailable(id: string): Promise<unknown>;
}

/** Whether a tap may free the day: an unavailable range is what blocks it. */
export const blockedByRange = (date: IsoDate, availability: AdminAvailability) =>
  availability.unavailable.some((r) => r.startDate <= date && date <= r.endDate);

export async function blockDay(date: IsoDate, writes: DayWrites): Promise<void> {
  await writes.addUnavailable({ startDate: date, endDate: date, reason: '' });
}

export async function freeDay(date: IsoDate, availability: AdminAvailability, writes: DayWrites): Promise<void> {
  for (const range of availability.unavailable.filter((r) => r.startDate <= date && date <= r.endDate)) {
    if (range.startDate < date)
      await writes.addUnavailable({
        startDate: range.startDate,
        endDate: addCalendarDays(date, -1),
        reason: range.reason,
      });
    if (date < range.endDate)
      await writes.addUnavailable({
        startDate: addCalendarDays(date, 1),
        endDate: range.endDate,
        reason: range.reason,
      });
    await writes.deleteUnavailable(range.id);
  }
}
