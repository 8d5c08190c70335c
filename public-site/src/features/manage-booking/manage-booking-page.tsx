// The client's own request, reached through the private link in her confirmation mail (issue 18): its status and
// dates, a way to ask to move it and a way to cancel it (after a second, explicit click). The link's token is in the
// address's fragment, which the browser never sends: the page reads it and posts it in request bodies. Its own lazy
// chunk, so the home page's first load does not carry it. Server-only: the http backend's /api/manage-booking.
import { useEffect, useState, type FormEvent } from 'react';
import { csrfHeaders } from '@studio/security-kit';
import { formatLongDate, formatSlot, type ManageView } from '@studio/shared/domain';
import './manage-booking-page.css';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; view: ManageView };

async function call(path: string, body: Record<string, string>): Promise<ManageView> {
  let response: Response;
  try {
    response = await fetch(`/api/manage-booking${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...csrfHeaders() },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error('Network error: the server could not be reached.');
  }
  const payload = (await response.json().catch(() => null)) as (ManageView & { message?: string }) | null;
  if (!response.ok) throw new Error(payload?.message ?? `Request failed (${response.status})`);
  return payload!;
}

const when = (date: string, time: string) =>
  date ? [formatLongDate(date), time ? formatSlot(time) : ''].filter(Boolean).join(', ') : '';

export function ManageBookingPage() {
  const token = typeof window === 'undefined' ? '' : window.location.hash.slice(1);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [date, setDate] = useState('');
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    if (!token) {
      setLoad({ state: 'error', message: 'This link is incomplete. Please use the link from your e-mail.' });
      return;
    }
    call('', { token }).then(
      (view) => setLoad({ state: 'ready', view }),
      (e: Error) => setLoad({ state: 'error', message: e.message }),
    );
  }, [token]);

  const act = async (path: string, body: Record<string, string>, done: string) => {
    setBusy(true);
    setError('');
    setNotice('');
    try {
      setLoad({ state: 'ready', view: await call(path, { token, ...body }) });
      setNotice(done);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const onMove = (event: FormEvent) => {
    event.preventDefault();
    if (date) void act('/reschedule', { date }, 'Your request to move the date has been sent.');
  };

  return (
    <section className="page manage-booking">
      <h1>Your booking request</h1>
      {load.state === 'loading' && <p className="muted">Loading your request...</p>}
      {load.state === 'error' && (
        <p role="alert" className="manage-booking-error">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && (
        <>
          <dl className="manage-booking-summary">
            <dt>Reference</dt>
            <dd>{load.view.reference}</dd>
            <dt>Status</dt>
            <dd data-testid="manage-status">{load.view.status}</dd>
            <dt>Service</dt>
            <dd>{[load.view.service, load.view.serviceTier].filter(Boolean).join(', ')}</dd>
            {load.view.consultationDate && (
              <>
                <dt>Consultation</dt>
                <dd>{when(load.view.consultationDate, load.view.consultationTime)}</dd>
              </>
            )}
            {load.view.date && (
              <>
                <dt>Date</dt>
                <dd>
                  {when(load.view.date, load.view.time)}
                  {load.view.endDate && ` to ${formatLongDate(load.view.endDate)}`}
                </dd>
              </>
            )}
            {load.view.rescheduleDate && (
              <>
                <dt>Asked to move to</dt>
                <dd>{formatLongDate(load.view.rescheduleDate)}</dd>
              </>
            )}
          </dl>
          {notice && (
            <p role="status" className="manage-booking-notice">
              {notice}
            </p>
          )}
          {error && (
            <p role="alert" className="manage-booking-error">
              {error}
            </p>
          )}
          {load.view.open ? (
            <>
              <form className="manage-booking-move" onSubmit={onMove}>
                <label htmlFor="manage-move-date">Ask to move it to another date</label>
                <div className="manage-booking-row">
                  <input
                    id="manage-move-date"
                    type="date"
                    value={date}
                    onChange={(e) => setDate(e.target.value)}
                    required
                  />
                  <button type="submit" className="btn btn-primary" disabled={busy || !date}>
                    Ask to move
                  </button>
                </div>
              </form>
              {confirming ? (
                <div className="manage-booking-confirm" role="group" aria-label="Cancel this request?">
                  <p>Cancel this request? This cannot be undone.</p>
                  <button
                    type="button"
                    className="btn btn-danger"
                    disabled={busy}
                    onClick={() => void act('/cancel', {}, 'Your request has been cancelled.')}
                  >
                    Yes, cancel it
                  </button>
                  <button type="button" className="btn" onClick={() => setConfirming(false)}>
                    Keep it
                  </button>
                </div>
              ) : (
                <button type="button" className="btn" onClick={() => setConfirming(true)}>
                  Cancel request
                </button>
              )}
            </>
          ) : (
            <p className="muted">This request is closed and can no longer be changed.</p>
          )}
        </>
      )}
    </section>
  );
}

export default ManageBookingPage;
