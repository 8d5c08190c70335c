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

/** One admin-only stream of events: subscribers get `first` at once, then every event emitted after. */
export interface AdminEvents<E> {
  subscribe(onEvent: (event: E) => void, onError: (error: BackendError) => void): Unsubscribe;
  emit(event: E): void;
}

export interface MemorySession {
  current(): AuthUser | null;
  /** Signs in or out; signing out ends every admin channel's subscriptions with an 'unauthenticated' error. */
  set(user: AuthUser | null): void;
  /** Throws 'unauthenticated' unless the admin is signed in. */
  requireAdmin(): void;
  onChange(listener: (user: AuthUser | null) => void): Unsubscribe;
  channel<T>(current: () => T): AdminChannel<T>;
  events<E>(first: () => E): AdminEvents<E>;
}

export function createMemorySession(initial: AuthUser | null): MemorySession {
  let user = initial;
  const listeners = new Set<(user: AuthUser | null) => void>();
  // Each channel's way to drop its subscribers on sign-out, answering their onError callbacks.
  const endings: Array<() => Array<(error: BackendError) => void>> = [];

  function events<E>(first: () => E): AdminEvents<E> {
    const subscribers = new Set<Subscriber<E>>();
    endings.push(() => {
      const onErrors = [...subscribers].map((s) => s.onError);
      subscribers.clear();
      return onErrors;
    });
    return {
      subscribe(onEvent, onError) {
        if (!user?.isAdmin) {
          onError(notSignedIn());
          return () => undefined;
        }
        const subscriber: Subscriber<E> = { onChange: onEvent, onError };
        subscribers.add(subscriber);
        onEvent(first());
        return () => {
          subscribers.delete(subscriber);
        };
      },
      emit(event) {
        notify(
          [...subscribers].map((s) => s.onChange),
          () => copy(event),
        );
      },
    };
  }

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
      const stream = events(current);
      return { subscribe: stream.subscribe, emit: () => stream.emit(current()) };
    },

    events,
  };
}
