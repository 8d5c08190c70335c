// Renders a federated remote with a loading state, and a clear message with Retry when it cannot be loaded
// (never a blank page).
import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { loadRemoteApp, type RemoteKey } from './remote-loader';
import { messages } from '../../messages';

class RemoteErrorBoundary extends Component<{ onRetry(): void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('A remote failed to load', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="remote-error" role="alert">
        <h1>{messages.remoteFailedTitle}</h1>
        <p>{messages.remoteFailedBody}</p>
        <button type="button" className="btn btn-primary" onClick={this.props.onRetry}>
          {messages.retry}
        </button>
      </div>
    );
  }
}

export function Loading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{messages.loading}</span>
    </div>
  );
}

/**
 * `rendered` is the remote's page as the server rendered it (shell/src/ssr.tsx): in the same error boundary and
 * Suspense boundary as the browser's lazy remote, so the browser keeps the server's HTML while the remote loads and
 * then hydrates it.
 */
export function RemoteApp({
  remote,
  rendered,
  fallback = <Loading />,
}: {
  remote: RemoteKey;
  rendered?: ReactNode;
  /** What shows while the remote loads: a spinner unless the page has an outline of its own. */
  fallback?: ReactNode;
}) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React caches a rejected lazy() for good.
  const App = useMemo(() => lazy(() => loadRemoteApp(remote, attempt > 0)), [remote, attempt]);
  return (
    <RemoteErrorBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={fallback}>{rendered ?? <App />}</Suspense>
    </RemoteErrorBoundary>
  );
}
