// Every admin route refuses a visitor (401) and a signed-in stranger (403); the admin's SMS setting. Her bookings:
// admin-routes-bookings.test.ts; status updates (with the client's SMS and e-mail) and availability:
// admin-routes-status.test.ts. (Her passkeys: passkeys.test.ts.)
import type { InjectOptions } from 'fastify';
import { build, registeredRoutes, withCsrf, ADMIN_EMAIL } from './helper';
import { admin, allBookings, as, insertBooking, stranger, t, useAdminRoutesApp } from './admin-routes-support';

useAdminRoutesApp();

const ADMIN_ROUTES: InjectOptions[] = [
  { method: 'GET', url: '/api/admin/bookings' },
  { method: 'GET', url: '/api/admin/bookings/summary' },
  { method: 'GET', url: '/api/admin/calendar-feed' },
  { method: 'POST', url: '/api/admin/calendar-feed', payload: {} },
  { method: 'DELETE', url: '/api/admin/calendar-feed' },
  { method: 'PATCH', url: '/api/admin/bookings/b-1', payload: { status: 'Contacted' } },
  { method: 'POST', url: '/api/admin/bookings/b-1/undo', payload: {} },
  { method: 'POST', url: '/api/admin/bookings/b-1/accept-reschedule', payload: {} },
  { method: 'GET', url: '/api/admin/availability' },
  {
    method: 'POST',
    url: '/api/admin/availability/periods',
    payload: { startDate: '2026-05-01', endDate: '2026-05-02', isAvailable: true, notes: '' },
  },
  { method: 'DELETE', url: '/api/admin/availability/periods/x' },
  {
    method: 'POST',
    url: '/api/admin/availability/unavailable',
    payload: { startDate: '2026-05-01', endDate: '2026-05-02', reason: '' },
  },
  { method: 'DELETE', url: '/api/admin/availability/unavailable/x' },
  {
    method: 'POST',
    url: '/api/admin/availability/slots',
    payload: { date: '2026-05-01', startTime: '09:00', endTime: '17:00', isAvailable: true, notes: '' },
  },
  { method: 'DELETE', url: '/api/admin/availability/slots/x' },
  {
    method: 'PUT',
    url: '/api/admin/availability/weekly',
    payload: { slots: [{ weekday: 1, startTime: '10:00', endTime: '11:00' }] },
  },
  { method: 'GET', url: '/api/admin/settings/sms' },
  { method: 'GET', url: '/api/admin/settings/mail' },
  { method: 'GET', url: '/api/admin/settings/storage' },
  { method: 'GET', url: '/api/admin/client-actions' },
  { method: 'POST', url: '/api/admin/client-actions/seen', payload: {} },
  { method: 'GET', url: '/api/admin/settings/client-actions' },
  { method: 'PUT', url: '/api/admin/settings/client-actions', payload: { dailyDigest: false } },
  { method: 'PUT', url: '/api/admin/settings/sms', payload: { smsEnabled: true } },
  { method: 'GET', url: '/api/admin/events' },
  { method: 'GET', url: '/api/admin/events/poll?wait=0' },
  { method: 'GET', url: '/api/admin/passkeys' },
  { method: 'POST', url: '/api/admin/passkeys/options', payload: { name: 'Phone' } },
  { method: 'POST', url: '/api/admin/passkeys', payload: { name: 'Phone', response: {} } },
  { method: 'DELETE', url: '/api/admin/passkeys/x' },
  // Her trusted devices.
  { method: 'GET', url: '/api/admin/trusted-devices' },
  { method: 'DELETE', url: '/api/admin/trusted-devices/x' },
  // Contracts.
  { method: 'GET', url: '/api/admin/contracts/states' },
  { method: 'GET', url: '/api/admin/bookings/b-1/contracts' },
  { method: 'POST', url: '/api/admin/bookings/b-1/contracts', payload: {} },
  { method: 'PUT', url: '/api/admin/contracts/x', payload: {} },
  { method: 'POST', url: '/api/admin/contracts/x/send', payload: {} },
  { method: 'GET', url: '/api/admin/contracts/x/pdf' },
  // A booking's payments, her dashboard's cards' in one read, hers recorded by hand, and her refunds.
  { method: 'GET', url: '/api/admin/bookings/b-1/payments' },
  { method: 'GET', url: '/api/admin/payments?ids=b-1,b-2' },
  { method: 'POST', url: '/api/admin/bookings/b-1/payments', payload: {} },
  { method: 'POST', url: '/api/admin/bookings/b-1/payments/p-1/refunds', payload: {} },
  // Quotes, her quote defaults and the printable invoice.
  { method: 'GET', url: '/api/admin/bookings/b-1/quote' },
  { method: 'PUT', url: '/api/admin/bookings/b-1/quote', payload: {} },
  { method: 'GET', url: '/api/admin/bookings/b-1/invoice' },
  { method: 'GET', url: '/api/admin/settings/quote' },
  { method: 'PUT', url: '/api/admin/settings/quote', payload: {} },
  { method: 'GET', url: '/api/admin/deployments' },
  { method: 'POST', url: '/api/admin/deployments/public-site/live', payload: { version: '0123456789abcdef' } },
  { method: 'POST', url: '/api/admin/deployments/public-site/versions/0123456789abcdef/preview', payload: {} },
  // The guard refuses an upload before its body is read, whatever the body (admin-media.test.ts sends real ones).
  {
    method: 'POST',
    url: '/api/admin/media',
    payload: '--b\r\nContent-Disposition: form-data; name="alt"\r\n\r\nx\r\n--b--\r\n',
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
  },
  { method: 'DELETE', url: '/api/admin/media/x' },
  { method: 'POST', url: '/api/admin/media/uploads', payload: { contentType: 'image/jpeg', bytes: 1024 } },
  { method: 'POST', url: '/api/admin/media/uploads/x', payload: { alt: 'A portrait', section: 'comp-card' } },
  { method: 'PUT', url: '/api/admin/site', payload: {} },
  { method: 'PUT', url: '/api/admin/comp-card', payload: {} },
  { method: 'GET', url: '/api/admin/services' },
  { method: 'PUT', url: '/api/admin/services/x', payload: {} },
  { method: 'DELETE', url: '/api/admin/services/x' },
  { method: 'PUT', url: '/api/admin/service-order', payload: { ids: [] } },
  { method: 'PUT', url: '/api/admin/portfolio', payload: {} },
  { method: 'PUT', url: '/api/admin/portfolio/meta', payload: {} },
  { method: 'PUT', url: '/api/admin/portfolio/content', payload: {} },
  { method: 'GET', url: '/api/admin/projects' },
  { method: 'PUT', url: '/api/admin/projects/x', payload: {} },
  { method: 'DELETE', url: '/api/admin/projects/x' },
];

