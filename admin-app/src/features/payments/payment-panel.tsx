// A booking's payments on her dashboard: the state in the words the client's page uses ("Deposit paid",
// "Balance due on …", "Paid"), what is paid and due, and "Record a payment" for a bank transfer or cash (the amount
// starts at what is due; she confirms before it is recorded, and receipts go to both). Under "Payments", each payment
// and what was refunded of it; one paid by hand has "Refund", for money she paid back herself (one paid online is
// refunded in Stripe, whose webhook records it). The server checks the amount against what is left of the payment.
import { useState, type FormEvent, type ReactNode } from 'react';
import { BackendError } from '@studio/shared/data';
import {
  MANUAL_PAYMENT_METHODS,
  PAYMENT_KINDS,
  type ManualPaymentMethod,
  type Payment,
  type PaymentKind,
  type PaymentView,
} from '@studio/shared/domain/payments';
import { formatCents, parsePriceCents } from '@studio/shared/domain/quote';
import { calendarDayIn, formatLongDate, studioClockOf } from '@studio/shared/domain/studio-time';
import { Modal } from '../../components/modal';
import { useBookingPayments, useRecordPayment, useRefundPayment } from './api/booking-payments';
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
  list: (n: number) => `Payments (${n})`,
  payment: (amount: string, kind: string, method: string, day: string) =>
    `${amount} ${kind.toLowerCase()}, ${method === 'stripe' ? 'paid online' : method}, ${day}`,
  refunded: (amount: string) => `${amount} refunded`,
  refund: 'Refund',
  refundName: (amount: string, kind: string, method: string) =>
    `Refund the ${amount} ${kind.toLowerCase()} paid by ${method}`,
  refundTitle: 'Refund a payment',
  refundAbout: (amount: string, kind: string, method: string, day: string, left: string) =>
    `The ${amount} ${kind.toLowerCase()} paid by ${method} on ${day}. ${left} of it is left to refund.`,
  refundHow: 'Record the refund once you have paid the money back. A payment made online is refunded in Stripe.',
  refundConfirm: (amount: string, kind: string) =>
    `Record a refund of ${amount} on the ${kind.toLowerCase()}? The client and you get a refund receipt by e-mail.`,
  continue: 'Continue',
  recordRefund: 'Record the refund',
  refundRecorded: 'Refund recorded.',
};

const dollars = (cents: number) => (cents / 100).toFixed(2).replace(/\.00$/, '');
const dayOf = (at: string) => formatLongDate(calendarDayIn(studioClockOf().timeZone, new Date(at)));
const leftOf = (p: Payment) => p.amountCents - p.refundedCents;

/** Dollars as she types them ("175", "175.50") in cents, or null. */
function centsOf(amount: string): number | null {
  const typed = amount.trim();
  const cents = parsePriceCents(`$${typed}`);
  return cents !== null && cents > 0 && /^\d+(\.\d{1,2})?$/.test(typed) ? cents : null;
}

