// Logs: one JSON line per request, with nothing personal and no secret in it: no query string
// (sign-in links carry their token there), no token from a path (the contract signing link, the calendar feed), no
// e-mail address, the client's network rather than its address.
import { build, withCsrf, ADMIN_EMAIL, ugcBookingInput, type TestApp } from './helper';
import { networkOf, redactTokens } from '../src/features/ops/request-log';
import { buildApp } from '../src/app/app';

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
  // A route with parameters is logged by its template, whatever the values.
  expect(project).toMatchObject({ route: '/api/projects/:id', path: '/api/projects/:id', status: 404 });
  expect(lines.every((l) => l.endsWith('\n') && l.trim().split('\n').length === 1)).toBe(true);
  expect(lines.join('')).not.toContain('utm_source');
});

test('a sign-in leaves neither the token nor the e-mail address in the log', async () => {
  await t.app.inject(withCsrf({ method: 'POST', url: '/api/auth/link', payload: { email: ADMIN_EMAIL } }));
  const token = /token=([A-Za-z0-9_-]{43})/.exec((await t.repos.outbox.list(100))[0]?.body ?? '')?.[1];
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

// 30 s: the contract's PDF is drawn on the server, seconds rather than milliseconds on a busy machine.
test('a contract signing link (its page, its PDF, its signature) leaves no token in the log', async () => {
  const admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject(withCsrf({ method, url, payload, cookies: { studio_session: admin } }));
  const booked = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'idempotency-key': 'log-3' },
      payload: ugcBookingInput,
    }),
  );
  expect(booked.statusCode).toBe(201);
  const bookingId = booked.json<{ id: string }>().id;
  const drafted = await asAdmin('POST', `/api/admin/bookings/${bookingId}/contracts`, {
    form: {
      clientName: 'Dana Reyes',
      modelName: 'Ava Monroe',
      effectiveDate: '2026-03-02',
      serviceType: 'UGC',
      timeline: '4',
      governingLaw: 'Arizona',
    },
    paperSize: 'a4',
  });
  expect(drafted.statusCode).toBe(201);
  const sent = await asAdmin('POST', `/api/admin/contracts/${drafted.json<{ id: string }>().id}/send`, {});
  expect(sent.statusCode).toBe(200);
  const link = /\/contracts\/sign\/([A-Za-z0-9_-]{43})/.exec(
    (await t.repos.outbox.list(100)).find((m) => m.body.includes('/contracts/sign/'))?.body ?? '',
  );
  expect(link).not.toBeNull();
  const [signingPath, token] = [link![0], link![1]!];

  expect((await t.app.inject(signingPath)).statusCode).toBe(200);
  expect((await t.app.inject(`${signingPath}/pdf`)).statusCode).toBe(200);
  // Refused (no consent), which still writes its line.
  const signed = await t.app.inject({
    method: 'POST',
    url: signingPath,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://studio.test' },
    payload: 'fullName=Dana+Reyes',
  });
  expect(signed.statusCode).toBe(400);

  expect(requestLines().filter((l) => String(l.route).startsWith('/contracts/sign/'))).toEqual([
    expect.objectContaining({ method: 'GET', path: '/contracts/sign/:token', status: 200 }),
    expect.objectContaining({ method: 'GET', path: '/contracts/sign/:token/pdf', status: 200 }),
    expect.objectContaining({ method: 'POST', path: '/contracts/sign/:token', status: 400 }),
  ]);
  expect(lines.join('')).not.toContain(token);
}, 30_000);

test('the calendar feed leaves no secret in the log, whether the secret is right or wrong', async () => {
  const admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const made = await t.app.inject(
    withCsrf({ method: 'POST', url: '/api/admin/calendar-feed', payload: {}, cookies: { studio_session: admin } }),
  );
  const secret = /\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(made.json<{ url: string }>().url)?.[1];
  expect(secret).toBeDefined();
  const wrong = 'W'.repeat(43);
  expect((await t.app.inject(`/api/calendar/${secret}.ics`)).statusCode).toBe(200);
  expect((await t.app.inject(`/api/calendar/${wrong}.ics`)).statusCode).toBe(404);

  expect(requestLines().filter((l) => l.route === '/api/calendar/:file')).toEqual([
    expect.objectContaining({ path: '/api/calendar/:file', status: 200 }),
    expect.objectContaining({ path: '/api/calendar/:file', status: 404 }),
  ]);
  const log = lines.join('');
  expect(log).not.toContain(secret!);
  expect(log).not.toContain(wrong);
});

test('a mistyped or undecodable signing link, which matches no route, is logged with its token blanked', async () => {
  const token = 'Tk9_-'.repeat(9).slice(0, 43);
  await t.app.inject(`/contracts/sign/${token}/pdf/extra`);
  await t.app.inject(`/api/calendar/${token}.ics/more`);
  // Refused by the router before any route or hook (Fastify's frameworkErrors): answered, and no line at all.
  expect((await t.app.inject(`/contracts/sign/${token}%E0%A4%A`)).statusCode).toBe(400);
  expect(requestLines().map((l) => `${l.status} ${l.path}`)).toEqual([
    '404 /contracts/sign/[redacted]/pdf/extra',
    '404 /api/calendar/[redacted].ics/more',
  ]);
  expect(lines.join('')).not.toContain(token);
});

test('token-shaped strings are blanked wherever they stand; ids and version hashes are kept', () => {
  const token = 'a1B2c3D4e5'.repeat(5).slice(0, 43);
  expect(redactTokens(`failed on /contracts/sign/${token}: gone`)).toBe('failed on /contracts/sign/[redacted]: gone');
  expect(redactTokens(`studio_dt_${token}`)).toBe('[redacted]');
  const kept = 'booking 3f1c2a9e-1b2c-4d5e-8f90-123456789abc, version 0123456789abcdef';
  expect(redactTokens(kept)).toBe(kept);
});

test('a booking leaves no personal data in the log', async () => {
  const res = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'idempotency-key': 'log-1' },
      payload: { ...ugcBookingInput, phone: '+15551230000' },
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
        payload: ugcBookingInput,
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
