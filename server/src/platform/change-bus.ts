// In-process change notifications: a write route announces what changed once its transaction has committed, and the
// admin's live stream (server-sent events) tells the dashboards. A booking change carries the request itself, so
// nobody re-reads the list to tell it (re-reading the whole list for every open stream inside the POST once stalled
// the server under load).
//
// On the embedded home one process owns the SQLite file, so the in-process bus sees every write. On the Firebase home
// every function instance runs its own copy of the server on one shared Firestore: there the bus is given a relay (the
// storage's change feed, features/live/change-feed.firestore.ts) that sends each change announced here to the other
// instances and hands this one theirs, so a live stream hears of a booking whichever instance stored it.
import { EventEmitter } from 'node:events';
import type { BookingRequest } from '@studio/shared/domain';
import type { ContractRecord } from '@studio/shared/domain/contract';

export type Change =
  | { topic: 'bookings'; type: 'created' | 'updated'; booking: BookingRequest }
  | { topic: 'availability' }
  // Her services, portfolio, site details or comp card: the server-rendered pages are read again (features/pages/server-render.ts).
  | { topic: 'content' }
  /** A contract was created, edited, sent, viewed or signed. */
  | { topic: 'contracts'; contract: ContractRecord }
  /** A payment or a refund of the booking was recorded. */
  | { topic: 'payments'; bookingId: string };

export type ChangeTopic = Change['topic'];

/** Carries changes between the server instances that share one storage. */
export interface ChangeRelay {
  /** Sends a change announced on this instance to the others (never back to this one). */
  send(change: Change): Promise<void>;
  /**
   * Delivers every change the other instances send from now on; `failed` hears of a break in the delivery (which the
   * relay mends itself). Answers how to stop.
   */
  listen(deliver: (change: Change) => void, failed: (error: unknown) => void): () => void;
}

export interface ChangeBusOptions {
  /** The other instances' changes (the Firebase home); none on the embedded home. */
  relay?: ChangeRelay;
  /** Where a relay's failures are logged. */
  log?: { warn(details: object, message: string): void };
}

export function createChangeBus({ relay, log }: ChangeBusOptions = {}) {
  const emitter = new EventEmitter();
  // Listeners are few (the live stream registers one for all its connections), but never warn on more.
  emitter.setMaxListeners(0);
  const stopListening = relay?.listen(
    (change) => emitter.emit('change', change),
    (error) => log?.warn({ err: error }, 'the change feed from the other instances failed'),
  );
  return {
    publish(change: Change) {
      emitter.emit('change', change);
      // The write itself has committed: a change the other instances miss costs a live update, not data, so the
      // request that announced it never waits for the relay nor fails with it.
      relay?.send(change).catch((error: unknown) => {
        log?.warn({ err: error, topic: change.topic }, 'a change could not be sent to the other instances');
      });
    },
    subscribe(listener: (change: Change) => void): () => void {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
    /** Stops hearing the other instances (the app is closing). */
    close() {
      stopListening?.();
    },
  };
}

export type ChangeBus = ReturnType<typeof createChangeBus>;
