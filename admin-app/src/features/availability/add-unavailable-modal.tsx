// "Add unavailable days" (docs/product.md §5 admin modals): start and end dates and a reason; checked by the shared
// unavailableRangeInputSchema, the one the server checks too.
import { LIMITS } from '@studio/shared/constants';
import { unavailableRangeInputSchema } from '@studio/shared/schemas';
import { FormField } from '../../components/form-field';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { availabilityMessages } from './messages';
import { useCreateUnavailableRange } from './api/create-unavailable-range';
import { DateRangeFields } from './date-range-fields';
import { dateRangeMessage, noteMessage } from './form-messages';

const m = availabilityMessages;

export function AddUnavailableModal({ onClose }: { onClose: () => void }) {
  const form = useSchemaForm({
    schema: unavailableRangeInputSchema,
    initial: { startDate: '', endDate: '', reason: '' },
    idPrefix: 'unavailable',
    messageOf: (field, problem) =>
      field === 'reason' ? noteMessage(m.fields.reason, problem) : dateRangeMessage(problem),
    mutation: useCreateUnavailableRange(),
    onSaved: onClose,
  });
  const reason = form.text('reason');
  return (
    <FormModal
      title={m.unavailable.modalTitle}
      onClose={onClose}
      onSubmit={form.submit}
      saving={form.saving}
      failure={form.failed ? m.unavailable.addFailed : null}
    >
      <DateRangeFields
        start={form.text('startDate')}
        end={form.text('endDate')}
        startError={form.error('startDate')}
        endError={form.error('endDate')}
      />
      <FormField htmlFor={reason.id} label={m.fields.reason} error={form.error('reason')}>
        <input type="text" maxLength={LIMITS.notes} {...reason} />
      </FormField>
    </FormModal>
  );
}
