// Passkeys for the admin. Enrolment under her session (with the one-time recovery code and a notice
// e-mail), the link alone no longer giving a session once she has one, the passkey step (single-use expiring
// challenges, the relying party from ADMIN_ORIGIN, the signature counter, user verification, a bounded number of
// wrong answers), the recovery code, and removal. The authenticator is a software one (software-authenticator.ts)
// answering exactly what a browser would send.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PASSKEY_STEP_MAX_FAILURES, PASSKEY_STEP_TTL_MS, WEBAUTHN_CHALLENGE_TTL_MS } from '@studio/shared/domain';
import { build, withCsrf, ADMIN_EMAIL, ISO_TIMESTAMP, type TestApp } from './helper';
import { createSoftwareAuthenticator, type SoftwareAuthenticator } from './software-authenticator';
import { NOTICE_SUBJECTS } from '../src/features/auth/passkeys';

const ORIGIN = 'http://admin.studio.test';
let clock = new Date('2026-03-02T10:00:00Z').getTime();
const advance = (ms: number) => {
  clock += ms;
};

let t: TestApp;
let phone: SoftwareAuthenticator;
beforeEach(async () => {
  t = await build({ now: () => new Date(clock), adminOrigin: ORIGIN });
  phone = createSoftwareAuthenticator({ origin: ORIGIN });
});
afterEach(() => t.close());

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);
const setCookieHeaders = (res: LightMyRequestResponse) => {
  const h = res.headers['set-cookie'];
  return Array.isArray(h) ? h : h ? [h] : [];
};

const post = (app: FastifyInstance, url: string, payload: unknown, cookies: Record<string, string> = {}) =>
  app.inject(withCsrf({ method: 'POST', url, payload: payload as Record<string, unknown>, cookies }));

/** Mails in the outbox with this subject, newest first. */
const mails = async (subject: string) =>
  (await t.repos.outbox.list(100)).filter((m) => m.channel === 'mail' && m.subject === subject);

/** Adds a passkey from the authenticator under an admin session; answers the enrolment response. */
async function enrol(authenticator: SoftwareAuthenticator, session: string, name = 'My phone') {
  const options = await post(t.app, '/api/admin/passkeys/options', { name: 'Phone' }, { studio_session: session });
  expect(options.statusCode).toBe(200);
  const response = authenticator.register(options.json());
  const res = await post(t.app, '/api/admin/passkeys', { name, response }, { studio_session: session });
  await t.settled();
  return res;
}

/** Requests a link and spends it; answers the completion. */
async function completeLink(): Promise<LightMyRequestResponse> {
  const link = await post(t.app, '/api/auth/link', { email: ADMIN_EMAIL });
  expect(link.statusCode).toBe(204);
  const mail = (await mails('Your sign-in link'))[0];
  const token = /\/finishSignIn\?token=([A-Za-z0-9_-]{43})\b/.exec(mail?.body ?? '')?.[1];
  return post(t.app, '/api/auth/session', { email: ADMIN_EMAIL, token });
}

/** The link, then the step's cookie value. */
async function openStep(): Promise<string> {
  const res = await completeLink();
  expect(res.json()).toEqual({ secondFactor: 'passkey' });
  const step = cookieOf(res, 'studio_passkey_step')?.value;
  if (!step) throw new Error('no passkey step cookie');
  return step;
}

const stepOptions = (step: string) => post(t.app, '/api/auth/passkey/options', {}, { studio_passkey_step: step });

async function answerWithPasskey(step: string, authenticator: SoftwareAuthenticator = phone) {
  const options = await stepOptions(step);
  expect(options.statusCode).toBe(200);
  return post(t.app, '/api/auth/passkey', authenticator.authenticate(options.json()), { studio_passkey_step: step });
}

const whoAmI = async (session: string | undefined) =>
  (await t.app.inject({ url: '/api/auth/session', cookies: session ? { studio_session: session } : {} })).json().user;

const adminSession = async () => (await t.repos.sessions.create(ADMIN_EMAIL)).id;

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

