// The admin's live queries run on the full Firestore SDK, loaded on the first subscription (a lazy chunk): a
// subscription that is stopped before the SDK arrives never starts.
import type { BackendError, Unsubscribe } from '../port';
import { toBackendError } from './errors';
import type { FirebaseContext, FullFirestore } from './firebase-context';

export function live(
  ctx: FirebaseContext,
  start: (fs: FullFirestore, db: import('firebase/firestore').Firestore) => Unsubscribe,
  onError: (error: BackendError) => void,
): Unsubscribe {
  let stopped = false;
  let stop: Unsubscribe | undefined;
  ctx.fullFirestore().then(
    ({ fs, db }) => {
      if (!stopped) stop = start(fs, db);
    },
    (error: unknown) => {
      if (!stopped) onError(toBackendError(error));
    },
  );
  return () => {
    stopped = true;
    stop?.();
  };
}
