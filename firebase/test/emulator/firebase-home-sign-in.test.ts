// Sign-in on the Firebase home against the real Auth emulator: the real server app (buildApp, SQLite in a temporary
// DATA_DIR, STUDIO_HOME=firebase) trades Firebase ID tokens for its own session (server/src/features/auth/auth-firebase.routes.ts).
// The links here are asked of Firebase directly with the firebase package, as a script holding the public web key
// still can (her own path, through POST /api/auth/link, is sign-in-link-through-server.test.ts), and spent as her
// browser does, the link read from the emulator's oobCodes; the attacker uses the Identity Toolkit REST API.
import { initializeApp, deleteApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth,
  isSignInWithEmailLink,
  sendSignInLinkToEmail,
  signInWithEmailLink,
  type Auth,
} from 'firebase/auth';
import type { LightMyRequestResponse } from 'fastify';
import { SIGN_IN_ACCESS_DENIED, SIGN_IN_INVALID_LINK } from '@studio/shared/messages';
import { withCsrf, ADMIN_EMAIL, ADMIN_ORIGIN, type TestApp } from '../../../server/test/helper';
import { createSoftwareAuthenticator } from '../../../server/test/software-authenticator';
import { LINK_LIMIT_PER_IP } from '../../../server/src/features/auth/auth.routes';
import {
  API_KEY,
  AUTH,
  AUTH_HOST,
  PROJECT,
  buildFirebaseHome,
  deleteAuthAccounts,
  webConfig,
} from './firebase-home-app';

// Her origin: the sign-in link, the passkey and every write of her session name it (server/src/platform/http/site-origins.ts).
const ORIGIN = ADMIN_ORIGIN;

let t: TestApp;
let client: FirebaseApp;
let auth: Auth;
let clients = 0;

beforeAll(() => {
  if (!PROJECT || !AUTH_HOST) throw new Error('run through npm run test:firebase (it starts the Auth emulator)');
});

beforeEach(async () => {
  await deleteAuthAccounts();
  t = await buildFirebaseHome();
  client = initializeApp(webConfig, `sign-in-${++clients}`);
  auth = getAuth(client);
  connectAuthEmulator(auth, AUTH, { disableWarnings: true });
});

afterEach(async () => {
  await deleteApp(client);
  await t.close();
});

/** Asks Firebase itself for a link, opens the newest one for the address and signs in with it, as her browser does. */
async function emailLinkIdToken(email: string): Promise<string> {
  await sendSignInLinkToEmail(auth, email, { url: `${ORIGIN}/finishSignIn`, handleCodeInApp: true });
  const response = await fetch(`${AUTH}/emulator/v1/projects/${PROJECT}/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: Array<{ email: string; oobLink: string; requestType: string }>;
  };
  const link = oobCodes.filter((c) => c.email === email && c.requestType === 'EMAIL_SIGNIN').pop()?.oobLink;
  if (!link) throw new Error(`no sign-in link was sent to ${email}`);
  expect(isSignInWithEmailLink(auth, link)).toBe(true);
  const { user } = await signInWithEmailLink(auth, email, link);
  return user.getIdToken();
}

/** A script calling the Identity Toolkit REST API with the public web config's key. */
async function identityToolkit(method: string, body: Record<string, unknown>): Promise<{ idToken: string }> {
  const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`accounts:${method} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { idToken: string };
}

const claimsOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    email_verified: boolean;
    firebase: { sign_in_provider: string };
  };

/**
 * A state-changing request as her browser sends it: addressed to the origin its path lives on, with that origin's
 * Origin, which is what the CSRF check wants on both homes (docs/architecture.md).
 */
const fromSite = (options: Parameters<typeof withCsrf>[0]) => withCsrf(options);

const exchange = (idToken: unknown, cookies: Record<string, string> = {}) =>
  t.app.inject(fromSite({ method: 'POST', url: '/api/auth/firebase', payload: { idToken }, cookies }));

