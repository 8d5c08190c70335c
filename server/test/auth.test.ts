// Sign-in by e-mail link. The token rules (single use, 15 minutes, bound to the e-mail, a GET does not spend
// it), the cookies exactly, session rotation, sign-out on the server, idle and absolute timeouts, and rate limits.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SIGN_IN_TOKEN_TTL_MS } from '@studio/shared/domain';
import { build, withCsrf, ADMIN_EMAIL, type TestApp } from './helper';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_TIMEOUT_MS } from '../src/features/auth/sessions';
import { optionsFromEnv } from '../src/platform/config';
import { LINK_LIMIT_PER_IP } from '../src/features/auth/auth.routes';

const { signInLinksPerPair: LINK_LIMIT_PER_PAIR, signInMailsPerMailbox: LINK_MAILS_PER_EMAIL } = optionsFromEnv({});

let clock = new Date('2026-03-02T10:00:00Z').getTime();
const advance = (ms: number) => {
  clock += ms;
};

let t: TestApp;
beforeEach(async () => {
  t = await build({ now: () => new Date(clock) });
});
afterEach(() => t.close());

const requestLink = (app: FastifyInstance, email: string, ip?: string) =>
  app.inject(
    withCsrf({ method: 'POST', url: '/api/auth/link', payload: { email }, ...(ip ? { remoteAddress: ip } : {}) }),
  );

/** The token of the newest sign-in mail in the outbox. */
async function lastToken(test: TestApp): Promise<string> {
  const mail = (await test.repos.outbox.list(100)).find((m) => m.channel === 'mail');
  const match = /\/finishSignIn\?token=([A-Za-z0-9_-]{43})\b/.exec(mail?.body ?? '');
  if (!match?.[1]) throw new Error('no sign-in link in the outbox');
  return match[1];
}

const complete = (app: FastifyInstance, token: string, email = ADMIN_EMAIL, cookies: Record<string, string> = {}) =>
  app.inject(withCsrf({ method: 'POST', url: '/api/auth/session', payload: { email, token }, cookies }));

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);
const setCookieHeaders = (res: LightMyRequestResponse) => {
  const h = res.headers['set-cookie'];
  return Array.isArray(h) ? h : h ? [h] : [];
};

async function signIn(test: TestApp): Promise<string> {
  const { app } = test;
  await requestLink(app, ADMIN_EMAIL);
  const res = await complete(app, await lastToken(test));
  const id = cookieOf(res, 'studio_session')?.value;
  if (res.statusCode !== 200 || !id) throw new Error(`sign-in failed: ${res.statusCode}`);
  return id;
}

const whoAmI = async (app: FastifyInstance, session: string) =>
  (await app.inject({ url: '/api/auth/session', cookies: { studio_session: session } })).json().user;

test('a non-admin address is refused with the text of docs/product.md §5 and no mail is sent', async () => {
  const res = await requestLink(t.app, 'someone@example.com');
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ message: 'Access denied. Only authorized users can sign in.' });
  expect(await t.repos.outbox.list(100)).toEqual([]);
});

test('an invalid address is a 400 with field errors; the e-mail is matched without case or spaces', async () => {
  const bad = await requestLink(t.app, 'not-an-email');
  expect(bad.statusCode).toBe(400);
  expect(bad.json().fieldErrors.email).toBeDefined();
  const ok = await requestLink(t.app, ' Admin@Studio.TEST'.trim());
  expect(ok.statusCode).toBe(204);
});

