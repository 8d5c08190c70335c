// The dashboard's "Calendar feed": a private address her calendar app subscribes to, listing her confirmed
// bookings. Its address is shown once, when made (the server keeps only its hash), with a Copy button; making a new one
// or turning it off asks first, since the old address then stops working in every calendar that uses it.
import { useState } from 'react';
import { Modal } from '../../components/modal';
import './calendar-feed.css';
import { messages } from '../../messages';
import { calendarFeedMessages } from './messages';
import { useCalendarFeed, useCreateCalendarFeed, useHasCalendarFeed, useRevokeCalendarFeed } from './api/calendar-feed';

const m = calendarFeedMessages;

export function CalendarFeedSection() {
  const supported = useHasCalendarFeed();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [asking, setAsking] = useState<'renew' | 'revoke' | null>(null);
  const [failed, setFailed] = useState(false);
  if (!supported) return null;
  const active = feed.status === 'ready' && feed.data.active;
  const busy = create.status === 'pending' || revoke.status === 'pending';

  const make = () => {
    setAsking(null);
    setFailed(false);
    setCopied(false);
    create.mutate().then(
      (status) => setUrl(status.url ?? null),
      () => setFailed(true),
    );
  };
  const turnOff = () => {
    setAsking(null);
    setFailed(false);
    revoke.mutate().then(
      () => setUrl(null),
      () => setFailed(true),
    );
  };
  const copy = () => {
    if (!url) return;
    void navigator.clipboard?.writeText(url).then(() => setCopied(true));
  };

  return (
    <section className="card calendar-feed" aria-labelledby="calendar-feed-heading">
      <div className="card-body">
        <h2 id="calendar-feed-heading">{m.heading}</h2>
        <p className="muted">{m.intro}</p>
        {url && (
          <div className="calendar-feed-url">
            <label htmlFor="calendar-feed-url">{m.urlLabel}</label>
            <input id="calendar-feed-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="btn btn-small" onClick={copy}>
              {copied ? m.copied : m.copy}
            </button>
            <p className="muted">{m.shownOnce}</p>
          </div>
        )}
        {!url && active && <p>{m.on}</p>}
        <div className="row">
          {active ? (
            <>
              <button type="button" className="btn btn-small" onClick={() => setAsking('renew')} disabled={busy}>
                {m.renew}
              </button>
              <button
                type="button"
                className="btn btn-small btn-ghost"
                onClick={() => setAsking('revoke')}
                disabled={busy}
              >
                {m.revoke}
              </button>
            </>
          ) : (
            feed.status === 'ready' && (
              <button
                type="button"
                className="btn btn-small btn-primary"
                onClick={make}
                disabled={busy}
                aria-busy={busy}
              >
                {m.make}
              </button>
            )
          )}
        </div>
        {failed && (
          <p className="alert alert-error" role="alert">
            {m.failed}
          </p>
        )}
      </div>
      {asking && (
        <Modal title={asking === 'renew' ? m.renewTitle : m.revokeTitle} onClose={() => setAsking(null)}>
          <p>{m.oldStops}</p>
          <div className="admin-form-actions">
            <button type="button" className="btn" onClick={() => setAsking(null)}>
              {messages.cancel}
            </button>
            <button type="button" className="btn btn-danger" onClick={asking === 'renew' ? make : turnOff}>
              {asking === 'renew' ? m.renew : m.revoke}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
