// What the backend contract suite's areas share: the harness a backend's tests give, the scope each case runs in
// (a fresh subject per case), and the helpers that wait for a refusal or a live update.
import type { BookingPage, BookingRequest } from '../../domain/booking-types';
import { BackendError, type Backend, type Unsubscribe } from '../port';
import type { ContractSeed } from './contract-seed';

export interface ContractSubject {
  backend: Backend;
  /** Becomes the admin the harness's own way (an outbox link, a faked claim). */
  signInAsAdmin(): Promise<void>;
  /** This browser's passkey authenticator, as the harness arranges it. */
  passkeyDevice: {
    /** From now on the browser uses another authenticator, holding none of her passkeys. */
    switchToAnother(): void;
    /** She dismisses the next passkey prompt. */
    dismissNextPrompt(): void;
  };
  teardown(): Promise<void>;
}

export interface ContractHarness {
  name: string;
  seed: ContractSeed;
  create(): Promise<ContractSubject>;
  /**
   * Given, each case that waits for a live update is declared in a describe block of its own, and this is called
   * inside that block first: a harness whose live channel is known to break now and then (the Firestore emulator)
   * asks jest there for another run of that block alone.
   */
  retryLiveCases?(): void;
}

/** What each area of the suite is given: the seed, the running case's subject, and the live-case declarer. */
export interface ContractScope {
  seed: ContractSeed;
  /** The subject and its backend of the case that is running (a fresh one for each case). */
  current(): { subject: ContractSubject; backend: Backend };
  /** Declares a case that waits for a live update (see retryLiveCases). */
  live(declare: () => void): void;
}

/** Makes a fresh subject for each case of the enclosing describe block, and tears it down after the case. */
export function contractScope(harness: ContractHarness): ContractScope {
  let subject: ContractSubject | undefined;
  beforeEach(async () => {
    subject = await harness.create();
  });
  afterEach(async () => {
    await subject?.teardown();
    subject = undefined;
  });
  return {
    seed: harness.seed,
    current: () => {
      if (!subject) throw new Error('no case is running');
      return { subject, backend: subject.backend };
    },
    live: (declare) => {
      const retry = harness.retryLiveCases;
      if (!retry) return declare();
      describe('live update', () => {
        retry();
        declare();
      });
    },
  };
}

// How long a live update may take to arrive before the case fails. The Firestore emulator (a JVM) on two cores shared
// with the rest of the suite has taken over 5 s to deliver a snapshot; nothing waits this long when it works.
const LIVE_TIMEOUT_MS = 15_000;

export async function rejection(promise: Promise<unknown>): Promise<BackendError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BackendError);
    return error as BackendError;
  }
  throw new Error('expected the call to reject');
}

/** Subscribes and resolves with the first delivered value that satisfies `accept`. */
export function liveValue<T>(
  subscribe: (onChange: (value: T) => void, onError: (error: BackendError) => void) => Unsubscribe,
  accept: (value: T) => boolean,
): { value: Promise<T>; stop: Unsubscribe } {
  let stop: Unsubscribe = () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const value = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error('no matching live update arrived')), LIVE_TIMEOUT_MS);
    stop = subscribe(
      (v) => {
        if (accept(v)) {
          clearTimeout(timer);
          resolve(v);
        }
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
  return {
    value,
    stop: () => {
      clearTimeout(timer);
      stop();
    },
  };
}

/** Subscribes and keeps every delivered value; next() resolves with the first one (kept or yet to come) accepted. */
export function liveFeed<T>(
  subscribe: (onChange: (value: T) => void, onError: (error: BackendError) => void) => Unsubscribe,
): { next(accept: (value: T) => boolean): Promise<T>; stop: Unsubscribe } {
  const kept: T[] = [];
  let failure: BackendError | undefined;
  const waiting = new Set<() => void>();
  const wake = () => waiting.forEach((w) => w());
  const stop = subscribe(
    (value) => {
      kept.push(value);
      wake();
    },
    (error) => {
      failure = error;
      wake();
    },
  );
  return {
    next: (accept) =>
      new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error('no matching live update arrived'));
        }, LIVE_TIMEOUT_MS);
        function check() {
          const at = kept.findIndex(accept);
          if (at < 0 && !failure) return;
          clearTimeout(timer);
          waiting.delete(check);
          if (at >= 0) resolve(kept.splice(0, at + 1)[at] as T);
          else reject(failure);
        }
        waiting.add(check);
        check();
      }),
    stop,
  };
}

export const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));

/** The admin's view of every stored booking, newest first, read a page at a time (signs the admin in). */
export async function storedBookings(subject: ContractSubject): Promise<BookingRequest[]> {
  const { backend } = subject;
  await subject.signInAsAdmin();
  const out: BookingRequest[] = [];
  let cursor: string | null = null;
  do {
    const page: BookingPage = await backend.bookings.list(cursor === null ? {} : { cursor });
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return out;
}

/** A refusal with code 'validation', status 400, and exactly these field errors. */
export async function refusedAsInvalid(
  attempt: Promise<unknown>,
  message: string,
  fieldErrors: Record<string, string[]>,
): Promise<void> {
  const error = await rejection(attempt);
  expect({ code: error.code, status: error.status, message: error.message }).toEqual({
    code: 'validation',
    status: 400,
    message,
  });
  expect(error.fieldErrors).toEqual(fieldErrors);
}
