// The availability check of a new booking reads only the Confirmed bookings that can collide with it, through
// an index (migration 022), and a request without dates reads none, however many are stored. Read from SQLite itself:
// the bookings store runs on a connection that records each statement it runs, and EXPLAIN QUERY PLAN says how SQLite
// reads the one that answers confirmedDatesBetween. The last test posts to the real route, so the shortcut is shown where
// a visitor meets it: the route gives the store no range for a request without dates.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Statement } from 'better-sqlite3';
import { addCalendarDays } from '@studio/shared/domain';
import { buildApp } from '../src/app/app';
import { openDatabase, type Db } from '../src/platform/sqlite/database';
import { createGroupCommit } from '../src/platform/sqlite/group-commit';
import { createBookingsRepository } from '../src/features/bookings/bookings.sqlite';
import type {
  BookingsStore,
  ConfirmedDates,
  DateRange,
  NewBookingRequest,
} from '../src/features/bookings/bookings-store';
import { sqliteStorageOn } from '../src/app/sqlite-storage';
import { testOptions, ugcBookingInput, withCsrf } from './helper';

const STORED = 4_000;
const FIRST_DAY = '2027-01-01';

let dir: string;
let db: Db;
/** The SQL of every statement the store ran, in order (cleared before each step a test looks at). */
let ran: string[];
let bookings: BookingsStore;

/** The connection as the store sees it: every statement it prepares records its SQL each time it runs. */
function recording(real: Db): Db {
  const watch = (statement: Statement) =>
    new Proxy(statement, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        if (prop === 'run' || prop === 'get' || prop === 'all' || prop === 'iterate') {
          return (...args: unknown[]) => {
            ran.push(target.source);
            return method.apply(target, args);
          };
        }
        return method.bind(target);
      },
    });
  return new Proxy(real, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => watch(target.prepare(sql));
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const booking = (fields: Partial<NewBookingRequest> = {}): NewBookingRequest => ({
  name: 'Dana Reyes',
  email: 'dana@example.com',
  phone: '',
  serviceId: 'photoshoot',
  service: 'Photoshoot',
  servicePrice: '$350',
  serviceTier: 'Half Day',
  serviceTierId: 'half-day',
  paymentSchedule: '50% upfront',
  date: '',
  endDate: '',
  time: '',
  consultationDate: '',
  consultationTime: '',
  consultationLocation: '',
  location: '',
  description: '',
  smsOptIn: false,
  status: 'New',
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  ...fields,
});

/** The i-th stored booking: a quarter confirmed; shoots of one to three days and consultations over a few years. */
function stored(i: number): NewBookingRequest {
  const day = addCalendarDays(FIRST_DAY, i % 1000);
  const kind = i % 3;
  return booking({
    status: i % 4 === 0 ? 'Confirmed' : 'New',
    date: kind === 2 ? '' : day,
    endDate: kind === 1 ? addCalendarDays(day, 2) : '',
    consultationDate: kind === 0 ? '' : addCalendarDays(day, -3),
    // Some open requests hold a consultation slot (migration 025).
    consultationTime: kind !== 0 && i % 2 === 1 ? '10:00-11:00' : '',
  });
}

let seq = 0;
const createOnce = (range: DateRange | null, seen: ConfirmedDates[][]) =>
  bookings.createOnce({
    idempotencyKey: `plan-${++seq}`,
    bodyHash: `body-${seq}`,
    range,
    decide: (confirmed) => {
      seen.push(confirmed);
      return { booking: booking(), manageTokenHash: null };
    },
  });

const readsConfirmed = (sql: string) => /status\s*=\s*'Confirmed'/.test(sql);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'studio-plan-'));
  db = openDatabase(dir);
  ran = [];
  bookings = createBookingsRepository(recording(db), createGroupCommit(db));
  const all = Array.from({ length: STORED }, (_, i) => stored(i));
  // Stored through the store itself, in batches of one turn (the group commit makes each batch one transaction).
  for (let i = 0; i < all.length; i += 500) {
    await Promise.all(
      all.slice(i, i + 500).map((b, j) =>
        bookings.createOnce({
          idempotencyKey: `stored-${i + j}`,
          bodyHash: `stored-${i + j}`,
          range: null,
          decide: () => ({ booking: b, manageTokenHash: null }),
        }),
      ),
    );
  }
  const confirmed = (
    db.prepare("SELECT COUNT(*) AS n FROM booking_requests WHERE status = 'Confirmed'").get() as {
      n: number;
    }
  ).n;
  expect(confirmed).toBe(STORED / 4);
  // Seconds at most with the no-dates shortcut; far longer without it, where the first test then says why.
}, 60_000);

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a request without dates reads no Confirmed booking: only the idempotency lookup and the insert run', async () => {
  ran = [];
  const seen: ConfirmedDates[][] = [];
  const result = await createOnce(null, seen);
  expect(result.created).toBe(true);
  expect(seen).toEqual([[]]);
  expect(ran.filter(readsConfirmed)).toEqual([]);
  expect(ran).toHaveLength(2);
  expect(ran[0]).toMatch(/WHERE idempotency_key = \?/);
  expect(ran[1]).toMatch(/^INSERT INTO booking_requests/);
});

