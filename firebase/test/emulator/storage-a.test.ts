// The storage contract suites of the bookings, availability, content, settings, held-notification and media-row
// stores (server/test/storage-contract), run on the server's Firestore stores against the Firestore emulator. Every
// case gets a Firestore of its own (freshFirestore: a project id nobody else uses), so nothing is cleared between
// cases. The same suites run on SQLite in server/test/storage-contract/sqlite-a.test.ts.
/* eslint-disable import-x/no-restricted-paths -- this suite exercises the server's own Firestore stores */
import { createFirestoreBookingsStore } from '../../../server/src/repositories/firestore/bookings';
import { describeBookingsStoreContract } from '../../../server/test/storage-contract/bookings-contract';
/* eslint-enable import-x/no-restricted-paths */
import { freshFirestore } from './storage-support';

describeBookingsStoreContract(async () => {
  const { db, close } = freshFirestore('bookings');
  return { store: createFirestoreBookingsStore(db), close };
});
