// Her dashboard's live updates on the Firebase home, through Hosting (the admin site's emulator) as Google's Hosting
// serves them: it ends every request at 60 s and hands an answer on only once it has ended, so an event stream never
// reaches her, and the dashboard polls instead (GET /api/admin/events/poll,
// docs/decisions/011-long-poll-for-live-updates-behind-hosting.md). The Hosting emulator does neither, so a proxy in
// front of it here does both: it holds each answer back until the answer has ended, and cuts every request still
// open after a set time.
//
// What is simulated, said plainly: the cut is the proxy's, after a time each test sets, not Google's at 60 s, so no
// test waits a minute. At 5 s it cuts every poll the dashboard holds (25 s, as in production), a harsher case than
// Google's, where a poll ends at 25 s, well before the cut; at 30 s (above that 25 s, as 60 s is) the polls end by
// themselves. The dashboard is the browser's own http adapter (@studio/shared/backend/http) with its live channel; on
// Node there is no EventSource, so it polls, as it does on the Firebase home's pages (their runtime configuration
// says so, shared/src/backend/http/live.ts). Her session is made in the function's Firestore as her sign-in makes it
// (sign-in through Hosting is app-function.test.ts's); the bookings are made by a visitor through the public site.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventEmitter } from 'node:events';
import type { BookingChange } from '@studio/shared/domain';
import { createHttpBackend } from '@studio/shared/backend/http';
import { createFirestoreSessionsStore } from '../../../server/src/features/auth/sessions.firestore';
import { createSessionStore } from '../../../server/src/features/auth/sessions';
import { ADMIN_EMAIL, ugcBookingInput } from '../../../server/test/helper';
import { firestoreOf, type TestFirestore } from './storage-support';

const HOSTING = process.env.STUDIO_HOSTING_ORIGIN ?? '';
const ADMIN_HOSTING = process.env.STUDIO_ADMIN_HOSTING_ORIGIN ?? '';
const PROJECT = process.env.STUDIO_EMULATOR_PROJECT ?? '';

/** Hosting as Google runs it, in front of the admin site's emulator: answers held back, requests cut at `cutMs`. */
async function hostingAsOnGoogle(cutMs: number) {
  const events = new EventEmitter();
  const requests: string[] = [];
  let cuts = 0;
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const target = new URL(req.url ?? '/', ADMIN_HOSTING);
    const upstream = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          clearTimeout(cut);
          if (res.destroyed) return;
          const { connection: _connection, ...headers } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(Buffer.concat(chunks));
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
    const cut = setTimeout(() => {
      cuts += 1;
      upstream.destroy();
      res.destroy();
      events.emit('cut', req.url);
    }, cutMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    cuts: () => cuts,
    /** Resolves at the next cut. */
    nextCut: () => new Promise<void>((resolve) => events.once('cut', () => resolve())),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let firestore: TestFirestore;
let session: string;
const closers: Array<() => unknown> = [];

beforeAll(async () => {
  if (!ADMIN_HOSTING || !HOSTING || !PROJECT) throw new Error('Run through firebase/scripts/test-emulators.mjs');
  firestore = firestoreOf(PROJECT, 'live-through-hosting');
  const sessions = createSessionStore(createFirestoreSessionsStore(firestore.db), {
    adminEmail: ADMIN_EMAIL,
    now: () => new Date(),
  });
  session = (await sessions.create(ADMIN_EMAIL)).id;
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

afterAll(() => firestore.close());

/**
 * Her dashboard's bookings, as it keeps them: the list read again on each resync, each change told added to it.
 * Answers the ids it knows and a wait for one of them.
 */
function dashboard(origin: string) {
  const withSession: typeof fetch = (input, init) =>
    fetch(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), cookie: `__session=${session}` },
    });
  const backend = createHttpBackend({ baseUrl: origin, fetch: withSession });
  const known = new Set<string>();
  const told: string[] = [];
  const changed = new EventEmitter();
  const stop = backend.bookings.subscribe(
    (change: BookingChange) => {
      told.push(change.type);
      if (change.type !== 'resync') {
        known.add(change.booking.id);
        changed.emit('change');
        return;
      }
      void backend.bookings.list().then((page) => {
        for (const b of page.items) known.add(b.id);
        changed.emit('change');
      });
    },
    (error) => told.push(`error ${error.message}`),
  );
  closers.push(stop);
  /** Resolves once `done` holds (checked at each change the dashboard takes in); rejects after `ms`. */
  const until = (done: () => boolean, ms: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        changed.off('change', check);
        resolve();
      };
      const timer = setTimeout(() => {
        changed.off('change', check);
        reject(new Error(`not in time; the dashboard was told: ${told.join(', ')}`));
      }, ms);
      changed.on('change', check);
      check();
    });
  return { known, told, until };
}

let keySeq = 0;
/** A visitor's booking request through the public site (Hosting, then the function). */
async function bookThroughHosting(name: string): Promise<string> {
  const res = await fetch(`${HOSTING}/api/bookings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: HOSTING,
      'idempotency-key': `live-through-hosting-${process.pid}-${++keySeq}`,
    },
    body: JSON.stringify({ ...ugcBookingInput, name }),
  });
  const body = (await res.json()) as { id?: string; message?: string };
  expect({ status: res.status, message: body.message }).toEqual({ status: 201, message: undefined });
  return body.id ?? '';
}

it('the event stream through Hosting as on Google brings nothing before its cut', async () => {
  const hosting = await hostingAsOnGoogle(3_000);
  closers.push(hosting.close);
  const cut = hosting.nextCut();
  const stream = fetch(`${hosting.origin}/api/admin/events`, {
    headers: { cookie: `__session=${session}`, accept: 'text/event-stream' },
  });
  // Held back until it ends, which it never does by itself: the cut is all her browser would ever get.
  await expect(stream).rejects.toThrow();
  await cut;
  expect(hosting.cuts()).toBe(1);
});

it('with every held poll cut (at 5 s), a booking made after a cut reaches her dashboard', async () => {
  const hosting = await hostingAsOnGoogle(5_000);
  closers.push(hosting.close);
  const board = dashboard(hosting.origin);
  await board.until(() => board.told.includes('resync'), 20_000);
  // The poll held after the resync is cut: the booking comes while the dashboard asks again.
  await hosting.nextCut();
  const id = await bookThroughHosting('Booked After A Cut');
  await board.until(() => board.known.has(id), 30_000);
  expect(hosting.cuts()).toBeGreaterThanOrEqual(1);
  expect(hosting.requests.every((url) => url.startsWith('/api/admin/'))).toBe(true);
  expect(board.told.filter((t) => t.startsWith('error'))).toEqual([]);
}, 60_000);

it('with the cut above the poll’s hold (as 60 s is above 25 s), a booking comes as it happens and nothing is cut', async () => {
  const hosting = await hostingAsOnGoogle(30_000);
  closers.push(hosting.close);
  const board = dashboard(hosting.origin);
  await board.until(() => board.told.includes('resync'), 20_000);
  const first = await bookThroughHosting('First Over The Poll');
  await board.until(() => board.known.has(first), 20_000);
  const second = await bookThroughHosting('Second Over The Poll');
  await board.until(() => board.known.has(second), 20_000);
  expect(hosting.cuts()).toBe(0);
  // Each poll asks after the cursor it was given.
  const polls = hosting.requests.filter((url) => url.startsWith('/api/admin/events/poll'));
  expect(polls[0]).toBe('/api/admin/events/poll?wait=25');
  expect(polls.slice(1).every((url) => url.includes('after='))).toBe(true);
}, 60_000);
