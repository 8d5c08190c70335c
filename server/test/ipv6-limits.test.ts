// The per-client limits once counted every IPv6 address apart, so one visitor's /64 (2^64 addresses,
// hers to pick from) got thousands of quotas. Now an IPv6 /64 is one client, an IPv4 address is one client, and an
// IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 client: for the public write limits (@fastify/rate-limit)
// and the sign-in link limits alike, whether the address is the socket's or one a trusted proxy forwards.
import { build, ugcBookingInput, withCsrf, type TestApp } from './helper';
import { clientKeyOf } from '../src/platform/http/client-address';
import { LINK_LIMIT_PER_IP } from '../src/features/auth/auth.routes';
import { parseTrustProxy } from '../src/platform/http/trust-proxy';

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

let seq = 0;
const book = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/bookings',
      payload: ugcBookingInput,
      remoteAddress,
      headers: { 'idempotency-key': `v6-${++seq}`, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    }),
  );

test('a client is an IPv4 address or an IPv6 /64, however it is written', () => {
  expect(clientKeyOf('198.51.100.7')).toBe('198.51.100.7');
  expect(clientKeyOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
  expect(clientKeyOf('::FFFF:c633:6407')).toBe('198.51.100.7');
  expect(clientKeyOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
  expect(clientKeyOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
  expect(clientKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  expect(clientKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
});

test('every address of one /64 shares one booking quota; another /64 and an IPv4 client have their own', async () => {
  const t = await app({ publicWriteLimitPerMinute: 3 });
  const sameNetwork = [];
  for (const host of ['1', 'a:b', 'ffff:1:2', '9'])
    sameNetwork.push((await book(t, `2001:db8:7:7::${host}`)).statusCode);
  expect(sameNetwork).toEqual([201, 201, 201, 429]);
  expect((await book(t, '2001:db8:7:8::1')).statusCode).toBe(201);
  expect((await book(t, '198.51.100.7')).statusCode).toBe(201);
});

test('an IPv4 client written as IPv6 is the same client', async () => {
  const t = await app({ publicWriteLimitPerMinute: 2 });
  expect((await book(t, '198.51.100.7')).statusCode).toBe(201);
  expect((await book(t, '::ffff:198.51.100.7')).statusCode).toBe(201);
  expect((await book(t, '::ffff:198.51.100.7')).statusCode).toBe(429);
  expect((await book(t, '198.51.100.8')).statusCode).toBe(201);
});

test('behind a trusted proxy the forwarded IPv6 client is counted by its /64', async () => {
  const t = await app({ publicWriteLimitPerMinute: 2, trustProxy: parseTrustProxy('10.0.0.1') });
  const statuses = [];
  for (let i = 1; i <= 3; i++) statuses.push((await book(t, '10.0.0.1', `2001:db8:9:9::${i}`)).statusCode);
  expect(statuses).toEqual([201, 201, 429]);
});

test('the sign-in link limit counts a /64 once: rotating the host part does not escape it', async () => {
  const t = await app();
  const statuses: number[] = [];
  for (let i = 0; i <= LINK_LIMIT_PER_IP; i++) {
    const res = await t.app.inject(
      withCsrf({
        method: 'POST',
        url: '/api/auth/link',
        payload: { email: `someone${i}@example.com` },
        remoteAddress: `2001:db8:5:5::${(i + 1).toString(16)}`,
      }),
    );
    statuses.push(res.statusCode);
  }
  expect(statuses.slice(0, LINK_LIMIT_PER_IP).every((s) => s === 403)).toBe(true);
  expect(statuses[LINK_LIMIT_PER_IP]).toBe(429);
  const elsewhere = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/auth/link',
      payload: { email: 'someone@example.com' },
      remoteAddress: '2001:db8:5:6::1',
    }),
  );
  expect(elsewhere.statusCode).toBe(403);
});
