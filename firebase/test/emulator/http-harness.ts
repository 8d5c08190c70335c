// The server on the Firebase home's storage as the emulator tests run it: buildApp on a Firestore storage (the
// emulator), listening on 127.0.0.1, driven over real HTTP by a fetch that keeps cookies and sends the CSRF pair as
// a browser's http adapter does (server/test/backend-contract-http.test.ts does the same on SQLite).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOverrides } from '../../../server/src/app';
import { createFirestoreStorage, type FirestoreStorage } from '../../../server/src/repositories/firestore/storage';
import { ADMIN_EMAIL, CSRF } from '../../../server/test/helper';
import type { TestFirestore } from './storage-support';

export const ORIGIN = 'http://studio.test';

/** A fetch with a cookie jar (the session cookie) that sends the CSRF pair on every state-changing request. */
export function cookieFetch(): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') {
      headers.set('x-csrf-token', CSRF);
      jar.set('studio_csrf', CSRF);
    }
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
}

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
  const app = await buildApp({
    dataDir,
    storage,
    logLevel: 'silent',
    adminEmail: ADMIN_EMAIL,
    publicOrigin: ORIGIN,
    production: false,
    seedDemo: false,
    renderImagesAtStart: false,
    ...overrides,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
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
