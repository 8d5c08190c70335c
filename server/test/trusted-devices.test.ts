// A device she marks as hers at sign-in keeps her signed in for 30 days from its last use (sliding), is
// listed on her dashboard under its browser's name with when it was added and last used, and can be ended there,
// which ends its session at once. Any other session keeps the 2-hour idle limit. Over HTTP, with the clock moved.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { build, withCsrf, ADMIN_EMAIL, type TestApp } from './helper';
import { createSoftwareAuthenticator } from './software-authenticator';
import { SESSION_IDLE_TIMEOUT_MS, TRUSTED_SESSION_IDLE_TIMEOUT_MS, hashSecret } from '../src/features/auth/sessions';

const DAY = 24 * 60 * 60 * 1000;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ORIGIN = 'http://admin.studio.test';

let clock = new Date('2026-03-02T10:00:00Z').getTime();
const advance = (ms: number) => {
  clock += ms;
};

let t: TestApp;
beforeEach(async () => {
  t = await build({ now: () => new Date(clock), adminOrigin: ORIGIN });
});
afterEach(() => t.close());

async function lastToken(): Promise<string> {
  const mail = (await t.repos.outbox.list(100)).find((m) => m.channel === 'mail');
  const match = /\/finishSignIn\?token=([A-Za-z0-9_-]{43})\b/.exec(mail?.body ?? '');
  if (!match?.[1]) throw new Error('no sign-in link in the outbox');
  return match[1];
}

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

/** Signs in by e-mail link from a browser with this User-Agent; answers the response of the completing POST. */
async function signInByLink(trustDevice: boolean | undefined, userAgent = IPHONE) {
  await t.app.inject(withCsrf({ method: 'POST', url: '/api/auth/link', payload: { email: ADMIN_EMAIL } }));
  const res = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/auth/session',
      payload: { email: ADMIN_EMAIL, token: await lastToken(), ...(trustDevice === undefined ? {} : { trustDevice }) },
      headers: { 'user-agent': userAgent },
    }),
  );
  expect(res.statusCode).toBe(200);
  return res;
}

const idOf = (res: LightMyRequestResponse) => {
  const id = cookieOf(res, 'studio_session')?.value;
  if (!id) throw new Error('no session cookie');
  return id;
};

const whoAmI = async (app: FastifyInstance, session: string) =>
  (await app.inject({ url: '/api/auth/session', cookies: { studio_session: session } })).json().user;

const listDevices = async (session: string) => {
  const res = await t.app.inject({ url: '/api/admin/trusted-devices', cookies: { studio_session: session } });
  expect(res.statusCode).toBe(200);
  return res.json().devices as Array<{
    id: string;
    device: string;
    createdAt: string;
    lastSeenAt: string;
    current: boolean;
  }>;
};

const revoke = (session: string, id: string) =>
  t.app.inject(
    withCsrf({ method: 'DELETE', url: `/api/admin/trusted-devices/${id}`, cookies: { studio_session: session } }),
  );

test('without "This is my device" the session still ends after 2 hours idle, and is not listed', async () => {
  const res = await signInByLink(undefined);
  const id = idOf(res);
  // Its cookies last no longer than an ordinary session may.
  expect(cookieOf(res, 'studio_session')?.maxAge).toBe(12 * 60 * 60);
  expect(await listDevices(id)).toEqual([]);
  advance(SESSION_IDLE_TIMEOUT_MS);
  expect(await whoAmI(t.app, id)).toBeNull();
});

