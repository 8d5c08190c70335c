// The whole storage's contract (seedIfEmpty, probeWrite, close) on the Firebase home's Firestore storage
// (server/src/repositories/firestore/storage.ts), each case on a Firestore of its own on the emulator. The same suite
// runs on SQLite in server/test/storage-contract/whole-storage-sqlite.test.ts.
import {
  createFirestoreStorage,
  HEALTH_PROBE,
  PROBE_TIMEOUT_MS,
} from '../../../server/src/repositories/firestore/storage';
import { describeWholeStorageContract } from '../../../server/test/storage-contract/whole-storage-contract';
import { firestoreOf, freshFirestore } from './storage-support';

describeWholeStorageContract(async () => {
  const { db, close } = freshFirestore('whole');
  const storage = createFirestoreStorage(db);
  return {
    store: storage,
    async close() {
      await storage.close();
      await close();
    },
  };
});

describe('the Firestore storage’s health write', () => {
  it('rejects within about a second when Firestore holds the write back (its document locked by a transaction)', async () => {
    // Another instance's client holds the probe's document in a transaction: Firestore makes the write wait for it.
    const { db, projectId, close } = freshFirestore('probe-locked');
    const other = firestoreOf(projectId, 'probe-locked-other');
    const storage = createFirestoreStorage(db);
    const probe = other.db.collection(HEALTH_PROBE).doc('main');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const transaction = other.db.runTransaction(async (tx) => {
      await tx.get(probe);
      locked();
      await held;
    });
    try {
      await isLocked;
      const t0 = Date.now();
      await expect(storage.probeWrite('2026-03-01T09:00:00.000Z')).rejects.toThrow(/no write within/);
      expect(Date.now() - t0).toBeLessThan(PROBE_TIMEOUT_MS + 500);
    } finally {
      release();
      await transaction;
      await storage.close();
      await Promise.all([close(), other.close()]);
    }
  });
});
