// On the Firebase home the sign-in link is asked of the server (POST /api/auth/link), as on the embedded home: the
// server has Firebase Auth make the link with the Admin SDK only for her address and within the link limits, and mails
// it itself (server/src/features/auth/auth.routes.ts). What Firebase made is read from the Auth emulator's record of
// every code (GET /emulator/v1/projects/<project>/oobCodes), as firebase-home-sign-in.test.ts reads it: a stranger's
// request must leave no code there at all. First the server's app in this process (buildApp, SQLite in a temporary
// DATA_DIR, STUDIO_HOME=firebase), then the app function behind Hosting, as deployed.
import { initializeApp, deleteApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, isSignInWithEmailLink, signInWithEmailLink, type Auth } from 'firebase/auth';
import { SIGN_IN_ACCESS_DENIED } from '@studio/shared/messages';
import { withCsrf, ADMIN_EMAIL, ADMIN_ORIGIN, type TestApp } from '../../../server/test/helper';
import { LINK_LIMIT_PER_IP, SIGN_IN_MAIL_SUBJECT } from '../../../server/src/features/auth/auth.routes';
import { AUTH, AUTH_HOST, PROJECT, buildFirebaseHome, deleteAuthAccounts, webConfig } from './firebase-home-app';

const HOSTING = process.env.STUDIO_HOSTING_ORIGIN ?? '';
/** Her site: the same function behind the second Hosting site (scripts/test-emulators.mjs, ADMIN_ORIGIN). */
const ADMIN_HOSTING = process.env.STUDIO_ADMIN_HOSTING_ORIGIN ?? '';

beforeAll(() => {
  if (!PROJECT || !AUTH_HOST || !HOSTING || !ADMIN_HOSTING)
    throw new Error('run through npm run test:firebase (it starts the emulators)');
});

interface OobCode {
  email: string;
  oobLink: string;
  requestType: string;
}

