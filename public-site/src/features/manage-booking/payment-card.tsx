// The client's payments on her manage page: what her deal comes to, what is paid in the dashboard's own
// words ("Deposit paid", "Balance due on …", "Paid"), and, when the studio takes payments online, "Pay the deposit"
// or "Pay the balance", which sends her to Stripe Checkout for the amount the server computes (the page posts only
// which part). The link's token stays in this tab while she is at Stripe (sessionStorage), so the address Stripe sends
// her back to carries none.
import { useCallback, useEffect, useState } from 'react';
import { payLabel, type PaymentKind, type PaymentView } from '@studio/shared/domain/payments';
import { formatCents } from '@studio/shared/domain/quote';
import { formatLongDate } from '@studio/shared/domain/studio-time';
import { manageMessages as m } from './manage-messages';

const TOKEN_KEY = 'studio-manage-token';

/**
 * The manage link's token: the address's fragment, or, back from Stripe (?payment=…), the one this tab kept when she
 * left, put back in the fragment so a reload keeps working.
 */
export function pageToken(): string {
  if (typeof window === 'undefined') return '';
  const fromLink = window.location.hash.slice(1);
  if (fromLink) return fromLink;
  if (!new URLSearchParams(window.location.search).has('payment')) return '';
  const kept = window.sessionStorage.getItem(TOKEN_KEY) ?? '';
  if (kept) window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}#${kept}`);
  return kept;
}

async function post<T>(path: string, body: Record<string, string>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/manage-booking${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error(m.networkError);
  }
  const payload = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok || !payload) throw new Error(payload?.message ?? m.failed(response.status));
  return payload;
}

/** After Stripe sends her back, Stripe's webhook may land a moment later: the page looks again this often, this long. */
const RETURN_POLL_MS = 1000;
const RETURN_POLLS = 10;

export function PaymentCard({ token }: { token: string }) {
  const [view, setView] = useState<PaymentView | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [returned] = useState(() =>
    typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('payment'),
  );

  const load = useCallback(
    () =>
      post<PaymentView>('/payment', { token }).then(
        (next) => {
          setView(next);
          return next;
        },
        (e: Error) => {
          setError(e.message);
          return null;
        },
      ),
    [token],
  );

  useEffect(() => {
    let polls = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () =>
      void load().then((next) => {
        // Back from paying and nothing recorded yet: look again shortly.
        if (returned === 'done' && next && next.paidCents === 0 && ++polls < RETURN_POLLS)
          timer = setTimeout(tick, RETURN_POLL_MS);
      });
    tick();
    return () => clearTimeout(timer);
  }, [load, returned]);

  const pay = async (kind: PaymentKind) => {
    setBusy(true);
    setError('');
    try {
      const { url } = await post<{ url: string }>('/checkout', { token, kind });
      window.sessionStorage.setItem(TOKEN_KEY, token);
      window.location.assign(url);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  if (!view || view.totalCents === 0)
    return error ? (
      <p role="alert" className="manage-booking-error">
        {error}
      </p>
    ) : null;
  return (
    <section className="card manage-booking-card manage-booking-payment" aria-labelledby="manage-payment-title">
      <h2 id="manage-payment-title">{m.paymentTitle}</h2>
      {view.states.length > 0 && (
        <ul className="manage-booking-payment-states" data-testid="payment-states">
          {view.states.map((state) => (
            <li key={state}>{state}</li>
          ))}
        </ul>
      )}
      <dl className="manage-booking-summary manage-booking-payment-sums">
        <dt>{m.total}</dt>
        <dd>{formatCents(view.totalCents)}</dd>
        {view.depositCents > 0 && (
          <>
            <dt>{m.deposit}</dt>
            <dd data-testid="payment-deposit">{formatCents(view.depositCents)}</dd>
          </>
        )}
        <dt>{m.balance}</dt>
        <dd>
          {formatCents(view.balanceCents)}
          {view.balanceDueDate && (
            <span className="manage-booking-asked">{m.dueOn(formatLongDate(view.balanceDueDate))}</span>
          )}
        </dd>
        {view.paidCents > 0 && (
          <>
            <dt>{m.paid}</dt>
            <dd>{formatCents(view.paidCents)}</dd>
          </>
        )}
      </dl>
      {returned === 'done' && view.paidCents === 0 && (
        <p role="status" className="muted">
          {m.paymentPending}
        </p>
      )}
      {view.due &&
        (view.online ? (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void pay(view.due!.kind)}>
            {`${payLabel(view.due.kind)} · ${formatCents(view.due.amountCents)}`}
          </button>
        ) : (
          <p className="muted">{m.payAsAgreed}</p>
        ))}
      {error && (
        <p role="alert" className="manage-booking-error">
          {error}
        </p>
      )}
    </section>
  );
}
