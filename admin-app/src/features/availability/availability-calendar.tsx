// A month at a glance: which days are available, blocked, or have time slots, and the bookings on them:
// confirmed ones and new requests, each on every day it takes (a multi-day shoot on each day, the consultation on
// its own). "Available" is exactly the booking form's rule (isDateAvailable), so the calendar never disagrees with
// what a visitor can book. The bookings are those the dashboard has read (the newest page, and older ones once she
// asks for them), so a month far back shows its bookings after "Show older requests".
import { useEffect, useMemo, useState } from 'react';
import { blockedByRange } from './day-toggle';
import { addMonths, format, getDay, getDaysInMonth, parseISO, startOfMonth } from 'date-fns';
import {
  bookedDaysOf,
  isDateAvailable,
  type AdminAvailability,
  type BookingRequest,
  type IsoDate,
} from '@studio/shared/domain';
import { formatSlot, studioClockOf } from '@studio/shared/domain/studio-time';
import { availabilityMessages } from './messages';

const m = availabilityMessages;
const dayName = (date: IsoDate) => format(parseISO(date), 'EEEE, MMMM d');
const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** The week's day names from `first` (0 Sunday): the visitor's date picker starts its weeks on the same day. */
export const weekdaysFrom = (first: number) => DAY_NAMES.map((_, i) => DAY_NAMES[(first + i) % 7]!);

export type DayState = 'available' | 'blocked' | 'none';

export function dayState(date: IsoDate, availability: AdminAvailability): DayState {
  if (isDateAvailable(date, availability)) return 'available';
  const covers = (r: { startDate: string; endDate: string }) => r.startDate <= date && date <= r.endDate;
  // Not available but inside some period: something blocks it (a range, an unavailable period, only closed slots).
  if (availability.periods.some(covers)) return 'blocked';
  return 'none';
}

/** The bookings shown on the calendar: confirmed ones and new requests, by day. */
export function bookingsByDay(
  bookings: readonly BookingRequest[],
): Map<IsoDate, Array<{ booking: BookingRequest; time: string }>> {
  const byDay = new Map<IsoDate, Array<{ booking: BookingRequest; time: string }>>();
  for (const booking of bookings) {
    if (booking.status !== 'Confirmed' && booking.status !== 'New') continue;
    for (const { date, time } of bookedDaysOf([booking])) {
      byDay.set(date, [...(byDay.get(date) ?? []), { booking, time }]);
    }
  }
  return byDay;
}

