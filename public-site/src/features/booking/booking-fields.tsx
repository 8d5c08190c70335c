// The booking form's fields: a label with the required mark, the control, its error and the kit's warnings, each
// tied to the control through aria-describedby.
import type { InputWarning } from '@studio/security-kit';
import {
  formatSlot,
  freeSlots,
  hasSlots,
  slotTime,
  type IsoDate,
  type PublicAvailability,
} from '@studio/shared/domain';
import { messages } from '../../messages';
import { bookingMessages } from './booking-messages';

const m = messages.booking;

interface FieldBase {
  id: string;
  name: string;
  label: string;
  required: boolean;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
}

export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required: boolean }) {
  return (
    <label htmlFor={htmlFor}>
      {label}
      {required && (
        <span className="booking-required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

const describedBy = (ids: Array<string | false>) => ids.filter(Boolean).join(' ') || undefined;

export interface TextFieldProps extends FieldBase {
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  multiline?: boolean;
  wide?: boolean;
  warnings?: readonly InputWarning[];
}

export function TextField(props: TextFieldProps) {
  const { id, name, label, required, value, error, onChange, onBlur, warnings = [] } = props;
  const errorId = `${id}-error`;
  const warningsId = `${id}-warnings`;
  const control = {
    id,
    name,
    value,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy([!!error && errorId, warnings.length > 0 && warningsId]),
    onBlur,
  };
  return (
    <div className={props.wide || props.multiline ? 'field booking-wide' : 'field'}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      {props.multiline ? (
        <textarea {...control} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...control}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <FieldError id={errorId} message={error} />
      {warnings.length > 0 && (
        <ul id={warningsId} className="booking-warnings" aria-label={m.warningsLabel}>
          {warnings.map((w) => (
            <li key={w.code}>{w.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export interface SelectFieldProps extends FieldBase {
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

export function SelectField(props: SelectFieldProps) {
  const { id, name, label, required, value, error, onChange, onBlur, placeholder, options } = props;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <FieldLabel htmlFor={id} label={label} required={required} />
      <select
        id={id}
        name={name}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy([!!error && errorId])}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * A time field for a date with slots: the date's free slots to pick from, as the server checks them
 * (freeSlots); nothing on a date without slots or before the availability is known. `availability` is already the
 * consultation's view for a consultation (her weekly hours too). The booking form's and the manage page's alike.
 */
export function SlotField(
  props: Omit<SelectFieldProps, 'options' | 'placeholder'> & {
    date: IsoDate | '';
    availability: PublicAvailability | undefined;
  },
) {
  const { date, availability, ...field } = props;
  if (date === '' || !availability || !hasSlots(date, availability)) return null;
  const options = freeSlots(date, availability).map((slot) => ({
    value: slotTime(slot),
    label: formatSlot(slotTime(slot)),
  }));
  return <SelectField {...field} placeholder={bookingMessages.chooseTime} options={options} />;
}
