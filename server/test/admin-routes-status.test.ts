// The admin's status updates (with the client's SMS and e-mail) and her availability.
import type { Change } from '../src/platform/change-bus';
import { build, withCsrf, ADMIN_EMAIL } from './helper';
import { admin, as, insertBooking, START, t, useAdminRoutesApp } from './admin-routes-support';

let clock = START;
useAdminRoutesApp(() => clock);

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
