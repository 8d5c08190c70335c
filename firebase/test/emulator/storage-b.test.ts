// The storage contract suites of sessions, second factor, passkeys, outbox, sign-in limits, SMS, contracts and
// deploys, run on the server's Firestore stores (the Admin SDK against the Firestore emulator). The same suites run
// on SQLite in server/test/storage-contract/sqlite-b.test.ts. Each case gets a Firestore of its own (a project id
// nobody else uses), so nothing is shared or cleared.
// This file tests the server's own stores, so it imports the server, which firebase/ code otherwise may not (the
// boundary in eslint.config.mjs predates the server running on Firebase, issue 25).
/* eslint-disable import-x/no-restricted-paths */
import type { Firestore } from 'firebase-admin/firestore';
import { createFirestoreContractsStore } from '../../../server/src/repositories/firestore/contracts';
import { createFirestoreDeploysStore } from '../../../server/src/repositories/firestore/deploys';
import { createFirestoreOutboxStore } from '../../../server/src/repositories/firestore/outbox';
import { createFirestorePasskeysStore } from '../../../server/src/repositories/firestore/passkeys';
import { createFirestoreSecondFactorStore } from '../../../server/src/repositories/firestore/second-factor';
import { createFirestoreSessionsStore } from '../../../server/src/repositories/firestore/sessions';
import { createFirestoreSignInLimitsStore } from '../../../server/src/repositories/firestore/sign-in-limits';
import { createFirestoreSmsLogStore } from '../../../server/src/repositories/firestore/sms-log';
import type { MakeStore } from '../../../server/test/storage-contract/contract-kit-b';
import { describeContractsStoreContract } from '../../../server/test/storage-contract/contracts-contract';
import { describeDeploysStoreContract } from '../../../server/test/storage-contract/deploys-contract';
import { describeOutboxStoreContract } from '../../../server/test/storage-contract/outbox-contract';
import { describePasskeysStoreContract } from '../../../server/test/storage-contract/passkeys-contract';
import { describeSecondFactorStoreContract } from '../../../server/test/storage-contract/second-factor-contract';
import { describeSessionsStoreContract } from '../../../server/test/storage-contract/sessions-contract';
import { describeSignInLimitsStoreContract } from '../../../server/test/storage-contract/sign-in-limits-contract';
import { describeSmsLogStoreContract } from '../../../server/test/storage-contract/sms-log-contract';
import { freshFirestore } from './storage-support';

const onFirestore =
  <S>(create: (db: Firestore) => S): MakeStore<S> =>
  async () => {
    const { db, close } = freshFirestore('store-b');
    return { store: create(db), close };
  };

describe('Firestore stores (emulator)', () => {
  describeSessionsStoreContract(onFirestore(createFirestoreSessionsStore));
  describeSecondFactorStoreContract(onFirestore(createFirestoreSecondFactorStore));
  describePasskeysStoreContract(onFirestore(createFirestorePasskeysStore));
  describeOutboxStoreContract(onFirestore(createFirestoreOutboxStore));
  describeSignInLimitsStoreContract(onFirestore(createFirestoreSignInLimitsStore));
  describeSmsLogStoreContract(onFirestore(createFirestoreSmsLogStore));
  describeContractsStoreContract(onFirestore(createFirestoreContractsStore));
  describeDeploysStoreContract(onFirestore(createFirestoreDeploysStore));
});
