// Start and end date side by side, for the period and unavailable-days modals.
import { FormField } from '../../components/form-field';
import { availabilityMessages } from './messages';
import type { FieldError, TextInputProps } from '../../lib/use-schema-form';

const m = availabilityMessages;

export function DateRangeFields({
  start,
  end,
  startError,
  endError,
}: {
  start: TextInputProps;
  end: TextInputProps;
  startError: FieldError;
  endError: FieldError;
}) {
  return (
    <div className="admin-form-row">
      <FormField htmlFor={start.id} label={m.fields.startDate} error={startError}>
        <input type="date" required {...start} />
      </FormField>
      <FormField htmlFor={end.id} label={m.fields.endDate} error={endError}>
        <input type="date" required min={start.value || undefined} {...end} />
      </FormField>
    </div>
  );
}
