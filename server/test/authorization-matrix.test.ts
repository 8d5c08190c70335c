// The authorisation matrix. Every API route and the live stream, as a visitor, as a signed-in stranger and
// as the admin, with the expected status of each cell in one table. Each admin-only cell refuses the other two, so
// removing any single check from the server (the admin guard, its admin test, a route's own validation of who may
// read what) makes at least one cell fail.
// The rows are split by area of routes, one test file each (authorization-matrix-*.test.ts); this file checks that
// together they cover every route, and holds what is not a cell of the table.
import type { AddressInfo } from 'node:net';
import { BOOKING_ROWS } from './authorization-matrix-bookings-rows';
import { CONTENT_ROWS } from './authorization-matrix-content-rows';
import { ADMIN_ONLY, as, inDays, matrixApp, sessions, useMatrixApp, type Role } from './authorization-matrix-kit';
import { PASSKEY_AND_DEPLOY_ROWS } from './authorization-matrix-passkeys-deploys-rows';
import { PUBLIC_ROWS } from './authorization-matrix-public-rows';
import { ADMIN_VIA_PROXY, registeredRoutes } from './helper';

const TABLE = [...PUBLIC_ROWS, ...BOOKING_ROWS, ...CONTENT_ROWS, ...PASSKEY_AND_DEPLOY_ROWS];

// The live stream never ends, so it is tested over a real socket below rather than through inject().
const LIVE_STREAM = { method: 'GET', route: '/api/admin/events', expect: ADMIN_ONLY(200) };

useMatrixApp();

test('the table covers every API route the server has', () => {
  const inTable = [...TABLE, LIVE_STREAM].map((r) => `${r.method} ${r.route}`).sort();
  const served = registeredRoutes(matrixApp().app)
    .filter((r) => r.includes(' /api/'))
    .sort();
  expect(inTable).toEqual(served);
});

test('what a visitor reads of availability and sessions holds nothing private', async () => {
  await matrixApp().repos.availability.addUnavailable(
    { startDate: inDays(150), endDate: inDays(150), reason: 'PRIVATE-REASON' },
    new Date().toISOString(),
  );
  const avail = await matrixApp().app.inject(await as('visitor', { url: '/api/availability' }));
  expect(avail.body).not.toContain('PRIVATE-REASON');
  const me = await matrixApp().app.inject(await as('visitor', { url: '/api/auth/session' }));
  expect(me.json()).toEqual({ user: null });
  const stranger = await matrixApp().app.inject(await as('stranger', { url: '/api/auth/session' }));
  expect(stranger.json()).toEqual({ user: { email: 'stranger@example.com', isAdmin: false } });
});

describe('the live stream', () => {
  let origin: string;
  beforeAll(async () => {
    await matrixApp().app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(matrixApp().app.server.address() as AddressInfo).port}`;
  });

  test.each(['visitor', 'stranger', 'admin'] as Role[])('as %s', async (role) => {
    await as(role, { url: '/' });
    const session = sessions[role];
    const controller = new AbortController();
    const res = await fetch(`${origin}/api/admin/events`, {
      headers: {
        'x-forwarded-host': ADMIN_VIA_PROXY['x-forwarded-host'],
        ...(session ? { cookie: `studio_session=${session}` } : {}),
      },
      signal: controller.signal,
    });
    try {
      expect(res.status).toBe(LIVE_STREAM.expect[role]);
      if (role === 'admin') expect(res.headers.get('content-type')).toContain('text/event-stream');
    } finally {
      controller.abort();
    }
  });
});
