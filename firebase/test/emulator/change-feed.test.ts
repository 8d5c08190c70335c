// Live updates across the Firebase home's instances: two copies of the server (as two function instances run it),
// each with its own Firestore client on one shared Firestore, and the storage's change feed between them
// (server/src/features/live/change-feed.firestore.ts). A booking a visitor makes through one instance reaches the
// admin's live stream (server-sent events) held by the other, once, and the instance that stored it tells its own
// streams once too (its own change is never echoed back to it by the feed).
import { createSessionStore, SESSION_COOKIE } from '../../../server/src/features/auth/sessions';
import { ADMIN_EMAIL, ADMIN_HOST, ADMIN_ORIGIN } from '../../../server/test/helper';
import { serverOnFirestore, type ServerOnFirestore } from './http-harness';
import { firestoreOf, freshFirestore } from './storage-support';
import { ugc } from '../../../server/test/bookings-support';

/** A booking request as the public form sends it, for a demo service (the instances seed the demo content). */
const BOOKING = ugc();

interface Frame {
  event: string;
  data: { type?: string; booking?: { id: string; status: string; name: string }; periods?: Array<{ notes: string }> };
}

interface LiveStream {
  /** Reads on until `done` holds for the frames received so far and answers them (rejects after 10 s). */
  until(done: (frames: Frame[]) => boolean): Promise<Frame[]>;
  close(): void;
}

/** The admin's live stream on an instance, read as its frames (her dashboard's EventSource does the same). */
async function openStream(server: ServerOnFirestore, session: string): Promise<LiveStream> {
  const abort = new AbortController();
  const res = await fetch(`${server.baseUrl}/api/admin/events`, {
    headers: { cookie: `${SESSION_COOKIE}=${session}`, accept: 'text/event-stream', 'x-forwarded-host': ADMIN_HOST },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const frames = (): Frame[] =>
    [...text.matchAll(/event: (\w+)\ndata: (.*)\n\n/g)].map((m) => ({
      event: m[1] ?? '',
      data: JSON.parse(m[2] ?? '{}') as Frame['data'],
    }));
  const until = async (done: (frames: Frame[]) => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!done(frames())) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the awaited events did not come in time; the stream has:\n${text}`);
      const chunk = await Promise.race([
        reader.read(),
        new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), left).unref()),
      ]);
      if (chunk === 'late') continue;
      if (chunk.done) throw new Error(`the live stream ended; it had:\n${text}`);
      text += chunk.value;
    }
    return frames();
  };
  // The first frame is the availability snapshot: once it is in, the stream is subscribed to the bus.
  await until((f) => f.some((x) => x.event === 'availability'));
  return { until, close: () => abort.abort() };
}

const bookingEvents = (frames: Frame[], id: string, type: string) =>
  frames.filter((f) => f.event === 'booking' && f.data.type === type && f.data.booking?.id === id);

const instances: ServerOnFirestore[] = [];
const streams: LiveStream[] = [];

afterEach(async () => {
  streams.splice(0).forEach((s) => s.close());
  await Promise.all(instances.splice(0).map((i) => i.close()));
});

/** Two instances of the server on one Firestore, started together as a cold start of two function instances is. */
async function twoInstances(): Promise<[ServerOnFirestore, ServerOnFirestore]> {
  const first = freshFirestore('feed');
  const second = firestoreOf(first.projectId, 'feed-b');
  // Both seed the demo content at start (one of them does it, seedIfEmpty is atomic). One that started is closed after
  // the test even when the other did not start: left open, its Firestore listeners keep jest from ever exiting.
  const started = await Promise.allSettled([
    serverOnFirestore(first, { seedDemo: true }),
    serverOnFirestore(second, { seedDemo: true }),
  ]);
  for (const s of started) if (s.status === 'fulfilled') instances.push(s.value);
  for (const s of started) if (s.status === 'rejected') throw s.reason;
  const [a, b] = instances.slice(-2) as [ServerOnFirestore, ServerOnFirestore];
  return [a, b];
}

/** A session for the admin, made through the storage port on the shared Firestore (as her sign-in would). */
async function adminSession(server: ServerOnFirestore): Promise<string> {
  const sessions = createSessionStore(server.storage.sessions, { adminEmail: ADMIN_EMAIL, now: () => new Date() });
  return (await sessions.create(ADMIN_EMAIL)).id;
}

const book = (server: ServerOnFirestore, key: string) =>
  fetch(`${server.baseUrl}/api/bookings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': key,
      origin: server.baseUrl,
    },
    body: JSON.stringify(BOOKING),
  });

it('a booking created through instance A reaches the live stream held on instance B, and A’s own, once each', async () => {
  const [a, b] = await twoInstances();
  const session = await adminSession(a);
  const onB = await openStream(b, session);
  const onA = await openStream(a, session);
  streams.push(onB, onA);

  const res = await book(a, 'feed-booking-1');
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };

  const seenOnB = await onB.until((f) => bookingEvents(f, id, 'created').length > 0);
  expect(bookingEvents(seenOnB, id, 'created')).toEqual([
    {
      event: 'booking',
      data: { type: 'created', booking: expect.objectContaining({ id, name: 'Brand Co', status: 'New' }) },
    },
  ]);
  // A's stream had it from A's own bus. An echo from the feed would come about as fast as B's copy did: B has had it,
  // and after a further half second A still has one.
  await onA.until((f) => bookingEvents(f, id, 'created').length > 0);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(bookingEvents(await onA.until(() => true), id, 'created')).toHaveLength(1);

  // The other way: her status change made on B reaches the stream on A.
  const changed = await b.app.inject({
    method: 'PATCH',
    url: `/api/admin/bookings/${id}`,
    headers: { host: ADMIN_HOST, origin: ADMIN_ORIGIN },
    cookies: { [SESSION_COOKIE]: session },
    payload: { status: 'Confirmed' },
  });
  expect(changed.statusCode).toBe(200);
  const seenOnA = await onA.until((f) => bookingEvents(f, id, 'updated').length > 0);
  expect(bookingEvents(seenOnA, id, 'updated')).toEqual([
    { event: 'booking', data: { type: 'updated', booking: expect.objectContaining({ id, status: 'Confirmed' }) } },
  ]);
});

it('an availability change stored through one instance sends a fresh snapshot down the other’s stream', async () => {
  const [a, b] = await twoInstances();
  const session = await adminSession(b);
  const onA = await openStream(a, session);
  streams.push(onA);
  const added = await b.app.inject({
    method: 'POST',
    url: '/api/admin/availability/periods',
    headers: { host: ADMIN_HOST, origin: ADMIN_ORIGIN },
    cookies: { [SESSION_COOKIE]: session },
    payload: {
      startDate: '2031-05-01',
      endDate: '2031-05-03',
      isAvailable: true,
      notes: 'Added on the other instance',
    },
  });
  expect(added.statusCode).toBe(201);
  const frames = await onA.until((f) =>
    f.some((x) => x.event === 'availability' && x.data.periods?.some((p) => p.notes === 'Added on the other instance')),
  );
  expect(frames.filter((x) => x.event === 'availability')).toHaveLength(2);
});