test('a trusted device survives 29 days of use, sliding, and ends after 30 idle days', async () => {
  const res = await signInByLink(true);
  const id = idOf(res);
  // Cookie flags as strict as any session's; only the age is the device's.
  const cookie = cookieOf(res, 'studio_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 30 * 24 * 60 * 60 });
  expect(cookieOf(res, 'studio_has_session')?.maxAge).toBe(30 * 24 * 60 * 60);

  // Used once every 29 days for about three months: well past 12 hours and past 30 days since sign-in.
  for (let i = 0; i < 3; i += 1) {
    advance(29 * DAY);
    const read = await t.app.inject({ url: '/api/auth/session', cookies: { studio_session: id } });
    expect(read.json().user).toEqual({ email: ADMIN_EMAIL, isAdmin: true });
    // Each use sets the cookies again for another 30 days, so the browser keeps them as long as the server would.
    expect(cookieOf(read, 'studio_session')).toMatchObject({ value: id, maxAge: 30 * 24 * 60 * 60, httpOnly: true });
  }
  expect((await t.app.inject({ url: '/api/admin/bookings', cookies: { studio_session: id } })).statusCode).toBe(200);

  advance(TRUSTED_SESSION_IDLE_TIMEOUT_MS);
  expect(await whoAmI(t.app, id)).toBeNull();
  expect((await t.app.inject({ url: '/api/admin/bookings', cookies: { studio_session: id } })).statusCode).toBe(401);
});

test('her dashboard lists her trusted devices by name, when added and last used; this one is marked', async () => {
  const phone = idOf(await signInByLink(true, IPHONE));
  const addedAt = new Date(clock).toISOString();
  advance(DAY);
  const laptop = idOf(await signInByLink(true, LAPTOP));
  // An ordinary session is not a trusted device.
  idOf(await signInByLink(false, LAPTOP));
  advance(2 * DAY);
  await whoAmI(t.app, phone);
  const phoneUsedAt = new Date(clock).toISOString();

  const devices = await listDevices(laptop);
  expect(
    devices.map(({ device, createdAt, lastSeenAt, current }) => ({ device, createdAt, lastSeenAt, current })),
  ).toEqual([
    { device: 'Safari on iPhone', createdAt: addedAt, lastSeenAt: phoneUsedAt, current: false },
    {
      device: 'Chrome on Mac',
      createdAt: new Date(clock - 2 * DAY).toISOString(),
      lastSeenAt: expect.any(String),
      current: true,
    },
  ]);
  // The list names each by an id that is neither the session's secret nor the hash the database keeps.
  for (const d of devices) expect([phone, laptop, hashSecret(phone), hashSecret(laptop)]).not.toContain(d.id);
});

test('ending a trusted device from the dashboard ends its session at once', async () => {
  const phone = idOf(await signInByLink(true, IPHONE));
  const laptop = idOf(await signInByLink(true, LAPTOP));
  const target = (await listDevices(laptop)).find((d) => d.device === 'Safari on iPhone');
  if (!target) throw new Error('the phone is not listed');

  expect((await revoke(laptop, target.id)).statusCode).toBe(204);
  expect(await whoAmI(t.app, phone)).toBeNull();
  expect((await t.app.inject({ url: '/api/admin/bookings', cookies: { studio_session: phone } })).statusCode).toBe(401);
  expect((await listDevices(laptop)).map((d) => d.device)).toEqual(['Chrome on Mac']);
  // Ending it again: it is gone.
  expect((await revoke(laptop, target.id)).statusCode).toBe(404);
  expect(await whoAmI(t.app, laptop)).not.toBeNull();
});

test('ending the device she is on signs it out and clears its cookies', async () => {
  const phone = idOf(await signInByLink(true, IPHONE));
  const [self] = await listDevices(phone);
  const res = await revoke(phone, self!.id);
  expect(res.statusCode).toBe(204);
  expect(cookieOf(res, 'studio_session')).toMatchObject({ value: '' });
  expect(await whoAmI(t.app, phone)).toBeNull();
});

test('no forged id ends a session: not an ordinary session, not a session id or its hash, not a made-up one', async () => {
  const phone = idOf(await signInByLink(true, IPHONE));
  const ordinary = idOf(await signInByLink(false, LAPTOP));
  const laptop = idOf(await signInByLink(true, LAPTOP));
  const { deviceId } = await import('../src/features/auth/sessions');

  // The id an ordinary session would have if it were listed: it is not a trusted device, so it is not hers to end.
  for (const forged of [deviceId(hashSecret(ordinary)), 'A'.repeat(22)]) {
    expect((await revoke(laptop, forged)).statusCode).toBe(404);
  }
  // A session's id or hash is not a device id (the route's shape refuses it before anything is looked up).
  for (const forged of [phone, hashSecret(phone)]) {
    expect((await revoke(laptop, forged)).statusCode).toBe(400);
  }
  expect(await whoAmI(t.app, phone)).not.toBeNull();
  expect(await whoAmI(t.app, ordinary)).not.toBeNull();
  expect(await whoAmI(t.app, laptop)).not.toBeNull();
});

test('the passkey alone opens a trusted session when she says this is her device', async () => {
  const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
  const admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const regOptions = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/admin/passkeys/options',
      payload: { name: 'Phone' },
      cookies: { studio_session: admin },
    }),
  );
  const enrolled = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/admin/passkeys',
      payload: { name: 'Phone', response: authenticator.register(regOptions.json()) },
      cookies: { studio_session: admin },
    }),
  );
  expect(enrolled.statusCode).toBe(201);
  await t.settled();

  const started = await t.app.inject(
    withCsrf({ method: 'POST', url: '/api/auth/passkey/sign-in/options', payload: {} }),
  );
  const { ceremony, options } = started.json();
  const res = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/auth/passkey/sign-in',
      payload: { ceremony, response: authenticator.authenticate(options), trustDevice: true },
      headers: { 'user-agent': IPHONE },
    }),
  );
  expect(res.statusCode).toBe(200);
  const id = idOf(res);
  expect((await listDevices(id)).map((d) => d.device)).toEqual(['Safari on iPhone']);
  advance(20 * DAY);
  expect(await whoAmI(t.app, id)).not.toBeNull();
});

test('after an e-mail link, the passkey step opens a trusted session when she says this is her device', async () => {
  const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
  const admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const regOptions = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/admin/passkeys/options',
      payload: { name: 'Phone' },
      cookies: { studio_session: admin },
    }),
  );
  await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/admin/passkeys',
      payload: { name: 'Phone', response: authenticator.register(regOptions.json()) },
      cookies: { studio_session: admin },
    }),
  );
  await t.settled();

  const linked = await signInByLink(true);
  expect(linked.json()).toEqual({ secondFactor: 'passkey' });
  const step = cookieOf(linked, 'studio_passkey_step')?.value ?? '';
  const options = await t.app.inject(
    withCsrf({ method: 'POST', url: '/api/auth/passkey/options', payload: {}, cookies: { studio_passkey_step: step } }),
  );
  const res = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/auth/passkey',
      payload: { ...authenticator.authenticate(options.json()), trustDevice: true },
      cookies: { studio_passkey_step: step },
      headers: { 'user-agent': IPHONE },
    }),
  );
  expect(res.statusCode).toBe(200);
  const id = idOf(res);
  expect((await listDevices(id)).map((d) => d.device)).toEqual(['Safari on iPhone']);
  advance(SESSION_IDLE_TIMEOUT_MS + DAY);
  expect(await whoAmI(t.app, id)).not.toBeNull();
});