export function AvailabilityCalendar({
  availability,
  today,
  bookings = [],
  firstWeekday = studioClockOf().firstWeekday,
  onToggleDay,
}: {
  availability: AdminAvailability;
  today: IsoDate;
  bookings?: readonly BookingRequest[];
  /** 0 Sunday ... 6 Saturday: the studio's, which the server writes into the page. */
  firstWeekday?: number;
  /**
   * Blocks (to 'blocked') or frees (to 'available') a day on the server; without it the days are not
   * tappable. The day shows the new state at once and goes back when this rejects.
   */
  onToggleDay?: (date: IsoDate, to: 'blocked' | 'available') => Promise<void>;
}) {
  const [month, setMonth] = useState(() => startOfMonth(parseISO(today)));
  const [selected, setSelected] = useState<IsoDate | null>(null);
  // The state a tapped day shows while its write is on its way: the live stream then brings the real one.
  const [shownAs, setShownAs] = useState<ReadonlyMap<IsoDate, DayState>>(new Map());
  const [toggleError, setToggleError] = useState<string | null>(null);
  const toggle = async (date: IsoDate, to: 'blocked' | 'available') => {
    if (!onToggleDay) return;
    setToggleError(null);
    setShownAs((m) => new Map(m).set(date, to));
    try {
      await onToggleDay(date, to);
    } catch {
      setToggleError(to === 'blocked' ? m.blockFailed(dayName(date)) : m.freeFailed(dayName(date)));
      // Rolled back: the day shows what the server still has.
      setShownAs((m) => {
        const next = new Map(m);
        next.delete(date);
        return next;
      });
    }
  };
  // Written: the new state stays shown until the live stream brings it, then the stream's state is shown.
  useEffect(() => {
    setShownAs((shown) => {
      const left = [...shown].filter(([date, state]) => dayState(date, availability) !== state);
      return left.length === shown.size ? shown : new Map(left);
    });
  }, [availability]);
  const booked = useMemo(() => bookingsByDay(bookings), [bookings]);
  const selectedBookings = selected ? (booked.get(selected) ?? []) : [];
  const days = useMemo(() => {
    const count = getDaysInMonth(month);
    return Array.from({ length: count }, (_, i) =>
      format(new Date(month.getFullYear(), month.getMonth(), i + 1), 'yyyy-MM-dd'),
    );
  }, [month]);
  const lead = (getDay(month) - firstWeekday + 7) % 7;
  const title = format(month, 'MMMM yyyy');

  return (
    <section className="card availability-calendar" aria-labelledby="calendar-heading">
      <div className="card-body">
        <div className="calendar-head">
          <button
            type="button"
            className="btn btn-ghost btn-icon"
            aria-label={m.previousMonth}
            onClick={() => setMonth((d) => addMonths(d, -1))}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <h3 id="calendar-heading" aria-live="polite">
            <span className="visually-hidden">{m.calendarHeading}: </span>
            {title}
          </h3>
          <button
            type="button"
            className="btn btn-ghost btn-icon"
            aria-label={m.nextMonth}
            onClick={() => setMonth((d) => addMonths(d, 1))}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
        {onToggleDay && <p className="muted calendar-hint">{m.tapHint}</p>}
        {toggleError && (
          <p className="alert alert-error" role="alert">
            {toggleError}
          </p>
        )}
        <ol className="calendar-grid" aria-label={title}>
          {weekdaysFrom(firstWeekday).map((w) => (
            <li key={w} className="calendar-weekday" aria-hidden="true">
              {w}
            </li>
          ))}
          {Array.from({ length: lead }, (_, i) => (
            <li key={`lead-${i}`} className="calendar-blank" aria-hidden="true" />
          ))}
          {days.map((date) => {
            const real = dayState(date, availability);
            const state = shownAs.get(date) ?? real;
            // What a tap does: block an available day, free one an unavailable range blocks; days gone by, days
            // outside her periods and days blocked otherwise (closed slots) are left to the lists below.
            const toggleTo =
              !onToggleDay || date < today
                ? null
                : real === 'available'
                  ? ('blocked' as const)
                  : real === 'blocked' && blockedByRange(date, availability)
                    ? ('available' as const)
                    : null;
            const slots = availability.slots.filter((s) => s.date === date).length;
            const onDay = booked.get(date) ?? [];
            const confirmed = onDay.filter((b) => b.booking.status === 'Confirmed').length;
            const label = [
              format(parseISO(date), 'EEEE, MMMM d'),
              state === 'available' ? m.dayAvailable : state === 'blocked' ? m.dayBlocked : m.dayNone,
              ...(slots ? [m.daySlots(slots)] : []),
              ...(confirmed ? [m.dayConfirmed(confirmed)] : []),
              ...(onDay.length > confirmed ? [m.dayRequested(onDay.length - confirmed)] : []),
            ].join(', ');
            const pending = shownAs.has(date);
            const content = (
              <>
                <span aria-hidden="true">{Number(date.slice(8))}</span>
                {slots > 0 && <span className="calendar-slot-dot" aria-hidden="true" />}
                {onDay.length > 0 && (
                  <span
                    className={`calendar-booking-mark ${confirmed ? 'is-confirmed' : 'is-requested'}`}
                    aria-hidden="true"
                  />
                )}
              </>
            );
            return (
              <li
                key={date}
                className={`calendar-day is-${state}${date === today ? ' is-today' : ''}`}
                data-date={date}
                data-state={state}
                data-bookings={onDay.length || undefined}
                aria-busy={pending || undefined}
                aria-label={onDay.length || toggleTo ? undefined : label}
              >
                {onDay.length === 0 && toggleTo ? (
                  <button
                    type="button"
                    className="calendar-day-button is-toggle"
                    aria-label={`${label}. ${toggleTo === 'blocked' ? m.tapToBlock : m.tapToFree}`}
                    aria-pressed={state === 'blocked'}
                    aria-disabled={pending || undefined}
                    // A second tap while the first is written would undo a change the server has not confirmed.
                    onClick={() => (pending ? undefined : void toggle(date, toggleTo))}
                  >
                    {content}
                  </button>
                ) : onDay.length > 0 ? (
                  <button
                    type="button"
                    className="calendar-day-button"
                    aria-label={label}
                    aria-pressed={selected === date}
                    onClick={() => setSelected((d) => (d === date ? null : date))}
                  >
                    {content}
                  </button>
                ) : (
                  content
                )}
              </li>
            );
          })}
        </ol>
        {selected && selectedBookings.length > 0 && (
          <div className="calendar-day-bookings" aria-live="polite">
            <h4>{format(parseISO(selected), 'EEEE, MMMM d')}</h4>
            {onToggleDay && <p className="muted">{m.bookedCannotBlock}</p>}
            <ul>
              {selectedBookings.map(({ booking, time }) => (
                <li key={`${booking.id}-${time}`}>
                  <span
                    className={`calendar-booking-mark is-${booking.status === 'Confirmed' ? 'confirmed' : 'requested'}`}
                    aria-hidden="true"
                  />
                  {booking.name} · {booking.service}
                  {time ? ` · ${formatSlot(time)}` : ''} · {booking.status}
                </li>
              ))}
            </ul>
          </div>
        )}
        <ul className="calendar-legend">
          <li>
            <span className="legend-swatch is-available" aria-hidden="true" />
            {m.legendAvailable}
          </li>
          <li>
            <span className="legend-swatch is-blocked" aria-hidden="true" />
            {m.legendBlocked}
          </li>
          <li>
            <span className="legend-swatch is-none" aria-hidden="true" />
            {m.legendNone}
          </li>
          <li>
            <span className="calendar-slot-dot" aria-hidden="true" />
            {m.legendSlots}
          </li>
          <li>
            <span className="calendar-booking-mark is-confirmed" aria-hidden="true" />
            {m.legendConfirmed}
          </li>
          <li>
            <span className="calendar-booking-mark is-requested" aria-hidden="true" />
            {m.legendRequested}
          </li>
        </ul>
      </div>
    </section>
  );
}
