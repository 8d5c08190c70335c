// Issue 15 "Health and logs": one JSON line per request, with nothing personal and no secret in it: no query string
// (sign-in links carry their token there), no e-mail address, the client's network rather than its address.
import { build, withCsrf, ADMIN_EMAIL, type TestApp } from './helper';
import { networkOf } from '../src/ops/request-log';
import { buildApp } from '../src/app';

let t: TestApp;
let lines: string[];
beforeEach(async () => {
  lines = [];
  t = await build({ logLevel: 'info', logStream: { write: (l) => void lines.push(l) } });
});
afterEach(() => t.close());

const requestLines = () =>
  lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');

test('each request is one JSON line with its route, path, status, time and network, and nothing else', async () => {
  await t.app.inject({ url: '/api/services?utm_source=newsletter', remoteAddress: '198.51.100.23' });
  await t.app.inject({ url: '/api/projects/nope' });
  const [services, project] = requestLines();
  expect(services).toMatchObject({
    level: 30,
    method: 'GET',
    route: '/api/services',
    path: '/api/services',
    status: 200,
    client: '198.51.100.0/24',
  });
  expect(typeof services?.ms).toBe('number');
  expect(project).toMatchObject({ route: '/api/projects/:id', path: '/api/projects/nope', status: 404 });
  expect(lines.every((l) => l.endsWith('\n') && l.trim().split('\n').length === 1)).toBe(true);
  expect(lines.join('')).not.toContain('utm_source');
});

test('a sign-in leaves neither the token nor the e-mail address in the log', async () => {
  await t.app.inject(withCsrf({ method: 'POST', url: '/api/auth/link', payload: { email: ADMIN_EMAIL } }));
  const token = /token=([A-Za-z0-9_-]{43})/.exec(t.repos.outbox.list()[0]?.body ?? '')?.[1];
  expect(token).toBeDefined();
  await t.app.inject(`/finishSignIn?token=${token}`);
  await t.app.inject(withCsrf({ method: 'POST', url: '/api/auth/session', payload: { email: ADMIN_EMAIL, token } }));
  const log = lines.join('');
  expect(requestLines().map((l) => `${l.method} ${l.path} ${l.status}`)).toEqual([
    'POST /api/auth/link 204',
    'GET /finishSignIn 200',
    'POST /api/auth/session 200',
  ]);
  expect(log).not.toContain(token!);
  expect(log).not.toContain(ADMIN_EMAIL);
  expect(log).not.toContain('studio_session');
});

test('a booking leaves no personal data in the log', async () => {
  const res = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'idempotency-key': 'log-1' },
      payload: {
        name: 'Dana Reyes',
        email: 'dana@example.com',
        phone: '+15551230000',
        serviceId: 'usergeneratedcontent',
        serviceTierId: 'ugc-single',
        date: '',
        consultationDate: '',
        consultationLocation: '',
        location: '',
        description: 'A product video.',
        smsOptIn: false,
      },
    }),
  );
  expect(res.statusCode).toBe(201);
  await t.app.close();
  const log = lines.join('');
  for (const personal of ['Dana', 'dana@example.com', '5551230000', ADMIN_EMAIL]) expect(log).not.toContain(personal);
});

test('LOG_LEVEL decides what is written; an unknown level refuses to start', async () => {
  const quiet: string[] = [];
  const warnOnly = await buildApp({
    dataDir: t.dataDir,
    logLevel: 'warn',
    logStream: { write: (l) => void quiet.push(l) },
  });
  await warnOnly.inject('/api/services');
  await warnOnly.close();
  const written = quiet.map((l) => JSON.parse(l) as { level: number; msg: string });
  expect(written.filter((l) => l.msg === 'request')).toEqual([]);
  expect(written.every((l) => l.level >= 40)).toBe(true);
  await expect(buildApp({ dataDir: t.dataDir, logLevel: 'loud' })).rejects.toThrow(
    'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud".',
  );
});

test('networks: the last byte of IPv4 and everything past /48 of IPv6 are dropped', () => {
  expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
  expect(networkOf('::ffff:127.0.0.1')).toBe('127.0.0.0/24');
  expect(networkOf('2001:db8:85a3:1:2:3:4:5')).toBe('2001:db8:85a3::/48');
  expect(networkOf('::1')).toBe('0:0:0::/48');
  expect(networkOf(undefined)).toBeUndefined();
});

test('an error quoting an address, a phone number or a token is logged with them blanked', async () => {
  const failing: string[] = [];
  const broken = await build({
    logLevel: 'info',
    logStream: { write: (l) => void failing.push(l) },
    mailer: {
      kind: 'smtp',
      send: async (message) => {
        throw new Error(
          `550 5.1.1 <${message.to}>: Recipient address rejected (+15551230000, token=${'x'.repeat(43)})`,
        );
      },
    },
  });
  try {
    const res = await broken.app.inject(
      withCsrf({
        method: 'POST',
        url: '/api/bookings',
        headers: { 'idempotency-key': 'log-2' },
        payload: {
          name: 'Dana Reyes',
          email: 'dana@example.com',
          phone: '',
          serviceId: 'usergeneratedcontent',
          serviceTierId: 'ugc-single',
          date: '',
          consultationDate: '',
          consultationLocation: '',
          location: '',
          description: 'A product video.',
          smsOptIn: false,
        },
      }),
    );
    expect(res.statusCode).toBe(201);
    await broken.settled();
  } finally {
    await broken.close();
  }
  const failure = failing.map((l) => JSON.parse(l) as { msg: string; err?: { message: string } }).find((l) => l.err);
  expect(failure?.err?.message).toBe('550 5.1.1 <[e-mail]>: Recipient address rejected ([phone], token=[redacted])');
  const log = failing.join('');
  for (const personal of [ADMIN_EMAIL, 'dana@example.com', '+15551230000', 'x'.repeat(43)]) {
    expect(log).not.toContain(personal);
  }
});
