// The admin's live stream over real sockets: the availability snapshot on connect and after each change,
// each booking created or changed as an event carrying that request, closed within 5 s of sign-out. And streams stay
// cheap: a booking no longer makes the server read and send the whole list to every stream, a stream whose client stopped
// reading is dropped at a bounded buffer, and one session may hold only so many streams.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BookingRequest } from '@studio/shared/domain';
import { apiErrorSchema } from '@studio/shared/schemas';
import {
  MAX_STREAM_BUFFER_BYTES,
  MAX_STREAMS_PER_SESSION,
  TOO_MANY_STREAMS,
} from '../src/features/live/admin-events.routes';
import { build, withCsrf, ADMIN_EMAIL, ADMIN_HOST, ugcBookingInput, type TestApp } from './helper';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await build({ publicWriteLimitPerMinute: 1_000_000 });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

interface Stream {
  status: number;
  contentType: string;
  body: string;
  /** Resolves with the data of the next event of that name received after the call (or already buffered). */
  next(event: string): Promise<unknown>;
  /** Every event name received so far, in order. */
  names: string[];
  /** Bytes received so far. */
  bytes(): number;
  ended: Promise<void>;
  close(): void;
}

function openStream(session: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/admin/events`, {
      // Her stream answers on her origin only.
      headers: { host: ADMIN_HOST, cookie: `studio_session=${session}`, accept: 'text/event-stream' },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const events: Array<{ event: string; data: unknown }> = [];
      const waiters: Array<{ event: string; resolve(data: unknown): void }> = [];
      const names: string[] = [];
      let buffer = '';
      let bytes = 0;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        bytes += Buffer.byteLength(chunk);
        if (res.statusCode !== 200) body += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (!event || data === undefined) continue;
          names.push(event);
          const parsed: unknown = JSON.parse(data);
          const i = waiters.findIndex((w) => w.event === event);
          if (i >= 0) waiters.splice(i, 1)[0]?.resolve(parsed);
          else events.push({ event, data: parsed });
        }
      });
      const ended = new Promise<void>((done) => res.on('end', () => done()).on('close', () => done()));
      const stream: Stream = {
        status: res.statusCode ?? 0,
        contentType: String(res.headers['content-type']),
        get body() {
          return body;
        },
        names,
        bytes: () => bytes,
        next: (event) =>
          new Promise((done) => {
            const i = events.findIndex((e) => e.event === event);
            if (i >= 0) done(events.splice(i, 1)[0]?.data);
            else waiters.push({ event, resolve: done });
          }),
        ended,
        close: () => req.destroy(),
      };
      resolve(stream);
    });
  });
}

const ugc = (name = 'Brand Co') => ({
  ...ugcBookingInput,
  name,
  email: 'hello@brand.example',
  description: 'Three reels for our skincare line.',
});

let keySeq = 0;
const book = (name?: string) =>
  t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/bookings',
      payload: ugc(name),
      headers: { 'idempotency-key': `events-${++keySeq}` },
    }),
  );

/** Stores `n` requests directly in SQLite (arranging a large list takes milliseconds this way). */
function storeMany(n: number) {
  const insert = t.repos.db.prepare(
    `INSERT INTO booking_requests (id, name, email, service_id, service, description, status, created_at, updated_at)
     VALUES (?, 'Stored Client', 'stored@example.com', 'others', 'Others', ?, 'New', ?, ?)`,
  );
  t.repos.db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
      insert.run(`stored-${keySeq}-${i}`, 'A stored request with a description of some length. '.repeat(10), at, at);
    }
  })();
}

async function closeAll(streams: Stream[]) {
  for (const s of streams) s.close();
  await Promise.all(streams.map((s) => s.ended));
}

test('on connect: the availability snapshot (with notes) and no booking list; after a change, a fresh snapshot', async () => {
  const session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const stream = await openStream(session);
  try {
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
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
    expect(stream.names).not.toContain('bookings');
  } finally {
    stream.close();
  }
});

test('a new booking and a status change each come as one event carrying the request, whole', async () => {
  const session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const stream = await openStream(session);
  try {
    await stream.next('availability');
    const created = await book('Live Client');
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: string }).id;
    const told = (await stream.next('booking')) as { type: string; booking: BookingRequest };
    expect(told).toEqual({
      type: 'created',
      booking: expect.objectContaining({ id, name: 'Live Client', status: 'New', service: 'User-Generated Content' }),
    });

    const patched = await t.app.inject(
      withCsrf({
        method: 'PATCH',
        url: `/api/admin/bookings/${id}`,
        payload: { status: 'Confirmed' },
        cookies: { studio_session: session },
      }),
    );
    expect(patched.statusCode).toBe(200);
    expect(await stream.next('booking')).toEqual({ type: 'updated', booking: patched.json() });
  } finally {
    stream.close();
  }
});

test('with 5,000 stored requests and 10 streams open, a booking sends each stream one small event, fast', async () => {
  storeMany(5_000);
  // Five sessions with two streams each (a session may hold four).
  const five = await Promise.all(
    Array.from({ length: 5 }, async () => (await t.repos.sessions.create(ADMIN_EMAIL)).id),
  );
  const sessions = [...five, ...five];
  const streams = await Promise.all(sessions.map((s) => openStream(s)));
  try {
    await Promise.all(streams.map((s) => s.next('availability')));
    const before = streams.map((s) => s.bytes());
    const started = Date.now();
    for (let i = 0; i < 10; i++) expect((await book(`Client ${i}`)).statusCode).toBe(201);
    const tookMs = Date.now() - started;
    for (const s of streams) for (let i = 0; i < 10; i++) await s.next('booking');
    // Before: each POST read the 5,000 rows once per stream and wrote the whole list (about 4 MB) to each of them,
    // inside the request. Now: ten events of about 1 KB per stream.
    streams.forEach((s, i) => expect(s.bytes() - (before[i] ?? 0)).toBeLessThan(10 * 2_000));
    // Generous for a loaded machine; the list-per-stream code took seconds per POST here.
    expect(tookMs).toBeLessThan(3_000);
  } finally {
    await closeAll(streams);
    t.repos.db.prepare("DELETE FROM booking_requests WHERE id LIKE 'stored-%'").run();
  }
});

test(`a stream whose client stops reading is dropped once ${MAX_STREAM_BUFFER_BYTES / 1024} KB wait for it; others keep theirs`, async () => {
  const session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const healthy = await openStream((await t.repos.sessions.create(ADMIN_EMAIL)).id);
  await healthy.next('availability');

  // A client that reads the headers, then nothing more.
  const stalled = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get(`${base}/api/admin/events`, {
      headers: { host: ADMIN_HOST, cookie: `studio_session=${session}` },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.pause();
      resolve(res);
    });
  });

  // Events of 64 KB each, 25 MB in all: loopback's kernel buffers hold a few MB, after which the server's own buffer
  // for the stalled stream grows, until the bound drops it.
  const stored = await t.repos.bookings.get(((await book('Big Client')).json() as { id: string }).id);
  if (!stored) throw new Error('the booking was not stored');
  const big: BookingRequest = { ...stored, description: 'x'.repeat(64 * 1024) };
  const sent = 400;
  // At a pace a reading client keeps up with (13 MB/s): only the one that does not read falls behind.
  for (let i = 0; i < sent; i += 4) {
    for (let j = 0; j < 4; j++) t.bus.publish({ topic: 'bookings', type: 'updated', booking: big });
    await new Promise((r) => setTimeout(r, 20));
  }
  // Now the client reads again: it gets what was already on its way, then the end the server gave the stream.
  let received = 0;
  const closed = new Promise<boolean>((done) => {
    const giveUp = setTimeout(() => done(false), 15_000);
    stalled.socket.once('close', () => {
      clearTimeout(giveUp);
      done(true);
    });
  });
  stalled.on('data', (chunk: Buffer) => (received += chunk.length));
  stalled.on('error', () => undefined);
  stalled.resume();
  expect(await closed).toBe(true);
  expect(received).toBeLessThan((sent * 64 * 1024) / 2);
  // The reading client gets every one of them (and the event of the booking made above).
  for (let i = 0; i < sent + 1; i++) await healthy.next('booking');
  healthy.close();
  await healthy.ended;
}, 30_000);

test(`one session may hold ${MAX_STREAMS_PER_SESSION} streams; the next is refused 429 until one closes`, async () => {
  const session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const held = await Promise.all(Array.from({ length: MAX_STREAMS_PER_SESSION }, () => openStream(session)));
  try {
    expect(held.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_SESSION).fill(200));
    const refused = await openStream(session);
    expect(refused.status).toBe(429);
    await refused.ended;
    expect(apiErrorSchema.parse(JSON.parse(refused.body))).toEqual({ message: TOO_MANY_STREAMS });
    // Another session is not held back by this one's streams.
    const other = await openStream((await t.repos.sessions.create(ADMIN_EMAIL)).id);
    expect(other.status).toBe(200);
    other.close();
    // A closed stream frees its place.
    held.pop()?.close();
    await new Promise((r) => setTimeout(r, 100));
    const again = await openStream(session);
    expect(again.status).toBe(200);
    held.push(again);
  } finally {
    await closeAll(held);
  }
});

test('the stream closes within 5 s of sign-out', async () => {
  const session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const stream = await openStream(session);
  await stream.next('availability');
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
  const session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const stream = await openStream(session);
  await stream.next('availability');
  const removedAt = Date.now();
  t.app.db.prepare('DELETE FROM sessions').run();
  await stream.ended;
  expect(Date.now() - removedAt).toBeLessThan(5000);
});
