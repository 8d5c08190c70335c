// Passkeys for the admin. Enrolment under her session (with the one-time recovery code and a notice
// e-mail), the link alone no longer giving a session once she has one, the passkey step (single-use expiring
// challenges, the relying party from ADMIN_ORIGIN, the signature counter, user verification, a bounded number of
// wrong answers), the recovery code, and removal. The authenticator is a software one (software-authenticator.ts)
// answering exactly what a browser would send.
// Here enrolment; the e-mail link once she has one, the passkey step, the recovery code and removal are in
// passkeys-step.test.ts.
import { WEBAUTHN_CHALLENGE_TTL_MS } from '@studio/shared/domain';
import { withCsrf, ADMIN_EMAIL, ISO_TIMESTAMP } from './helper';
import { createSoftwareAuthenticator } from './software-authenticator';
import { NOTICE_SUBJECTS } from '../src/features/auth/passkeys';
import {
  adminSession,
  advance,
  answerWithPasskey,
  clock,
  completeLink,
  cookieOf,
  enrol,
  mails,
  openStep,
  ORIGIN,
  phone,
  post,
  t,
  usePasskeysApp,
  whoAmI,
} from './passkeys-support';

usePasskeysApp();

describe('enrolment', () => {
  test('the first passkey is stored with its name and comes with a recovery code shown once, stored only hashed', async () => {
    const session = await adminSession();
    const res = await enrol(phone, session, 'My phone');
    expect(res.statusCode).toBe(201);
    const { passkey, recoveryCode } = res.json();
    expect(passkey).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      name: 'My phone',
      createdAt: new Date(clock).toISOString(),
      lastUsedAt: null,
    });
    expect(recoveryCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
    const stored = JSON.stringify(t.app.db.prepare('SELECT * FROM recovery_codes').all());
    expect(stored).not.toContain(recoveryCode);
    expect(stored).not.toContain(recoveryCode.replace(/-/g, ''));

    const list = await t.app.inject({ url: '/api/admin/passkeys', cookies: { studio_session: session } });
    expect(list.json()).toEqual({ passkeys: [passkey], hasRecoveryCode: true });
  });

  test('each new passkey mails her a notice; a second device gets no new recovery code', async () => {
    const session = await adminSession();
    await enrol(phone, session, 'My phone');
    const laptop = createSoftwareAuthenticator({ origin: ORIGIN });
    const options = await post(t.app, '/api/admin/passkeys/options', { name: 'Phone' }, { studio_session: session });
    // The browser is told which authenticators already hold one, so it does not make a duplicate.
    expect(options.json().excludeCredentials.map((c: { id: string }) => c.id)).toEqual([
      phone.credentials[0]!.id.toString('base64url'),
    ]);
    const second = await post(
      t.app,
      '/api/admin/passkeys',
      { name: 'Laptop', response: laptop.register(options.json()) },
      { studio_session: session },
    );
    await t.settled();
    expect(second.statusCode).toBe(201);
    expect(second.json().recoveryCode).toBeNull();
    const notices = await mails(NOTICE_SUBJECTS.added);
    expect(notices.map((m) => m.recipient)).toEqual([ADMIN_EMAIL, ADMIN_EMAIL]);
    expect(notices[0]?.body).toContain('"Laptop"');
    expect(notices[1]?.body).toContain('"My phone"');
    // Her notices name the time as she reads it, in the studio's zone, never a raw timestamp.
    for (const notice of notices) {
      expect(notice.body).toMatch(/ on March \d+, 2026(,| at) \d+:\d\d [AP]M MST\./);
      expect(notice.body).not.toMatch(ISO_TIMESTAMP);
    }
    const list = await t.app.inject({ url: '/api/admin/passkeys', cookies: { studio_session: session } });
    expect(list.json().passkeys.map((p: { name: string }) => p.name)).toEqual(['My phone', 'Laptop']);
  });

  test('the relying party is ADMIN_ORIGIN, never the Host header; the user is the admin, verification required', async () => {
    const session = await adminSession();
    const res = await t.app.inject(
      withCsrf({
        method: 'POST',
        url: '/api/admin/passkeys/options',
        payload: { name: 'Phone' },
        // Her origin as a forged X-Forwarded-Host would name another: no proxy is trusted, so it counts for nothing.
        headers: { 'x-forwarded-host': 'evil.example' },
        cookies: { studio_session: session },
      }),
    );
    const options = res.json();
    expect(options.rp.id).toBe('admin.studio.test');
    expect(options.user.name).toBe(ADMIN_EMAIL);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.stringify(options)).not.toContain('evil.example');
  });

  test('an answer made on another origin (a phishing page) is refused', async () => {
    const session = await adminSession();
    const options = await post(t.app, '/api/admin/passkeys/options', { name: 'Phone' }, { studio_session: session });
    const response = phone.register(options.json(), { origin: 'http://evil.example' });
    const res = await post(t.app, '/api/admin/passkeys', { name: 'Phone', response }, { studio_session: session });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The passkey could not be added. Please try again.' });
    expect(t.app.db.prepare('SELECT COUNT(*) AS n FROM passkeys').get()).toEqual({ n: 0 });
  });

  test('an authenticator that does not verify the user is refused', async () => {
    const session = await adminSession();
    const key = createSoftwareAuthenticator({ origin: ORIGIN, userVerified: false });
    expect((await enrol(key, session)).statusCode).toBe(400);
  });

  test('the registration challenge is single use and bound to the session that asked; it expires', async () => {
    const session = await adminSession();
    const options = (
      await post(t.app, '/api/admin/passkeys/options', { name: 'Phone' }, { studio_session: session })
    ).json();
    const other = await adminSession();
    const response = phone.register(options);
    const elsewhere = await post(t.app, '/api/admin/passkeys', { name: 'Phone', response }, { studio_session: other });
    expect(elsewhere.statusCode).toBe(400);
    const first = await post(t.app, '/api/admin/passkeys', { name: 'Phone', response }, { studio_session: session });
    expect(first.statusCode).toBe(201);
    const again = await post(t.app, '/api/admin/passkeys', { name: 'Phone', response }, { studio_session: session });
    expect(again.statusCode).toBe(400);

    const late = (
      await post(t.app, '/api/admin/passkeys/options', { name: 'Phone' }, { studio_session: session })
    ).json();
    advance(WEBAUTHN_CHALLENGE_TTL_MS);
    const expired = await post(
      t.app,
      '/api/admin/passkeys',
      { name: 'Laptop', response: createSoftwareAuthenticator({ origin: ORIGIN }).register(late) },
      { studio_session: session },
    );
    expect(expired.statusCode).toBe(400);
  });

  test('a name is required and bounded, before her authenticator is asked; a malformed answer is a 400', async () => {
    const session = await adminSession();
    const unnamed = await post(t.app, '/api/admin/passkeys/options', { name: ' ' }, { studio_session: session });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().fieldErrors.name).toEqual(['Required']);
    const options = (
      await post(t.app, '/api/admin/passkeys/options', { name: 'Phone' }, { studio_session: session })
    ).json();
    const response = phone.register(options);
    const blank = await post(t.app, '/api/admin/passkeys', { name: '  ', response }, { studio_session: session });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors.name).toEqual(['Required']);
    const long = await post(
      t.app,
      '/api/admin/passkeys',
      { name: 'x'.repeat(61), response },
      { studio_session: session },
    );
    expect(long.json().fieldErrors.name).toEqual(['Must be 60 characters or less']);
    const odd = await post(
      t.app,
      '/api/admin/passkeys',
      { name: 'Phone', response: { ...response, extra: 1 } },
      { studio_session: session },
    );
    expect(odd.statusCode).toBe(400);
    expect(odd.json().fieldErrors['response']).toEqual(['Unknown field(s): extra']);
  });
});

