// Three holes found in a review, as regression tests, and TRUST_PROXY. Behind a TLS proxy the old server trusted every
// X-Forwarded-For: a remote client claiming to be 127.0.0.1 read the dev outbox and took the admin's session, and
// rotating the header escaped every per-address limit. Sign-in links were logged and kept in the outbox for good.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { SIGN_IN_TOKEN_TTL_MS } from '@studio/shared/domain';
import { build, repositoriesOf, testOptions, withCsrf, ADMIN_EMAIL, ugcBookingInput, type TestApp } from './helper';
import { openDatabase } from '../src/platform/sqlite/database';
import { buildApp } from '../src/app/app';
import { optionsFromEnv } from '../src/platform/config';
import { parseTrustProxy } from '../src/platform/http/trust-proxy';
import { isLocalOrigin } from '../src/features/messaging/dev-outbox-policy';

const REMOTE = '203.0.113.9';
const FORGED = { 'x-forwarded-for': `127.0.0.1, ${REMOTE}` };

let open: TestApp[] = [];
async function app(overrides: Parameters<typeof build>[0] = {}): Promise<TestApp> {
  const t = await build(overrides);
  open.push(t);
  return t;
}
afterEach(async () => {
  await Promise.all(open.map((t) => t.close()));
  open = [];
});

const booking = ugcBookingInput;

let seq = 0;
const book = (t: TestApp, from: string, forwardedFor?: string) =>
  t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/bookings',
      payload: booking,
      remoteAddress: from,
      headers: { 'idempotency-key': `proxy-${++seq}`, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    }),
  );

