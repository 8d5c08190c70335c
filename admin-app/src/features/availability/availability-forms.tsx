// The three "add" modals (docs/product.md §5 admin modals): periods and unavailable ranges need start and end dates; a time slot
// needs a date, a start and an end time (09:00 to 17:00 by default). A failed save keeps the modal open with every
// value typed, and says so in the spec's words.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Modal } from '../../components/modal';
import { messages } from '../../messages';

const m = messages.availability;

export const DEFAULT_SLOT_START = '09:00';
export const DEFAULT_SLOT_END = '17:00';

function useSubmit(save: () => Promise<void>, failure: string, onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await save();
      onDone();
    } catch {
      setError(failure);
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

function FormShell({
  title,
  onClose,
  onSubmit,
  busy,
  error,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  error: string | null;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal title={title} onClose={onClose}>
      <form className="admin-form" onSubmit={submit} noValidate>
        {children}
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        <div className="admin-form-actions">
          <button type="button" className="btn" onClick={onClose}>
            {messages.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? messages.saving : messages.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

function DateRangeFields({
  prefix,
  start,
  end,
  setStart,
  setEnd,
  invalid,
}: {
  prefix: string;
  start: string;
  end: string;
  setStart: (v: string) => void;
  setEnd: (v: string) => void;
  invalid: boolean;
}) {
  return (
    <div className="admin-form-row">
      <Field id={`${prefix}-start`} label={m.fields.startDate}>
        <input
          id={`${prefix}-start`}
          type="date"
          required
          value={start}
          onChange={(e) => setStart(e.target.value)}
          aria-invalid={invalid && !start ? true : undefined}
        />
      </Field>
      <Field id={`${prefix}-end`} label={m.fields.endDate}>
        <input
          id={`${prefix}-end`}
          type="date"
          required
          min={start || undefined}
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          aria-invalid={invalid && (!end || end < start) ? true : undefined}
        />
      </Field>
    </div>
  );
}

function rangeProblem(start: string, end: string): string | null {
  if (!start || !end) return m.datesRequired;
  if (end < start) return m.endBeforeStart;
  return null;
}

export function AddPeriodModal({
  onClose,
  save,
}: {
  onClose: () => void;
  save: (input: { startDate: string; endDate: string; isAvailable: boolean; notes: string }) => Promise<void>;
}) {
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const [isAvailable, setAvailable] = useState(true);
  const [notes, setNotes] = useState('');
  const [tried, setTried] = useState(false);
  const submit = useSubmit(
    () => save({ startDate, endDate, isAvailable, notes: notes.trim() }),
    m.periods.addFailed,
    onClose,
  );
  const onSubmit = () => {
    setTried(true);
    const problem = rangeProblem(startDate, endDate);
    if (problem) return submit.setError(problem);
    void submit.run();
  };
  return (
    <FormShell
      title={m.periods.modalTitle}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={submit.busy}
      error={submit.error}
    >
      <DateRangeFields
        prefix="period"
        start={startDate}
        end={endDate}
        setStart={setStart}
        setEnd={setEnd}
        invalid={tried}
      />
      <label className="checkbox">
        <input type="checkbox" checked={isAvailable} onChange={(e) => setAvailable(e.target.checked)} />
        <span>{m.fields.isAvailable}</span>
      </label>
      <Field id="period-notes" label={m.fields.notes}>
        <textarea id="period-notes" rows={3} maxLength={500} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </Field>
    </FormShell>
  );
}

export function AddUnavailableModal({
  onClose,
  save,
}: {
  onClose: () => void;
  save: (input: { startDate: string; endDate: string; reason: string }) => Promise<void>;
}) {
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const submit = useSubmit(() => save({ startDate, endDate, reason: reason.trim() }), m.unavailable.addFailed, onClose);
  const onSubmit = () => {
    setTried(true);
    const problem = rangeProblem(startDate, endDate);
    if (problem) return submit.setError(problem);
    void submit.run();
  };
  return (
    <FormShell
      title={m.unavailable.modalTitle}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={submit.busy}
      error={submit.error}
    >
      <DateRangeFields
        prefix="unavailable"
        start={startDate}
        end={endDate}
        setStart={setStart}
        setEnd={setEnd}
        invalid={tried}
      />
      <Field id="unavailable-reason" label={m.fields.reason}>
        <input
          id="unavailable-reason"
          type="text"
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
    </FormShell>
  );
}

export function AddSlotModal({
  onClose,
  save,
}: {
  onClose: () => void;
  save: (input: {
    date: string;
    startTime: string;
    endTime: string;
    isAvailable: boolean;
    notes: string;
  }) => Promise<void>;
}) {
  const [date, setDate] = useState('');
  const [startTime, setStartTime] = useState(DEFAULT_SLOT_START);
  const [endTime, setEndTime] = useState(DEFAULT_SLOT_END);
  const [isAvailable, setAvailable] = useState(true);
  const [notes, setNotes] = useState('');
  const [tried, setTried] = useState(false);
  const submit = useSubmit(
    () => save({ date, startTime, endTime, isAvailable, notes: notes.trim() }),
    m.slots.addFailed,
    onClose,
  );
  const onSubmit = () => {
    setTried(true);
    if (!date || !startTime || !endTime) return submit.setError(m.slotRequired);
    if (endTime <= startTime) return submit.setError(m.endTimeBeforeStart);
    void submit.run();
  };
  return (
    <FormShell title={m.slots.modalTitle} onClose={onClose} onSubmit={onSubmit} busy={submit.busy} error={submit.error}>
      <Field id="slot-date" label={m.fields.date}>
        <input
          id="slot-date"
          type="date"
          required
          value={date}
          onChange={(e) => setDate(e.target.value)}
          aria-invalid={tried && !date ? true : undefined}
        />
      </Field>
      <div className="admin-form-row">
        <Field id="slot-start" label={m.fields.startTime}>
          <input
            id="slot-start"
            type="time"
            required
            value={startTime}
            onChange={(e) => setStartTime(e.target.value)}
            aria-invalid={tried && !startTime ? true : undefined}
          />
        </Field>
        <Field id="slot-end" label={m.fields.endTime}>
          <input
            id="slot-end"
            type="time"
            required
            value={endTime}
            onChange={(e) => setEndTime(e.target.value)}
            aria-invalid={tried && (!endTime || endTime <= startTime) ? true : undefined}
          />
        </Field>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={isAvailable} onChange={(e) => setAvailable(e.target.checked)} />
        <span>{m.fields.isAvailable}</span>
      </label>
      <Field id="slot-notes" label={m.fields.notes}>
        <textarea id="slot-notes" rows={3} maxLength={500} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </Field>
    </FormShell>
  );
}