describe('the e-mail link once she has a passkey', () => {
  test('without a passkey the link alone still signs her in', async () => {
    const res = await completeLink();
    expect(res.json()).toEqual({ user: { email: ADMIN_EMAIL, isAdmin: true } });
    expect(cookieOf(res, 'studio_session')).toBeDefined();
  });

  test('with one, the link gives no session: only the passkey step, in its own short-lived cookie', async () => {
    await enrol(phone, await adminSession());
    const res = await completeLink();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ secondFactor: 'passkey' });
    expect(cookieOf(res, 'studio_session')).toBeUndefined();
    expect(cookieOf(res, 'studio_has_session')).toBeUndefined();
    const step = setCookieHeaders(res).find((h) => h.startsWith('studio_passkey_step='));
    expect(step).toMatch(
      /^studio_passkey_step=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/api\/auth; HttpOnly; SameSite=Strict$/,
    );
    const secret = cookieOf(res, 'studio_passkey_step')!.value;
    expect(JSON.stringify(t.app.db.prepare('SELECT * FROM pending_sign_ins').all())).not.toContain(secret);

    // The step's secret is not a session anywhere.
    expect(await whoAmI(secret)).toBeNull();
    const admin = await t.app.inject({
      url: '/api/admin/bookings',
      cookies: { studio_session: secret, studio_passkey_step: secret },
    });
    expect(admin.statusCode).toBe(401);
  });

  test('her passkey completes sign-in: a rotated session, the step ended, the use recorded', async () => {
    const old = await adminSession();
    await enrol(phone, old);
    const step = await openStep();
    const options = (await stepOptions(step)).json();
    expect(options.rpId).toBe('admin.studio.test');
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([
      phone.credentials[0]!.id.toString('base64url'),
    ]);
    advance(60_000);
    const res = await post(t.app, '/api/auth/passkey', phone.authenticate(options), {
      studio_passkey_step: step,
      studio_session: old,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { email: ADMIN_EMAIL, isAdmin: true } });
    const session = cookieOf(res, 'studio_session')?.value;
    expect(await whoAmI(session)).toEqual({ email: ADMIN_EMAIL, isAdmin: true });
    expect(await whoAmI(old)).toBeNull();
    expect(setCookieHeaders(res).find((h) => h.startsWith('studio_passkey_step='))).toMatch(
      /Max-Age=0; Path=\/api\/auth/,
    );
    expect((await stepOptions(step)).statusCode).toBe(401);

    const list = await t.app.inject({ url: '/api/admin/passkeys', cookies: { studio_session: session! } });
    expect(list.json().passkeys[0].lastUsedAt).toBe(new Date(clock).toISOString());
    expect(t.app.db.prepare('SELECT counter FROM passkeys').get()).toEqual({ counter: 1 });
  });

  test('the sign-in challenge is single use: a failed answer spends it, and a replayed assertion is refused', async () => {
    await enrol(phone, await adminSession());
    const step = await openStep();
    const options = (await stepOptions(step)).json();
    const good = phone.authenticate(options);
    const tampered = { ...good, response: { ...good.response, signature: good.response.signature.replace(/^./, 'A') } };
    const bad = await post(t.app, '/api/auth/passkey', tampered, { studio_passkey_step: step });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: 'Your passkey could not be verified. Please try again.' });
    expect((await post(t.app, '/api/auth/passkey', good, { studio_passkey_step: step })).statusCode).toBe(401);

    expect((await answerWithPasskey(step)).statusCode).toBe(200);
    const replayStep = await openStep();
    await stepOptions(replayStep);
    expect((await post(t.app, '/api/auth/passkey', good, { studio_passkey_step: replayStep })).statusCode).toBe(401);
  });

  test('the sign-in challenge expires', async () => {
    await enrol(phone, await adminSession());
    const step = await openStep();
    const options = (await stepOptions(step)).json();
    advance(WEBAUTHN_CHALLENGE_TTL_MS);
    const res = await post(t.app, '/api/auth/passkey', phone.authenticate(options), { studio_passkey_step: step });
    expect(res.statusCode).toBe(401);
  });

  test('the step expires: a new e-mail link is needed', async () => {
    await enrol(phone, await adminSession());
    const step = await openStep();
    advance(PASSKEY_STEP_TTL_MS);
    const res = await stepOptions(step);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'This sign-in has expired. Please request a new sign-in link.' });
  });

  test('an assertion made on another origin, or by a passkey that is not hers, is refused', async () => {
    await enrol(phone, await adminSession());
    const step = await openStep();
    const phished = phone.authenticate((await stepOptions(step)).json(), { origin: 'http://evil.example' });
    expect((await post(t.app, '/api/auth/passkey', phished, { studio_passkey_step: step })).statusCode).toBe(401);

    const stranger = createSoftwareAuthenticator({ origin: ORIGIN });
    stranger.register(
      (
        await post(t.app, '/api/admin/passkeys/options', { name: 'Phone' }, { studio_session: await adminSession() })
      ).json(),
    );
    const options = (await stepOptions(step)).json();
    const foreign = stranger.authenticate({ ...options, allowCredentials: undefined });
    expect((await post(t.app, '/api/auth/passkey', foreign, { studio_passkey_step: step })).statusCode).toBe(401);
  });

  test('a cloned authenticator (its counter not ahead of the stored one) is refused', async () => {
    await enrol(phone, await adminSession());
    expect((await answerWithPasskey(await openStep())).statusCode).toBe(200);
    // A copy of the key made before that use still counts from where it was.
    phone.credentials[0]!.counter = 0;
    const res = await answerWithPasskey(await openStep());
    expect(res.statusCode).toBe(401);
    expect(t.app.db.prepare('SELECT counter FROM passkeys').get()).toEqual({ counter: 1 });
  });

  test(`${PASSKEY_STEP_MAX_FAILURES} wrong answers end the step`, async () => {
    await enrol(phone, await adminSession());
    const step = await openStep();
    for (let i = 0; i < PASSKEY_STEP_MAX_FAILURES; i++) {
      const wrong = await post(
        t.app,
        '/api/auth/recovery',
        { code: 'AAAAA-AAAAA-AAAAA-AAAAA' },
        { studio_passkey_step: step },
      );
      expect(wrong.statusCode).toBe(401);
    }
    const res = await stepOptions(step);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('This sign-in has expired. Please request a new sign-in link.');
  });
});

