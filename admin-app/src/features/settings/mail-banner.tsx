// Her dashboard's word on the site's mail: nothing while mail leaves; a banner when a production site keeps
// its mail in the local outbox (MAIL_TRANSPORT=outbox), or when the mail server refuses mail, which then waits to be
// sent again for 24 hours (server/src/features/messaging/mail-queue.ts).
import { settingsMessages } from './messages';
import { useMailStatus } from './api/get-mail-status';

const m = settingsMessages.mail;

export function MailBanner() {
  const mail = useMailStatus();
  if (mail.status !== 'ready' || mail.data.state === 'ok') return null;
  const { state, waiting, givenUp, lastError } = mail.data;
  return (
    <div className="alert alert-error mail-banner" role="alert">
      <p>
        <strong>{state === 'outbox' ? m.outboxHeading : m.degradedHeading}</strong>
      </p>
      {state === 'outbox' ? (
        <p>{m.outbox}</p>
      ) : (
        <>
          {waiting > 0 && <p>{m.waiting(waiting)}</p>}
          {givenUp > 0 && <p>{m.givenUp(givenUp)}</p>}
          {lastError && <p className="muted">{m.lastError(lastError)}</p>}
        </>
      )}
    </div>
  );
}
