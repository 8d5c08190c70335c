// The dashboard's badge of what clients did: a button in the header with the count she has not seen; it
// opens the list of the latest actions, each with a link to its booking, and opening it marks them seen.
import { useEffect, useState } from 'react';
import { BackendError } from '@studio/shared/backend';
import { Link } from '@studio/shared/router';
import {
  adminBookingPath,
  clientActionTitle,
  describeMove,
  isMoveRequest,
  type ClientAction,
} from '@studio/shared/domain/client-actions';
import { formatInstant, formatLongDate } from '@studio/shared/domain/studio-time';
import { formatPhone } from '@studio/shared/domain/phone';
import { clientActionMessages as m } from './messages';
import { useClientActions, useMarkClientActionsSeen } from './api/client-actions';
import './client-actions.css';

// The reader's own zone: she reads her dashboard where her studio is.
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function ActionItem({ action }: { action: ClientAction }) {
  const facts = [action.service, action.date ? formatLongDate(action.date) : ''].filter(Boolean).join(' · ');
  const particulars = isMoveRequest(action.kind)
    ? m.askedFor(describeMove(action.detail))
    : action.kind === 'contract-viewed' || action.kind === 'contract-signed'
      ? m.version(action.detail)
      : action.kind === 'contact'
        ? action.detail
        : '';
  return (
    <li className={`client-action${action.seenAt ? '' : ' client-action-unseen'}`} data-kind={action.kind}>
      <p className="client-action-title">{clientActionTitle(action)}</p>
      <p className="muted">
        <time dateTime={action.at}>{formatInstant(action.at, localZone())}</time>
        {facts && <> · {facts}</>}
      </p>
      {particulars && <p className="client-action-detail">{particulars}</p>}
      {action.bookingId ? (
        <Link className="btn btn-small" to={adminBookingPath(action.bookingId)}>
          {m.open}
        </Link>
      ) : (
        <p>
          <a href={`mailto:${action.email}`}>
            {m.reply} ({action.email}
            {action.phone ? `, ${formatPhone(action.phone)}` : ''})
          </a>
        </p>
      )}
    </li>
  );
}

export function ClientActionsButton() {
  const summary = useClientActions();
  const markSeen = useMarkClientActionsSeen();
  const [open, setOpen] = useState(false);
  // Kept while it is read again after a change, so the badge does not blink.
  const [shown, setShown] = useState<{ unseen: number; recent: ClientAction[] } | null>(null);
  useEffect(() => {
    if (summary.status === 'ready') setShown(summary.data);
  }, [summary]);
  const unseen = shown?.unseen ?? 0;

  // Open, she sees what arrives: mark it seen as it comes in (a failure leaves the count, and is not retried in a loop).
  const { mutate } = markSeen;
  useEffect(() => {
    if (open && unseen > 0) void mutate(undefined).catch(() => undefined);
  }, [open, unseen, mutate]);

  // A backend that does not record client actions shows no badge.
  if (summary.status === 'error' && summary.error instanceof BackendError && summary.error.code === 'not-supported')
    return null;

  return (
    <div className="client-actions">
      <button
        type="button"
        className="btn client-actions-button"
        aria-expanded={open}
        aria-controls="client-actions-list"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="client-actions-full">{m.button}</span>
        <span className="client-actions-short" aria-hidden="true">
          {m.buttonShort}
        </span>
        {unseen > 0 && (
          <span className="client-actions-count" data-testid="client-actions-count">
            <span aria-hidden="true">{unseen}</span>
            <span className="visually-hidden">{m.unseen(unseen)}</span>
          </span>
        )}
      </button>
      {open && (
        <section id="client-actions-list" className="card client-actions-list" aria-labelledby="client-actions-heading">
          <div className="card-body">
            <h2 id="client-actions-heading">{m.heading}</h2>
            {summary.status === 'error' && !shown && (
              <p className="alert alert-error" role="alert">
                {m.loadFailed}
              </p>
            )}
            {shown && shown.recent.length === 0 && <p className="muted">{m.empty}</p>}
            {shown && shown.recent.length > 0 && (
              <ul>
                {shown.recent.map((a) => (
                  <ActionItem key={a.id} action={a} />
                ))}
              </ul>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
