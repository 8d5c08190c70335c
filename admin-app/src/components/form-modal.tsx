// The frame of an admin "add" modal: the form, the save failure in the words of docs/product.md §8, Cancel and
// Save. A failed save keeps the modal open with every value typed.
import type { FormEvent, ReactNode } from 'react';
import { messages } from '../messages';
import { Modal } from './modal';

export function FormModal({
  title,
  onClose,
  onSubmit,
  saving,
  failure,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  saving: boolean;
  /** The save failure to show, if the last save failed. */
  failure: string | null;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal title={title} onClose={onClose}>
      {/* noValidate: the shared schema's messages, not the browser's, say what is wrong. */}
      <form className="admin-form" onSubmit={submit} noValidate>
        {children}
        {failure && (
          <p className="alert alert-error" role="alert">
            {failure}
          </p>
        )}
        <div className="admin-form-actions">
          <button type="button" className="btn" onClick={onClose}>
            {messages.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving}>
            {saving ? messages.saving : messages.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}
