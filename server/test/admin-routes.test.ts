// Every admin route refuses a visitor (401) and a signed-in stranger (403); the admin's bookings, status
// updates (with the client's SMS and e-mail), availability and SMS setting. (Her passkeys: passkeys.test.ts.)
import type { InjectOptions } from 'fastify';
import { BOOKING_CURSOR_INVALID } from '@studio/shared/refusal-messages';
import type { Change } from '../src/platform/change-bus';
import { build, registeredRoutes, withCsrf, ADMIN_EMAIL, type TestApp, insertRow } from './helper';

let t: TestApp;
let admin: string;
let stranger: string;
let clock = new Date('2026-03-02T10:00:00Z').getTime();

beforeAll(async () => {
  // The client is told at once here (no Undo window); the window itself is tested in status-changes.test.ts.
  t = await build({ now: () => new Date(clock), statusUndoMs: 0 });
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  // The server only ever issues sessions for the admin's e-mail; a stranger's session is made directly.
  stranger = (await t.repos.sessions.create('stranger@example.com')).id;
});
afterAll(() => t.close());

let seq = 0;
function insertBooking(fields: Partial<Record<string, string | number>> = {}): string {
  const id = `b-${++seq}`;
  const at = new Date(clock + seq * 1000).toISOString();
  const row = {
    id,
    name: 'Jamie Rivera',
    email: 'jamie@example.com',
    phone: '+15551234567',
    service_id: 'photoshoot',
    service: 'Photoshoot',
    service_price: '$350',
    service_tier: 'Standard',
    service_tier_id: 'standard',
    payment_schedule: '50% upfront, 50% upon completion',
    date: '2026-04-01',
    consultation_date: '2026-03-20',
    consultation_location: 'Studio',
    location: 'Tempe',
    description: 'Editorial shoot',
    sms_opt_in: 1,
    status: 'New',
    created_at: at,
    updated_at: at,
    ...fields,
  };
  insertRow(t.app, row);
  return id;
}

/** Every stored booking, as the table holds it. */
const allBookings = () => t.app.db.prepare('SELECT * FROM booking_requests ORDER BY rowid').all();

const as = (session: string | null, options: InjectOptions): InjectOptions =>
  withCsrf({ ...options, cookies: session ? { studio_session: session } : {} });

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

test('the admin reads every booking, newest first, with all its fields', async () => {
  const older = insertBooking({ name: 'Older' });
  const newer = insertBooking({ name: 'Newer' });
  const res = await t.app.inject(as(admin, { url: '/api/admin/bookings' }));
  expect(res.statusCode).toBe(200);
  const list = (res.json() as { items: Array<Record<string, unknown>> }).items;
  const ids = list.map((b) => b.id);
  expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
  expect(Object.keys(list[0] ?? {}).sort()).toEqual(
    [
      'consultationDate',
      'consultationLocation',
      'consultationTime',
      'createdAt',
      'date',
      'description',
      'email',
      'endDate',
      'id',
      'location',
      'name',
      'paymentSchedule',
      'phone',
      'service',
      'serviceId',
      'servicePrice',
      'serviceTier',
      'serviceTierId',
      'smsOptIn',
      'status',
      'time',
      'updatedAt',
    ].sort(),
  );
  expect(list[0]?.smsOptIn).toBe(true);
});

