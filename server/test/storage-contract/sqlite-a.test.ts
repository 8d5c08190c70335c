// The storage contract suites of the bookings, availability, content, settings, held-notification, media-row and
// client-action stores, run on the embedded home's SQLite stores (sqliteStorageOn, a database of its own per case, in
// a temporary folder). The same suites run on Firestore in firebase/test/emulator/storage-a.test.ts.
import { describeAvailabilityStoreContract } from './availability-contract';
import { describeBookingsStoreContract } from './bookings-contract';
import { describeClientActionsStoreContract } from './client-actions-contract';
import { describeContentStoreContract } from './content-contract';
import { describeHeldNotificationsStoreContract } from './held-notifications-contract';
import { describeMediaRowsStoreContract } from './media-contract';
import { describeSettingsStoreContract } from './settings-contract';
import { sqliteStoreOf as on } from './sqlite-store';

describeBookingsStoreContract(on('bookings'));
describeAvailabilityStoreContract(on('availability'));
describeContentStoreContract(on('content'));
describeSettingsStoreContract(on('settings'));
describeHeldNotificationsStoreContract(on('heldNotifications'));
describeMediaRowsStoreContract(on('media'));
describeClientActionsStoreContract(on('clientActions'));
