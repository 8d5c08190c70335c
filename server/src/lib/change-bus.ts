// In-process change notifications: a write route announces what changed, the admin's live stream (server-sent
// events) sends fresh snapshots. One process owns the SQLite file, so an in-process bus sees every write.
import { EventEmitter } from 'node:events';

export type ChangeTopic = 'bookings' | 'availability';

export function createChangeBus() {
  const emitter = new EventEmitter();
  // One listener per open admin stream; the admin rarely has more than a few tabs, but never warn on many.
  emitter.setMaxListeners(0);
  return {
    publish(topic: ChangeTopic) {
      emitter.emit('change', topic);
    },
    subscribe(listener: (topic: ChangeTopic) => void): () => void {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
  };
}

export type ChangeBus = ReturnType<typeof createChangeBus>;
