// The whole storage's contract (seedIfEmpty, probeWrite, close) on the Firebase home's Firestore storage
// (server/src/repositories/firestore/storage.ts), each case on a Firestore of its own on the emulator. The same suite
// runs on SQLite in server/test/storage-contract/whole-storage-sqlite.test.ts.
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { createFirestoreStorage, PROBE_TIMEOUT_MS } from '../../../server/src/repositories/firestore/storage';
import { describeWholeStorageContract } from '../../../server/test/storage-contract/whole-storage-contract';
import { freshFirestore } from './storage-support';

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
  it('rejects within about a second when Firestore takes no write (a server that never answers)', async () => {
    // A port that accepts connections and never answers: the SDK would wait a minute for its write.
    const sockets: Socket[] = [];
    const blackHole = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const { port } = blackHole.address() as AddressInfo;
    // The emulator's address in the environment outranks any host given in settings, so the client is made while it
    // names the black hole.
    const emulator = process.env.FIRESTORE_EMULATOR_HOST;
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
    const app = initializeApp({ projectId: 'demo-unanswered' }, `unanswered-${process.pid}`);
    let storage: ReturnType<typeof createFirestoreStorage>;
    try {
      storage = createFirestoreStorage(getFirestore(app));
    } finally {
      process.env.FIRESTORE_EMULATOR_HOST = emulator;
    }
    try {
      const t0 = Date.now();
      await expect(storage.probeWrite('2026-03-01T09:00:00.000Z')).rejects.toThrow(/no write within/);
      expect(Date.now() - t0).toBeLessThan(PROBE_TIMEOUT_MS + 500);
    } finally {
      for (const socket of sockets) socket.destroy();
      blackHole.close();
      await storage.close().catch(() => undefined);
      await deleteApp(app).catch(() => undefined);
    }
  });
});
