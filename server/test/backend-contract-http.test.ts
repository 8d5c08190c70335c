// The backend contract suite against the http adapter for real: a real server on 127.0.0.1 (buildApp + listen on a
// free port), seeded with the contract seed, and a fetch that keeps cookies and sends the CSRF double-submit pair.
//
// The live cases run over server-sent events through the `eventsource` package, given the same cookie-keeping fetch
// so the stream carries the admin's session like a browser's would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { EventSource as NodeEventSource } from 'eventsource';
import { createHttpBackend } from '@studio/shared/backend/http';
import { contractSeed, describeBackendContract } from '@studio/shared/backend/contract';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { PORTFOLIO_CONTENT_ID, PORTFOLIO_META_ID } from '../src/repositories/ports';
import { sqliteStorageOn } from '../src/repositories/sqlite-storage';
import { ADMIN_EMAIL, CSRF } from './helper';
import { installSoftwareAuthenticator } from './software-authenticator';

const seed = contractSeed();

/** A fetch with a cookie jar (the session cookie) that sends the CSRF pair on every state-changing request. */
function cookieFetch(): typeof fetch {
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

/** Writes the contract seed into a fresh database file through the server's own storage (its seed operation). */
async function writeSeed(dataDir: string) {
  const storage = sqliteStorageOn(openDatabase(dataDir));
  try {
    await storage.seedIfEmpty(
      {
        services: seed.services,
        documents: [
          { id: PORTFOLIO_META_ID, data: seed.portfolioMeta },
          { id: PORTFOLIO_CONTENT_ID, data: seed.portfolioContent },
        ],
        projects: [{ project: seed.project, gallery: seed.gallery }],
        availability: seed.availability,
      },
      new Date().toISOString(),
    );
  } finally {
    await storage.close();
  }
}

async function startServer(): Promise<{ app: FastifyInstance; baseUrl: string; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-contract-'));
  await writeSeed(dataDir);
  const app = await buildApp({
    dataDir,
    logLevel: 'silent',
    adminEmail: ADMIN_EMAIL,
    publicOrigin: 'http://studio.test',
    production: false,
    seedDemo: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, baseUrl: `http://127.0.0.1:${port}`, dataDir };
}

describeBackendContract({
  name: 'http (real server)',
  seed,
  create: async () => {
    const server = await startServer();
    const doFetch = cookieFetch();
    const backend = createHttpBackend({ baseUrl: server.baseUrl, fetch: doFetch });
    // The adapter opens `new EventSource(url, { withCredentials: true })` as in a browser; here that source fetches
    // through the jar, so the admin's session cookie goes with it.
    globalThis.EventSource = class extends NodeEventSource {
      constructor(url: string | URL, init?: { withCredentials?: boolean }) {
        super(url, { ...init, fetch: (input, options) => doFetch(input, options) });
      }
    } as unknown as typeof EventSource;
    const signIn = async (email: string) => {
      await backend.auth.requestLink(email);
      const outbox = (await (await doFetch(`${server.baseUrl}/api/dev/outbox`)).json()) as Array<{
        body?: string;
        text?: string;
      }>;
      // The outbox lists the newest message first.
      const last = JSON.stringify(outbox[0] ?? {});
      const token = /token=([A-Za-z0-9_-]{43})/.exec(last)?.[1];
      if (!token) throw new Error('no sign-in link in the outbox');
      await backend.auth.completeSignIn(token, email);
    };
    // The browser's authenticator, on the site's public origin (the relying party the server names).
    const authenticator = installSoftwareAuthenticator('http://studio.test');
    return {
      backend,
      signInAsAdmin: () => signIn(ADMIN_EMAIL),
      passkeyDevice: authenticator,
      teardown: async () => {
        authenticator.uninstall();
        await server.app.close();
        rmSync(server.dataDir, { recursive: true, force: true });
      },
    };
  },
});
