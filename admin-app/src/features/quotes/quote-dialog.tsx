// Her quote editor on a booking: the base price (the tier's, until she changes it), the line items she adds
// (usage rights, whitelisting, exclusivity, overtime, travel), the deposit, the balance's due date and the cancellation
// ladder, with the total computed live by the same dealQuote the server, the contract and the invoice use. Amounts
// are typed in dollars and sent in cents. Saving makes the next version, which the booking's contract then carries.
// Once the client has paid, the dialog says how much, and Save asks first: the client's page and invoice change, and
// the server refuses a total below what was paid (its message shows here, with what she typed kept).
import { useEffect, useMemo, useState } from 'react';
import { BackendError, useBackend } from '@studio/shared/data';
import type { BookingRequest } from '@studio/shared/domain';
import {
  formatCents,
  QUOTE_LINE_KINDS,
  quoteTierName,
  type BookingQuote,
  type QuoteInput,
} from '@studio/shared/domain/quote';
import { dealQuote } from '@studio/shared/domain/deal-terms';
import { balanceDueWords } from '@studio/shared/domain/quote-terms';
import { studioClockOf } from '@studio/shared/domain/studio-time';
import { quoteInputSchema } from '@studio/shared/schemas/quote';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Modal } from '../../components/modal';
import { usePaymentViewOf } from '../payments/api/booking-payments';
import { useBookingQuote, useSaveQuote } from './api/quotes';
import { newLine, quoteDraft, quoteInputOf, type LineDraft, type QuoteDraft } from './quote-draft';
import { lineKindLabel, LineFields } from './quote-line-fields';
import { describedBy, FieldError, firstErrors, QuoteTermsFields } from './quote-terms-fields';
import './quote.css';

const m = {
  paid: (paid: string) => `The client has paid ${paid} so far. Saving changes the balance due.`,
  confirmTitle: 'Change a paid quote?',
  confirmBody: (paid: string, total: string, due: string) =>
    `The client has paid ${paid} so far. With this quote the total is ${total} and ${due} stays due. The client’s page and invoice change to show it.`,
  confirmLabel: 'Save the new quote',
  busyLabel: 'Saving…',
};

const closed = (b: BookingRequest) => b.status === 'Declined' || b.status === 'Cancelled';

export function QuoteDialog({ booking, onClose }: { booking: BookingRequest; onClose: () => void }) {
  const read = useBookingQuote(booking.id);
  return (
    <Modal title={`Quote · ${booking.name}`} onClose={onClose}>
      {read.status === 'ready' ? (
        <QuoteEditor key={read.data.version} booking={booking} initial={read.data} onClose={onClose} />
      ) : read.status === 'error' ? (
        <p className="field-error" role="alert">
          The quote could not be loaded. Please try again.
        </p>
      ) : (
        <p className="muted">Loading the quote…</p>
      )}
    </Modal>
  );
}

