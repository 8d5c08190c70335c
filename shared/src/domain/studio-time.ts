// The studio's clock: "today" and every date or time a mail or the dashboard shows are the studio's, in
// its time zone (the setting TIMEZONE, America/Phoenix by default), never the server's or the reader's. Intl does the
// conversion (every browser and Node carry the zone data), so no time-zone library is needed.
import type { IsoDate } from './date-types';
import type { StudioClock } from './runtime-config-types';

export const DEFAULT_TIMEZONE = 'America/Phoenix';

/**
 * The first day of the week (0 Sunday ... 6 Saturday) in every calendar: the visitor's date picker and her own
 * availability calendar show the same weeks. Sunday, as calendars do where the studio works.
 */
export const FIRST_WEEKDAY = 0;

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

/** The studio's clock at `now`: what the server puts into every page. */
export function studioClockAt(timeZone: string, now: Date): StudioClock {
  return { timeZone, today: calendarDayIn(timeZone, now), firstWeekday: FIRST_WEEKDAY };
}

/**
 * The studio's day for a page: the day the server named, or a later one in its zone when the page was left open past
 * midnight. Never the reader's own day: a visitor in Berlin and one in Auckland see the studio's.
 */
export function studioToday(clock: Pick<StudioClock, 'timeZone' | 'today'>, now: Date = new Date()): IsoDate {
  const here = calendarDayIn(clock.timeZone, now);
  return here > clock.today ? here : clock.today;
}

/**
 * The studio's clock the server wrote into this page (the `studio-config` JSON script); without one (a test page, a
 * page of an older server), the default zone's clock now.
 */
export function studioClockOf(
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): StudioClock {
  const text = doc?.getElementById('studio-config')?.textContent ?? '{}';
  // Read once per configuration text: the dashboard asks for every instant it writes, and a zone check makes a formatter.
  if (lastRead?.text !== text) lastRead = { text, given: givenClockOf(text) };
  const { timeZone, today, firstWeekday } = lastRead.given;
  return {
    timeZone,
    today: studioToday({ timeZone, today: today ?? calendarDayIn(timeZone, new Date()) }),
    firstWeekday,
  };
}

let lastRead: { text: string; given: Omit<StudioClock, 'today'> & { today?: IsoDate } } | undefined;

function givenClockOf(text: string): Omit<StudioClock, 'today'> & { today?: IsoDate } {
  let given: Partial<StudioClock> | undefined;
  try {
    given = (JSON.parse(text) as { studio?: Partial<StudioClock> }).studio;
  } catch {
    given = undefined;
  }
  return {
    timeZone: typeof given?.timeZone === 'string' && isTimeZone(given.timeZone) ? given.timeZone : DEFAULT_TIMEZONE,
    ...(typeof given?.today === 'string' && { today: given.today }),
    firstWeekday: typeof given?.firstWeekday === 'number' ? given.firstWeekday : FIRST_WEEKDAY,
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(timeZone: string, at: number): number {
  const parts = formatter(
    'parts',
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  ).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The instant it is `time` ('HH:MM') on `date` in `timeZone`: what "noon at the studio" is wherever the machine is.
 * A wall time a clock change skips is read with the offset before the change.
 */
export function instantIn(timeZone: string, date: IsoDate, time = '00:00'): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const first = wall - offsetAt(timeZone, wall);
  return new Date(wall - offsetAt(timeZone, first));
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
