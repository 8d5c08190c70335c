// Admin live updates over server-sent events. The server sends a full snapshot on connect and after every change,
// so a reconnect can never leave the dashboard with a stale or partial list.
import { BackendError, type Unsubscribe } from '../port';

export function subscribeEvents<T>(
  url: string,
  event: string,
  onChange: (value: T) => void,
  onError: (error: BackendError) => void,
): Unsubscribe {
  if (typeof EventSource === 'undefined') {
    onError(new BackendError('unavailable', 'Live updates are not supported in this browser.'));
    return () => {};
  }
  const source = new EventSource(url, { withCredentials: true });
  const listener = (e: MessageEvent<string>) => {
    try {
      onChange(JSON.parse(e.data) as T);
    } catch {
      onError(new BackendError('internal', 'A live update could not be read.'));
    }
  };
  source.addEventListener(event, listener as EventListener);
  source.addEventListener('error', () => {
    // EventSource reconnects by itself while the connection is merely interrupted; CLOSED means the server refused.
    if (source.readyState === EventSource.CLOSED) {
      onError(new BackendError('unauthenticated', 'Live updates stopped: please sign in again.'));
    }
  });
  return () => source.close();
}
