// The admin's passkeys on the dashboard. Without one it is the offer (the e-mail link alone signs her in until she
// adds one); with some, the list (name, when added, when last used), another device, and removal after a
// confirmation. A backend without passkeys (Firebase) answers 'not-supported', and the section is not shown.
import { useState } from 'react';
import { format } from 'date-fns';
import { BackendError } from '@studio/shared/data';
import type { Passkey } from '@studio/shared/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { passkeyMessages } from './messages';
import { usePasskeys } from './api/get-passkeys';
import { useRemovePasskey } from './api/remove-passkey';
import { AddPasskeyDialog } from './add-passkey-dialog';
import './passkeys.css';

const m = passkeyMessages;
const moment = (ts: string) => format(new Date(ts), 'MMM d, yyyy, HH:mm');

function RemovePasskeyDialog({ passkey, last, onClose }: { passkey: Passkey; last: boolean; onClose: () => void }) {
  const remove = useRemovePasskey();
  return (
    <ConfirmDialog
      title={m.removeTitle}
      body={m.removeText(passkey.name)}
      confirmLabel={m.remove}
      busyLabel={m.removing}
      failureText={() => m.removeFailed}
      onConfirm={() => remove.mutate(passkey.id)}
      onClose={onClose}
    >
      {last && <p className="alert passkey-warning">{m.removeLast}</p>}
    </ConfirmDialog>
  );
}

export function PasskeysSection() {
  const list = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (list.status === 'error' && list.error instanceof BackendError && list.error.code === 'not-supported') return null;
  const passkeys = list.status === 'ready' ? list.data.passkeys : [];
  const has = passkeys.length > 0;

  return (
    <section
      className={`card passkeys${list.status === 'ready' && !has ? ' passkeys-offer' : ''}`}
      aria-labelledby="passkeys-heading"
    >
      <div className="card-body">
        <h2 id="passkeys-heading">{list.status === 'ready' && !has ? m.offerHeading : m.heading}</h2>
        {list.status === 'ready' && (
          <>
            <p className="muted">{has ? m.intro : m.offer}</p>
            {has && (
              <ul className="passkeys-list">
                {passkeys.map((p) => (
                  <li key={p.id}>
                    <div>
                      <strong>{p.name}</strong>
                      <span className="muted">
                        {m.createdAt(moment(p.createdAt))},{' '}
                        {p.lastUsedAt ? m.lastUsedAt(moment(p.lastUsedAt)) : m.neverUsed}
                      </span>
                    </div>
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={m.removeLabel(p.name)}
                      onClick={() => {
                        setNotice(null);
                        setRemoving(p);
                      }}
                    >
                      {m.remove}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {has && !list.data.hasRecoveryCode && <p className="alert passkey-warning">{m.noRecoveryCode}</p>}
            <button
              type="button"
              className={`btn ${has ? '' : 'btn-primary'}`}
              onClick={() => {
                setNotice(null);
                setAdding(true);
              }}
            >
              {has ? m.addAnother : m.add}
            </button>
          </>
        )}
        {notice && (
          <p className="alert alert-success" role="status">
            {notice}
          </p>
        )}
        {list.status === 'error' && (
          <p className="alert alert-error" role="alert">
            {m.loadFailed}
          </p>
        )}
      </div>
      {adding && (
        <AddPasskeyDialog
          onClose={() => setAdding(false)}
          onAdded={(name) => {
            setAdding(false);
            setNotice(m.added(name));
          }}
        />
      )}
      {removing && (
        <RemovePasskeyDialog passkey={removing} last={passkeys.length === 1} onClose={() => setRemoving(null)} />
      )}
    </section>
  );
}
