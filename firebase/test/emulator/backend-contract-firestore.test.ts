// The backend contract suite (shared/src/backend/contract) through the http adapter against the real server on the
// Firebase home's storage: buildApp({ storage: createFirestoreStorage(...) }) on a Firestore of its own per case (the
// emulator), seeded with the contract seed through the storage's own seed operation, listening on 127.0.0.1. The same
// suite runs against the server on SQLite in server/test/backend-contract-http.test.ts, with the same harness
// (server/test/backend-contract-harness.ts). The Firebase sign-in has its own tests (firebase-home-sign-in.test.ts
// and app-function.test.ts); the suite signs in by the embedded home's link.
import { contractSeed, describeBackendContract } from '@studio/shared/backend/contract';
import { browserLikeBackend, writeContractSeed } from '../../../server/test/backend-contract-harness';
import { ADMIN, serverOnFirestore } from './http-harness';
import { freshFirestore } from './storage-support';

const seed = contractSeed();

describeBackendContract({
  name: 'http (real server on Firestore)',
  seed,
  create: async () => {
    const server = await serverOnFirestore(freshFirestore('contract'));
    await writeContractSeed(server.storage, seed);
    const { uninstall, ...driven } = browserLikeBackend(server.baseUrl, ADMIN);
    return {
      ...driven,
      teardown: async () => {
        uninstall();
        await server.close();
      },
    };
  },
});
