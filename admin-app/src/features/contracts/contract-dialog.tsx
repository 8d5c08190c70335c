// The contract form (docs/product.md §3, §9): prefilled from the confirmed booking, with the model name from configuration, a
// 4-week timeline and Arizona law by default. The milestones show as dates while the admin edits; Export opens the
// print window.
import { useMemo, useState } from 'react';
import { format, parseISO } from 'date-fns';
import {
  buildContract,
  defaultContractForm,
  isIsoDate,
  milestoneDates,
  type BookingRequest,
  type ContractDocument,
  type ContractForm,
  type IsoDate,
} from '@studio/shared/domain';
import { PAYMENT_TBD } from '@studio/shared/messages';
import { Modal } from '../../components/modal';
import { messages } from '../../messages';
import { configuredModelName } from './model-name';
import { exportContract } from './contract-html';
import './contract-dialog.css';

const m = messages.contract;
const FIELDS: Array<{ key: keyof ContractForm; type: 'text' | 'date' | 'number' }> = [
  { key: 'clientName', type: 'text' },
  { key: 'modelName', type: 'text' },
  { key: 'effectiveDate', type: 'date' },
  { key: 'serviceType', type: 'text' },
  { key: 'timeline', type: 'number' },
  { key: 'governingLaw', type: 'text' },
];

export function ContractDialog({
  booking,
  today,
  onClose,
  openWindow,
}: {
  booking: BookingRequest;
  today: IsoDate;
  onClose: () => void;
  /** window.open, replaceable in tests. */
  openWindow?: typeof window.open;
}) {
  const [form, setForm] = useState<ContractForm>(() => defaultContractForm(booking, configuredModelName(), today));
  const [error, setError] = useState<string | null>(null);

  const milestones = useMemo(
    () => (isIsoDate(form.effectiveDate) ? milestoneDates(form.effectiveDate, form.timeline) : null),
    [form.effectiveDate, form.timeline],
  );

  const onExport = () => {
    setError(null);
    let contract: ContractDocument;
    try {
      contract = buildContract(form, { paymentSchedule: booking.paymentSchedule });
    } catch {
      setError(m.generateFailed);
      return;
    }
    try {
      if (exportContract(contract, openWindow) === 'blocked') setError(m.popupBlocked);
    } catch {
      setError(m.exportFailed);
    }
  };

  return (
    <Modal title={m.modalTitle} onClose={onClose}>
      <form
        className="admin-form contract-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onExport();
        }}
      >
        <div className="admin-form-row">
          {FIELDS.map(({ key, type }) => (
            <div className="field" key={key}>
              <label htmlFor={`contract-${key}`}>{m.fields[key]}</label>
              <input
                id={`contract-${key}`}
                type={type}
                {...(type === 'number' ? { min: 1, step: 1, inputMode: 'numeric' as const } : {})}
                value={form[key]}
                onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
              />
            </div>
          ))}
        </div>
        <dl className="contract-summary">
          <div>
            <dt>{m.paymentSchedule}</dt>
            <dd>{booking.paymentSchedule.trim() || PAYMENT_TBD}</dd>
          </div>
          {milestones && (
            <div>
              <dt>{m.milestones}</dt>
              <dd>{milestones.map((d) => format(parseISO(d), 'MMM d, yyyy')).join(' · ')}</dd>
            </div>
          )}
        </dl>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        <div className="admin-form-actions">
          <button type="button" className="btn" onClick={onClose}>
            {messages.cancel}
          </button>
          <button type="submit" className="btn btn-primary">
            {m.export}
          </button>
        </div>
      </form>
    </Modal>
  );
}