test('the admin gets a link to the configured origin (never the Host header) with a 256-bit token stored only hashed', async () => {
  const res = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/auth/link',
      payload: { email: ADMIN_EMAIL },
      // No proxy is trusted: a forwarded host counts for nothing.
      headers: { 'x-forwarded-host': 'evil.example' },
    }),
  );
  expect(res.statusCode).toBe(204);
  const [mail] = await t.repos.outbox.list(100);
  expect(mail?.recipient).toBe(ADMIN_EMAIL);
  expect(mail?.body).toMatch(/http:\/\/admin\.studio\.test\/finishSignIn\?token=[A-Za-z0-9_-]{43}\b/);
  expect(mail?.body).not.toContain('evil.example');
  const token = await lastToken(t);
  const rows = t.app.db
    .prepare('SELECT token_hash AS hash, email, expires_at AS expiresAt FROM sign_in_tokens')
    .all() as Array<{
    hash: string;
    email: string;
    expiresAt: number;
  }>;
  expect(rows).toHaveLength(1);
  expect(rows[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
  expect(JSON.stringify(rows)).not.toContain(token);
  expect(rows[0]?.expiresAt).toBe(clock + SIGN_IN_TOKEN_TTL_MS);
});

test('a token signs in once: the second use is refused with "Invalid sign-in link."', async () => {
  await requestLink(t.app, ADMIN_EMAIL);
  const token = await lastToken(t);
  const first = await complete(t.app, token);
  expect(first.statusCode).toBe(200);
  expect(first.json()).toEqual({ user: { email: ADMIN_EMAIL, isAdmin: true } });
  const again = await complete(t.app, token);
  expect(again.statusCode).toBe(401);
  expect(again.json()).toEqual({ message: 'Invalid sign-in link.' });
  expect(cookieOf(again, 'studio_session')).toBeUndefined();
});

test('a token expires after 15 minutes', async () => {
  await requestLink(t.app, ADMIN_EMAIL);
  const token = await lastToken(t);
  advance(SIGN_IN_TOKEN_TTL_MS);
  const res = await complete(t.app, token);
  expect(res.statusCode).toBe(401);
  expect(res.json().message).toBe('Invalid sign-in link.');
});

test('a token works just before it expires', async () => {
  await requestLink(t.app, ADMIN_EMAIL);
  const token = await lastToken(t);
  advance(SIGN_IN_TOKEN_TTL_MS - 1000);
  expect((await complete(t.app, token)).statusCode).toBe(200);
});

test('a token is bound to its e-mail: another e-mail is refused and does not spend it', async () => {
  await requestLink(t.app, ADMIN_EMAIL);
  const token = await lastToken(t);
  const wrong = await complete(t.app, token, 'someone@example.com');
  expect(wrong.statusCode).toBe(401);
  expect(wrong.json().message).toBe('Invalid sign-in link.');
  expect((await complete(t.app, token)).statusCode).toBe(200);
});

test('a token with one character changed, or a malformed one, is refused', async () => {
  await requestLink(t.app, ADMIN_EMAIL);
  const token = await lastToken(t);
  const last = token.slice(-1);
  const changed = token.slice(0, -1) + (last === 'A' ? 'B' : 'A');
  expect((await complete(t.app, changed)).json()).toEqual({ message: 'Invalid sign-in link.' });
  expect((await complete(t.app, 'short')).statusCode).toBe(401);
  expect((await complete(t.app, token)).statusCode).toBe(200);
});

test('opening the link (a GET of /finishSignIn, as a mail scanner does) does not spend the token', async () => {
  await requestLink(t.app, ADMIN_EMAIL);
  const token = await lastToken(t);
  const page = await t.app.inject({ url: `/finishSignIn?token=${token}` });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  expect(cookieOf(page, 'studio_session')).toBeUndefined();
  expect((await complete(t.app, token)).statusCode).toBe(200);
});

test('completing sign-in needs the CSRF pair', async () => {
  await requestLink(t.app, ADMIN_EMAIL);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/session',
    payload: { email: ADMIN_EMAIL, token: await lastToken(t) },
  });
  expect(res.statusCode).toBe(403);
});

test('the session cookies have exactly the attributes of the design', async () => {
  await requestLink(t.app, ADMIN_EMAIL);
  const res = await complete(t.app, await lastToken(t));
  const headers = setCookieHeaders(res);
  const session = headers.find((h) => h.startsWith('studio_session='));
  const hint = headers.find((h) => h.startsWith('studio_has_session='));
  expect(session).toMatch(/^studio_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/);
  expect(hint).toBe('studio_has_session=1; Max-Age=43200; Path=/; SameSite=Strict');
  // The session id is stored only hashed.
  const id = cookieOf(res, 'studio_session')?.value ?? '';
  const stored = JSON.stringify(t.app.db.prepare('SELECT * FROM sessions').all());
  expect(stored).not.toContain(id);
});

