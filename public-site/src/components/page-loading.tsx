// The loading state every public page shows while its data is on the way: a spinner with a spoken label.
import { messages } from '../messages';

export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{messages.loading}</span>
    </div>
  );
}
