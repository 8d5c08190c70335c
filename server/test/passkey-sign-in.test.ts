// On a device holding her passkey she signs in with it alone, no e-mail round trip. Over HTTP with the
// software authenticator (a discoverable credential, answering with its user handle as a browser does): the options
// name no credential, the session is the full one the link and the passkey step give, and each ceremony is single
// use, short-lived, bound to its own challenge, open only to a passkey stored for her, and counted per client.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { WEBAUTHN_CHALLENGE_TTL_MS } from '@studio/shared/domain';
import { build, withCsrf, ADMIN_EMAIL, type TestApp } from './helper';
import { createSoftwareAuthenticator, type SoftwareAuthenticator } from './software-authenticator';
import { PASSKEY_SIGN_IN_LIMIT_PER_CLIENT } from '../src/features/auth/auth-passkey.routes';

const ORIGIN = 'http://admin.studio.test';
const REFUSED = {
  message:
    'No passkey on this device matches your sign-in, or the sign-in took too long. Try again, or use the e-mail link.',
};
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

const post = (
  app: FastifyInstance,
  url: string,
  payload: unknown,
  extra: Pick<InjectOptions, 'remoteAddress'> & { cookies?: Record<string, string> } = {},
) => app.inject(withCsrf({ method: 'POST', url, payload: payload as Record<string, unknown>, ...extra }));

const sessionOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'studio_session')?.value;
const whoAmI = async (session: string | undefined) =>
  (await t.app.inject({ url: '/api/auth/session', cookies: session ? { studio_session: session } : {} })).json().user;
const mailCount = async () => (await t.repos.outbox.list(1000)).filter((m) => m.channel === 'mail').length;

/** Enrols the authenticator's passkey under a fresh admin session. */
async function enrol(authenticator: SoftwareAuthenticator = phone) {
  const session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const options = await post(
    t.app,
    '/api/admin/passkeys/options',
    { name: 'Phone' },
    { cookies: { studio_session: session } },
  );
  const res = await post(
    t.app,
    '/api/admin/passkeys',
    { name: 'Phone', response: authenticator.register(options.json()) },
    { cookies: { studio_session: session } },
  );
  expect(res.statusCode).toBe(201);
  await t.settled();
}

/** Starts a ceremony: its id and the options for navigator.credentials.get(). */
async function start() {
  const res = await post(t.app, '/api/auth/passkey/sign-in/options', {});
  expect(res.statusCode).toBe(200);
  return res.json() as { ceremony: string; options: Parameters<SoftwareAuthenticator['authenticate']>[0] };
}

const answer = (ceremony: string, response: unknown) =>
  post(t.app, '/api/auth/passkey/sign-in', { ceremony, response });

test('after enrolment her passkey alone signs her in: a full admin session, and no e-mail', async () => {
  await enrol();
  const mailsBefore = await mailCount();
  const { ceremony, options } = await start();
  // Nothing about her passkeys is in the options: the browser offers the discoverable ones it holds.
  expect(options).not.toHaveProperty('allowCredentials');
  expect(options).toMatchObject({ rpId: 'admin.studio.test', userVerification: 'required' });

  advance(30_000);
  const res = await answer(ceremony, phone.authenticate(options));
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ user: { email: ADMIN_EMAIL, isAdmin: true } });
  const session = sessionOf(res);
  expect(await whoAmI(session)).toEqual({ email: ADMIN_EMAIL, isAdmin: true });
  // The admin scope opens to it, as to a session from the link and the passkey step.
  expect((await t.app.inject({ url: '/api/admin/passkeys', cookies: { studio_session: session! } })).statusCode).toBe(
    200,
  );
  expect(await mailCount()).toBe(mailsBefore);
  expect(t.app.db.prepare('SELECT counter, last_used_at AS lastUsedAt FROM passkeys').get()).toEqual({
    counter: 1,
    lastUsedAt: new Date(clock).toISOString(),
  });
});

test('a replayed assertion is refused, under its own ceremony and under a new one', async () => {
  await enrol();
  const { ceremony, options } = await start();
  const good = phone.authenticate(options);
  expect((await answer(ceremony, good)).statusCode).toBe(200);

  const again = await answer(ceremony, good);
  expect(again.statusCode).toBe(401);
  expect(again.json()).toEqual(REFUSED);
  expect(sessionOf(again)).toBeUndefined();
  const fresh = await start();
  expect((await answer(fresh.ceremony, good)).statusCode).toBe(401);
});