describe('the booking list, a page at a time', () => {
  const page = async (query = '') => {
    const res = await t.app.inject(as(admin, { url: `/api/admin/bookings${query}` }));
    expect(res.statusCode).toBe(200);
    return res.json() as { items: Array<{ id: string; status: string }>; nextCursor: string | null };
  };

  test('pages through every request newest first, each exactly once, by the cursor of the page before', async () => {
    t.app.db.prepare('DELETE FROM booking_requests').run();
    const made = Array.from({ length: 7 }, () => insertBooking());
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const p = await page(query);
      expect(p.items.length).toBeLessThanOrEqual(3);
      seen.push(...p.items.map((b) => b.id));
      cursor = p.nextCursor;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual([...made].reverse());
  });

  test('50 a page unless asked for fewer; more than 50 or a cursor it never gave is refused', async () => {
    t.app.db.prepare('DELETE FROM booking_requests').run();
    for (let i = 0; i < 55; i++) insertBooking();
    const first = await page();
    expect(first.items).toHaveLength(50);
    expect((await page(`?cursor=${encodeURIComponent(first.nextCursor ?? '')}`)).items).toHaveLength(5);
    const tooMany = await t.app.inject(as(admin, { url: '/api/admin/bookings?limit=51' }));
    expect(tooMany.statusCode).toBe(400);
    for (const cursor of ['made-up', Buffer.from('["x", "y"]').toString('base64url')]) {
      const res = await t.app.inject(as(admin, { url: `/api/admin/bookings?cursor=${cursor}` }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: BOOKING_CURSOR_INVALID });
    }
  });

  test('filters by status, and a request created meanwhile moves no row onto two pages', async () => {
    t.app.db.prepare('DELETE FROM booking_requests').run();
    const confirmed = [insertBooking({ status: 'Confirmed' }), insertBooking(), insertBooking({ status: 'Confirmed' })];
    const only = await page('?status=Confirmed');
    expect(only.items.map((b) => b.id)).toEqual([confirmed[2], confirmed[0]]);
    expect(only.items.every((b) => b.status === 'Confirmed')).toBe(true);
    const first = await page('?limit=2');
    insertBooking();
    const rest = await page(`?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(rest.items.map((b) => b.id)).toEqual([confirmed[0]]);
    expect((await t.app.inject(as(admin, { url: '/api/admin/bookings?status=Done' }))).statusCode).toBe(400);
  });

  test('at 11,700 stored requests a page stays small', async () => {
    t.app.db.prepare('DELETE FROM booking_requests').run();
    const insert = t.app.db.prepare(
      `INSERT INTO booking_requests (id, name, email, service_id, service, description, status, created_at, updated_at)
       VALUES (?, 'Load Client', 'load@example.com', 'others', 'Others', ?, 'New', ?, ?)`,
    );
    t.app.db.transaction(() => {
      for (let i = 0; i < 11_700; i++) {
        const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
        insert.run(`load-${i}`, 'x'.repeat(600), at, at);
      }
    })();
    const res = await t.app.inject(as(admin, { url: '/api/admin/bookings' }));
    expect(res.statusCode).toBe(200);
    // The whole list was 7.8 MB at this size; a page is 50 requests.
    expect(res.body.length).toBeLessThan(100_000);
    expect((res.json() as { items: unknown[] }).items).toHaveLength(50);
    t.app.db.prepare('DELETE FROM booking_requests').run();
  });
});

describe('search and the New count', () => {
  const list = async (query: string) => {
    const res = await t.app.inject(as(admin, { url: `/api/admin/bookings?${query}` }));
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: Array<{ name: string }> }).items.map((b) => b.name);
  };

  test('q finds a name or e-mail by any part in any case, or a reference by its start; with status and pages', async () => {
    insertBooking({ id: 'aa11bb22-0000-4000-8000-000000000001', name: 'Zoë Quartz', email: 'zq@studio-search.test' });
    insertBooking({ name: 'Quartz 100%_ Fan', email: 'fan@studio-search.test', status: 'Declined' });
    insertBooking({ name: 'Someone Else', email: 'other@elsewhere.test' });
    expect(await list('q=quartz')).toEqual(['Quartz 100%_ Fan', 'Zoë Quartz']);
    expect(await list('q=STUDIO-SEARCH')).toEqual(['Quartz 100%_ Fan', 'Zoë Quartz']);
    expect(await list('q=quartz&status=Declined')).toEqual(['Quartz 100%_ Fan']);
    // % and _ are letters here, not wildcards.
    expect(await list('q=100%25_')).toEqual(['Quartz 100%_ Fan']);
    expect(await list('q=%25')).toEqual(['Quartz 100%_ Fan']);
    expect(await list('q=AA11BB22')).toEqual(['Zoë Quartz']);
    expect(await list('q=bb22')).toEqual([]);
    expect(await list('q=quartz&limit=1')).toEqual(['Quartz 100%_ Fan']);
    const first = (await t.app.inject(as(admin, { url: '/api/admin/bookings?q=quartz&limit=1' }))).json() as {
      nextCursor: string;
    };
    expect(await list(`q=quartz&limit=1&cursor=${encodeURIComponent(first.nextCursor)}`)).toEqual(['Zoë Quartz']);
    // Hidden characters in a search are refused like in any text.
    const odd = await t.app.inject(as(admin, { url: '/api/admin/bookings?q=a%E2%80%AEb' }));
    expect(odd.statusCode).toBe(400);
  });

  test('the summary counts the New requests of the whole table', async () => {
    const count = async () =>
      ((await t.app.inject(as(admin, { url: '/api/admin/bookings/summary' }))).json() as { new: number }).new;
    const before = await count();
    const id = insertBooking();
    insertBooking({ status: 'Contacted' });
    expect(await count()).toBe(before + 1);
    await t.app.inject(
      as(admin, { method: 'PATCH', url: `/api/admin/bookings/${id}`, payload: { status: 'Declined' } }),
    );
    expect(await count()).toBe(before);
  });
});

describe('status update', () => {
  test('saves the status, refreshes updatedAt, announces the change and tells the client by SMS and e-mail', async () => {
    await t.repos.settings.setAdminSmsValue(true);
    const id = insertBooking({ name: 'Sam Lee' });
    const changes: Change[] = [];
    const unsubscribe = t.bus.subscribe((change) => changes.push(change));
    clock += 60_000;
    const res = await t.app.inject(
      as(admin, { method: 'PATCH', url: `/api/admin/bookings/${id}`, payload: { status: 'Confirmed' } }),
    );
    unsubscribe();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'Confirmed', updatedAt: new Date(clock).toISOString() });
    expect((await t.repos.bookings.get(id))?.status).toBe('Confirmed');
    // The change carries the request as saved, so the live stream tells it without reading the list.
    expect(changes).toEqual([{ topic: 'bookings', type: 'updated', booking: res.json() }]);
    const outbox = await t.repos.outbox.list(100);
    const sms = outbox.find((m) => m.channel === 'sms');
    expect(sms?.recipient).toBe('+15551234567');
    expect(sms?.body).toBe(
      'Hi Sam, your Photoshoot (Standard) booking request is now Confirmed. Reply STOP to opt out.',
    );
    const mail = outbox.find((m) => m.channel === 'mail');
    expect(mail?.recipient).toBe('jamie@example.com');
    expect(mail?.subject).toBe(`Your booking request ${id.replace('-', '').toUpperCase()} is now Confirmed`);
    await t.repos.settings.setAdminSmsValue(null);
  });

  test('no SMS when SMS is off or the client did not opt in; the e-mail still goes', async () => {
    const id = insertBooking({ sms_opt_in: 0 });
    const before = (await t.repos.outbox.list(100)).length;
    const res = await t.app.inject(
      as(admin, { method: 'PATCH', url: `/api/admin/bookings/${id}`, payload: { status: 'Declined' } }),
    );
    expect(res.statusCode).toBe(200);
    const added = (await t.repos.outbox.list(100)).slice(0, (await t.repos.outbox.list(100)).length - before);
    expect(added.map((m) => m.channel)).toEqual(['mail']);
  });

  test('a failing mailer is logged and does not fail the update', async () => {
    const failing = await build({
      now: () => new Date(clock),
      statusUndoMs: 0,
      mailer: { kind: 'smtp', send: () => Promise.reject(new Error('SMTP down')) },
    });
    try {
      const session = (await failing.repos.sessions.create(ADMIN_EMAIL)).id;
      failing.app.db
        .prepare(
          "INSERT INTO booking_requests (id, name, email, service_id, service, description, status, created_at, updated_at) VALUES ('x1', 'A', 'a@example.com', 'others', 'Others', 'd', 'New', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
        )
        .run();
      const res = await failing.app.inject(
        withCsrf({
          method: 'PATCH',
          url: '/api/admin/bookings/x1',
          payload: { status: 'Contacted' },
          cookies: { studio_session: session },
        }),
      );
      expect(res.statusCode).toBe(200);
      expect((await failing.repos.bookings.get('x1'))?.status).toBe('Contacted');
    } finally {
      await failing.close();
    }
  });

  test('an unknown status is a 400, an unknown booking a 404', async () => {
    const id = insertBooking();
    const bad = await t.app.inject(
      as(admin, { method: 'PATCH', url: `/api/admin/bookings/${id}`, payload: { status: 'Done' } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.status).toBeDefined();
    const extra = await t.app.inject(
      as(admin, { method: 'PATCH', url: `/api/admin/bookings/${id}`, payload: { status: 'New', name: 'x' } }),
    );
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({
      message: 'Some fields are not valid.',
      fieldErrors: { _: ['Unknown field(s): name'] },
    });
    const missing = await t.app.inject(
      as(admin, { method: 'PATCH', url: '/api/admin/bookings/nope', payload: { status: 'New' } }),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Booking not found' });
  });
});

describe('availability', () => {
  const kinds = [
    ['periods', { startDate: '2026-06-01', endDate: '2026-06-30', isAvailable: true, notes: 'June' }],
    ['unavailable', { startDate: '2026-06-10', endDate: '2026-06-12', reason: 'Travel' }],
    ['slots', { date: '2026-06-15', startTime: '09:00', endTime: '17:00', isAvailable: true, notes: 'Day' }],
  ] as const;

  test.each(kinds)(
    '%s: added, listed with notes for the admin, announced, deleted, 404 when unknown',
    async (kind, input) => {
      const topics: string[] = [];
      const unsubscribe = t.bus.subscribe((change) => topics.push(change.topic));
      const added = await t.app.inject(
        as(admin, { method: 'POST', url: `/api/admin/availability/${kind}`, payload: input }),
      );
      expect(added.statusCode).toBe(201);
      const { id } = added.json() as { id: string };
      const list = (await t.app.inject(as(admin, { url: '/api/admin/availability' }))).json();
      expect(list[kind]).toContainEqual(expect.objectContaining({ id, ...input }));
      const removed = await t.app.inject(as(admin, { method: 'DELETE', url: `/api/admin/availability/${kind}/${id}` }));
      expect(removed.statusCode).toBe(204);
      const again = await t.app.inject(as(admin, { method: 'DELETE', url: `/api/admin/availability/${kind}/${id}` }));
      expect(again.statusCode).toBe(404);
      unsubscribe();
      expect(topics).toEqual(['availability', 'availability']);
    },
  );

  test('start and end dates are required; an end before the start is refused', async () => {
    const noDates = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/admin/availability/periods',
        payload: { startDate: '', endDate: '', isAvailable: true, notes: '' },
      }),
    );
    expect(noDates.statusCode).toBe(400);
    expect(noDates.json()).toEqual({
      message: 'Some fields are not valid.',
      fieldErrors: {
        startDate: ['Must be a date (YYYY-MM-DD)', 'Must be a real calendar date'],
        endDate: ['Must be a date (YYYY-MM-DD)', 'Must be a real calendar date'],
      },
    });
    const backwards = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/admin/availability/unavailable',
        payload: { startDate: '2026-06-12', endDate: '2026-06-10', reason: '' },
      }),
    );
    expect(backwards.statusCode).toBe(400);
    const noTimes = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/admin/availability/slots',
        payload: { date: '2026-06-12', startTime: '', endTime: '', isAvailable: true, notes: '' },
      }),
    );
    expect(noTimes.statusCode).toBe(400);
  });
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