/** Every e-mail sign-in code the Auth emulator has made in this project, oldest first; for one address if named. */
async function signInCodes(email?: string): Promise<OobCode[]> {
  const response = await fetch(`${AUTH}/emulator/v1/projects/${PROJECT}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  return oobCodes.filter((c) => c.requestType === 'EMAIL_SIGNIN' && (email === undefined || c.email === email));
}

/** A stranger's address of this run only, so no other test's codes can stand for it. */
let strangers = 0;
const strangerAddress = () => `stranger.${process.pid}.${Date.now()}.${++strangers}@example.com`;

describe("the server's app on the Firebase home", () => {
  let t: TestApp;
  let client: FirebaseApp;
  let auth: Auth;
  let clients = 0;

  beforeEach(async () => {
    // Her link must sign her in whatever account another test left for her address.
    await deleteAuthAccounts();
    t = await buildFirebaseHome();
    client = initializeApp(webConfig, `link-through-server-${++clients}`);
    auth = getAuth(client);
    connectAuthEmulator(auth, AUTH, { disableWarnings: true });
  });

  afterEach(async () => {
    await deleteApp(client);
    await t.close();
  });

  /** Her browser's request for a link: her origin's Origin, as the CSRF check wants; one client address per test. */
  const askForLink = (email: string, remoteAddress = '203.0.113.7') =>
    t.app.inject(withCsrf({ method: 'POST', url: '/api/auth/link', payload: { email }, remoteAddress }));

  const mails = async () => t.repos.outbox.list(100);

  test("a stranger's address: 403 in the embedded home's words, no sign-in code made for anyone, no mail", async () => {
    const before = (await signInCodes()).length;
    const stranger = strangerAddress();
    const res = await askForLink(stranger);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SIGN_IN_ACCESS_DENIED);
    expect(await signInCodes(stranger)).toEqual([]);
    expect(await signInCodes()).toHaveLength(before);
    expect(await mails()).toEqual([]);
  });

  test('her address: one code, mailed by the server with that very link, which signs her in', async () => {
    const before = (await signInCodes(ADMIN_EMAIL)).length;
    const res = await askForLink(ADMIN_EMAIL);
    expect(res.statusCode).toBe(204);
    await t.settled();

    const codes = await signInCodes(ADMIN_EMAIL);
    expect(codes).toHaveLength(before + 1);
    const link = codes.at(-1)?.oobLink ?? '';
    // Her own origin's finish page, from configuration.
    expect(new URL(link).searchParams.get('continueUrl')).toBe(`${ADMIN_ORIGIN}/finishSignIn`);
    const sent = await mails();
    expect(sent.map((m) => ({ to: m.recipient, subject: m.subject }))).toEqual([
      { to: ADMIN_EMAIL, subject: SIGN_IN_MAIL_SUBJECT },
    ]);
    expect(sent[0]?.body).toContain(link);

    // The finish page's way: Firebase spends the link, the server trades the ID token for its session.
    expect(isSignInWithEmailLink(auth, link)).toBe(true);
    const { user } = await signInWithEmailLink(auth, ADMIN_EMAIL, link);
    const session = await t.app.inject(
      withCsrf({ method: 'POST', url: '/api/auth/firebase', payload: { idToken: await user.getIdToken() } }),
    );
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: { email: ADMIN_EMAIL, isAdmin: true } });
  });

  test('the per-address limit: one client asking for her address past its quota gets 429 and no further code', async () => {
    expect(t.options.signInLinksPerPair).toBe(3);
    const before = (await signInCodes(ADMIN_EMAIL)).length;
    for (let i = 0; i < t.options.signInLinksPerPair; i++) expect((await askForLink(ADMIN_EMAIL)).statusCode).toBe(204);
    const over = await askForLink(ADMIN_EMAIL);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(await signInCodes(ADMIN_EMAIL)).toHaveLength(before + t.options.signInLinksPerPair);
    // Another client still gets her link: only the asking client is held back.
    expect((await askForLink(ADMIN_EMAIL, '198.51.100.7')).statusCode).toBe(204);
  });

  test(`the per-client limit: after ${LINK_LIMIT_PER_IP} asks, even her address gets 429 and no code`, async () => {
    for (let i = 0; i < LINK_LIMIT_PER_IP; i++) expect((await askForLink(strangerAddress())).statusCode).toBe(403);
    const before = (await signInCodes()).length;
    const over = await askForLink(ADMIN_EMAIL);
    expect(over.statusCode).toBe(429);
    expect(await signInCodes()).toHaveLength(before);
    expect(await mails()).toEqual([]);
  });
});

describe('the app function behind Hosting', () => {
  const askForLink = (email: string) =>
    fetch(`${ADMIN_HOSTING}/api/auth/link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ADMIN_HOSTING },
      body: JSON.stringify({ email }),
    });

  test("a stranger's address: 403 in the embedded home's words, and no code", async () => {
    const stranger = strangerAddress();
    const res = await askForLink(stranger);
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 403,
      body: expect.objectContaining({ message: SIGN_IN_ACCESS_DENIED }),
    });
    expect(await signInCodes(stranger)).toEqual([]);
  });

  test('her address: the function has Firebase make her link and mails it', async () => {
    const before = (await signInCodes(ADMIN_EMAIL)).length;
    const res = await askForLink(ADMIN_EMAIL);
    expect(res.status).toBe(204);
    const codes = await signInCodes(ADMIN_EMAIL);
    expect(codes).toHaveLength(before + 1);
    const link = codes.at(-1)?.oobLink ?? '';
    expect(new URL(link).searchParams.get('continueUrl')).toBe(`${ADMIN_HOSTING}/finishSignIn`);
    // No SMTP_URL here: the function keeps its mail in the outbox, readable on a site on this machine.
    const outbox = (await (await fetch(`${HOSTING}/api/dev/outbox`)).json()) as Array<{
      recipient: string;
      body: string;
    }>;
    expect(outbox.some((m) => m.recipient === ADMIN_EMAIL && m.body.includes(link))).toBe(true);
  });
});
