// "Add time slot" (docs/product.md §5 admin modals): a date, a start and an end time (09:00 to 17:00 by default),
// available or not, notes; checked by the shared timeSlotInputSchema, the one the server checks too.
import { LIMITS } from '@studio/shared/constants';
import { timeSlotInputSchema } from '@studio/shared/schemas';
import { FormField } from '../../components/form-field';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { availabilityMessages } from './messages';
import { useCreateTimeSlot } from './api/create-time-slot';
import { noteMessage, slotMessage } from './form-messages';

const m = availabilityMessages;

const DEFAULT_SLOT_START = '09:00';
const DEFAULT_SLOT_END = '17:00';

export function AddSlotModal({ onClose }: { onClose: () => void }) {
  const form = useSchemaForm({
    schema: timeSlotInputSchema,
    initial: { date: '', startTime: DEFAULT_SLOT_START, endTime: DEFAULT_SLOT_END, isAvailable: true, notes: '' },
    idPrefix: 'slot',
    messageOf: (field, problem) => (field === 'notes' ? noteMessage(m.fields.notes, problem) : slotMessage(problem)),
    mutation: useCreateTimeSlot(),
    onSaved: onClose,
  });
  const date = form.text('date');
  const startTime = form.text('startTime');
  const endTime = form.text('endTime');
  const notes = form.text('notes');
  return (
    <FormModal
      title={m.slots.modalTitle}
      onClose={onClose}
      onSubmit={form.submit}
      saving={form.saving}
      failure={form.failed ? m.slots.addFailed : null}
    >
      <FormField htmlFor={date.id} label={m.fields.date} error={form.error('date')}>
        <input type="date" required {...date} />
      </FormField>
      <div className="admin-form-row">
        <FormField htmlFor={startTime.id} label={m.fields.startTime} error={form.error('startTime')}>
          <input type="time" required {...startTime} />
        </FormField>
        <FormField htmlFor={endTime.id} label={m.fields.endTime} error={form.error('endTime')}>
          <input type="time" required {...endTime} />
        </FormField>
      </div>
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
