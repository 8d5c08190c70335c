// Date availability (docs/product.md §5 booking form). Dates are calendar dates ('YYYY-MM-DD'): they are compared as strings and
// shifted through date-fns in local time, so no time zone can move a date to the day before or after.
import { addDays, format, isValid, parseISO } from 'date-fns';
import { unavailableDatesMessage } from '../messages';
import { MIN_NOTICE_DAYS_DEFAULT, NEXT_AVAILABLE_SEARCH_DAYS } from './constants';
import type { PublicAvailability } from './availability-types';
import type { IsoDate } from './date-types';

export { unavailableDatesMessage };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value) && isValid(parseISO(value)) && format(parseISO(value), 'yyyy-MM-dd') === value;
}

/** The calendar date `days` after `date` (negative goes back). Throws a RangeError for a date that is not real. */
export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  // parseISO reads a date-only string as local midnight and addDays moves by calendar days, across DST too.
  return format(addDays(parseISO(date), days), 'yyyy-MM-dd');
}

const covers = (range: { startDate: IsoDate; endDate: IsoDate }, date: IsoDate) =>
  range.startDate <= date && date <= range.endDate;

type Slot = PublicAvailability['slots'][number];

/** How a slot is named in a booking and on screen: 'HH:MM-HH:MM'. */
export const slotTime = (slot: Pick<Slot, 'startTime' | 'endTime'>) => `${slot.startTime}-${slot.endTime}`;

/**
 * The same availability looked at for a consultation: a day without slots of its own then offers her
 * weekly consultation hours. Every function below takes it where it takes availability.
 */
export const consultationView = (availability: PublicAvailability): PublicAvailability => ({
  ...availability,
  use: 'consultation',
});

/** 0 for Sunday to 6 for Saturday: the calendar date's own weekday, whatever the device's zone. */
export const weekdayOf = (date: IsoDate) => parseISO(date).getDay();

/**
 * The date's slots: the ones she set for that date when there are any (a per-day override, closed ones included),
 * otherwise, for a consultation, her weekly slots of that weekday. In time order.
 */
export function slotsOn(date: IsoDate, availability: PublicAvailability): Slot[] {
  const own = availability.slots.filter((s) => s.date === date);
  if (own.length > 0 || availability.use !== 'consultation' || !isIsoDate(date)) return own;
  const weekday = weekdayOf(date);
  return (availability.weekly ?? [])
    .filter((w) => w.weekday === weekday)
    .map((w) => ({ id: w.id, date, startTime: w.startTime, endTime: w.endTime, isAvailable: true }))
    .sort((a, b) => (a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : 0));
}

/** Whether the date has time slots (then a visitor picks one of them). */
export const hasSlots = (date: IsoDate, availability: PublicAvailability) => slotsOn(date, availability).length > 0;

/**
 * The date's available slots that no booking holds, in time order: a booking of the whole day (a shoot) holds them
 * all, a consultation only its own slot.
 */
export function freeSlots(date: IsoDate, availability: PublicAvailability): Slot[] {
  const booked = (availability.booked ?? []).filter((b) => b.date === date);
  if (booked.some((b) => b.time === '')) return [];
  return slotsOn(date, availability).filter((s) => s.isAvailable && !booked.some((b) => b.time === slotTime(s)));
}

/**
 * Available when an available period covers the date (ends inclusive), no unavailable range covers it, and no
 * booking holds it: a day without time slots is held by a booking of the whole day on it, a day with slots needs one
 * available slot that no booking holds. Without any period nothing is available.
 */
export function isDateAvailable(date: IsoDate, availability: PublicAvailability): boolean {
  if (!isIsoDate(date)) return false;
  if (!availability.periods.some((p) => p.isAvailable && covers(p, date))) return false;
  if (availability.unavailable.some((r) => covers(r, date))) return false;
  if (hasSlots(date, availability)) return freeSlots(date, availability).length > 0;
  // A booking in a slot (a consultation at one of her weekly times) holds only that slot, not the day.
  return !(availability.booked ?? []).some((b) => b.date === date && b.time === '');
}

/** The first day a request may name: today plus the minimum notice. */
export const earliestBookableDate = (today: IsoDate, availability: Pick<PublicAvailability, 'minNoticeDays'>) =>
  addCalendarDays(today, availability.minNoticeDays ?? MIN_NOTICE_DAYS_DEFAULT);

/**
 * Where a date suggestion starts: the first day the minimum notice allows, or for a shoot the day after its
 * consultation when that is later (the shoot cannot come before it).
 */
export function suggestionStart(today: IsoDate, availability: PublicAvailability, after: IsoDate | '' = ''): IsoDate {
  const earliest = earliestBookableDate(today, availability);
  if (!isIsoDate(after)) return earliest;
  const next = addCalendarDays(after, 1);
  return next > earliest ? next : earliest;
}

/** Every day from `start` to `end`, both included (one day when `end` is empty or before it). */
export function daysFrom(start: IsoDate, end: IsoDate | ''): IsoDate[] {
  const days = [start];
  while (end !== '' && days.length < 366 && days[days.length - 1]! < end) {
    days.push(addCalendarDays(days[days.length - 1]!, 1));
  }
  return days;
}

/**
 * The dates (each once, in the order given) that are not available. One lookup serves every date. If the lookup
 * fails every date counts as available (docs/product.md §5): the server checks again when the booking is created.
 */
export async function checkDates(
  dates: readonly IsoDate[],
  lookup: () => Promise<PublicAvailability>,
): Promise<{ unavailable: IsoDate[] }> {
  const unique = [...new Set(dates)];
  if (unique.length === 0) return { unavailable: [] };
  let availability: PublicAvailability;
  try {
    availability = await lookup();
  } catch {
    return { unavailable: [] };
  }
  return { unavailable: unique.filter((d) => !isDateAvailable(d, availability)) };
}

/**
 * The first available date among `from` itself and the following days: `from` is day 0, so the default scans day 0
 * to day 29. Null when none is available or `from` is not a calendar date. The suggestion starts no earlier than the
 * minimum notice allows (pass `today`) and, for a shoot, the day after its consultation (pass that as `from`).
 */
export function nextAvailableDate(
  from: IsoDate,
  availability: PublicAvailability,
  days: number = NEXT_AVAILABLE_SEARCH_DAYS,
): IsoDate | null {
  if (!isIsoDate(from)) return null;
  for (let i = 0; i < days; i++) {
    const date = addCalendarDays(from, i);
    if (isDateAvailable(date, availability)) return date;
  }
  return null;
}

/** docs/product.md §5: bookings are disabled ('No Availability Set') when no period exists at all. */
export function hasAnyAvailabilityPeriod(availability: PublicAvailability): boolean {
  return availability.periods.length > 0;
}
