// The studio's clock (issue 18): "today" and every date or time a mail or the dashboard shows are the studio's, in
// its time zone (the setting TIMEZONE, America/Phoenix by default), never the server's or the reader's. Intl does the
// conversion (every browser and Node carry the zone data), so no time-zone library is needed.
import type { IsoDate } from './types';

export const DEFAULT_TIMEZONE = 'America/Phoenix';

/** The calendar day ('YYYY-MM-DD') it is in `timeZone` at the instant `at`. */
export function calendarDayIn(timeZone: string, at: Date): IsoDate {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
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
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** 'November 23, 2026, 9:08 AM MST' for an instant, in the studio's zone. */
export function formatInstant(at: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(typeof at === 'string' ? new Date(at) : at);
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
