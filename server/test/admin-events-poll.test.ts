// The admin's live updates by long poll (GET /api/admin/events/poll), the way her dashboard hears of changes where an
// event stream cannot stay open (behind Firebase Hosting): a resync with the availability snapshot first, then every
// change after the cursor, at once or when it comes while the poll is held; none lost between two polls, a cursor the
// journal does not cover answered with a resync, a held poll let go when its client goes, answered 401 at sign-out.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_POLLS_PER_SESSION } from '../src/features/live/admin-poll';
import { createChangeJournal } from '../src/features/live/change-journal';
import { TOO_MANY_STREAMS } from '../src/features/live/live-events';
import { asAdmin, build, withCsrf, ADMIN_EMAIL, ADMIN_HOST, ugcBookingInput, type TestApp } from './helper';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await build({ publicWriteLimitPerMinute: 1_000_000 });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

interface Answer {
  cursor: string;
  resync: boolean;
  events: Array<{ event: string; data: { type?: string; booking?: { id: string; name: string }; slots?: unknown[] } }>;
}

const newSession = async () => (await t.repos.sessions.create(ADMIN_EMAIL)).id;

async function poll(session: string, query: { after?: string; wait?: number } = {}) {
  const params = new URLSearchParams();
  if (query.after !== undefined) params.set('after', query.after);
  params.set('wait', String(query.wait ?? 0));
  const res = await t.app.inject(asAdmin(session, { method: 'GET', url: `/api/admin/events/poll?${params}` }));
  return { status: res.statusCode, body: res.json() as Answer & { message?: string } };
}

let keySeq = 0;
async function book(name: string): Promise<string> {
  const res = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/bookings',
      payload: { ...ugcBookingInput, name, email: 'hello@brand.example', description: 'Three reels for our line.' },
      headers: { 'idempotency-key': `poll-${++keySeq}` },
    }),
  );
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}

const addSlot = (session: string, date: string) =>
  t.app.inject(
    asAdmin(session, {
      method: 'POST',
      url: '/api/admin/availability/slots',
      payload: { date, startTime: '10:00', endTime: '11:00', isAvailable: true, notes: 'poll' },
    }),
  );

const bookingsIn = (answer: Answer) => answer.events.filter((e) => e.event === 'booking').map((e) => e.data);

test('the first poll is a resync carrying the availability snapshot (with notes) and a cursor', async () => {
  const session = await newSession();
  const first = await poll(session);
  expect(first.status).toBe(200);
  expect(first.body.resync).toBe(true);
  expect(first.body.cursor).toEqual(expect.any(String));
  expect(first.body.events.map((e) => e.event)).toEqual(['availability']);
  const snapshot = first.body.events[0]?.data as { periods: Array<{ notes: string }> };
  expect(snapshot.periods[0]).toHaveProperty('notes');
  // Nothing new since: no wait asked, the same cursor back and no events.
  const again = await poll(session, { after: first.body.cursor });
  expect(again.body).toEqual({ cursor: first.body.cursor, resync: false, events: [] });
});

test('a held poll is answered as soon as a booking comes, with the request whole', async () => {
  const session = await newSession();
  const { cursor } = (await poll(session)).body;
  const startedAt = Date.now();
  const held = poll(session, { after: cursor, wait: 20 });
  // Made while the poll is held: the server answers it then, not when the wait is over.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const id = await book('Held Poll Client');
  const answer = await held;
  expect(Date.now() - startedAt).toBeLessThan(10_000);
  expect(answer.body.resync).toBe(false);
  expect(bookingsIn(answer.body)).toEqual([
    { type: 'created', booking: expect.objectContaining({ id, name: 'Held Poll Client', status: 'New' }) },
  ]);
  expect(answer.body.cursor).not.toBe(cursor);
});

test('changes made between two polls all come in the next one, in order, and availability as one fresh snapshot', async () => {
  const session = await newSession();
  const { cursor } = (await poll(session)).body;
  const first = await book('Between One');
  const second = await book('Between Two');
  expect((await addSlot(session, '2031-03-04')).statusCode).toBe(201);
  expect((await addSlot(session, '2031-03-05')).statusCode).toBe(201);
  const answer = (await poll(session, { after: cursor })).body;
  expect(answer.resync).toBe(false);
  expect(bookingsIn(answer).map((d) => d.booking?.id)).toEqual([first, second]);
  const snapshots = answer.events.filter((e) => e.event === 'availability');
  expect(snapshots).toHaveLength(1);
  expect(JSON.stringify(snapshots[0]?.data)).toContain('2031-03-05');
});

