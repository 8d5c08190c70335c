// The contract's own fields (docs/product.md §3) and its paper size; a signed version shows them read-only.
import type { Dispatch, SetStateAction } from 'react';
import { CONTRACT_TIMELINE_WEEKS, LIMITS } from '@studio/shared/constants';
import type { ContractForm } from '@studio/shared/domain';
import { CONTRACT_PAPER_SIZES, type ContractPaperSize } from '@studio/shared/domain/contract';
import { contractMessages } from './messages';

const m = contractMessages;
// The text fields stop where contractFormSchema does, so a long name cannot be typed only to be refused on save.
const FIELDS: Array<{ key: keyof ContractForm; type: 'text' | 'date' | 'number'; maxLength?: number }> = [
  { key: 'clientName', type: 'text', maxLength: LIMITS.contractLine },
  { key: 'modelName', type: 'text', maxLength: LIMITS.contractLine },
  { key: 'effectiveDate', type: 'date' },
  { key: 'serviceType', type: 'text', maxLength: LIMITS.contractLine },
  { key: 'timeline', type: 'number' },
  { key: 'governingLaw', type: 'text', maxLength: LIMITS.governingLaw },
];

/** Whether two forms say the same once trimmed (what is saved has no surrounding spaces). */
export const sameForm = (a: ContractForm, b: ContractForm) =>
  FIELDS.every(({ key }) => a[key].trim() === b[key].trim());

export function ContractFields({
  form,
  paperSize,
  frozen,
  onForm,
  onPaperSize,
}: {
  form: ContractForm;
  paperSize: ContractPaperSize;
  frozen: boolean;
  onForm: Dispatch<SetStateAction<ContractForm>>;
  onPaperSize: (size: ContractPaperSize) => void;
}) {
  return (
    <fieldset className="contract-fields" disabled={frozen}>
      <div className="admin-form-row">
        {FIELDS.map(({ key, type, maxLength }) => (
          <div className="field" key={key}>
            <label htmlFor={`contract-${key}`}>{m.fields[key]}</label>
            <input
              id={`contract-${key}`}
              type={type}
              maxLength={maxLength}
              {...(type === 'number' ? { ...CONTRACT_TIMELINE_WEEKS, step: 1, inputMode: 'numeric' as const } : {})}
              value={form[key]}
              readOnly={frozen}
              onChange={(e) => onForm((f) => ({ ...f, [key]: e.target.value }))}
            />
          </div>
        ))}
        <div className="field">
          <label htmlFor="contract-paperSize">{m.paperSize}</label>
          <select
            id="contract-paperSize"
            value={paperSize}
            onChange={(e) => onPaperSize(e.target.value as ContractPaperSize)}
          >
            {CONTRACT_PAPER_SIZES.map((size) => (
              <option key={size} value={size}>
                {m.paper[size]}
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
  );
}