describe('admin takeover through a forged X-Forwarded-For behind HTTPS', () => {
  test('HTTPS=true and NODE_ENV unset: the remote client gets no link, no session and no bookings', async () => {
    const t = await app({ https: true });
    const remote = (options: InjectOptions) => t.app.inject({ ...options, remoteAddress: REMOTE });

    const link = await remote(
      withCsrf({ method: 'POST', url: '/api/auth/link', payload: { email: ADMIN_EMAIL }, headers: FORGED }),
    );
    expect(link.statusCode).toBe(204);
    const outbox = await remote({ url: '/api/dev/outbox', headers: FORGED });
    expect(outbox.statusCode).toBe(404);
    expect(outbox.body).not.toContain('finishSignIn?token=');

    const token = /finishSignIn\?token=([A-Za-z0-9_-]{43})/.exec(outbox.body)?.[1] ?? 'A'.repeat(43);
    const session = await remote(
      withCsrf({ method: 'POST', url: '/api/auth/session', payload: { email: ADMIN_EMAIL, token }, headers: FORGED }),
    );
    expect(session.statusCode).toBe(401);
    const cookie = session.cookies.find((c) => c.name === 'studio_session')?.value ?? 'none';
    const bookings = await remote({
      url: '/api/admin/bookings',
      headers: FORGED,
      cookies: { studio_session: cookie },
    });
    expect(bookings.statusCode).toBe(401);
  });

  test('in development the outbox checks the socket: a forged header from a remote socket is refused', async () => {
    const t = await app();
    const forged = await t.app.inject({ url: '/api/dev/outbox', remoteAddress: REMOTE, headers: FORGED });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ message: 'The outbox is readable only from this machine.' });
    // Even a trusted proxy cannot vouch for "127.0.0.1": only the socket's own address counts.
    const viaProxy = await app({ trustProxy: parseTrustProxy('10.0.0.1') });
    const proxied = await viaProxy.app.inject({
      url: '/api/dev/outbox',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(proxied.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/dev/outbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
  });

  test('a request that came through a proxy on this machine is refused, whatever TRUST_PROXY says', async () => {
    // A proxy on this machine connects from 127.0.0.1 for a browser anywhere: any forwarding header gives it away.
    const headers = [
      { 'x-forwarded-for': REMOTE },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: `for=${REMOTE}` },
      { 'x-real-ip': REMOTE },
    ];
    for (const trusted of [{}, { trustProxy: parseTrustProxy('127.0.0.1') }]) {
      const t = await app({ publicOrigin: 'http://localhost:8080', ...trusted });
      for (const h of headers) {
        for (const url of ['/api/dev/outbox', '/api/dev/outbox/1/attachments', '/api/dev/outbox/1/attachments/0']) {
          const res = await t.app.inject({ url, remoteAddress: '127.0.0.1', headers: h });
          expect({ url, h, status: res.statusCode, body: res.json() }).toEqual({
            url,
            h,
            status: 403,
            body: { message: 'The outbox is readable only from this machine.' },
          });
        }
      }
      expect((await t.app.inject({ url: '/api/dev/outbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    }
  });
});

describe('the dev outbox exists only in development', () => {
  const outboxStatus = async (overrides: Parameters<typeof build>[0]) =>
    (await (await app(overrides)).app.inject({ url: '/api/dev/outbox' })).statusCode;

  test('on for a local site (npm start on localhost, npm run dev), off in production, over HTTPS or on a public origin', async () => {
    expect(await outboxStatus({ publicOrigin: 'http://localhost:8080' })).toBe(200);
    expect(await outboxStatus({ publicOrigin: 'http://127.0.0.1:8080' })).toBe(200);
    expect(await outboxStatus({ production: true, publicOrigin: 'http://localhost:8080' })).toBe(404);
    expect(await outboxStatus({ https: true, publicOrigin: 'http://localhost:8080' })).toBe(404);
    expect(await outboxStatus({ publicOrigin: 'http://ava-monroe.com' })).toBe(404);
    expect(await outboxStatus({ publicOrigin: 'http://localhost:8080', devOutbox: false })).toBe(404);
    expect(await outboxStatus({ publicOrigin: 'http://localhost:8080', devOutbox: true })).toBe(200);
  });

  test('the server refuses to start with DEV_OUTBOX=true and NODE_ENV=production, HTTPS or a public origin', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-refused-'));
    const base = { logLevel: 'silent', dataDir, devOutbox: true };
    await expect(
      buildApp({ ...base, production: true, https: false, publicOrigin: 'http://localhost:8080' }),
    ).rejects.toThrow(/^DEV_OUTBOX=true is refused with NODE_ENV=production: /);
    await expect(buildApp({ ...base, https: true, publicOrigin: 'http://localhost:8080' })).rejects.toThrow(
      /DEV_OUTBOX=true is refused with HTTPS on/,
    );
    await expect(buildApp({ ...base, https: false, publicOrigin: 'http://ava-monroe.com' })).rejects.toThrow(
      /DEV_OUTBOX=true is refused with the public origin http:\/\/ava-monroe\.com/,
    );
    // Refused before it touched anything: no database was created.
    expect(readdirSync(dataDir)).toEqual([]);
    rmSync(dataDir, { recursive: true });
  });

  test('local origins are this machine and the names reserved for tests', () => {
    for (const o of ['http://localhost:8080', 'http://127.0.0.1:1', 'http://[::1]:8080', 'http://studio.test']) {
      expect(isLocalOrigin(o)).toBe(true);
    }
    for (const o of ['http://ava-monroe.com', 'http://192.168.1.5:8080', 'http://localhost.evil.com', 'not a url']) {
      expect(isLocalOrigin(o)).toBe(false);
    }
  });
});

describe('per-address limits and TRUST_PROXY', () => {
  test('HTTPS=true without TRUST_PROXY: rotating X-Forwarded-For does not escape the booking limit', async () => {
    const t = await app({ https: true, publicWriteLimitPerMinute: 20 });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await book(t, REMOTE, `198.51.100.${i}`)).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
  });

  test('HTTPS=true without TRUST_PROXY: rotating X-Forwarded-For does not escape the sign-in link limit', async () => {
    const t = await app({ https: true });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject(
        withCsrf({
          method: 'POST',
          url: '/api/auth/link',
          payload: { email: `someone${i}@example.com` },
          remoteAddress: REMOTE,
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        }),
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 403)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  test('with TRUST_PROXY naming the proxy, the client it forwards is the address limits count', async () => {
    const t = await app({ https: true, publicWriteLimitPerMinute: 3, trustProxy: parseTrustProxy('10.0.0.1') });
    // Two clients behind the proxy each get their own limit ...
    const a = [];
    const b = [];
    for (let i = 0; i < 4; i++) a.push((await book(t, '10.0.0.1', '198.51.100.7')).statusCode);
    for (let i = 0; i < 3; i++) b.push((await book(t, '10.0.0.1', '198.51.100.8')).statusCode);
    expect(a).toEqual([201, 201, 201, 429]);
    expect(b).toEqual([201, 201, 201]);
    // ... and a client at the edge cannot prepend an address of its choosing: the proxy's entry is the last one.
    expect((await book(t, '10.0.0.1', '198.51.100.99, 198.51.100.7')).statusCode).toBe(429);
    // A peer that is not the proxy is counted by its own address, whatever it forwards.
    const direct = [];
    for (let i = 0; i < 4; i++) direct.push((await book(t, REMOTE, `198.51.100.${50 + i}`)).statusCode);
    expect(direct).toEqual([201, 201, 201, 429]);
  });

  test('TRUST_PROXY is read strictly: addresses, ranges, keywords or a hop count; never "true"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('127.0.0.1, ::1, 10.0.0.0/8, loopback')).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
      'loopback',
    ]);
    const hops = parseTrustProxy('1');
    expect(typeof hops).toBe('function');
    if (typeof hops === 'function') expect([hops('1.2.3.4', 0), hops('1.2.3.4', 1)]).toEqual([true, false]);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY=true would let any client choose its own address/);
    expect(() => parseTrustProxy('proxy.example, 10.0.0.0/33')).toThrow(/proxy\.example, 10\.0\.0\.0\/33/);
  });

  test('HTTPS=true only marks cookies Secure and sends HSTS: it trusts no proxy', () => {
    const options = optionsFromEnv({ HTTPS: 'true' });
    expect(options.https).toBe(true);
    expect(options.trustProxy).toBe(false);
    expect(optionsFromEnv({ PUBLIC_ORIGIN: 'https://ava-monroe.com' }).trustProxy).toBe(false);
  });
});

describe('sign-in links are never logged and do not outlive their token in the outbox', () => {
  let clock = new Date('2026-03-02T10:00:00Z').getTime();
  const now = () => new Date(clock);

  const requestLink = (t: TestApp) =>
    t.app.inject(withCsrf({ method: 'POST', url: '/api/auth/link', payload: { email: ADMIN_EMAIL } }));
  const tokenIn = (body: string | undefined) => /finishSignIn\?token=([A-Za-z0-9_-]{43})/.exec(body ?? '')?.[1];

  test('NODE_ENV=production without SMTP: the log holds neither the link nor the address', async () => {
    // The app's own mailer and logger, as the server builds them, writing to a stream the test reads.
    const lines: string[] = [];
    const options = testOptions({ production: true, logLevel: 'info', now });
    const app = await buildApp({ ...options, logStream: { write: (l) => void lines.push(l) } });
    const repos = repositoriesOf(openDatabase(options.dataDir), options);
    try {
      const res = await app.inject(
        withCsrf({ method: 'POST', url: '/api/auth/link', payload: { email: ADMIN_EMAIL } }),
      );
      expect(res.statusCode).toBe(204);
      const token = tokenIn((await repos.outbox.list(100))[0]?.body);
      expect(token).toBeDefined();
      const log = lines.join('');
      expect(log).toContain('mail kept in the local outbox');
      expect(log).not.toContain(token!);
      expect(log).not.toContain('finishSignIn');
      expect(log).not.toContain(ADMIN_EMAIL);
    } finally {
      await app.close();
      repos.db.close();
      rmSync(options.dataDir, { recursive: true, force: true });
    }
  });

  test('a spent link is redacted in the outbox at once', async () => {
    const t = await app({ production: true, now });
    await requestLink(t);
    const token = tokenIn((await t.repos.outbox.list(100))[0]?.body)!;
    const res = await t.app.inject(
      withCsrf({ method: 'POST', url: '/api/auth/session', payload: { email: ADMIN_EMAIL, token } }),
    );
    expect(res.statusCode).toBe(200);
    const body = (await t.repos.outbox.list(100))[0]?.body ?? '';
    expect(body).not.toContain(token);
    expect(body).toContain('/finishSignIn?token=[redacted]');
  });

  test('an expired link is redacted by the sweep; a live one is kept until it expires', async () => {
    const t = await app({ production: true, now });
    await requestLink(t);
    const token = tokenIn((await t.repos.outbox.list(100))[0]?.body)!;
    clock += SIGN_IN_TOKEN_TTL_MS - 1000;
    await t.app.jobs.runNow('outbox sweep');
    expect((await t.repos.outbox.list(100))[0]?.body).toContain(token);
    clock += 2000;
    await t.app.jobs.runNow('outbox sweep');
    expect((await t.repos.outbox.list(100))[0]?.body).not.toContain(token);
    expect((await t.repos.outbox.list(100))[0]?.body).toContain('/finishSignIn?token=[redacted]');
  });

  test('outbox messages older than the retention period are deleted', async () => {
    const t = await app({ now, outboxRetentionDays: 14 });
    const day = 24 * 60 * 60 * 1000;
    await t.repos.outbox.add(
      { channel: 'sms', recipient: '+15551230000', subject: '', body: 'old' },
      new Date(clock - 15 * day).toISOString(),
    );
    await t.repos.outbox.add(
      { channel: 'sms', recipient: '+15551230000', subject: '', body: 'recent' },
      new Date(clock - 13 * day).toISOString(),
    );
    await t.app.jobs.runNow('outbox sweep');
    expect((await t.repos.outbox.list(100)).map((m) => m.body)).toEqual(['recent']);
  });
});