describe('the recovery code', () => {
  test('signs her in once from the passkey step, as she may type it, and mails her a notice', async () => {
    const { recoveryCode } = (await enrol(phone, await adminSession())).json();
    const step = await openStep();
    const typed = recoveryCode.toLowerCase().replace(/-/g, ' ');
    const res = await post(t.app, '/api/auth/recovery', { code: typed }, { studio_passkey_step: step });
    await t.settled();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { email: ADMIN_EMAIL, isAdmin: true } });
    const session = cookieOf(res, 'studio_session')?.value;
    expect(await whoAmI(session)).toEqual({ email: ADMIN_EMAIL, isAdmin: true });
    const recovered = await mails(NOTICE_SUBJECTS.recovered);
    expect(recovered.map((m) => m.recipient)).toEqual([ADMIN_EMAIL]);
    expect(recovered[0]?.body).not.toMatch(ISO_TIMESTAMP);

    const again = await post(
      t.app,
      '/api/auth/recovery',
      { code: recoveryCode },
      { studio_passkey_step: await openStep() },
    );
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'That recovery code is not valid or has already been used.' });

    // Once used, the next passkey she adds comes with a new code.
    const list = await t.app.inject({ url: '/api/admin/passkeys', cookies: { studio_session: session! } });
    expect(list.json().hasRecoveryCode).toBe(false);
    const laptop = await enrol(createSoftwareAuthenticator({ origin: ORIGIN }), session!, 'Laptop');
    expect(laptop.json().recoveryCode).toMatch(/^[0-9A-HJKMNP-TV-Z-]{23}$/);
  });

  test('is no way in without the e-mail link first', async () => {
    const { recoveryCode } = (await enrol(phone, await adminSession())).json();
    const res = await post(t.app, '/api/auth/recovery', { code: recoveryCode });
    expect(res.statusCode).toBe(401);
    expect(cookieOf(res, 'studio_session')).toBeUndefined();
  });
});

describe('removal', () => {
  test('removes one passkey with a notice; removing the last one makes the link alone enough again', async () => {
    const session = await adminSession();
    const first = (await enrol(phone, session, 'My phone')).json();
    const laptop = createSoftwareAuthenticator({ origin: ORIGIN });
    const second = (await enrol(laptop, session, 'Laptop')).json();

    const del = (id: string) =>
      t.app.inject(
        withCsrf({ method: 'DELETE', url: `/api/admin/passkeys/${id}`, cookies: { studio_session: session } }),
      );
    expect((await del(first.passkey.id)).statusCode).toBe(204);
    expect((await del(first.passkey.id)).statusCode).toBe(404);
    expect((await completeLink()).json()).toEqual({ secondFactor: 'passkey' });

    expect((await del(second.passkey.id)).statusCode).toBe(204);
    await t.settled();
    const notices = await mails(NOTICE_SUBJECTS.removed);
    expect(notices).toHaveLength(2);
    expect(notices[0]?.body).toContain('the e-mail link alone signs you in again');
    for (const notice of notices) expect(notice.body).not.toMatch(ISO_TIMESTAMP);
    expect((await completeLink()).json()).toEqual({ user: { email: ADMIN_EMAIL, isAdmin: true } });
    // The old recovery code went with the last passkey: the next enrolment shows a new one.
    expect((await enrol(phone, session)).json().recoveryCode).not.toBeNull();
  });
});
