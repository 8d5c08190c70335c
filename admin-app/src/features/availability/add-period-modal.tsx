// "Add availability period" (docs/product.md §5 admin modals): start and end dates, available or not, notes; checked
// by the shared availabilityPeriodInputSchema, the one the server checks too.
import { LIMITS } from '@studio/shared/constants';
import { availabilityPeriodInputSchema } from '@studio/shared/schemas';
import { FormField } from '../../components/form-field';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { availabilityMessages } from './messages';
import { useCreateAvailabilityPeriod } from './api/create-availability-period';
import { DateRangeFields } from './date-range-fields';
import { dateRangeMessage, noteMessage } from './form-messages';

const m = availabilityMessages;

export function AddPeriodModal({ onClose }: { onClose: () => void }) {
  const form = useSchemaForm({
    schema: availabilityPeriodInputSchema,
    initial: { startDate: '', endDate: '', isAvailable: true, notes: '' },
    idPrefix: 'period',
    messageOf: (field, problem) =>
      field === 'notes' ? noteMessage(m.fields.notes, problem) : dateRangeMessage(problem),
    mutation: useCreateAvailabilityPeriod(),
    onSaved: onClose,
  });
  const notes = form.text('notes');
  return (
    <FormModal
      title={m.periods.modalTitle}
      onClose={onClose}
      onSubmit={form.submit}
      saving={form.saving}
      failure={form.failed ? m.periods.addFailed : null}
    >
      <DateRangeFields
        start={form.text('startDate')}
        end={form.text('endDate')}
        startError={form.error('startDate')}
        endError={form.error('endDate')}
      />
      <label className="checkbox">
        <input {...form.checkbox('isAvailable')} />
        <span>{m.fields.isAvailable}</span>
      </label>
      <FormField htmlFor={notes.id} label={m.fields.notes} error={form.error('notes')}>
        <textarea rows={3} maxLength={LIMITS.notes} {...notes} />
      </FormField>
    </FormModal>
  );
}
