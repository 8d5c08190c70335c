// The Firebase home's change feed (platform/change-bus.ts, ChangeRelay): each server instance writes every change it
// announces as a small document in `changes`, and listens to that collection (onSnapshot) for the documents other
// instances write. An instance knows its own by the random id it stamps on them.
//
// changes/{auto id}: { instance, change (the Change as JSON text), createdAt (the server's time), expireAt }. The
// documents are only ever read as they arrive: Firestore's TTL policy on `expireAt` (firestore.indexes.json,
// fieldOverrides) deletes them a day later. A listener starts at the time the instance started, and after a break
// (the listen stream failed) from the last document it saw, skipping the ones it already delivered.
import { randomUUID } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Change, ChangeRelay } from '../../platform/change-bus';

export const CHANGES = 'changes';

/** How long a change document is kept before the TTL policy may delete it. */
export const CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** The wait before listening again after the listen stream broke. */
const RELISTEN_MS = 1000;
/** How many delivered document ids are remembered to skip a document seen again after a break. */
const REMEMBERED = 500;

export interface FirestoreChangeFeed extends ChangeRelay {
  /** This instance's id, on every change it sends. */
  readonly instance: string;
  /** Stops listening and waits for the changes still being sent (before the client is terminated). */
  stop(): Promise<void>;
}

export function createFirestoreChangeFeed(db: Firestore, now: () => number = Date.now): FirestoreChangeFeed {
  const changes = db.collection(CHANGES);
  const instance = randomUUID();
  const sending = new Set<Promise<unknown>>();
  let stopListening: (() => void) | undefined;
  let stopped = false;

  return {
    instance,

    send(change) {
      if (stopped) return Promise.resolve();
      const write = changes.add({
        instance,
        change: JSON.stringify(change),
        createdAt: FieldValue.serverTimestamp(),
        expireAt: Timestamp.fromMillis(now() + CHANGE_TTL_MS),
      });
      sending.add(write);
      return write.then(
        () => void sending.delete(write),
        (error: unknown) => {
          sending.delete(write);
          throw error;
        },
      );
    },

    listen(deliver, failed) {
      let after = Timestamp.fromMillis(now());
      const delivered = new Set<string>();
      let retry: NodeJS.Timeout | undefined;
      let unsubscribe: (() => void) | undefined;
      const subscribe = () => {
        unsubscribe = changes
          .where('createdAt', '>=', after)
          .orderBy('createdAt')
          .onSnapshot(
            (snapshot) => {
              for (const { type, doc } of snapshot.docChanges()) {
                if (type !== 'added' || delivered.has(doc.id)) continue;
                delivered.add(doc.id);
                if (delivered.size > REMEMBERED) delivered.delete(delivered.values().next().value as string);
                const createdAt = doc.get('createdAt') as Timestamp | null;
                if (createdAt && createdAt.toMillis() > after.toMillis()) after = createdAt;
                if (doc.get('instance') === instance) continue;
                try {
                  deliver(JSON.parse(doc.get('change') as string) as Change);
                } catch (error) {
                  failed(error);
                }
              }
            },
            (error) => {
              if (stopped) return;
              failed(error);
              retry = setTimeout(subscribe, RELISTEN_MS);
              retry.unref();
            },
          );
      };
      subscribe();
      stopListening = () => {
        clearTimeout(retry);
        unsubscribe?.();
      };
      return stopListening;
    },

    async stop() {
      stopped = true;
      stopListening?.();
      await Promise.allSettled([...sending]);
    },
  };
}