test('a challenge is used once: a failed answer spends it, and a second good answer to it is refused', async () => {
  await enrol();
  const { ceremony, options } = await start();
  const good = phone.authenticate(options);
  const tampered = { ...good, response: { ...good.response, signature: good.response.signature.replace(/^./, 'A') } };
  expect((await answer(ceremony, tampered)).statusCode).toBe(401);
  expect((await answer(ceremony, good)).statusCode).toBe(401);

  const next = await start();
  expect((await answer(next.ceremony, phone.authenticate(next.options))).statusCode).toBe(200);
  // The same challenge answered again with a newer signature (the counter ahead): still spent.
  expect((await answer(next.ceremony, phone.authenticate(next.options))).statusCode).toBe(401);
});

test('a stale challenge is refused', async () => {
  await enrol();
  const { ceremony, options } = await start();
  advance(WEBAUTHN_CHALLENGE_TTL_MS);
  const res = await answer(ceremony, phone.authenticate(options));
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual(REFUSED);
});

test('an assertion from a passkey that is not stored, or stored for another address, opens nothing', async () => {
  await enrol();
  // A passkey made for this site but never stored (the enrolment was not finished).
  const stranger = createSoftwareAuthenticator({ origin: ORIGIN });
  const session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  stranger.register(
    (await post(t.app, '/api/admin/passkeys/options', { name: 'X' }, { cookies: { studio_session: session } })).json(),
  );
  let ceremony = await start();
  expect((await answer(ceremony.ceremony, stranger.authenticate(ceremony.options))).statusCode).toBe(401);

  // A stored passkey whose address is not the admin's (ADMIN_EMAIL changed since it was added).
  const other = createSoftwareAuthenticator({ origin: ORIGIN });
  await enrol(other);
  const id = other.credentials[0]!.id.toString('base64url');
  t.app.db.prepare("UPDATE passkeys SET email = 'former@studio.test' WHERE id = ?").run(id);
  ceremony = await start();
  const res = await answer(ceremony.ceremony, other.authenticate(ceremony.options));
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual(REFUSED);
});

test('her passkey naming another user handle, or made on another origin, is refused', async () => {
  await enrol();
  let { ceremony, options } = await start();
  const good = phone.authenticate(options);
  const otherUser = { ...good, response: { ...good.response, userHandle: Buffer.alloc(32, 7).toString('base64url') } };
  expect((await answer(ceremony, otherUser)).statusCode).toBe(401);

  ({ ceremony, options } = await start());
  const phished = phone.authenticate(options, { origin: 'http://evil.example' });
  expect((await answer(ceremony, phished)).statusCode).toBe(401);
  expect(t.app.db.prepare('SELECT last_used_at AS lastUsedAt FROM passkeys').get()).toEqual({ lastUsedAt: null });
});

test('a cloned authenticator (its counter not ahead of the stored one) is refused', async () => {
  await enrol();
  let { ceremony, options } = await start();
  expect((await answer(ceremony, phone.authenticate(options))).statusCode).toBe(200);
  phone.credentials[0]!.counter = 0;
  ({ ceremony, options } = await start());
  expect((await answer(ceremony, phone.authenticate(options))).statusCode).toBe(401);
});

test('the CSRF rules hold: without the token pair, or from another site, nothing starts or signs in', async () => {
  await enrol();
  const bare = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/sign-in/options', payload: {} });
  expect(bare.statusCode).toBe(403);
  const crossSite = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/auth/passkey/sign-in/options',
      payload: {},
      headers: { origin: 'http://evil.example' },
    }),
  );
  expect(crossSite.statusCode).toBe(403);

  const { ceremony, options } = await start();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/passkey/sign-in',
    payload: { ceremony, response: phone.authenticate(options) },
  });
  expect(res.statusCode).toBe(403);
  expect(sessionOf(res)).toBeUndefined();
});

test('each client has a quota of attempts; another client is not held back', async () => {
  const tries = (remoteAddress: string) => post(t.app, '/api/auth/passkey/sign-in/options', {}, { remoteAddress });
  for (let i = 0; i < PASSKEY_SIGN_IN_LIMIT_PER_CLIENT; i++)
    expect((await tries('2001:db8:1:2::1')).statusCode).toBe(200);
  // Another address of the same IPv6 /64 is the same client.
  const over = await tries('2001:db8:1:2::99');
  expect(over.statusCode).toBe(429);
  expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  const answered = await post(
    t.app,
    '/api/auth/passkey/sign-in',
    { ceremony: 'A'.repeat(43), response: {} },
    { remoteAddress: '2001:db8:1:2::5' },
  );
  expect(answered.statusCode).toBe(429);
  expect((await tries('198.51.100.7')).statusCode).toBe(200);
});
