// The storage contract suites of the bookings, availability, content, settings, held-notification and media-row
// stores, run on the embedded home's SQLite stores (sqliteStorageOn, a database of its own per case, in a temporary
// folder). The same suites run on Firestore in firebase/test/emulator/storage-a.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/database';
import type { Storage } from '../../src/repositories/ports';

type StoreName = Exclude<keyof Storage, 'seedIfEmpty' | 'probeWrite' | 'close'>;
import { sqliteStorageOn } from '../../src/repositories/sqlite-storage';
import { describeAvailabilityStoreContract } from './availability-contract';
import { describeBookingsStoreContract, type Made } from './bookings-contract';
import { describeContentStoreContract } from './content-contract';
import { describeHeldNotificationsStoreContract } from './held-notifications-contract';
import { describeMediaRowsStoreContract } from './media-contract';
import { describeSettingsStoreContract } from './settings-contract';

/** One store of a storage of its own on a database of its own. */
const on =
  <K extends StoreName>(key: K) =>
  async (): Promise<Made<Storage[K]>> => {
    const dir = mkdtempSync(path.join(tmpdir(), 'studio-storage-a-'));
    const storage = sqliteStorageOn(openDatabase(dir));
    return {
      store: storage[key],
      async close() {
        await storage.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  };

describeBookingsStoreContract(on('bookings'));
describeAvailabilityStoreContract(on('availability'));
describeContentStoreContract(on('content'));
describeSettingsStoreContract(on('settings'));
describeHeldNotificationsStoreContract(on('heldNotifications'));
describeMediaRowsStoreContract(on('media'));
