// Asks before anything that deletes her content, ends a session or changes what visitors get: what happens, and what
// it means. One dialog for every such question, so each behaves alike: Cancel first, the action busy while it runs,
// a failure shown in place with the dialog kept open.
import { useState, type ReactNode } from 'react';
import { messages } from '../messages';
import { Modal } from './modal';

export function ConfirmDialog({
  title,
  body,
  children,
  confirmLabel,
  cancelLabel = messages.cancel,
  busyLabel = confirmLabel,
  tone = 'danger',
  failureText = (error) => (error instanceof Error ? error.message : messages.saveFailed),
  onConfirm,
  onDone,
  onClose,
}: {
  title: string;
  /** What happens, in her words. */
  body: string;
  /** Anything to weigh before confirming (a warning), shown under the body. */
  children?: ReactNode;
  confirmLabel: string;
  /** The first button's text, which closes the dialog having done nothing ('Stay' when she is asked before leaving). */
  cancelLabel?: string;
  /** The button's text while the action runs ('Removing…'). */
  busyLabel?: string;
  /** 'danger' for what cannot be undone, 'primary' for a change that can be made again (a rollback). */
  tone?: 'danger' | 'primary';
  /** The alert shown when the action fails; by default the error's own message. */
  failureText?: (error: unknown) => string;
  /** Rejects to keep the dialog open with the failure shown. */
  onConfirm: () => Promise<unknown>;
  /** After the action succeeded; closing the dialog unless given. */
  onDone?: () => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = () => {
    setBusy(true);
    setFailure(null);
    onConfirm().then(onDone ?? onClose, (error: unknown) => {
      setBusy(false);
      setFailure(failureText(error));
    });
  };
  return (
    <Modal title={title} onClose={onClose}>
      <div className="admin-form">
        <p>{body}</p>
        {children}
        {failure && (
          <p className="alert alert-error" role="alert">
            {failure}
          </p>
        )}
        <div className="admin-form-actions">
          <button type="button" className="btn" onClick={onClose}>
            {cancelLabel}
          </button>
          <button type="button" className={`btn btn-${tone}`} onClick={confirm} disabled={busy} aria-busy={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
