// A date field: a native date input (works everywhere, typed or picked), a calendar that shows unavailable days
// before she picks (loaded on first use), the next-available suggestion, and the live check of what is entered.
import { lazy, Suspense, useRef, useState } from 'react';
import { isDateAvailable, type IsoDate, type PublicAvailability } from '@studio/shared/domain';
import { messages } from '../../messages';
import { useHydrated } from '../use-hydrated';
import './date-field.css';

const DatePicker = lazy(() => import(/* webpackChunkName: "booking-date-picker" */ './date-picker'));

const m = messages.booking;

export interface DateFieldProps {
  id: string;
  name: string;
  label: string;
  required: boolean;
  value: IsoDate | '';
  today: IsoDate;
  /** The first day the minimum notice allows. */
  earliest: IsoDate;
  availability: PublicAvailability | undefined;
  error: string | undefined;
  onChange(value: IsoDate | ''): void;
  onSuggest(): void;
  suggestionMissing: boolean;
}

export function DateField(props: DateFieldProps) {
  const { id, name, label, required, value, earliest, availability, error, onChange, onSuggest, suggestionMissing } =
    props;
  const [open, setOpen] = useState(false);
  // The calendar and Suggest work only with the script: disabled until it has taken over the page, so a tap on the
  // server's HTML is not silently lost (without JavaScript the date input alone posts with the form).
  const hydrated = useHydrated();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const calendarId = `${id}-calendar`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;

  // docs/product.md §4 date check states: with the availability already loaded the check is immediate.
  const known = value !== '' && availability !== undefined && value >= earliest;
  const available = known && isDateAvailable(value, availability);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <div className="field booking-date">
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="booking-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className="booking-date-row">
        <input
          id={id}
          name={name}
          type="date"
          min={earliest}
          value={value}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : '', known ? statusId : ''].filter(Boolean).join(' ') || undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-ghost btn-small"
          aria-expanded={open}
          aria-controls={calendarId}
          disabled={!hydrated}
          // Enabled by the island loader before hydration: its first click loads the app and is replayed then.
          data-script-control=""
          onClick={() => setOpen((o) => !o)}
        >
          {open ? m.hideCalendar : m.showCalendar}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          aria-label={m.suggestFor(label)}
          disabled={!hydrated}
          data-script-control=""
          onClick={onSuggest}
        >
          {m.suggest}
        </button>
      </div>
      {known && (
        <p id={statusId} className={available ? 'booking-date-ok' : 'field-error'}>
          {available ? m.dateAvailable : m.dateUnavailable}
        </p>
      )}
      {suggestionMissing && (
        <p className="field-hint" role="status">
          {m.noSuggestion}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      {open && (
        <Suspense
          fallback={
            <p className="field-hint" role="status">
              {m.calendarLoading}
            </p>
          }
        >
          <DatePicker
            id={calendarId}
            label={label}
            value={value}
            today={earliest}
            availability={availability}
            onSelect={(date) => {
              onChange(date);
              close();
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </div>
  );
}
