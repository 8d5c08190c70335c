// The storage contract suites of the bookings, availability, content, settings, held-notification and media-row
// stores (server/test/storage-contract), run on the server's Firestore stores against the Firestore emulator. Every
// case gets a Firestore of its own (freshFirestore: a project id nobody else uses), so nothing is cleared between
// cases. The same suites run on SQLite in server/test/storage-contract/sqlite-a.test.ts.
import type { Firestore } from 'firebase-admin/firestore';
import { createFirestoreAvailabilityStore } from '../../../server/src/features/availability/availability.firestore';
import { createFirestoreBookingsStore } from '../../../server/src/features/bookings/bookings.firestore';
import { createFirestoreClientActionsStore } from '../../../server/src/features/client-activity/client-actions.firestore';
import { createFirestoreContentStore } from '../../../server/src/features/content/content.firestore';
import { createFirestoreHeldNotificationsStore } from '../../../server/src/features/bookings/held-notifications.firestore';
import { createFirestoreMediaRowsStore } from '../../../server/src/features/media/media-rows.firestore';
import { createFirestoreSettingsStore } from '../../../server/src/features/settings/settings.firestore';
import { describeAvailabilityStoreContract } from '../../../server/test/storage-contract/availability-contract';
import { describeBookingsStoreContract } from '../../../server/test/storage-contract/bookings-contract';
import { describeClientActionsStoreContract } from '../../../server/test/storage-contract/client-actions-contract';
import { describeContentStoreContract } from '../../../server/test/storage-contract/content-contract';
import { describeHeldNotificationsStoreContract } from '../../../server/test/storage-contract/held-notifications-contract';
import { describeMediaRowsStoreContract } from '../../../server/test/storage-contract/media-contract';
import { describeSettingsStoreContract } from '../../../server/test/storage-contract/settings-contract';
import { freshFirestore } from './storage-support';

/** A store of its own on a Firestore of its own. */
const on =
  <S>(label: string, create: (db: Firestore) => S) =>
  async () => {
    const { db, close } = freshFirestore(label);
    return { store: create(db), close };
  };

describeBookingsStoreContract(on('bookings', createFirestoreBookingsStore));
describeAvailabilityStoreContract(on('availability', createFirestoreAvailabilityStore));
describeContentStoreContract(on('content', createFirestoreContentStore));
describeSettingsStoreContract(on('settings', createFirestoreSettingsStore));
describeHeldNotificationsStoreContract(on('held', createFirestoreHeldNotificationsStore));
describeMediaRowsStoreContract(on('media', createFirestoreMediaRowsStore));
describeClientActionsStoreContract(on('client-actions', createFirestoreClientActionsStore));
