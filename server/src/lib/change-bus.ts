// In-process change notifications: a write route announces what changed once its transaction has committed, and the
// admin's live stream (server-sent events) tells the dashboards. One process owns the SQLite file, so an in-process
// bus sees every write. A booking change carries the request itself, so nobody re-reads the list to tell it (issue
// 14, item 3: re-reading the whole list for every stream inside the POST stalled the server).
import { EventEmitter } from 'node:events';
import type { BookingRequest } from '@studio/shared/domain';
import type { ContractRecord } from '@studio/shared/domain/contract';

export type Change =
  | { topic: 'bookings'; type: 'created' | 'updated'; booking: BookingRequest }
  | { topic: 'availability' }
  // Her services, portfolio, site details or comp card: the server-rendered pages are read again (lib/server-render.ts).
  | { topic: 'content' }
  /** Issue 19: a contract was created, edited, sent, viewed or signed. */
  | { topic: 'contracts'; contract: ContractRecord };

export type ChangeTopic = Change['topic'];

export function createChangeBus() {
  const emitter = new EventEmitter();
  // Listeners are few (the live stream registers one for all its connections), but never warn on more.
  emitter.setMaxListeners(0);
  return {
    publish(change: Change) {
      emitter.emit('change', change);
    },
    subscribe(listener: (change: Change) => void): () => void {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
  };
}

export type ChangeBus = ReturnType<typeof createChangeBus>;
