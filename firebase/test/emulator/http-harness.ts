// The server on the Firebase home's storage as the emulator tests run it: buildApp on a Firestore storage (the
// emulator), listening on 127.0.0.1 (server/test/backend-contract-harness.ts drives it as a browser does).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOverrides } from '../../../server/src/app/app';
import { createFirestoreStorage, type FirestoreStorage } from '../../../server/src/app/firestore-storage';
import { ADMIN_EMAIL } from '../../../server/test/helper';
import type { TestFirestore } from './storage-support';

export const ORIGIN = 'http://studio.test';
/** Her origin; a fetch names it by X-Forwarded-Host, as the proxy in front would (the loopback proxy is trusted). */
export const ADMIN = 'http://admin.studio.test';

export interface ServerOnFirestore {
  app: FastifyInstance;
  baseUrl: string;
  storage: FirestoreStorage;
  /** Closes the app (and with it the storage), the Firestore client's app, and removes its scratch DATA_DIR. */
  close(): Promise<void>;
}

/** One server instance on the given Firestore client, as a function instance runs it (the storage's change feed on). */
export async function serverOnFirestore(
  firestore: TestFirestore,
  overrides: BuildOverrides = {},
): Promise<ServerOnFirestore> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-firestore-home-'));
  const storage = createFirestoreStorage(firestore.db);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    app = await buildApp({
      dataDir,
      storage,
      logLevel: 'silent',
      adminEmail: ADMIN_EMAIL,
      publicOrigin: ORIGIN,
      adminOrigin: ADMIN,
      trustProxy: ['127.0.0.1'],
      production: false,
      seedDemo: false,
      renderImagesAtStart: false,
      ...overrides,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    // A server that did not start (a slow start past Fastify's plugin timeout on a busy machine) still holds its
    // Firestore client and the change feed's listeners: closed here, or jest never exits after the failure.
    await app?.close().catch(() => undefined);
    await firestore.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    storage,
    async close() {
      await app.close();
      await firestore.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
