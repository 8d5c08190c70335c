// The firebase adapter: the whole Backend port on Firestore, Auth (e-mail link), Storage and Functions (docs/product.md
// §7), composed from one module per port area over one shared context (firebase-context.ts). What a visitor's first
// page needs is imported statically and kept small: firebase/app and firestore/lite. The admin's live queries (full
// Firestore), Auth, Storage, Functions and App Check are dynamic imports, each a lazy chunk a first visit never fetches.
import { BackendError, type Backend } from '../port';
import { createAuthPort } from './auth';
import { createAvailabilityPort, type FirebaseAvailabilityPort } from './availability';
import { createBookingsPort } from './bookings';
import { createContentPorts } from './content';
import { createContentAdminPort } from './content-admin';
import { createFirebaseContext } from './firebase-context';
import { createNotificationsPort } from './notifications';
import type { FirebaseBackendOptions } from './options';

export { COLLECTIONS, NOTES_COLLECTION, PORTFOLIO_CONTENT_PATH, noteDocId } from './paths';
export { toBackendError, fromCallableError } from './errors';
export { withCacheBust } from './content';
export type { CreateBookingRequest } from './bookings';
export {
  EMAIL_FOR_SIGN_IN_KEY,
  SESSION_HINT_KEY,
  SMS_CALL_FAILED,
  type FirebaseBackendOptions,
  type FirebaseEmulators,
  type FirebaseWebConfig,
  type HostPort,
  type KeyValueStore,
} from './options';

export type FirebaseBackend = Backend & {
  availability: FirebaseAvailabilityPort;
  /** Deletes the Firebase app, closing its connections and listeners (tests, teardown). */
  close(): Promise<void>;
};

export const CONTRACTS_NOT_SUPPORTED =
  'Contracts with e-signature are not supported on this backend yet. Print the contract instead.';

export function createFirebaseBackend(options: FirebaseBackendOptions): FirebaseBackend {
  const ctx = createFirebaseContext(options);
  const auth = createAuthPort(ctx);
  return {
    ...createContentPorts(ctx),
    content: createContentAdminPort(ctx, async () => (await auth.current()) !== null),
    bookings: createBookingsPort(ctx),
    availability: createAvailabilityPort(ctx),
    auth,
    notifications: createNotificationsPort(ctx),
    // Issue 19: the signing page and its PDF need a server; on Firebase they are planned as a function.
    contracts: () => Promise.reject(new BackendError('not-supported', CONTRACTS_NOT_SUPPORTED)),
    // Each remote is its own Hosting site: Hosting's release history is the record and the rollback (docs/deploy.md).
    deployments: null,
    close: () => ctx.close(),
  };
}