const post = (url: string, payload: object, cookies: Record<string, string>) =>
  t.app.inject(fromSite({ method: 'POST', url, payload, cookies }));

const sessionCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === '__session')?.value;

const whoAmI = async (session: string) =>
  (await t.app.inject({ url: '/api/auth/session', cookies: { __session: session } })).json().user;

/** A refusal sets no cookie of any name. */
function expectNoCookie(res: LightMyRequestResponse) {
  expect(res.headers['set-cookie']).toBeUndefined();
}

describe("the admin's e-mail link", () => {
  test('gives a session in __session, and once she has a passkey only the passkey step, which her passkey completes', async () => {
    const first = await exchange(await emailLinkIdToken(ADMIN_EMAIL));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ user: { email: ADMIN_EMAIL, isAdmin: true } });
    // The only cookie Hosting forwards; the embedded home's name is not used here.
    expect(first.cookies.map((c) => c.name).sort()).toEqual(['__session', 'studio_has_session']);
    const session = sessionCookie(first) ?? '';
    expect(await whoAmI(session)).toEqual({ email: ADMIN_EMAIL, isAdmin: true });

    const phone = createSoftwareAuthenticator({ origin: ORIGIN });
    const options = await post('/api/admin/passkeys/options', { name: 'Phone' }, { __session: session });
    expect(options.statusCode).toBe(200);
    const enrolled = await post(
      '/api/admin/passkeys',
      { name: 'Phone', response: phone.register(options.json()) },
      { __session: session },
    );
    expect(enrolled.statusCode).toBe(201);
    await t.settled();

    // A new link now opens the step only: __session holds it, and it is no session.
    const second = await exchange(await emailLinkIdToken(ADMIN_EMAIL), { __session: session });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ secondFactor: 'passkey' });
    const step = sessionCookie(second) ?? '';
    expect(step).toMatch(/^step\./);
    expect(second.cookies.find((c) => c.name === 'studio_has_session')).toBeUndefined();
    expect(await whoAmI(step)).toBeNull();
    expect((await t.app.inject({ url: '/api/admin/bookings', cookies: { __session: step } })).statusCode).toBe(401);
    // The session this browser held ended when the step took its cookie.
    expect(await whoAmI(session)).toBeNull();

    const challenge = await post('/api/auth/passkey/options', {}, { __session: step });
    expect(challenge.statusCode).toBe(200);
    const done = await post('/api/auth/passkey', phone.authenticate(challenge.json()), { __session: step });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ user: { email: ADMIN_EMAIL, isAdmin: true } });
    const signedIn = sessionCookie(done) ?? '';
    expect(signedIn).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await t.app.inject({ url: '/api/admin/bookings', cookies: { __session: signedIn } })).statusCode).toBe(200);
    // The step is spent.
    expect((await post('/api/auth/passkey/options', {}, { __session: step })).statusCode).toBe(401);
  });

  test('signs out on the server: DELETE ends the session held in __session', async () => {
    const session = sessionCookie(await exchange(await emailLinkIdToken(ADMIN_EMAIL))) ?? '';
    const out = await t.app.inject(
      fromSite({ method: 'DELETE', url: '/api/auth/session', cookies: { __session: session } }),
    );
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === '__session')?.value).toBe('');
    expect(await whoAmI(session)).toBeNull();
  });

  test('the embedded home cookie name carries nothing on this home', async () => {
    const session = sessionCookie(await exchange(await emailLinkIdToken(ADMIN_EMAIL))) ?? '';
    const res = await t.app.inject({ url: '/api/admin/bookings', cookies: { studio_session: session } });
    expect(res.statusCode).toBe(401);
  });
});

