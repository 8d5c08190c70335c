// The studio's clock (issue 18): "today" and every date or time a mail or the dashboard shows are the studio's, in
// its time zone (the setting TIMEZONE, America/Phoenix by default), never the server's or the reader's. Intl does the
// conversion (every browser and Node carry the zone data), so no time-zone library is needed.
import type { IsoDate } from './types';

export const DEFAULT_TIMEZONE = 'America/Phoenix';

// One formatter per zone and shape, made once and reused. Each Intl.DateTimeFormat holds an ICU formatter with its
// zone's rules, about 30 KB outside the JavaScript heap that the garbage collector does not count: made afresh for
// every call (three per booking request), they piled up faster than the collector ran and doubled the server's
// resident memory under the booking load. A format() call keeps no state, so a shared formatter is safe.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(shape: string, timeZone: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  const key = `${shape} ${timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

/** The calendar day ('YYYY-MM-DD') it is in `timeZone` at the instant `at`. */
export function calendarDayIn(timeZone: string, at: Date): IsoDate {
  // en-CA writes dates as YYYY-MM-DD.
  return formatter(
    'day',
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(at);
}

/** True when Intl knows the zone (a TIMEZONE setting is checked with this at start). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** 'Wednesday, November 25, 2026' for a calendar date (a date has no zone: it is read as that day). */
export function formatLongDate(date: IsoDate): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return formatter(
    'long date',
    'UTC',
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'UTC',
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      }),
  ).format(new Date(Date.UTC(y, m - 1, d)));
}

/** 'November 23, 2026, 9:08 AM MST' for an instant, in the studio's zone. */
export function formatInstant(at: string | Date, timeZone: string): string {
  return formatter(
    'instant',
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }),
  ).format(typeof at === 'string' ? new Date(at) : at);
}

/** '10:00 AM - 12:00 PM' for a slot 'HH:MM-HH:MM'. */
export function formatSlot(slot: string): string {
  const part = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
  };
  const [from, to] = slot.split('-');
  return from && to ? `${part(from)} - ${part(to)}` : slot;
}
