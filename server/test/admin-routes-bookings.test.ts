// The admin's bookings: the list, a page at a time, search and the New count.
import { BOOKING_CURSOR_INVALID } from '@studio/shared/refusal-messages';
import { admin, as, insertBooking, t, useAdminRoutesApp } from './admin-routes-support';

useAdminRoutesApp();

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