export function PaymentPanel({ bookingId }: { bookingId: string }) {
  const view = useBookingPayments(bookingId);
  const [open, setOpen] = useState(false);
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const [notice, setNotice] = useState('');
  if (!view || (view.totalCents === 0 && view.payments.length === 0)) return null;
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
      {view.payments.length > 0 && (
        <details className="booking-payment-list">
          <summary>{m.list(view.payments.length)}</summary>
          <ul>
            {view.payments.map((p) => (
              <li key={p.id}>
                <span>
                  {m.payment(formatCents(p.amountCents), m.kinds[p.kind], p.method, dayOf(p.paidAt))}
                  {p.refundedCents > 0 && <strong> · {m.refunded(formatCents(p.refundedCents))}</strong>}
                </span>
                {p.method !== 'stripe' && leftOf(p) > 0 && (
                  <button
                    type="button"
                    className="btn btn-small"
                    aria-label={m.refundName(formatCents(p.amountCents), m.kinds[p.kind], p.method)}
                    onClick={() => setRefunding(p)}
                  >
                    {m.refund}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
      {notice && (
        <p role="status" className="muted">
          {notice}
        </p>
      )}
      {refunding && (
        <RefundDialog
          bookingId={bookingId}
          payment={refunding}
          onClose={() => setRefunding(null)}
          onDone={() => {
            setRefunding(null);
            setNotice(m.refundRecorded);
          }}
        />
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

  return (
    <AmountDialog
      title={m.title}
      id="record-payment"
      amount={amount}
      setAmount={setAmount}
      submitLabel={m.record}
      confirmText={(cents) => m.confirm(formatCents(cents), m.methods[method], m.kinds[kind])}
      confirmLabel={m.recordIt}
      pending={record.status === 'pending'}
      onConfirm={async (amountCents) => {
        await record.mutate({ kind, method, amountCents });
        props.onDone();
      }}
      onClose={props.onClose}
    >
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
    </AmountDialog>
  );
}

/** Her refund of one payment by hand: the amount (what is left of it, to start), then a confirmation. */
function RefundDialog(props: { bookingId: string; payment: Payment; onClose(): void; onDone(): void }) {
  const { payment } = props;
  const refund = useRefundPayment(props.bookingId);
  const [amount, setAmount] = useState(dollars(leftOf(payment)));
  const kind = m.kinds[payment.kind];

  return (
    <AmountDialog
      title={m.refundTitle}
      id="refund-payment"
      amount={amount}
      setAmount={setAmount}
      submitLabel={m.continue}
      confirmText={(cents) => m.refundConfirm(formatCents(cents), kind)}
      confirmLabel={m.recordRefund}
      pending={refund.status === 'pending'}
      onConfirm={async (amountCents) => {
        await refund.mutate({ paymentId: payment.id, amountCents });
        props.onDone();
      }}
      onClose={props.onClose}
    >
      <p>
        {m.refundAbout(
          formatCents(payment.amountCents),
          kind,
          payment.method,
          dayOf(payment.paidAt),
          formatCents(leftOf(payment)),
        )}
      </p>
      <p className="muted">{m.refundHow}</p>
    </AmountDialog>
  );
}

/**
 * The two steps both of her money dialogs take: what (`children`) and an amount in dollars, checked as typed; then
 * the sentence she confirms. A refusal brings her back to the amount with the server's words: its word on the amount
 * field when it has one (a refund more than what is left), else its message.
 */
function AmountDialog(props: {
  title: string;
  id: string;
  amount: string;
  setAmount(amount: string): void;
  submitLabel: string;
  confirmText(cents: number): string;
  confirmLabel: string;
  pending: boolean;
  onConfirm(cents: number): Promise<void>;
  onClose(): void;
  children: ReactNode;
}) {
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);
  const errorId = `${props.id}-error`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = centsOf(props.amount);
    if (cents === null) {
      setError(m.amountInvalid);
      return;
    }
    setError('');
    setConfirming(cents);
  };

  const confirm = async (cents: number) => {
    try {
      await props.onConfirm(cents);
    } catch (e) {
      setConfirming(null);
      const field = e instanceof BackendError ? e.fieldErrors?.amountCents?.[0] : undefined;
      setError(field ?? (e instanceof BackendError ? e.message : String(e)));
    }
  };

  return (
    <Modal title={props.title} onClose={props.onClose}>
      {confirming === null ? (
        <form className="record-payment" onSubmit={submit} noValidate>
          {props.children}
          <label htmlFor={`${props.id}-amount`}>{m.amount}</label>
          <input
            id={`${props.id}-amount`}
            inputMode="decimal"
            value={props.amount}
            aria-invalid={error !== ''}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => props.setAmount(e.target.value)}
          />
          {error && (
            <p id={errorId} className="alert alert-error" role="alert">
              {error}
            </p>
          )}
          <div className="admin-form-actions">
            <button type="button" className="btn" onClick={props.onClose}>
              {m.cancel}
            </button>
            <button type="submit" className="btn btn-primary">
              {props.submitLabel}
            </button>
          </div>
        </form>
      ) : (
        <div className="record-payment">
          <p>{props.confirmText(confirming)}</p>
          <div className="admin-form-actions">
            <button type="button" className="btn" onClick={() => setConfirming(null)}>
              {m.back}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={props.pending}
              onClick={() => void confirm(confirming)}
            >
              {props.confirmLabel}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
