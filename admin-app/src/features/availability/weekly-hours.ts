// Her weekly consultation hours as the editor shows them: per weekday, open or not, from and to, and one
// slot length for the week; saved as the slots they split into (weeklySlotsInputSchema), read back the same way.
import type { WeeklySlot, WeeklySlotInput } from '@studio/shared/domain';

export interface DayHours {
  open: boolean;
  from: string;
  to: string;
}

export interface WeekHours {
  /** Index 0 is Sunday, as Date.getDay and the stored weekday. */
  days: DayHours[];
  minutes: number;
}

export const SLOT_LENGTHS = [30, 45, 60, 90, 120] as const;
const DEFAULT_DAY: DayHours = { open: false, from: '10:00', to: '18:00' };

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The slots from `from` to `to`, each `minutes` long, back to back; a last piece shorter than a slot is left out. */
export function slotsBetween(from: string, to: string, minutes: number): Array<{ startTime: string; endTime: string }> {
  const out: Array<{ startTime: string; endTime: string }> = [];
  if (!/^\d\d:\d\d$/.test(from) || !/^\d\d:\d\d$/.test(to) || minutes <= 0) return out;
  for (let start = toMinutes(from); start + minutes <= toMinutes(to); start += minutes) {
    out.push({ startTime: toTime(start), endTime: toTime(start + minutes) });
  }
  return out;
}

/** What the editor saves: every open day's slots. */
export function slotsOfWeek(week: WeekHours): WeeklySlotInput[] {
  return week.days.flatMap((day, weekday) =>
    day.open ? slotsBetween(day.from, day.to, week.minutes).map((s) => ({ weekday, ...s })) : [],
  );
}

/**
 * The stored slots as hours: a day is open from its first slot's start to its last slot's end; the length is the
 * first slot's (the editor writes one length for the week).
 */
export function weekOfSlots(slots: readonly WeeklySlot[]): WeekHours {
  const days = Array.from({ length: 7 }, (_, weekday) => {
    const own = slots.filter((s) => s.weekday === weekday);
    const first = own[0];
    const last = own.at(-1);
    return first && last ? { open: true, from: first.startTime, to: last.endTime } : { ...DEFAULT_DAY };
  });
  const first = slots[0];
  const minutes = first ? toMinutes(first.endTime) - toMinutes(first.startTime) : 60;
  return { days, minutes };
}
