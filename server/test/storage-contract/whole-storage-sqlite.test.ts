// The whole storage's contract (seedIfEmpty, probeWrite, close) on the embedded home's SQLite storage, a database of
// its own per case. The same suite runs on Firestore in firebase/test/emulator/whole-storage.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/platform/sqlite/database';
import { sqliteStorageOn } from '../../src/app/sqlite-storage';
import { describeWholeStorageContract } from './whole-storage-contract';

describeWholeStorageContract(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-storage-whole-'));
  const storage = sqliteStorageOn(openDatabase(dir));
  return {
    store: storage,
    async close() {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
