// The backend contract suite (shared/src/backend/contract) through the http adapter against the real server on the
// Firebase home's storage: buildApp({ storage: createFirestoreStorage(...) }) on a Firestore of its own per case (the
// emulator), seeded with the contract seed through the storage's own seed operation, listening on 127.0.0.1. The same
// suite runs against the server on SQLite in server/test/backend-contract-http.test.ts, built the same way.
//
// The admin signs in by the embedded home's link (the dev outbox): the suite is about what the backend stores and
// answers, which is the same whichever sign-in started the session (the Firebase sign-in has its own tests,
// firebase-home-sign-in.test.ts and app-function.test.ts).
import { EventSource as NodeEventSource } from 'eventsource';
import { createHttpBackend } from '@studio/shared/backend/http';
import { contractSeed, describeBackendContract } from '@studio/shared/backend/contract';
import { PORTFOLIO_CONTENT_ID, PORTFOLIO_META_ID } from '../../../server/src/repositories/ports';
import { ADMIN_EMAIL } from '../../../server/test/helper';
import { installSoftwareAuthenticator } from '../../../server/test/software-authenticator';
import { cookieFetch, ORIGIN, serverOnFirestore } from './http-harness';
import { freshFirestore } from './storage-support';

const seed = contractSeed();

describeBackendContract({
  name: 'http (real server on Firestore)',
  seed,
  create: async () => {
    const firestore = freshFirestore('contract');
    const server = await serverOnFirestore(firestore);
    // Seeded once the app is built (it seeds nothing itself: seedDemo false), through the storage it runs on.
    await server.storage.seedIfEmpty(
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
    const authenticator = installSoftwareAuthenticator(ORIGIN);
    return {
      backend,
      signInAsAdmin: () => signIn(ADMIN_EMAIL),
      passkeyDevice: authenticator,
      teardown: async () => {
        authenticator.uninstall();
        await server.close();
      },
    };
  },
});
