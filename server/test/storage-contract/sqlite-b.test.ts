// The storage contract suites of sessions, second factor, passkeys, outbox, sign-in limits, SMS, contracts and
// deploys, run on the embedded home's SQLite stores (sqliteStorageOn, a database of its own per case, in a temporary
// folder). The same suites run on Firestore in firebase/test/emulator/storage-b.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/database';
import type { Storage } from '../../src/repositories/ports';
import { sqliteStorageOn } from '../../src/repositories/sqlite-storage';
import type { MakeStore } from './contract-kit-b';
import { describeContractsStoreContract } from './contracts-contract';
import { describeDeploysStoreContract } from './deploys-contract';
import { describeOutboxStoreContract } from './outbox-contract';
import { describePasskeysStoreContract } from './passkeys-contract';
import { describeSecondFactorStoreContract } from './second-factor-contract';
import { describeSessionsStoreContract } from './sessions-contract';
import { describeSignInLimitsStoreContract } from './sign-in-limits-contract';
import { describeSmsLogStoreContract } from './sms-log-contract';

type StoreName = Exclude<keyof Storage, 'seedIfEmpty' | 'probeWrite' | 'close'>;

/** One store of a storage of its own on a database of its own. */
const on =
  <K extends StoreName>(key: K): MakeStore<Storage[K]> =>
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'studio-storage-b-'));
    const storage = sqliteStorageOn(openDatabase(dir));
    return {
      store: storage[key],
      async close() {
        await storage.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  };

describe('SQLite stores', () => {
  describeSessionsStoreContract(on('sessions'));
  describeSecondFactorStoreContract(on('secondFactor'));
  describePasskeysStoreContract(on('passkeys'));
  describeOutboxStoreContract(on('outbox'));
  describeSignInLimitsStoreContract(on('signInLimits'));
  describeSmsLogStoreContract(on('sms'));
  describeContractsStoreContract(on('contracts'));
  describeDeploysStoreContract(on('deploys'));
});
