// What the shell relies on from the auth port instead of reading cookies and storage keys itself: the e-mail a link
// was sent to is kept by the adapter until sign-in completes, and the http adapter asks the server who is signed in
// only when this browser holds the server's session hint cookie. Against the real server
// (shared/src/test-support/studio-server.ts), whose answers set and clear that cookie.
import { studioServer, type StudioServer } from '../test-support/studio-server';
import { createHttpBackend, SESSION_HINT_COOKIE } from './http';
import { EMAIL_FOR_SIGN_IN_KEY, pageStore, type KeyValueStore } from './sign-in-email';

let server: StudioServer;

beforeEach(async () => {
  server = await studioServer();
});

const hasHint = () => document.cookie.split('; ').some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`));

describe('http adapter', () => {
  test('without the session hint cookie, current() answers null and makes no request', async () => {
    const backend = createHttpBackend({ baseUrl: '' });
    expect(hasHint()).toBe(false);
    expect(await backend.auth.current()).toBeNull();
    expect(server.requests('GET /api/auth/session')).toBe(0);
  });

  test("with the server's hint cookie, current() asks the server; after sign-out it no longer does", async () => {
    const backend = createHttpBackend({ baseUrl: '' });
    await server.signInAsAdmin(backend);
    expect(hasHint()).toBe(true);
    expect(await backend.auth.current()).toEqual({ email: server.adminEmail, isAdmin: true });
    expect(server.requests('GET /api/auth/session')).toBe(1);

    await backend.auth.signOut();
    expect(hasHint()).toBe(false);
    expect(await backend.auth.current()).toBeNull();
    expect(server.requests('GET /api/auth/session')).toBe(1);
  });

  test('keeps the e-mail a link was sent to in localStorage until sign-in completes', async () => {
    const backend = createHttpBackend({ baseUrl: '' });
    expect(backend.auth.pendingEmail()).toBeNull();
    await backend.auth.requestLink(server.adminEmail);
    expect(backend.auth.pendingEmail()).toBe(server.adminEmail);
    // The key the shell and the firebase adapter used: a link mailed before this version still completes.
    expect(localStorage.getItem(EMAIL_FOR_SIGN_IN_KEY)).toBe(server.adminEmail);
    expect(createHttpBackend({ baseUrl: '' }).auth.pendingEmail()).toBe(server.adminEmail);

    await backend.auth.completeSignIn(await server.lastSignInToken(), server.adminEmail);
    expect(backend.auth.pendingEmail()).toBeNull();
  });

  test('a refused link request keeps nothing', async () => {
    const store = pageStore();
    const backend = createHttpBackend({ baseUrl: '', store });
    await expect(backend.auth.requestLink('someone@example.com')).rejects.toMatchObject({ code: 'forbidden' });
    expect(backend.auth.pendingEmail()).toBeNull();
    expect(store.getItem(EMAIL_FOR_SIGN_IN_KEY)).toBeNull();
    expect(await server.outbox()).toEqual([]);
  });

  test('storage that refuses (a private mode) means no e-mail kept, not a failed request', async () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const backend = createHttpBackend({ baseUrl: '', store: broken });
    await backend.auth.requestLink(server.adminEmail);
    expect(backend.auth.pendingEmail()).toBeNull();
    await expect(backend.auth.completeSignIn(await server.lastSignInToken(), server.adminEmail)).resolves.toEqual({
      email: server.adminEmail,
      isAdmin: true,
    });
  });
});
