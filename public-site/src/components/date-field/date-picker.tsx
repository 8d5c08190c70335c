// The calendar (react-day-picker, in its own lazily loaded chunk): days that cannot be booked are disabled and
// crossed out before the visitor picks, from the same availability the submit check uses. Arrow keys, Page Up/Down
// and Home/End move between days (react-day-picker's grid); Escape closes.
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import './date-picker.css';
import { differenceInCalendarDays, format, parseISO } from 'date-fns';
import { isDateAvailable, nextAvailableDate, type IsoDate, type PublicAvailability } from '@studio/shared/domain';
import { studioClockOf } from '@studio/shared/domain/studio-time';
import { messages } from '../../messages';

export interface DatePickerProps {
  id: string;
  label: string;
  value: IsoDate | '';
  today: IsoDate;
  /** Undefined when the lookup failed: then only past days are disabled (docs/product.md §5: a lookup error means available). */
  availability: PublicAvailability | undefined;
  onSelect(date: IsoDate): void;
  onClose(): void;
}

const m = messages.booking;

export default function DatePicker({ id, label, value, today, availability, onSelect, onClose }: DatePickerProps) {
  const iso = (d: Date) => format(d, 'yyyy-MM-dd');
  const unavailable = (d: Date) =>
    iso(d) < today || (availability !== undefined && !isDateAvailable(iso(d), availability));
  const lastOpen = availability?.periods
    .filter((p) => p.isAvailable)
    .reduce<IsoDate>((max, p) => (p.endDate > max ? p.endDate : max), today);
  const selected = value ? parseISO(value) : undefined;
  // With nothing picked yet, the calendar opens on the month of the first day she can be booked: near a month's end
  // (or with the next weeks blocked) today's month can hold no free day, and a grid of crossed-out days gives the
  // keyboard nowhere to land.
  // The search stops at her last open day, and at a year, so a period open for decades stays a bounded loop.
  const openDays = lastOpen ? Math.min(366, differenceInCalendarDays(parseISO(lastOpen), parseISO(today)) + 1) : 0;
  const firstFree = availability ? nextAvailableDate(today, availability, openDays) : null;

  return (
    <div
      id={id}
      className="booking-calendar"
      role="group"
      aria-label={m.calendarFor(label)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <DayPicker
        mode="single"
        selected={selected}
        onSelect={(day) => {
          if (day) onSelect(iso(day));
        }}
        disabled={unavailable}
        modifiers={{ unavailable }}
        modifiersClassNames={{ unavailable: 'booking-calendar-unavailable' }}
        defaultMonth={selected ?? parseISO(firstFree ?? today)}
        startMonth={parseISO(today)}
        {...(lastOpen ? { endMonth: parseISO(lastOpen) } : {})}
        // Her own calendar on the dashboard starts its weeks on the same day.
        weekStartsOn={studioClockOf().firstWeekday as 0 | 1 | 2 | 3 | 4 | 5 | 6}
        autoFocus
        footer={<p className="field-hint">{m.calendarLegend}</p>}
      />
    </div>
  );
}
