// Asks before anything that deletes her content: what goes, and what it means for visitors and bookings.
import { useState } from 'react';
import { Modal } from '../../components/modal';
import { messages } from '../../messages';

export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  body: string;
  confirmLabel: string;
  /** Rejects to keep the dialog open with the failure shown. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = () => {
    setBusy(true);
    setFailure(null);
    onConfirm().then(onClose, (error: unknown) => {
      setBusy(false);
      setFailure(error instanceof Error ? error.message : messages.content.saveFailed);
    });
  };
  return (
    <Modal title={title} onClose={onClose}>
      <p>{body}</p>
      {failure && (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}
      <div className="admin-form-actions">
        <button type="button" className="btn" onClick={onClose}>
          {messages.cancel}
        </button>
        <button type="button" className="btn btn-danger" onClick={confirm} disabled={busy} aria-busy={busy}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
