// A month at a glance: which days are available, blocked, or have time slots. "Available" is exactly the booking
// form's rule (isDateAvailable), so the calendar never disagrees with what a visitor can book.
import { useMemo, useState } from 'react';
import { addMonths, format, getDay, getDaysInMonth, parseISO, startOfMonth } from 'date-fns';
import { isDateAvailable, type AdminAvailability, type IsoDate } from '@studio/shared/domain';
import { messages } from '../../messages';

const m = messages.availability;
// Weeks start on Monday.
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export type DayState = 'available' | 'blocked' | 'none';

export function dayState(date: IsoDate, availability: AdminAvailability): DayState {
  if (isDateAvailable(date, availability)) return 'available';
  const covers = (r: { startDate: string; endDate: string }) => r.startDate <= date && date <= r.endDate;
  // Not available but inside some period: something blocks it (a range, an unavailable period, only closed slots).
  if (availability.periods.some(covers)) return 'blocked';
  return 'none';
}

export function AvailabilityCalendar({ availability, today }: { availability: AdminAvailability; today: IsoDate }) {
  const [month, setMonth] = useState(() => startOfMonth(parseISO(today)));
  const days = useMemo(() => {
    const count = getDaysInMonth(month);
    return Array.from({ length: count }, (_, i) =>
      format(new Date(month.getFullYear(), month.getMonth(), i + 1), 'yyyy-MM-dd'),
    );
  }, [month]);
  const lead = (getDay(month) + 6) % 7;
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
        <ol className="calendar-grid" aria-label={title}>
          {WEEKDAYS.map((w) => (
            <li key={w} className="calendar-weekday" aria-hidden="true">
              {w}
            </li>
          ))}
          {Array.from({ length: lead }, (_, i) => (
            <li key={`lead-${i}`} className="calendar-blank" aria-hidden="true" />
          ))}
          {days.map((date) => {
            const state = dayState(date, availability);
            const slots = availability.slots.filter((s) => s.date === date).length;
            const label = [
              format(parseISO(date), 'EEEE, MMMM d'),
              state === 'available' ? m.dayAvailable : state === 'blocked' ? m.dayBlocked : m.dayNone,
              ...(slots ? [m.daySlots(slots)] : []),
            ].join(', ');
            return (
              <li
                key={date}
                className={`calendar-day is-${state}${date === today ? ' is-today' : ''}`}
                data-date={date}
                data-state={state}
                aria-label={label}
              >
                <span aria-hidden="true">{Number(date.slice(8))}</span>
                {slots > 0 && <span className="calendar-slot-dot" aria-hidden="true" />}
              </li>
            );
          })}
        </ol>
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
        </ul>
      </div>
    </section>
  );
}