test('a request with dates reads, through the indexes, exactly the Confirmed bookings and requested consultation slots of its range', async () => {
  const range = { from: addCalendarDays(FIRST_DAY, 400), to: addCalendarDays(FIRST_DAY, 402) };
  ran = [];
  const seen: ConfirmedDates[][] = [];
  await createOnce(range, seen);

  // What collides, worked out from every stored booking: a shoot whose days overlap the range, or a consultation in it.
  const holds = (b: NewBookingRequest) =>
    (b.date !== '' && (b.endDate || b.date) >= range.from && b.date <= range.to) ||
    (b.consultationDate !== '' && b.consultationDate >= range.from && b.consultationDate <= range.to);
  const all = Array.from({ length: STORED }, (_, i) => stored(i));
  const confirmed = all.filter((b) => b.status === 'Confirmed' && holds(b));
  // An open request's consultation slot in the range, as that slot alone.
  const openSlots = all
    .filter(
      (b) =>
        b.status === 'New' &&
        b.consultationTime !== '' &&
        b.consultationDate >= range.from &&
        b.consultationDate <= range.to,
    )
    .map((b) => ({ ...b, date: '', endDate: '', time: '' }));
  const expected = [...confirmed, ...openSlots];
  const key = (d: ConfirmedDates) => [d.date, d.endDate, d.consultationDate, d.consultationTime].join('/');
  expect(confirmed.length).toBeGreaterThan(0);
  expect(openSlots.length).toBeGreaterThan(0);
  expect(seen[0]!.map(key).sort()).toEqual(expected.map(key).sort());

  const reads = ran.filter(readsConfirmed);
  expect(reads).toHaveLength(1);
  const plan = (
    db.prepare(`EXPLAIN QUERY PLAN ${reads[0]!}`).all({ from: range.from, to: range.to }) as Array<{ detail: string }>
  ).map((row) => row.detail);
  const ofTable = plan.filter((detail) => /\bbooking_requests\b/.test(detail));
  expect(ofTable.length).toBeGreaterThan(0);
  // Every read of the table goes through one of the partial indexes of migrations 022 and 025: nothing scans the
  // bookings.
  for (const detail of ofTable) {
    expect(detail).toMatch(
      /^SEARCH booking_requests USING INDEX booking_requests_(confirmed_last_day|confirmed_consultation|open_consultation_slot) \(/,
    );
  }
});

test('POST /api/bookings without dates reads no stored booking but its own key: no range reaches the store', async () => {
  // The app on the same recording connection, with every stored booking above (4,000, a quarter Confirmed).
  const app = await buildApp({
    ...testOptions({ dataDir: dir, publicWriteLimitPerMinute: 1000 }),
    storage: sqliteStorageOn(recording(db)),
  });
  try {
    await app.ready();
    ran = [];
    const res = await app.inject(
      withCsrf({
        method: 'POST',
        url: '/api/bookings',
        headers: { 'idempotency-key': 'plan-http' },
        payload: ugcBookingInput,
      }),
    );
    expect(res.statusCode).toBe(201);
    // Of everything the request ran (services, availability, limits, the outbox), what touched the bookings: the
    // idempotency lookup and the insert, nothing that reads other requests.
    const ofBookings = ran.filter((sql) => /\bbooking_requests\b/.test(sql));
    expect(ofBookings).toHaveLength(2);
    expect(ofBookings[0]).toMatch(/WHERE idempotency_key = \?/);
    expect(ofBookings[1]).toMatch(/^INSERT INTO booking_requests/);
  } finally {
    await app.close();
  }
});
