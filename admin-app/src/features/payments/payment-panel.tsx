// A booking's payments on her dashboard (issue 30): the state in the words the client's page uses ("Deposit paid",
// "Balance due on …", "Paid"), what is paid and due, and "Record a payment" for a bank transfer or cash (the amount
// starts at what is due; she confirms before it is recorded, and receipts go to both).
import { useState, type FormEvent } from 'react';
import { BackendError } from '@studio/shared/data';
import {
  MANUAL_PAYMENT_METHODS,
  PAYMENT_KINDS,
  type ManualPaymentMethod,
  type PaymentKind,
  type PaymentView,
} from '@studio/shared/domain/payments';
import { formatCents, parsePriceCents } from '@studio/shared/domain/quote';
import { Modal } from '../../components/modal';
import { useBookingPayments, useRecordPayment } from './api/booking-payments';
import './payments.css';

const m = {
  record: 'Record a payment',
  title: 'Record a payment',
  kind: 'For',
  kinds: { deposit: 'Deposit', balance: 'Balance' } satisfies Record<PaymentKind, string>,
  method: 'Paid by',
  methods: { 'bank transfer': 'Bank transfer', cash: 'Cash' } satisfies Record<ManualPaymentMethod, string>,
  amount: 'Amount (USD)',
  amountInvalid: 'Enter an amount such as 175 or 175.50.',
  confirm: (amount: string, method: string, kind: string) =>
    `Record ${amount} by ${method.toLowerCase()} as the ${kind.toLowerCase()}? The client and you get a receipt by e-mail.`,
  recordIt: 'Record it',
  back: 'Back',
  cancel: 'Cancel',
  paid: (paid: string, total: string) => `${paid} of ${total} paid`,
  recorded: 'Payment recorded.',
};

const dollars = (cents: number) => (cents / 100).toFixed(2).replace(/\.00$/, '');

export function PaymentPanel({ bookingId }: { bookingId: string }) {
  const view = useBookingPayments(bookingId);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState('');
  if (!view || view.totalCents === 0) return null;
  return (
    <div className="booking-payments" data-testid="booking-payments">
      {view.states.length > 0 && (
        <ul className="booking-payment-states" aria-label="Payment">
          {view.states.map((state) => (
            <li key={state}>{state}</li>
          ))}
        </ul>
      )}
      <p className="muted booking-payment-sum">{m.paid(formatCents(view.paidCents), formatCents(view.totalCents))}</p>
      {view.due && (
        <button type="button" className="btn btn-small" onClick={() => setOpen(true)}>
          {m.record}
        </button>
      )}
      {notice && (
        <p role="status" className="muted">
          {notice}
        </p>
      )}
      {open && (
        <RecordPaymentDialog
          bookingId={bookingId}
          view={view}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            setNotice(m.recorded);
          }}
        />
      )}
    </div>
  );
}

function RecordPaymentDialog(props: { bookingId: string; view: PaymentView; onClose(): void; onDone(): void }) {
  const { view } = props;
  const record = useRecordPayment(props.bookingId);
  const [kind, setKind] = useState<PaymentKind>(view.due?.kind ?? 'deposit');
  const [method, setMethod] = useState<ManualPaymentMethod>('bank transfer');
  const [amount, setAmount] = useState(dollars(view.due?.amountCents ?? 0));
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parsePriceCents(`$${amount.trim()}`);
    if (cents === null || cents <= 0 || !/^\d+(\.\d{1,2})?$/.test(amount.trim())) {
      setError(m.amountInvalid);
      return;
    }
    setError('');
    setConfirming(cents);
  };

  const confirm = async (amountCents: number) => {
    try {
      await record.mutate({ kind, method, amountCents });
      props.onDone();
    } catch (e) {
      setConfirming(null);
      setError(e instanceof BackendError ? e.message : String(e));
    }
  };

  return (
    <Modal title={m.title} onClose={props.onClose}>
      {confirming === null ? (
        <form className="record-payment" onSubmit={submit} noValidate>
          <fieldset>
            <legend>{m.kind}</legend>
            {PAYMENT_KINDS.map((k) => (
              <label key={k} className="record-payment-choice">
                <input
                  type="radio"
                  name="kind"
                  value={k}
                  checked={kind === k}
                  onChange={() => {
                    setKind(k);
                    if (view.due?.kind === k) setAmount(dollars(view.due.amountCents));
                  }}
                />
                {m.kinds[k]}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>{m.method}</legend>
            {MANUAL_PAYMENT_METHODS.map((k) => (
              <label key={k} className="record-payment-choice">
                <input type="radio" name="method" value={k} checked={method === k} onChange={() => setMethod(k)} />
                {m.methods[k]}
              </label>
            ))}
          </fieldset>
          <label htmlFor="record-payment-amount">{m.amount}</label>
          <input
            id="record-payment-amount"
            inputMode="decimal"
            value={amount}
            aria-invalid={error !== ''}
            aria-describedby={error ? 'record-payment-error' : undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
          {error && (
            <p id="record-payment-error" className="alert alert-error" role="alert">
              {error}
            </p>
          )}
          <div className="admin-form-actions">
            <button type="button" className="btn" onClick={props.onClose}>
              {m.cancel}
            </button>
            <button type="submit" className="btn btn-primary">
              {m.record}
            </button>
          </div>
        </form>
      ) : (
        <div className="record-payment">
          <p>{m.confirm(formatCents(confirming), m.methods[method], m.kinds[kind])}</p>
          <div className="admin-form-actions">
            <button type="button" className="btn" onClick={() => setConfirming(null)}>
              {m.back}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={record.status === 'pending'}
              onClick={() => void confirm(confirming)}
            >
              {m.recordIt}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
