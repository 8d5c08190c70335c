// The terms every quote has and her settings default: the deposit (a share, an amount or none), when the
// balance is due, and her cancellation ladder. Used by the booking's quote editor and by her settings.
import type { Dispatch, SetStateAction } from 'react';
import { BALANCE_DUE_RULES, type BalanceDue } from '@studio/shared/domain/quote';
import type { TermsDraft } from './quote-draft';

/** Each rule as her editor offers it. */
const BALANCE_DUE_LABELS: Readonly<Record<BalanceDue, string>> = {
  before: 'A number of days before the booked date',
  completion: 'Upon completion (the last booked day)',
  upfront: 'Upfront, when the booking is confirmed',
};

/** One field's error under it, linked for screen readers. */
export function FieldError({ id, errors, path }: { id: string; errors: Record<string, string>; path: string }) {
  const text = errors[path];
  return text ? (
    <p className="field-error" id={`${id}-error`} role="alert">
      {text}
    </p>
  ) : null;
}

export const describedBy = (id: string, errors: Record<string, string>, path: string) =>
  errors[path] ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true as const } : {};

export function QuoteTermsFields<T extends TermsDraft>({
  idPrefix,
  draft,
  onDraft,
  errors,
}: {
  idPrefix: string;
  draft: T;
  onDraft: Dispatch<SetStateAction<T>>;
  errors: Record<string, string>;
}) {
  const id = (s: string) => `${idPrefix}-${s}`;
  const setDeposit = (change: Partial<TermsDraft['deposit']>) =>
    onDraft((d) => ({ ...d, deposit: { ...d.deposit, ...change } }));
  const setStep = (i: number, change: Partial<TermsDraft['ladder'][number]>) =>
    onDraft((d) => ({ ...d, ladder: d.ladder.map((s, j) => (j === i ? { ...s, ...change } : s)) }));
  return (
    <>
      <fieldset className="quote-group">
        <legend>Deposit</legend>
        <div className="quote-choice" role="radiogroup" aria-label="Deposit">
          {(
            [
              ['percent', 'A share of the total'],
              ['amount', 'A fixed amount'],
              ['none', 'No deposit'],
            ] as const
          ).map(([kind, label]) => (
            <label key={kind} className="quote-radio">
              <input
                type="radio"
                name={id('deposit-kind')}
                checked={draft.deposit.kind === kind}
                onChange={() => setDeposit({ kind })}
              />
              {label}
            </label>
          ))}
        </div>
        {draft.deposit.kind === 'percent' && (
          <div className="field">
            <label htmlFor={id('deposit-percent')}>Deposit (% of the total)</label>
            <input
              id={id('deposit-percent')}
              inputMode="decimal"
              value={draft.deposit.percent}
              onChange={(e) => setDeposit({ percent: e.target.value })}
              {...describedBy(id('deposit-percent'), errors, 'deposit.percent')}
            />
            <FieldError id={id('deposit-percent')} errors={errors} path="deposit.percent" />
          </div>
        )}
        {draft.deposit.kind === 'amount' && (
          <div className="field">
            <label htmlFor={id('deposit-amount')}>Deposit ($)</label>
            <input
              id={id('deposit-amount')}
              inputMode="decimal"
              value={draft.deposit.amount}
              onChange={(e) => setDeposit({ amount: e.target.value })}
              {...describedBy(id('deposit-amount'), errors, 'deposit.amountCents')}
            />
            <FieldError id={id('deposit-amount')} errors={errors} path="deposit.amountCents" />
          </div>
        )}
        <FieldError id={id('deposit')} errors={errors} path="deposit" />
        <div className="field">
          <label htmlFor={id('balance-due')}>When the balance is due</label>
          <select
            id={id('balance-due')}
            value={draft.balanceDue}
            onChange={(e) => onDraft((d) => ({ ...d, balanceDue: e.target.value as BalanceDue }))}
          >
            {BALANCE_DUE_RULES.map((rule) => (
              <option key={rule} value={rule}>
                {BALANCE_DUE_LABELS[rule]}
              </option>
            ))}
          </select>
        </div>
        {draft.balanceDue === 'before' && (
          <div className="field">
            <label htmlFor={id('balance-days')}>Balance due (days before the booked date)</label>
            <input
              id={id('balance-days')}
              inputMode="numeric"
              value={draft.balanceDueDaysBefore}
              onChange={(e) => onDraft((d) => ({ ...d, balanceDueDaysBefore: e.target.value }))}
              {...describedBy(id('balance-days'), errors, 'balanceDueDaysBefore')}
            />
            <FieldError id={id('balance-days')} errors={errors} path="balanceDueDaysBefore" />
          </div>
        )}
      </fieldset>

      <fieldset className="quote-group">
        <legend>Cancellation fees</legend>
        {draft.ladder.length === 0 && <p className="muted">The client may cancel without a fee.</p>}
        {draft.ladder.map((step, i) => (
          <div className="quote-ladder-row" key={i}>
            <div className="field">
              <label htmlFor={id(`ladder-${i}-hours`)}>Hours before (less than)</label>
              <input
                id={id(`ladder-${i}-hours`)}
                inputMode="numeric"
                value={step.hoursBefore}
                onChange={(e) => setStep(i, { hoursBefore: e.target.value })}
                {...describedBy(id(`ladder-${i}-hours`), errors, `cancellationLadder.${i}.hoursBefore`)}
              />
              <FieldError id={id(`ladder-${i}-hours`)} errors={errors} path={`cancellationLadder.${i}.hoursBefore`} />
            </div>
            <div className="field">
              <label htmlFor={id(`ladder-${i}-percent`)}>Fee (% of total)</label>
              <input
                id={id(`ladder-${i}-percent`)}
                inputMode="decimal"
                value={step.percent}
                onChange={(e) => setStep(i, { percent: e.target.value })}
                {...describedBy(id(`ladder-${i}-percent`), errors, `cancellationLadder.${i}.percent`)}
              />
              <FieldError id={id(`ladder-${i}-percent`)} errors={errors} path={`cancellationLadder.${i}.percent`} />
            </div>
            <button
              type="button"
              className="btn btn-small"
              aria-label={`Remove the fee at ${step.hoursBefore || '?'} hours`}
              onClick={() => onDraft((d) => ({ ...d, ladder: d.ladder.filter((_, j) => j !== i) }))}
            >
              Remove
            </button>
          </div>
        ))}
        <FieldError id={id('ladder')} errors={errors} path="cancellationLadder" />
        {draft.ladder.length < 6 && (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => onDraft((d) => ({ ...d, ladder: [...d.ladder, { hoursBefore: '', percent: '' }] }))}
          >
            Add a cancellation fee
          </button>
        )}
      </fieldset>
    </>
  );
}

/** The server's field errors (one message each is enough beside a field), merged over what was typed wrong here. */
export const firstErrors = (fieldErrors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
