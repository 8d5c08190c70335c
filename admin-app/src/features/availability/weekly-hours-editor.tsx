// "Consultation hours": the weekly hours a consultation may be booked in, split into slots of the length
// she picks. One form for the week, saved at once; a date with time slots of its own keeps those.
import { useEffect, useState, type FormEvent } from 'react';
import type { WeeklySlot } from '@studio/shared/domain';
import { formatSlot, studioClockOf } from '@studio/shared/domain/studio-time';
import { messages } from '../../messages';
import { availabilityMessages } from './messages';
import { useSetWeeklySlots } from './api/set-weekly-slots';
import { SLOT_LENGTHS, slotsBetween, slotsOfWeek, weekOfSlots, type DayHours, type WeekHours } from './weekly-hours';

const m = availabilityMessages.weekly;
/** Her week as her calendar shows it, from the studio's first weekday on; the stored weekday counts from Sunday (0). */
const weekOrder = (first: number) => Array.from({ length: 7 }, (_, i) => (first + i) % 7);

export function WeeklyHoursEditor({
  weekly,
  firstWeekday = studioClockOf().firstWeekday,
}: {
  weekly: readonly WeeklySlot[];
  firstWeekday?: number;
}) {
  const days = weekOrder(firstWeekday);
  const stored = JSON.stringify(weekly.map(({ weekday, startTime, endTime }) => [weekday, startTime, endTime]));
  const [week, setWeek] = useState<WeekHours>(() => weekOfSlots(weekly));
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const save = useSetWeeklySlots();
  // Another tab (or the Undo of a save) changed them: the form shows what is stored.
  useEffect(() => {
    setWeek(weekOfSlots(weekly));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored]);

  const setDay = (weekday: number, change: Partial<DayHours>) => {
    setState('idle');
    setWeek((w) => ({ ...w, days: w.days.map((d, i) => (i === weekday ? { ...d, ...change } : d)) }));
  };
  const wrongDays = days.filter((wd) => {
    const d = week.days[wd];
    return d !== undefined && d.open && slotsBetween(d.from, d.to, week.minutes).length === 0;
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (wrongDays.length > 0) return;
    setState('saving');
    try {
      await save.mutate(slotsOfWeek(week));
      setState('saved');
    } catch {
      setState('failed');
    }
  };

  return (
    <section className="card availability-list weekly-hours" aria-labelledby="weekly-hours-heading">
      <form className="card-body" onSubmit={(e) => void submit(e)} noValidate>
        <div className="admin-section-head">
          <h3 id="weekly-hours-heading">{m.heading}</h3>
        </div>
        <p className="muted weekly-hours-intro">{m.intro}</p>
        <label className="weekly-hours-length">
          <span>{m.length}</span>
          <select
            value={week.minutes}
            onChange={(e) => {
              setState('idle');
              setWeek((w) => ({ ...w, minutes: Number(e.target.value) }));
            }}
          >
            {SLOT_LENGTHS.map((n) => (
              <option key={n} value={n}>
                {m.minutes(n)}
              </option>
            ))}
          </select>
        </label>
        <ul className="weekly-hours-days">
          {days.map((weekday) => {
            const day = week.days[weekday]!;
            const slots = day.open ? slotsBetween(day.from, day.to, week.minutes) : [];
            const name = m.dayNames[weekday]!;
            return (
              <li key={weekday} className="weekly-hours-day">
                <label className="checkbox weekly-hours-open">
                  <input
                    type="checkbox"
                    checked={day.open}
                    onChange={(e) => setDay(weekday, { open: e.target.checked })}
                  />
                  <span>{name}</span>
                </label>
                {day.open ? (
                  <>
                    {/* The two times wrap together onto a line of their own on a phone. */}
                    <span className="weekly-hours-times">
                      <input
                        type="time"
                        aria-label={m.from(name)}
                        value={day.from}
                        onChange={(e) => setDay(weekday, { from: e.target.value })}
                      />
                      <span aria-hidden="true">–</span>
                      <input
                        type="time"
                        aria-label={m.to(name)}
                        value={day.to}
                        onChange={(e) => setDay(weekday, { to: e.target.value })}
                      />
                    </span>
                    <span className={`weekly-hours-count${slots.length === 0 ? ' weekly-hours-wrong' : ''}`}>
                      {slots.length === 0
                        ? m.noSlot
                        : m.slots(slots.length, formatSlot(`${slots[0]!.startTime}-${slots.at(-1)!.endTime}`))}
                    </span>
                  </>
                ) : (
                  <span className="muted">{m.closed}</span>
                )}
              </li>
            );
          })}
        </ul>
        {wrongDays.length > 0 && (
          <p className="alert alert-error" role="alert">
            {m.tooShort(wrongDays.map((wd) => m.dayNames[wd]!))}
          </p>
        )}
        {state === 'failed' && (
          <p className="alert alert-error" role="alert">
            {m.saveFailed}
          </p>
        )}
        <div className="admin-form-actions">
          {state === 'saved' && (
            <span role="status" className="muted">
              {m.saved}
            </span>
          )}
          <button
            type="submit"
            className="btn btn-primary"
            disabled={state === 'saving'}
            aria-busy={state === 'saving'}
          >
            {state === 'saving' ? messages.saving : m.save}
          </button>
        </div>
      </form>
    </section>
  );
}
