// What the shell relies on from the auth port instead of reading cookies and storage keys itself: the e-mail a link
// was sent to is kept by the adapter until sign-in completes, and the http adapter asks the server who is signed in
// only when this browser holds the server's session hint cookie.
import { createHttpBackend, SESSION_HINT_COOKIE } from './http';
import { createMemoryBackend } from './memory';
import { EMAIL_FOR_SIGN_IN_KEY, pageStore, type KeyValueStore } from './sign-in-email';

const ADMIN = 'admin@studio.test';
const TOKEN = 'A'.repeat(43);

// jsdom has no fetch Response: just what the adapter's requester reads of one.
const reply = (status: number, body: unknown = null) =>
  ({ status, ok: status < 400, json: async () => body, headers: { get: () => null } }) as unknown as Response;

function fakeServer() {
  const calls: Array<{ method: string; path: string }> = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url);
    const method = init?.method ?? 'GET';
    calls.push({ method, path });
    if (path === '/api/auth/link') return reply(204);
    if (path === '/api/auth/session') return reply(200, { user: { email: ADMIN, isAdmin: true } });
    return reply(404);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

afterEach(() => {
  document.cookie = `${SESSION_HINT_COOKIE}=; max-age=0; path=/`;
  localStorage.clear();
});

describe('http adapter', () => {
  test('without the session hint cookie, current() answers null and makes no request', async () => {
    const server = fakeServer();
    const backend = createHttpBackend({ baseUrl: '', fetch: server.fetch });
    expect(await backend.auth.current()).toBeNull();
    expect(server.calls).toEqual([]);
  });

  test('with the hint cookie, current() asks the server', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    const server = fakeServer();
    const backend = createHttpBackend({ baseUrl: '', fetch: server.fetch });
    expect(await backend.auth.current()).toEqual({ email: ADMIN, isAdmin: true });
    expect(server.calls).toEqual([{ method: 'GET', path: '/api/auth/session' }]);
  });

  test('keeps the e-mail a link was sent to in localStorage until sign-in completes', async () => {
    const server = fakeServer();
    const backend = createHttpBackend({ baseUrl: '', fetch: server.fetch });
    expect(backend.auth.pendingEmail()).toBeNull();
    await backend.auth.requestLink(` ${ADMIN} `);
    expect(backend.auth.pendingEmail()).toBe(ADMIN);
    // The key the shell and the firebase adapter used: a link mailed before this version still completes.
    expect(localStorage.getItem(EMAIL_FOR_SIGN_IN_KEY)).toBe(ADMIN);
    expect(createHttpBackend({ baseUrl: '', fetch: server.fetch }).auth.pendingEmail()).toBe(ADMIN);

    await backend.auth.completeSignIn(TOKEN, ADMIN);
    expect(backend.auth.pendingEmail()).toBeNull();
  });

  test('a refused link request keeps nothing', async () => {
    const refusing = (async () => reply(403, { message: 'no' })) as typeof fetch;
    const backend = createHttpBackend({ baseUrl: '', fetch: refusing });
    await expect(backend.auth.requestLink('someone@example.com')).rejects.toMatchObject({ code: 'forbidden' });
    expect(backend.auth.pendingEmail()).toBeNull();
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
    const backend = createHttpBackend({ baseUrl: '', fetch: fakeServer().fetch, store: broken });
    await backend.auth.requestLink(ADMIN);
    expect(backend.auth.pendingEmail()).toBeNull();
    await expect(backend.auth.completeSignIn(TOKEN, ADMIN)).resolves.toEqual({ email: ADMIN, isAdmin: true });
  });
});

describe('memory adapter', () => {
  test('keeps the e-mail of the last link until sign-in completes, in the store it is given', async () => {
    const store = pageStore();
    const memory = createMemoryBackend({}, { adminEmail: ADMIN, store });
    expect(memory.auth.pendingEmail()).toBeNull();
    await expect(memory.auth.requestLink('someone@example.com')).rejects.toMatchObject({ code: 'forbidden' });
    expect(memory.auth.pendingEmail()).toBeNull();

    await memory.auth.requestLink(` ${ADMIN} `);
    expect(memory.auth.pendingEmail()).toBe(ADMIN);
    await memory.auth.completeSignIn(memory.outbox[0]!.token, ADMIN);
    expect(memory.auth.pendingEmail()).toBeNull();
    expect(store.getItem(EMAIL_FOR_SIGN_IN_KEY)).toBeNull();
  });
});