function QuoteEditor({
  booking,
  initial,
  onClose,
}: {
  booking: BookingRequest;
  initial: BookingQuote;
  onClose: () => void;
}) {
  const save = useSaveQuote(booking.id);
  const payments = usePaymentViewOf(booking.id);
  const paidCents = payments.status === 'ready' ? payments.data.paidCents : 0;
  const [confirming, setConfirming] = useState<QuoteInput | null>(null);
  const backend = useBackend();
  const [draft, setDraft] = useState<QuoteDraft>(() => quoteDraft(initial.input));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const [saved, setSaved] = useState<{ version: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [invoiceUrl, setInvoiceUrl] = useState<string | null>(null);
  useEffect(() => {
    void backend.quotes().then(
      (q) => setInvoiceUrl(q.invoiceUrl(booking.id)),
      () => undefined,
    );
  }, [backend, booking.id]);

  const converted = useMemo(() => quoteInputOf(draft), [draft]);
  const typed = converted.errors;
  const checked = useMemo(() => quoteInputSchema.safeParse(converted.value), [converted]);
  const schemaErrors = useMemo(() => {
    if (checked.success) return {};
    const out: Record<string, string> = {};
    for (const issue of checked.error.issues) out[issue.path.join('.')] ??= issue.message;
    return out;
  }, [checked]);
  // What she typed wrong shows at once; the rules' messages once she tried to save (not while she is typing).
  const errors = { ...(tried ? schemaErrors : {}), ...serverErrors, ...typed };
  const total = Object.keys(typed).length === 0 ? dealQuote(booking, converted.value, studioClockOf().timeZone) : null;
  const frozen = closed(booking);
  const dirty = JSON.stringify(converted.value) !== JSON.stringify(initial.input) && saved === null;

  const edit = (change: (d: QuoteDraft) => QuoteDraft) => {
    setSaved(null);
    setDraft(change);
  };
  const setLine = (i: number, change: Partial<LineDraft>) =>
    edit((d) => ({ ...d, lines: d.lines.map((l, j) => (j === i ? ({ ...l, ...change } as LineDraft) : l)) }));

  const onSave = async () => {
    setTried(true);
    setFailure(null);
    setServerErrors({});
    if (Object.keys(typed).length > 0 || !checked.success) return;
    // Paid already: she confirms first. A total below what was paid goes straight to the server, whose refusal says
    // why and what to do; there is nothing to confirm. Saved before the payments were read, it waits for them (a
    // failed read leaves the decision to the server, which refuses a total below what was paid).
    const paid = await payments.ensure().then(
      (view) => view.paidCents,
      () => 0,
    );
    if (paid > 0 && total && total.totalCents >= paid) {
      setConfirming(checked.data);
      return;
    }
    await send(checked.data);
  };

  const send = async (input: QuoteInput) => {
    try {
      const result = await save.mutate(input);
      setSaved({ version: result.version });
      setDraft(quoteDraft(result.input));
    } catch (error) {
      if (error instanceof BackendError && error.code === 'validation') setServerErrors(firstErrors(error.fieldErrors));
      else setFailure(error instanceof BackendError && error.message ? error.message : 'The quote could not be saved.');
    }
  };

  return (
    <form
      className="quote-editor stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSave();
      }}
    >
      {frozen && (
        <p className="muted">This booking was {booking.status.toLowerCase()}: its quote can no longer change.</p>
      )}
      <fieldset className="quote-group" disabled={frozen}>
        <legend>Fee</legend>
        <div className="field">
          <label htmlFor="quote-base">{quoteTierName(booking)} ($)</label>
          <input
            id="quote-base"
            inputMode="decimal"
            value={draft.base}
            onChange={(e) => edit((d) => ({ ...d, base: e.target.value }))}
            {...describedBy('quote-base', errors, 'baseCents')}
          />
          <FieldError id="quote-base" errors={errors} path="baseCents" />
        </div>
        {draft.lines.map((line, i) => (
          <LineFields
            key={i}
            index={i}
            line={line}
            errors={errors}
            onChange={(change) => setLine(i, change)}
            onRemove={() => edit((d) => ({ ...d, lines: d.lines.filter((_, j) => j !== i) }))}
          />
        ))}
        <div className="quote-add" role="group" aria-label="Add a line item">
          {QUOTE_LINE_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              className="btn btn-small"
              onClick={() => edit((d) => ({ ...d, lines: [...d.lines, newLine(kind)] }))}
            >
              + {lineKindLabel(kind)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="quote-terms" disabled={frozen}>
        <QuoteTermsFields
          idPrefix="quote"
          draft={draft}
          onDraft={(change) => edit((d) => (typeof change === 'function' ? change(d) : change))}
          errors={errors}
        />
      </fieldset>

      <section className="quote-total card" aria-label="Total" aria-live="polite">
        {total ? (
          <>
            <ul className="quote-lines">
              {total.lines.map((l, i) => (
                <li key={i}>
                  <span>
                    {l.label}
                    {l.detail && <small>{l.detail}</small>}
                  </span>
                  <span>{formatCents(l.amountCents)}</span>
                </li>
              ))}
            </ul>
            <p className="quote-sum" data-testid="quote-total">
              <span>Total</span> <strong>{formatCents(total.totalCents)}</strong>
            </p>
            <p data-testid="quote-deposit">
              {total.depositCents > 0
                ? `Deposit ${formatCents(total.depositCents)} · Balance ${formatCents(total.balanceCents)}`
                : `No deposit · ${formatCents(total.balanceCents)}`}{' '}
              due {balanceDueWords(total, converted.value.balanceDueDaysBefore)}
            </p>
          </>
        ) : (
          <p className="muted">Fix the amounts above to see the total.</p>
        )}
      </section>

      <div className="quote-actions">
        {paidCents > 0 && !frozen && (
          <p className="alert quote-paid" data-testid="quote-paid">
            {m.paid(formatCents(paidCents))}
          </p>
        )}
        <p className="quote-state" role="status" data-testid="quote-state">
          {saved
            ? `Saved · version ${saved.version}. The booking's contract now carries it.`
            : dirty
              ? 'Unsaved changes'
              : initial.version === 0
                ? 'Not saved yet: the tier’s price and your default terms'
                : `Saved · version ${initial.version}`}
        </p>
        {failure && (
          <p className="field-error" role="alert">
            {failure}
          </p>
        )}
        {Object.keys(errors).length > 0 && tried && (
          <p className="field-error" role="alert">
            Please fix the fields marked above.
          </p>
        )}
        <div className="admin-form-actions">
          {invoiceUrl && (
            <a className="btn" href={invoiceUrl} target="_blank" rel="noopener">
              Invoice
            </a>
          )}
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
          <button type="submit" className="btn btn-primary" disabled={frozen || save.status === 'pending'}>
            {save.status === 'pending' ? 'Saving…' : 'Save quote'}
          </button>
        </div>
      </div>
      {confirming && total && (
        <ConfirmDialog
          title={m.confirmTitle}
          body={m.confirmBody(
            formatCents(paidCents),
            formatCents(total.totalCents),
            formatCents(total.totalCents - paidCents),
          )}
          confirmLabel={m.confirmLabel}
          busyLabel={m.busyLabel}
          tone="primary"
          // The save's own failure (a refusal) shows in the quote's error area, beside what she typed: never here.
          onConfirm={() => send(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
    </form>
  );
}
