// The dashboard's loading state: a spinner, announced to screen readers.
import { messages } from '../messages';

export function Loading() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{messages.loading}</span>
    </div>
  );
}
