// What the SQLite runners of the storage contract share: one store of a storage of its own (sqliteStorageOn) on a
// database of its own in a temporary folder, closed and removed after the case.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/platform/sqlite/database';
import type { Storage } from '../../src/app/storage';
import { sqliteStorageOn } from '../../src/app/sqlite-storage';

export type StoreName = Exclude<keyof Storage, 'seedIfEmpty' | 'probeWrite' | 'close'>;

export const sqliteStoreOf =
  <K extends StoreName>(key: K) =>
  async (): Promise<{ store: Storage[K]; close(): Promise<void> }> => {
    const dir = mkdtempSync(path.join(tmpdir(), 'studio-storage-'));
    const storage = sqliteStorageOn(openDatabase(dir));
    return {
      store: storage[key],
      async close() {
        await storage.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  };