// A session opened before her first (or another) passkey was added, in another browser or by
// whoever read her sign-in mail, would otherwise keep working without the passkey.
describe('enrolment ends every other session', () => {
  test('sessions opened by the link before enrolment stop working; the one that enrolled goes on', async () => {
    const sessionOf = async () => {
      const res = await completeLink();
      expect(res.statusCode).toBe(200);
      return cookieOf(res, 'studio_session')!.value;
    };
    const here = await sessionOf();
    const elsewhere = await sessionOf();
    const another = await sessionOf();
    for (const session of [here, elsewhere, another]) expect(await whoAmI(session)).toMatchObject({ isAdmin: true });

    expect((await enrol(phone, here)).statusCode).toBe(201);

    expect(await whoAmI(here)).toMatchObject({ email: ADMIN_EMAIL, isAdmin: true });
    const list = await t.app.inject({ url: '/api/admin/passkeys', cookies: { studio_session: here } });
    expect(list.statusCode).toBe(200);
    for (const session of [elsewhere, another]) {
      expect(await whoAmI(session)).toBeNull();
      const refused = await t.app.inject({ url: '/api/admin/passkeys', cookies: { studio_session: session } });
      expect(refused.statusCode).toBe(401);
    }
  });

  test('a second passkey, added from a session that signed in with the first, ends the others too', async () => {
    await enrol(phone, await adminSession());
    const signIn = async () => {
      const res = await answerWithPasskey(await openStep());
      expect(res.statusCode).toBe(200);
      return cookieOf(res, 'studio_session')!.value;
    };
    const here = await signIn();
    const elsewhere = await signIn();
    const laptop = createSoftwareAuthenticator({ origin: ORIGIN });
    expect((await enrol(laptop, here, 'Laptop')).statusCode).toBe(201);
    expect(await whoAmI(here)).toMatchObject({ isAdmin: true });
    expect(await whoAmI(elsewhere)).toBeNull();
  });
});