test('a cursor this server did not hand out (another instance’s, or from before a restart) gets a resync', async () => {
  const session = await newSession();
  const { cursor } = (await poll(session)).body;
  const foreign = await poll(session, { after: `another-instance.${cursor.split('.').pop()}` });
  expect(foreign.body.resync).toBe(true);
  expect(foreign.body.events.map((e) => e.event)).toEqual(['availability']);
  const ahead = await poll(session, { after: `${cursor.slice(0, cursor.lastIndexOf('.'))}.999999` });
  expect(ahead.body.resync).toBe(true);
  // Asked to wait, such a poll is held like any other (no client asks again and again), then answered with a resync.
  const held = poll(session, { after: 'another-instance.3', wait: 20 });
  expect(await Promise.race([held, new Promise((r) => setTimeout(() => r('held'), 300))])).toBe('held');
  await book('After A Foreign Cursor');
  const answer = (await held).body;
  expect(answer.resync).toBe(true);
  expect(answer.events.map((e) => e.event)).toEqual(['availability']);
  expect(answer.cursor.startsWith(cursor.slice(0, cursor.lastIndexOf('.')))).toBe(true);
});

test('the journal answers a resync once a cursor is older than what it keeps', () => {
  const journal = createChangeJournal<string>(3);
  const start = journal.current();
  journal.record('a');
  journal.record('b');
  journal.record('c');
  expect(journal.after(start)?.items).toEqual(['a', 'b', 'c']);
  journal.record('d');
  expect(journal.after(start)).toBeUndefined();
  const latest = journal.current();
  expect(journal.after(latest)).toEqual({ items: [], cursor: latest });
});

test('a held poll is answered 401 at sign-out, and the session’s next poll is refused', async () => {
  const session = await newSession();
  const { cursor } = (await poll(session)).body;
  const held = poll(session, { after: cursor, wait: 20 });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const signedOutAt = Date.now();
  const out = await t.app.inject(
    withCsrf({ method: 'DELETE', url: '/api/auth/session', cookies: { studio_session: session } }),
  );
  expect(out.statusCode).toBe(204);
  expect((await held).status).toBe(401);
  expect(Date.now() - signedOutAt).toBeLessThan(5000);
  expect((await poll(session, { after: cursor })).status).toBe(401);
});

test('a visitor’s poll is refused', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/events/poll', headers: { host: ADMIN_HOST } });
  expect(res.statusCode).toBe(401);
});

/** A poll over a real socket, which the test can cut as a proxy would; answers its status and body. */
function socketPoll(session: string, cursor: string) {
  let cut = () => {};
  const answered = new Promise<{ status: number; body: string } | 'cut'>((resolve) => {
    const req = http.get(`${base}/api/admin/events/poll?after=${encodeURIComponent(cursor)}&wait=20`, {
      headers: { host: ADMIN_HOST, cookie: `studio_session=${session}` },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', () => resolve('cut'));
    cut = () => req.destroy();
  });
  return { answered, cut };
}

const settledWithin = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms))]);

test(`a session may have ${MAX_POLLS_PER_SESSION} polls held; one its client cut frees its place`, async () => {
  const session = await newSession();
  const { cursor } = (await poll(session)).body;
  const polls = Array.from({ length: MAX_POLLS_PER_SESSION + 1 }, () => socketPoll(session, cursor));
  try {
    // One of them comes back at once, refused; the others are held.
    const first = await Promise.race(polls.map((p, i) => p.answered.then((a) => ({ a, i }))));
    expect(first.a).toEqual({ status: 429, body: expect.stringContaining(TOO_MANY_STREAMS) });
    const held = polls.filter((_, i) => i !== first.i);
    for (const p of held) expect(await settledWithin(p.answered, 100)).toBe('pending');

    held[0]?.cut();
    expect(await held[0]?.answered).toBe('cut');
    // Its place is free once the server has seen the cut: a new poll is held, and answered by the next booking.
    let again = socketPoll(session, cursor);
    for (let i = 0; i < 20 && (await settledWithin(again.answered, 200)) !== 'pending'; i++) {
      again = socketPoll(session, cursor);
    }
    await book('Frees The Place');
    const answer = await again.answered;
    expect(answer).toEqual({ status: 200, body: expect.stringContaining('Frees The Place') });
  } finally {
    polls.forEach((p) => p.cut());
  }
});
