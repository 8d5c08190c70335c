// The heavy libraries a server answering visitors never needs are loaded with their first use, not at start: Stripe's
// (only on a site with STRIPE_SECRET_KEY, with its first payment step), WebAuthn's (with her first passkey step) and
// tar (with the first deploy upload). Together about 35 MB of memory on a server that may have 1 GB. Each module is
// wrapped (the real one, required through the wrapper) only to see when it is first loaded.
import { ADMIN_EMAIL, bookThroughApi, build, photoshootInput, withCsrf, type TestApp } from './helper';

// A function declaration and a global: a module loaded eagerly is required while the imports above run, before any
// `const` of this file exists.
function mockNoteLoaded(name: string) {
  const g = globalThis as { lazyModulesLoaded?: Set<string> };
  (g.lazyModulesLoaded ??= new Set()).add(name);
}
const loaded = () => [...((globalThis as { lazyModulesLoaded?: Set<string> }).lazyModulesLoaded ?? [])];
jest.mock('stripe', () => {
  mockNoteLoaded('stripe');
  return jest.requireActual('stripe');
});
jest.mock('@simplewebauthn/server', () => {
  mockNoteLoaded('@simplewebauthn/server');
  return jest.requireActual('@simplewebauthn/server');
});
jest.mock('tar', () => {
  mockNoteLoaded('tar');
  return jest.requireActual('tar');
});

const clock = new Date('2026-03-02T10:00:00Z');
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

test('a visitor’s pages and a booking load none of them', async () => {
  t = await build({ now: () => clock });
  for (const url of ['/', '/book-me', '/api/services', '/api/health'])
    expect((await t.app.inject({ url })).statusCode).toBeLessThan(500);
  await bookThroughApi(t, photoshootInput('2026-03-02'));
  expect(loaded()).toEqual([]);
});

test('her first passkey step loads WebAuthn’s library, and only that', async () => {
  t = await build({ now: () => clock });
  const session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const res = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/admin/passkeys/options',
      cookies: { studio_session: session },
      payload: { name: 'This laptop' },
    }),
  );
  expect(res.statusCode).toBe(200);
  expect(loaded()).toEqual(['@simplewebauthn/server']);
});

test('with STRIPE_SECRET_KEY, Stripe’s library loads with the first payment step (here a webhook it refuses)', async () => {
  t = await build({
    now: () => clock,
    stripe: { secretKey: 'sk_test_lazy', webhookSecret: 'whsec_lazy', apiBase: new URL('http://127.0.0.1:9') },
  });
  expect((await t.app.inject({ url: '/api/services' })).statusCode).toBe(200);
  expect(loaded()).not.toContain('stripe');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
    payload: '{"id":"evt_forged"}',
  });
  expect(res.statusCode).toBe(400);
  expect(loaded()).toContain('stripe');
});