test('the routes under test are every /api/admin route the app has', () => {
  const tested = ADMIN_ROUTES.map(
    (r) =>
      `${r.method} ${String(r.url)
        .replace(/\/(b-1|x)(?=\/|$)/, '/:id')
        .replace('/public-site/', '/:remote/')
        .replace('/payments/p-1/', '/payments/:paymentId/')
        .replace(/\/versions\/[0-9a-f]{16}\//, '/versions/:version/')
        .replace(/\?.*$/, '')}`,
  ).sort();
  const admin = registeredRoutes(t.app)
    .filter((r) => r.includes(' /api/admin/'))
    .sort();
  expect(admin).toEqual(tested);
});

describe.each(ADMIN_ROUTES)('$method $url', (route) => {
  test('refuses a visitor with 401 and a signed-in stranger with 403, changing nothing', async () => {
    insertBooking();
    const state = async () =>
      JSON.stringify([
        allBookings(),
        await t.repos.availability.getAdmin(),
        await t.repos.settings.adminSmsValue(),
        t.app.db.prepare('SELECT * FROM passkeys').all(),
        t.app.db.prepare('SELECT * FROM webauthn_challenges').all(),
        t.app.db.prepare('SELECT * FROM media').all(),
        t.app.db.prepare('SELECT * FROM services').all(),
        t.app.db.prepare('SELECT * FROM documents').all(),
        t.app.db.prepare('SELECT * FROM projects').all(),
        t.app.db.prepare('SELECT * FROM galleries').all(),
      ]);
    const before = await state();
    const visitor = await t.app.inject(as(null, route));
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: 'Please sign in as the admin.' });
    const other = await t.app.inject(as(stranger, route));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'Access Denied: You do not have permission to access this page.' });
    expect(await state()).toBe(before);
  });
});

test('the guard refuses before the body is read: a visitor learns nothing from a malformed write', async () => {
  const res = await t.app.inject(
    as(null, { method: 'POST', url: '/api/admin/availability/periods', payload: { startDate: 'soon' } }),
  );
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ message: 'Please sign in as the admin.' });
});

test('the SMS setting: the admin value, or the environment override', async () => {
  const set = await t.app.inject(
    as(admin, { method: 'PUT', url: '/api/admin/settings/sms', payload: { smsEnabled: true } }),
  );
  expect(set.json()).toEqual({ enabled: true, source: 'admin', adminValue: true });
  expect((await t.app.inject(as(admin, { url: '/api/admin/settings/sms' }))).json()).toEqual({
    enabled: true,
    source: 'admin',
    adminValue: true,
  });
  await t.app.inject(as(admin, { method: 'PUT', url: '/api/admin/settings/sms', payload: { smsEnabled: null } }));

  const env = await build({ smsEnabledEnv: 'false' });
  try {
    const session = (await env.repos.sessions.create(ADMIN_EMAIL)).id;
    const res = await env.app.inject(
      withCsrf({
        method: 'PUT',
        url: '/api/admin/settings/sms',
        payload: { smsEnabled: true },
        cookies: { studio_session: session },
      }),
    );
    expect(res.json()).toEqual({ enabled: false, source: 'env', adminValue: true });
  } finally {
    await env.close();
  }
});
