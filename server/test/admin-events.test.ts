// Issue 5: the admin's live stream over a real socket. Snapshots on connect and after each change; closed within 5 s
// of sign-out.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { build, withCsrf, ADMIN_EMAIL, type TestApp } from './helper';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await build();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

interface Stream {
  status: number;
  contentType: string;
  /** Resolves with the data of the next event of that name received after the call (or already buffered). */
  next(event: string): Promise<unknown>;
  ended: Promise<void>;
  close(): void;
}

function openStream(session: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/admin/events`, {
      headers: { cookie: `studio_session=${session}`, accept: 'text/event-stream' },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const events: Array<{ event: string; data: unknown }> = [];
      const waiters: Array<{ event: string; resolve(data: unknown): void }> = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (!event || data === undefined) continue;
          const parsed: unknown = JSON.parse(data);
          const i = waiters.findIndex((w) => w.event === event);
          if (i >= 0) waiters.splice(i, 1)[0]?.resolve(parsed);
          else events.push({ event, data: parsed });
        }
      });
      const ended = new Promise<void>((done) => res.on('end', () => done()).on('close', () => done()));
      resolve({
        status: res.statusCode ?? 0,
        contentType: String(res.headers['content-type']),
        next: (event) =>
          new Promise((done) => {
            const i = events.findIndex((e) => e.event === event);
            if (i >= 0) done(events.splice(i, 1)[0]?.data);
            else waiters.push({ event, resolve: done });
          }),
        ended,
        close: () => req.destroy(),
      });
    });
  });
}

test('sends bookings and availability snapshots on connect and a fresh snapshot after a change', async () => {
  const session = t.repos.sessions.create(ADMIN_EMAIL).id;
  const stream = await openStream(session);
  try {
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    expect(Array.isArray(await stream.next('bookings'))).toBe(true);
    const availability = (await stream.next('availability')) as { periods: Array<{ notes: string }> };
    expect(availability.periods.length).toBeGreaterThan(0);
    // The admin view carries notes, which the public view never does.
    expect(availability.periods[0]).toHaveProperty('notes');

    const added = await t.app.inject(
      withCsrf({
        method: 'POST',
        url: '/api/admin/availability/slots',
        payload: { date: '2030-01-02', startTime: '10:00', endTime: '11:00', isAvailable: true, notes: 'live' },
        cookies: { studio_session: session },
      }),
    );
    expect(added.statusCode).toBe(201);
    const fresh = (await stream.next('availability')) as { slots: Array<{ date: string }> };
    expect(fresh.slots.some((s) => s.date === '2030-01-02')).toBe(true);
  } finally {
    stream.close();
  }
});

test('the stream closes within 5 s of sign-out', async () => {
  const session = t.repos.sessions.create(ADMIN_EMAIL).id;
  const stream = await openStream(session);
  await stream.next('bookings');
  const signedOutAt = Date.now();
  const res = await t.app.inject(
    withCsrf({ method: 'DELETE', url: '/api/auth/session', cookies: { studio_session: session } }),
  );
  expect(res.statusCode).toBe(204);
  await stream.ended;
  expect(Date.now() - signedOutAt).toBeLessThan(5000);
  // Reconnecting with the old cookie is refused.
  const again = await openStream(session);
  expect(again.status).toBe(401);
  again.close();
});

test('the stream closes when its session is removed without a sign-out (expiry found by the re-check)', async () => {
  const session = t.repos.sessions.create(ADMIN_EMAIL).id;
  const stream = await openStream(session);
  await stream.next('bookings');
  const removedAt = Date.now();
  t.app.db.prepare('DELETE FROM sessions').run();
  await stream.ended;
  expect(Date.now() - removedAt).toBeLessThan(5000);
});
