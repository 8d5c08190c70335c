// The backend contract suite against the http adapter for real: a real server on 127.0.0.1 (buildApp + listen on a
// free port), seeded with the contract seed, driven by the adapter as a browser drives it (backend-contract-harness).
// The same suite runs on the Firebase home's storage in firebase/test/emulator/backend-contract-firestore.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { contractSeed, describeBackendContract } from '@studio/shared/backend/contract';
import { buildApp } from '../src/app/app';
import { openDatabase } from '../src/platform/sqlite/database';
import { sqliteStorageOn } from '../src/app/sqlite-storage';
import { browserLikeBackend, writeContractSeed } from './backend-contract-harness';
import { ADMIN_EMAIL } from './helper';

const seed = contractSeed();
const ORIGIN = 'http://studio.test';
const ADMIN = 'http://admin.studio.test';

describeBackendContract({
  name: 'http (real server)',
  seed,
  create: async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-contract-'));
    const storage = sqliteStorageOn(openDatabase(dataDir));
    try {
      await writeContractSeed(storage, seed);
    } finally {
      await storage.close();
    }
    const app = await buildApp({
      dataDir,
      logLevel: 'silent',
      adminEmail: ADMIN_EMAIL,
      publicOrigin: ORIGIN,
      adminOrigin: ADMIN,
      // The adapter's fetch names the origin as a proxy on this machine would (backend-contract-harness.ts).
      trustProxy: ['127.0.0.1'],
      production: false,
      seedDemo: false,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const { uninstall, ...driven } = browserLikeBackend(`http://127.0.0.1:${port}`, ADMIN);
    return {
      ...driven,
      teardown: async () => {
        uninstall();
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
});