test('over HTTPS both cookies are Secure, named with the __Host- prefix', async () => {
  const secure = await build({ now: () => new Date(clock), https: true });
  try {
    await requestLink(secure.app, ADMIN_EMAIL);
    const res = await complete(secure.app, await lastToken(secure));
    const headers = setCookieHeaders(res);
    expect(headers.find((h) => h.startsWith('__Host-studio_session='))).toMatch(
      /; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    expect(headers.find((h) => h.startsWith('__Host-studio_has_session='))).toMatch(
      /; Path=\/; Secure; SameSite=Strict$/,
    );
  } finally {
    await secure.close();
  }
});

test('GET /api/auth/session answers the user, or null for a visitor', async () => {
  expect((await t.app.inject('/api/auth/session')).json()).toEqual({ user: null });
  const id = await signIn(t);
  expect(await whoAmI(t.app, id)).toEqual({ email: ADMIN_EMAIL, isAdmin: true });
});

test('signing in again rotates the session: the old id stops working', async () => {
  const old = await signIn(t);
  await requestLink(t.app, ADMIN_EMAIL);
  const res = await complete(t.app, await lastToken(t), ADMIN_EMAIL, { studio_session: old });
  const fresh = cookieOf(res, 'studio_session')?.value ?? '';
  expect(fresh).not.toBe(old);
  expect(await whoAmI(t.app, old)).toBeNull();
  expect(await whoAmI(t.app, fresh)).toEqual({ email: ADMIN_EMAIL, isAdmin: true });
});

test('sign-out ends the session on the server and clears both cookies', async () => {
  const id = await signIn(t);
  const res = await t.app.inject(
    withCsrf({ method: 'DELETE', url: '/api/auth/session', cookies: { studio_session: id } }),
  );
  expect(res.statusCode).toBe(204);
  const headers = setCookieHeaders(res);
  expect(headers.find((h) => h.startsWith('studio_session='))).toMatch(
    /^studio_session=; Max-Age=0; Path=\/; Expires=.*; HttpOnly; SameSite=Strict$/,
  );
  expect(headers.find((h) => h.startsWith('studio_has_session='))).toMatch(
    /^studio_has_session=; Max-Age=0; Path=\/; Expires=.*; SameSite=Strict$/,
  );
  // Replaying the old cookie (as a stolen copy would) gets nothing.
  expect(await whoAmI(t.app, id)).toBeNull();
  const admin = await t.app.inject({ url: '/api/admin/bookings', cookies: { studio_session: id } });
  expect(admin.statusCode).toBe(401);
});

test('a session ends after 2 hours idle', async () => {
  const id = await signIn(t);
  advance(SESSION_IDLE_TIMEOUT_MS - 60_000);
  expect(await whoAmI(t.app, id)).not.toBeNull();
  // That read counted as activity: the idle clock starts again.
  advance(SESSION_IDLE_TIMEOUT_MS - 60_000);
  expect(await whoAmI(t.app, id)).not.toBeNull();
  advance(SESSION_IDLE_TIMEOUT_MS);
  expect(await whoAmI(t.app, id)).toBeNull();
});

test('a session ends 12 hours after sign-in however active', async () => {
  const id = await signIn(t);
  const step = SESSION_IDLE_TIMEOUT_MS / 2;
  for (let elapsed = step; elapsed < SESSION_ABSOLUTE_LIFETIME_MS; elapsed += step) {
    advance(step);
    expect(await whoAmI(t.app, id)).not.toBeNull();
  }
  advance(step);
  expect(await whoAmI(t.app, id)).toBeNull();
});

describe('link request limits', () => {
  test('by default 3 per address and e-mail, 10 mails per mailbox, per 15 minutes', () => {
    expect([LINK_LIMIT_PER_PAIR, LINK_MAILS_PER_EMAIL, LINK_LIMIT_PER_IP]).toEqual([3, 10, 20]);
  });

  const ATTACKER = '203.0.113.9';
  const ADMIN_HOME = '198.51.100.7';
  const mailsToAdmin = async () => (await t.repos.outbox.list(100)).filter((m) => m.recipient === ADMIN_EMAIL).length;

  test(`one address may ask for one e-mail ${LINK_LIMIT_PER_PAIR} times per 15 minutes, then 429 with Retry-After`, async () => {
    for (let i = 0; i < LINK_LIMIT_PER_PAIR; i++) {
      expect((await requestLink(t.app, ADMIN_EMAIL, ATTACKER)).statusCode).toBe(204);
    }
    const limited = await requestLink(t.app, ADMIN_EMAIL, ATTACKER);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(limited.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    advance(15 * 60 * 1000);
    expect((await requestLink(t.app, ADMIN_EMAIL, ATTACKER)).statusCode).toBe(204);
  });

  test('a stranger asking for her e-mail does not lock the admin out: she still gets 204 and her link', async () => {
    for (let i = 0; i < 10; i++) await requestLink(t.app, ADMIN_EMAIL, ATTACKER);
    const before = await mailsToAdmin();
    const hers = await requestLink(t.app, ADMIN_EMAIL, ADMIN_HOME);
    expect(hers.statusCode).toBe(204);
    expect(await mailsToAdmin()).toBe(before + 1);
    const res = await complete(t.app, await lastToken(t));
    expect(res.statusCode).toBe(200);
  });

  test(`her mailbox gets at most ${LINK_MAILS_PER_EMAIL} links per 15 minutes from everyone together; past that the same 204, no mail`, async () => {
    const answers: number[] = [];
    for (let i = 0; i < LINK_MAILS_PER_EMAIL + 6; i++) {
      answers.push((await requestLink(t.app, ADMIN_EMAIL, `192.0.2.${i + 1}`)).statusCode);
    }
    expect(new Set(answers)).toEqual(new Set([204]));
    expect(await mailsToAdmin()).toBe(LINK_MAILS_PER_EMAIL);
    advance(15 * 60 * 1000);
    expect((await requestLink(t.app, ADMIN_EMAIL, ADMIN_HOME)).statusCode).toBe(204);
    expect(await mailsToAdmin()).toBe(LINK_MAILS_PER_EMAIL + 1);
  });

  test('the counters outlive a restart, and name no address or e-mail in the database', async () => {
    for (let i = 0; i <= LINK_LIMIT_PER_PAIR; i++) await requestLink(t.app, ADMIN_EMAIL, ATTACKER);
    const { dataDir } = t;
    await t.app.close();
    const again = await build({ dataDir, now: () => new Date(clock) });
    try {
      expect((await requestLink(again.app, ADMIN_EMAIL, ATTACKER)).statusCode).toBe(429);
      expect((await requestLink(again.app, ADMIN_EMAIL, ADMIN_HOME)).statusCode).toBe(204);
      const rows = JSON.stringify(again.app.db.prepare('SELECT * FROM sign_in_limits').all());
      expect(rows).not.toContain(ATTACKER);
      expect(rows).not.toContain(ADMIN_EMAIL);
    } finally {
      await again.close();
    }
  });
});

test(`link requests are limited to ${LINK_LIMIT_PER_IP} per client address per 15 minutes`, async () => {
  for (let i = 0; i < LINK_LIMIT_PER_IP; i++) {
    expect((await requestLink(t.app, `user${i}@example.com`, '10.1.1.1')).statusCode).toBe(403);
  }
  const limited = await requestLink(t.app, 'another@example.com', '10.1.1.1');
  expect(limited.statusCode).toBe(429);
  expect(limited.headers['retry-after']).toBeDefined();
  expect((await requestLink(t.app, 'another@example.com', '10.1.1.2')).statusCode).toBe(403);
});