describe('the pre-registration attack', () => {
  test('a password sign-up with her address gets no session and no cookie', async () => {
    const { idToken } = await identityToolkit('signUp', { email: ADMIN_EMAIL, password: 'attacker-password' });
    const res = await exchange(idToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(SIGN_IN_INVALID_LINK);
    expectNoCookie(res);
  });

  test('still none once her own link has verified that account: the password is what refuses it', async () => {
    await identityToolkit('signUp', { email: ADMIN_EMAIL, password: 'attacker-password' });
    // Her link signs in to the attacker's account, makes it verified and keeps its password (the emulator, as
    // Firebase does for an account made by password).
    const hers = await emailLinkIdToken(ADMIN_EMAIL);
    const { idToken } = await identityToolkit('signInWithPassword', {
      email: ADMIN_EMAIL,
      password: 'attacker-password',
    });
    // What makes the check necessary: a verified token for her address, and the token names the same provider for a
    // password as for a link.
    expect(claimsOf(idToken)).toMatchObject({ email_verified: true, firebase: { sign_in_provider: 'password' } });
    expect(claimsOf(hers).firebase.sign_in_provider).toBe('password');

    const attack = await exchange(idToken);
    expect(attack.statusCode).toBe(401);
    expectNoCookie(attack);
    // Her own link is refused as well while that account has a password (firebase/README.md: delete the account).
    const own = await exchange(hers);
    expect(own.statusCode).toBe(401);
    expectNoCookie(own);
  });
});

describe('other tokens', () => {
  test("another address's verified e-mail-link token gets no session and no cookie", async () => {
    const idToken = await emailLinkIdToken('visitor@example.com');
    expect(claimsOf(idToken).email_verified).toBe(true);
    const res = await exchange(idToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SIGN_IN_ACCESS_DENIED);
    expectNoCookie(res);
  });

  test.each([
    ['a garbage token', 'not.a.token'],
    ['an empty token', ''],
    ['no token at all', undefined],
    ['a token of another shape', { idToken: 'x' }],
  ])('%s gets no session and no cookie', async (_name, idToken) => {
    const res = await exchange(idToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(SIGN_IN_INVALID_LINK);
    expectNoCookie(res);
  });

  // Google's tokens are signed, so an edited one fails verifyIdToken; the emulator's are not (alg "none", accepted by
  // the Admin SDK in emulator mode), so here the server's own look-up of the account is what refuses it.
  test("another user's token edited to carry her address gets nothing", async () => {
    const idToken = await emailLinkIdToken('visitor@example.com');
    const [header, payload] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, email: ADMIN_EMAIL })).toString('base64url');
    const res = await exchange(`${header}.${forged}.`);
    expect(res.statusCode).toBe(401);
    expectNoCookie(res);
  });
});

describe('the route among the others', () => {
  test("needs her origin's Origin, like every state-changing request", async () => {
    const idToken = await emailLinkIdToken(ADMIN_EMAIL);
    const bare = await t.app.inject({ method: 'POST', url: '/api/auth/firebase', payload: { idToken } });
    expect(bare.statusCode).toBe(403);
    expectNoCookie(bare);
    const elsewhere = await t.app.inject(
      fromSite({
        method: 'POST',
        url: '/api/auth/firebase',
        payload: { idToken },
        headers: { origin: 'https://evil.example' },
      }),
    );
    expect(elsewhere.statusCode).toBe(403);
    expectNoCookie(elsewhere);
  });

  test('one client address gets a bounded number of tries per window', async () => {
    for (let i = 0; i < LINK_LIMIT_PER_IP; i++) expect((await exchange('garbage')).statusCode).toBe(401);
    const over = await exchange(await emailLinkIdToken(ADMIN_EMAIL));
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expectNoCookie(over);
  });

  test('the page gets the web config and the emulator, never the admin address', async () => {
    const config = (await t.app.inject({ url: '/api/config' })).json();
    expect(config.firebase).toEqual({ webConfig, authEmulatorUrl: AUTH });
    const page = await t.app.inject({ url: '/finishSignIn' });
    expect(page.body).toContain(`"apiKey":"${API_KEY}"`);
    expect(page.body).not.toContain(ADMIN_EMAIL);
  });
});
