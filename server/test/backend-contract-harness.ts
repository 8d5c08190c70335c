// What the backend contract suite needs around a real server, whichever storage it runs on (SQLite here, Firestore
// in firebase/test/emulator/backend-contract-firestore.test.ts): the contract seed written through the storage's own
// seed operation, and the http adapter driven as a browser drives it (a cookie jar, the page's Origin, server-sent events
// over the same fetch, a software passkey on the site's origin).
import { EventSource as NodeEventSource } from 'eventsource';
import { createHttpBackend } from '@studio/shared/backend/http';
import type { contractSeed } from '@studio/shared/backend/contract';
import { PORTFOLIO_CONTENT_ID, PORTFOLIO_META_ID } from '../src/features/content/content-store';
import type { Storage } from '../src/app/storage';
import { ADMIN_EMAIL } from './helper';
import { installSoftwareAuthenticator } from './software-authenticator';

type ContractSeed = ReturnType<typeof contractSeed>;

/**
 * A fetch with a cookie jar (the session cookie), as a page of `origin` sends: its Origin on every state-changing
 * request, and its host as the proxy in front of the server would forward it (X-Forwarded-Host: fetch cannot set
 * Host, and the server trusts the loopback proxy in these runs).
 */
export function cookieFetch(origin: string): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    const method = (init.method ?? 'GET').toUpperCase();
    headers.set('x-forwarded-host', new URL(origin).host);
    if (method !== 'GET' && method !== 'HEAD') headers.set('origin', origin);
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

/** Writes the contract seed through the storage's own seed operation (the app seeds nothing itself in these runs). */
export async function writeContractSeed(storage: Storage, seed: ContractSeed): Promise<void> {
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
}

/**
 * The http adapter on a listening server, as a browser runs it. The admin signs in by the embedded home's link
 * (the dev outbox): the suite is about what the backend stores and answers, the same whichever sign-in started the
 * session. `origin` is the site's admin origin, where her dashboard runs (every call goes there, public reads included),
 * and the relying party the passkey device answers for.
 */
export function browserLikeBackend(baseUrl: string, origin: string) {
  const doFetch = cookieFetch(origin);
  const backend = createHttpBackend({ baseUrl, fetch: doFetch });
  // The adapter opens `new EventSource(url, { withCredentials: true })` as in a browser; here that source fetches
  // through the jar, so the admin's session cookie goes with it.
  globalThis.EventSource = class extends NodeEventSource {
    constructor(url: string | URL, init?: { withCredentials?: boolean }) {
      super(url, { ...init, fetch: (input, options) => doFetch(input, options) });
    }
  } as unknown as typeof EventSource;
  const signIn = async (email: string) => {
    await backend.auth.requestLink(email);
    const outbox = (await (await doFetch(`${baseUrl}/api/dev/outbox`)).json()) as Array<{
      body?: string;
      text?: string;
    }>;
    // The outbox lists the newest message first.
    const last = JSON.stringify(outbox[0] ?? {});
    const token = /token=([A-Za-z0-9_-]{43})/.exec(last)?.[1];
    if (!token) throw new Error('no sign-in link in the outbox');
    await backend.auth.completeSignIn(token, email);
  };
  const authenticator = installSoftwareAuthenticator(origin);
  return {
    backend,
    signInAsAdmin: () => signIn(ADMIN_EMAIL),
    passkeyDevice: authenticator,
    uninstall: () => authenticator.uninstall(),
  };
}
