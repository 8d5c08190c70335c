// The storage contract suites of sessions, second factor, passkeys, outbox, mail queue, sign-in limits, SMS, contracts,
// deploys, payments and quotes, run on the embedded home's SQLite stores (sqliteStorageOn, a database of its own per case, in a temporary
// folder). The same suites run on Firestore in firebase/test/emulator/storage-b.test.ts.
import { sqliteStoreOf as on } from './sqlite-store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/platform/sqlite/database';
import { sqliteStorageOn } from '../../src/app/sqlite-storage';
import { describeContractSignerContract } from './contract-signer-contract';
import { describeContractsStoreContract } from './contracts-contract';
import { describeDeploysStoreContract } from './deploys-contract';
import { describeMailQueueStoreContract } from './mail-queue-contract';
import { describeOutboxStoreContract } from './outbox-contract';
import { describePasskeysStoreContract } from './passkeys-contract';
import { describePaymentsStoreContract } from './payments-contract';
import { describeQuotesStoreContract } from './quotes-contract';
import { describeSecondFactorStoreContract } from './second-factor-contract';
import { describeSessionsStoreContract } from './sessions-contract';
import { describeSignInLimitsStoreContract } from './sign-in-limits-contract';
import { describeSmsLogStoreContract } from './sms-log-contract';

describe('SQLite stores', () => {
  describeSessionsStoreContract(on('sessions'));
  describeSecondFactorStoreContract(on('secondFactor'));
  describePasskeysStoreContract(on('passkeys'));
  describeOutboxStoreContract(on('outbox'));
  describeMailQueueStoreContract(on('mailQueue'));
  describeSignInLimitsStoreContract(on('signInLimits'));
  describeSmsLogStoreContract(on('sms'));
  describeContractsStoreContract(on('contracts'));
  describeDeploysStoreContract(on('deploys'));
  describePaymentsStoreContract(on('payments'));
  // Bookings and contracts of one database: sign() reads the booking's status in its own write.
  describeContractSignerContract(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'studio-storage-'));
    const storage = sqliteStorageOn(openDatabase(dir));
    return {
      store: { bookings: storage.bookings, contracts: storage.contracts },
      async close() {
        await storage.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
  describeQuotesStoreContract(on('quotes'));
});
