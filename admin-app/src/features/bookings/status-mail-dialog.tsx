// Before a status change e-mails the client: the dialog shows the very mail she will get (the
// shared statusMailOf writes it, as the server does), lets the admin add a personal message, and says when it leaves.
import { useId, useState } from 'react';
import type { BookingRequest, BookingStatus } from '@studio/shared/domain';
import { STATUS_UNDO_SECONDS } from '@studio/shared/domain/lifecycle';
import { statusMailOf } from '@studio/shared/domain/status-mail';
import { bookingStatusUpdateSchema, PERSONAL_MESSAGE_MAX } from '@studio/shared/schemas';
import { Modal } from '../../components/modal';
import { messages } from '../../messages';
import { bookingMessages } from './messages';
import { useModelName } from '../contracts/model-name';

const m = bookingMessages.statusMail;

export function StatusMailDialog({
  booking,
  status,
  canUndo,
  onSave,
  onClose,
}: {
  booking: BookingRequest;
  status: BookingStatus;
  /** The backend holds the mail for the Undo window. */
  canUndo: boolean;
  /** Rejects to keep the dialog open with the failure shown. */
  onSave: (message: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const messageId = useId();
  const hintId = useId();
  const errorId = useId();
  const modelName = useModelName();
  const mail = statusMailOf(booking, status, { modelName, message });
  const checked = bookingStatusUpdateSchema.safeParse({ status, message });
  const fieldError = checked.success ? null : (checked.error.issues[0]?.message ?? null);

  const save = () => {
    if (fieldError) return;
    setBusy(true);
    setFailure(null);
    onSave(message.trim()).then(onClose, (error: unknown) => {
      setBusy(false);
      setFailure(error instanceof Error ? error.message : bookingMessages.updateFailed);
    });
  };

  return (
    <Modal title={m.title(booking.name, status)} onClose={onClose}>
      <div className="status-mail">
        <label htmlFor={messageId}>{m.messageLabel}</label>
        <textarea
          id={messageId}
          rows={3}
          value={message}
          maxLength={PERSONAL_MESSAGE_MAX}
          aria-describedby={fieldError ? `${hintId} ${errorId}` : hintId}
          aria-invalid={fieldError ? true : undefined}
          onChange={(e) => setMessage(e.target.value)}
        />
        <p id={hintId} className="muted status-mail-hint">
          {canUndo ? m.whenUndo(STATUS_UNDO_SECONDS) : m.whenNow}
        </p>
        {fieldError && (
          <p id={errorId} className="field-error" role="alert">
            {fieldError}
          </p>
        )}
        {mail && (
          <figure className="status-mail-preview" aria-label={m.previewLabel}>
            <dl>
              <div>
                <dt>{m.to}</dt>
                <dd>{booking.email}</dd>
              </div>
              <div>
                <dt>{m.subject}</dt>
                <dd>{mail.subject}</dd>
              </div>
            </dl>
            <div className="status-mail-body" data-testid="status-mail-preview">
              {mail.paragraphs.map((p, i) =>
                p === mail.personalMessage ? <blockquote key={i}>{p}</blockquote> : <p key={i}>{p}</p>,
              )}
              <p>{mail.signature}</p>
              {status === 'Confirmed' && <p className="muted">{m.inviteAttached}</p>}
            </div>
          </figure>
        )}
      </div>
      {failure && (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}
      <div className="admin-form-actions">
        <button type="button" className="btn" onClick={onClose}>
          {messages.cancel}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={save}
          disabled={busy || fieldError !== null}
          aria-busy={busy}
        >
          {m.save}
        </button>
      </div>
    </Modal>
  );
}
