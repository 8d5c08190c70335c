// "Quotes and deposits": her defaults for every new quote (the deposit, when the balance is due, the
// cancellation ladder) and when the client gets the deposit link: when she confirms the booking, or once the contract
// is signed. A booking's quote starts from these until she saves one for it.
import { useState } from 'react';
import { BackendError } from '@studio/shared/data';
import type { DepositTrigger, QuoteSettings } from '@studio/shared/domain/quote';
import { quoteSettingsSchema } from '@studio/shared/schemas/quote';
import { useQuoteSettings, useSaveQuoteSettings } from './api/quotes';
import { termsDraft, termsOf, type TermsDraft } from './quote-draft';
import { firstErrors, QuoteTermsFields } from './quote-terms-fields';
import './quote.css';

type SettingsDraft = TermsDraft & { depositTrigger: DepositTrigger };

export function QuoteSettingsSection() {
  const read = useQuoteSettings();
  return (
    <section className="card admin-setting" aria-labelledby="quote-settings-heading">
      <div className="card-body stack">
        <h2 id="quote-settings-heading">Quotes and deposits</h2>
        {read.status === 'ready' ? (
          <QuoteSettingsForm initial={read.data} />
        ) : read.status === 'error' ? (
          <p className="field-error" role="alert">
            Your quote defaults could not be loaded.
          </p>
        ) : (
          <p className="muted">Loading…</p>
        )}
      </div>
    </section>
  );
}

function QuoteSettingsForm({ initial }: { initial: QuoteSettings }) {
  const save = useSaveQuoteSettings();
  const [draft, setDraft] = useState<SettingsDraft>(() => ({
    ...termsDraft(initial),
    depositTrigger: initial.depositTrigger,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<'clean' | 'dirty' | 'saved'>('clean');
  const edit: typeof setDraft = (change) => {
    setState('dirty');
    setDraft(change);
  };

  const onSave = async () => {
    const converted = termsOf(draft);
    const value: QuoteSettings = { ...converted.value, depositTrigger: draft.depositTrigger };
    const checked = quoteSettingsSchema.safeParse(value);
    const schemaErrors: Record<string, string> = {};
    if (!checked.success) for (const i of checked.error.issues) schemaErrors[i.path.join('.')] ??= i.message;
    const found = { ...schemaErrors, ...converted.errors };
    setErrors(found);
    if (Object.keys(found).length > 0 || !checked.success) return;
    try {
      await save.mutate(checked.data);
      setState('saved');
    } catch (error) {
      if (error instanceof BackendError && error.code === 'validation') setErrors(firstErrors(error.fieldErrors));
      else setErrors({ form: 'Your quote defaults could not be saved. Please try again.' });
    }
  };

  return (
    <form
      className="quote-settings stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSave();
      }}
    >
      <p className="muted">
        A new booking’s quote takes its deposit and balance from its service’s payment schedule, and these where the
        schedule is TBD; the cancellation fees are always these. You can change each booking’s quote on its card.
      </p>
      <QuoteTermsFields idPrefix="quote-settings" draft={draft} onDraft={edit} errors={errors} />
      <fieldset className="quote-group">
        <legend>Send the deposit link when</legend>
        {(
          [
            ['confirmed', 'I confirm the booking'],
            ['signed', 'the contract is signed'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="quote-radio">
            <input
              type="radio"
              name="quote-settings-trigger"
              checked={draft.depositTrigger === value}
              onChange={() => edit((d) => ({ ...d, depositTrigger: value }))}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="admin-form-actions">
        <p className="quote-state" role="status">
          {state === 'saved' ? 'Saved' : state === 'dirty' ? 'Unsaved changes' : ''}
        </p>
        <button type="submit" className="btn btn-primary" disabled={save.status === 'pending'}>
          {save.status === 'pending' ? 'Saving…' : 'Save defaults'}
        </button>
      </div>
    </form>
  );
}
