// Passkeys for the admin (passkeys.test.ts): the e-mail link alone no longer giving a session once she has one, the
// passkey step, the recovery code, and removal.
import { PASSKEY_STEP_MAX_FAILURES, PASSKEY_STEP_TTL_MS, WEBAUTHN_CHALLENGE_TTL_MS } from '@studio/shared/domain';
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
  setCookieHeaders,
  stepOptions,
  t,
  usePasskeysApp,
  whoAmI,
} from './passkeys-support';

usePasskeysApp();

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
