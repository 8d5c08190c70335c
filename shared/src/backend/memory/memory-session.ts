// The signed-in user, the admin guard, and the admin-only live channels, which end with the session as the server
// closes its event stream.
import type { AuthUser } from '../../domain/types';
import { BackendError, type Unsubscribe } from '../port';
import { copy, notify } from './memory-support';

export const NOT_SIGNED_IN = 'Please sign in as the admin.';

const notSignedIn = () => new BackendError('unauthenticated', NOT_SIGNED_IN, { status: 401 });

interface Subscriber<T> {
  onChange: (value: T) => void;
  onError: (error: BackendError) => void;
}

/** One admin-only live value: subscribers get it at once and after every emit(). */
export interface AdminChannel<T> {
  subscribe(onChange: (value: T) => void, onError: (error: BackendError) => void): Unsubscribe;
  emit(): void;
}

export interface MemorySession {
  current(): AuthUser | null;
  /** Signs in or out; signing out ends every admin channel's subscriptions with an 'unauthenticated' error. */
  set(user: AuthUser | null): void;
  /** Throws 'unauthenticated' unless the admin is signed in. */
  requireAdmin(): void;
  onChange(listener: (user: AuthUser | null) => void): Unsubscribe;
  channel<T>(current: () => T): AdminChannel<T>;
}

export function createMemorySession(initial: AuthUser | null): MemorySession {
  let user = initial;
  const listeners = new Set<(user: AuthUser | null) => void>();
  // Each channel's way to drop its subscribers on sign-out, answering their onError callbacks.
  const endings: Array<() => Array<(error: BackendError) => void>> = [];

  return {
    current: () => user,

    set(next) {
      user = next;
      if (!next) {
        const ended = notSignedIn();
        const onErrors = endings.flatMap((end) => end());
        notify(onErrors, () => ended);
      }
      notify(listeners, () => (next ? copy(next) : null));
    },

    requireAdmin() {
      if (!user?.isAdmin) throw notSignedIn();
    },

    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    channel<T>(current: () => T): AdminChannel<T> {
      const subscribers = new Set<Subscriber<T>>();
      endings.push(() => {
        const onErrors = [...subscribers].map((s) => s.onError);
        subscribers.clear();
        return onErrors;
      });
      return {
        subscribe(onChange, onError) {
          if (!user?.isAdmin) {
            onError(notSignedIn());
            return () => undefined;
          }
          const subscriber: Subscriber<T> = { onChange, onError };
          subscribers.add(subscriber);
          onChange(current());
          return () => {
            subscribers.delete(subscriber);
          };
        },
        emit() {
          notify(
            [...subscribers].map((s) => s.onChange),
            current,
          );
        },
      };
    },
  };
}
