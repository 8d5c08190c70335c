// createBooking's core on the Firestore emulator, through firebase-admin as deployed: the probes that a direct
// write once let through (a made-up price or tier, markup, impossible, past and unavailable dates, a photoshoot
// without its fields), one booking per idempotency key under concurrent calls, a key bound to its request, the
// per-client rate limit, and the callable wrapper of src/index.ts (error details, App Check) over HTTP.
import { contractBooking, contractPhotoshoot, contractSeed } from '@studio/shared/backend/contract';
import { paymentScheduleFor } from '@studio/shared/domain';
import {
  DATE_IN_PAST,
  FIELDS_NOT_VALID,
  IDEMPOTENCY_KEY_INVALID,
  REQUIRED,
  TIER_NOT_FOUND,
  unavailableDatesMessage,
} from '@studio/shared/messages';
import { IDEMPOTENCY_KEY_REUSED } from '@studio/shared/refusal-messages';
import { NO_MARKUP_MESSAGE } from '@studio/shared/schemas';
import { FieldValue, Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import {
  BookingCallError,
  createBooking,
  rateLimitDocId,
  requestHashOf,
  type RateLimit,
} from '../src/core/create-booking';
import { tooManyRequests } from '../src/messages';
import { adminDb, clearFirestore, closeAdmin, seedFirestore, startCallableServer } from './emulator-support';

const seed = contractSeed();
const NOW = new Date();
const LOOSE: RateLimit = { callsPerMinute: 1000, bookingsPerHour: 1000 };

const call = (data: unknown, client = '198.51.100.7', rateLimit = LOOSE) =>
  createBooking({ db: adminDb(), now: () => NOW, rateLimit }, { data, client });

async function refusal(promise: Promise<unknown>): Promise<BookingCallError> {
  const outcome = await promise.then(
    () => new Error('expected a refusal'),
    (error: unknown) => error,
  );
  if (!(outcome instanceof BookingCallError)) throw outcome;
  return outcome;
}

const storedBookings = async (): Promise<QueryDocumentSnapshot[]> =>
  (await adminDb().collection('bookingRequests').get()).docs;

beforeEach(async () => {
  await clearFirestore();
  await seedFirestore(adminDb(), seed);
});
afterAll(closeAdmin);

describe('createBooking: confirmed bookings hold their days (issue 18)', () => {
  it('refuses a date a confirmed booking holds, 409 with the unavailable-dates message', async () => {
    await call({ booking: contractBooking(seed), idempotencyKey: 'key-first' });
    // Before the confirmation the day is still open to others.
    await call({ booking: contractBooking(seed), idempotencyKey: 'key-second' });
    await adminDb().collection('bookingRequests').doc('key-first').update({ status: 'Confirmed' });
    const error = await refusal(call({ booking: contractBooking(seed), idempotencyKey: 'key-third' }));
    expect({ code: error.code, status: error.details.status, message: error.message }).toEqual({
      code: 'failed-precondition',
      status: 409,
      message: unavailableDatesMessage([seed.openDate]),
    });
  });
});

describe('createBooking: what it stores', () => {
  it('stores the booking under its idempotency key, priced and scheduled from the stored service and tier', async () => {
    const { booking, created } = await call({ booking: contractBooking(seed), idempotencyKey: 'key-stored' });
    expect(created).toBe(true);
    expect(booking).toEqual({ id: 'key-stored', status: 'New', createdAt: NOW.toISOString() });
    const [doc] = await storedBookings();
    expect(doc?.id).toBe('key-stored');
    expect(doc?.data()).toEqual({
      ...contractBooking(seed),
      endDate: '',
      time: '',
      consultationTime: '',
      service: 'User-Generated Content',
      servicePrice: '$500',
      serviceTier: 'Weekly Content',
      serviceTierId: 'ugc-weekly',
      paymentSchedule: paymentScheduleFor('usergeneratedcontent', 'ugc-weekly'),
      status: 'New',
      requestHash: requestHashOf(contractBooking(seed)),
      createdAt: Timestamp.fromDate(NOW),
      updatedAt: Timestamp.fromDate(NOW),
    });
  });

  it('answers a retry with the same request under the same key with the first booking, and stores nothing new', async () => {
    const first = await call({ booking: contractBooking(seed), idempotencyKey: 'key-retry' });
    // The same request as the schema reads it: spaces around a field and the order of keys do not make another one.
    const padded = contractBooking(seed);
    const reordered = Object.fromEntries(Object.entries({ ...padded, name: ` ${padded.name} ` }).reverse());
    const again = await createBooking(
      { db: adminDb(), now: () => new Date(NOW.getTime() + 60_000), rateLimit: LOOSE },
      { data: { booking: reordered, idempotencyKey: 'key-retry' }, client: 'x' },
    );
    expect(again).toEqual({ booking: first.booking, created: false });
    expect((await storedBookings()).map((d) => d.id)).toEqual(['key-retry']);
  });

  it("refuses the same key with another request (422, the server's words), and changes nothing", async () => {
    await call({ booking: contractBooking(seed), idempotencyKey: 'key-reused' });
    const before = (await storedBookings()).map((d) => d.data());
    const error = await refusal(
      call({ booking: contractBooking(seed, { name: 'Someone Else' }), idempotencyKey: 'key-reused' }),
    );
    expect({ code: error.code, message: error.message, details: error.details }).toEqual({
      code: 'invalid-argument',
      message: IDEMPOTENCY_KEY_REUSED,
      details: { status: 422, message: IDEMPOTENCY_KEY_REUSED },
    });
    expect(IDEMPOTENCY_KEY_REUSED).toBe(
      'This idempotency key was already used for a different booking request. Send a new key for a new request.',
    );
    expect((await storedBookings()).map((d) => d.data())).toEqual(before);
  });

  it('answers a booking stored before bookings kept their request hash, whatever the request', async () => {
    await call({ booking: contractBooking(seed), idempotencyKey: 'key-old' });
    await adminDb().collection('bookingRequests').doc('key-old').update({ requestHash: FieldValue.delete() });
    await expect(
      call({ booking: contractBooking(seed, { name: 'Someone Else' }), idempotencyKey: 'key-old' }),
    ).resolves.toMatchObject({ created: false, booking: { id: 'key-old' } });
  });

  it('stores one booking for one key under concurrent calls, and answers them all alike', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call({ booking: contractBooking(seed), idempotencyKey: 'key-race' }, `10.0.0.${i}`),
      ),
    );
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => JSON.stringify(a.booking))).size).toBe(1);
    expect((await storedBookings()).map((d) => d.id)).toEqual(['key-race']);
  });

  it('stores one booking for one key when concurrent calls carry two requests: the other request is refused', async () => {
    const names = ['Ann Lee', 'Bea Cruz'];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        call({ booking: contractBooking(seed, { name: names[i % 2] }), idempotencyKey: 'key-mixed' }, `10.0.1.${i}`),
      ),
    );
    const stored = await storedBookings();
    expect(stored.map((d) => d.id)).toEqual(['key-mixed']);
    const winner = stored[0]?.get('name') as string;
    outcomes.forEach((outcome, i) => {
      if (names[i % 2] === winner) {
        expect(outcome).toMatchObject({ status: 'fulfilled', value: { booking: { id: 'key-mixed' } } });
      } else {
        expect(outcome.status).toBe('rejected');
        const reason: unknown = outcome.status === 'rejected' ? outcome.reason : undefined;
        expect(reason).toBeInstanceOf(BookingCallError);
        expect((reason as BookingCallError).details).toEqual({ status: 422, message: IDEMPOTENCY_KEY_REUSED });
      }
    });
    const created = outcomes.filter((o) => o.status === 'fulfilled' && o.value.created);
    expect(created).toHaveLength(1);
  });
});

describe('createBooking: the probes a direct write let through are refused, and nothing is stored', () => {
  const probes: Array<[string, unknown, { status: number; message: string; fieldErrors?: Record<string, string[]> }]> =
    [
      [
        'a price of $1 sent by the visitor',
        { ...contractBooking(seed), servicePrice: '$1' },
        { status: 400, message: FIELDS_NOT_VALID, fieldErrors: { _: ['Unknown field(s): servicePrice'] } },
      ],
      [
        'a tier that does not exist',
        contractBooking(seed, { serviceTierId: 'ugc-free' }),
        { status: 400, message: TIER_NOT_FOUND, fieldErrors: { serviceTierId: [TIER_NOT_FOUND] } },
      ],
      [
        'HTML in the name and the description',
        contractBooking(seed, { name: '<b>Jane</b>', description: '<script>alert(1)</script>' }),
        {
          status: 400,
          message: FIELDS_NOT_VALID,
          fieldErrors: { name: [NO_MARKUP_MESSAGE], description: [NO_MARKUP_MESSAGE] },
        },
      ],
      [
        'an impossible date',
        contractBooking(seed, { date: '2031-02-30' }),
        { status: 400, message: FIELDS_NOT_VALID, fieldErrors: { date: ['Must be a real calendar date'] } },
      ],
      [
        'a past date',
        contractBooking(seed, { date: seed.pastDate }),
        { status: 400, message: DATE_IN_PAST, fieldErrors: { date: [DATE_IN_PAST] } },
      ],
      [
        'an unavailable date',
        contractBooking(seed, { date: seed.blockedDate }),
        { status: 409, message: unavailableDatesMessage([seed.blockedDate]) },
      ],
      [
        'a photoshoot without its consultation and shoot fields',
        contractPhotoshoot(seed, { consultationDate: '', consultationLocation: '', date: '', location: '' }),
        {
          status: 400,
          message: FIELDS_NOT_VALID,
          fieldErrors: {
            consultationDate: [REQUIRED],
            consultationLocation: [REQUIRED],
            date: [REQUIRED],
            location: [REQUIRED],
          },
        },
      ],
    ];

  it.each(probes)('%s', async (_name, booking, expected) => {
    const error = await refusal(call({ booking, idempotencyKey: 'key-probe' }));
    expect({ status: error.details.status, message: error.message, fieldErrors: error.details.fieldErrors }).toEqual(
      expected,
    );
    expect(error.code).toBe(expected.status === 409 ? 'failed-precondition' : 'invalid-argument');
    expect(await storedBookings()).toEqual([]);
  });

  it.each([['a/b'], [''], ['k'.repeat(101)], [42], [undefined]])(
    'refuses the idempotency key %p',
    async (idempotencyKey) => {
      const error = await refusal(call({ booking: contractBooking(seed), idempotencyKey }));
      expect({ code: error.code, message: error.message, status: error.details.status }).toEqual({
        code: 'invalid-argument',
        message: IDEMPOTENCY_KEY_INVALID,
        status: 400,
      });
    },
  );
});

describe('createBooking: the per-client rate limit', () => {
  it('stores at most bookingsPerHour bookings per client; other clients are not affected', async () => {
    const limit: RateLimit = { callsPerMinute: 100, bookingsPerHour: 2 };
    await call({ booking: contractBooking(seed), idempotencyKey: 'rl-1' }, 'spammer', limit);
    await call({ booking: contractBooking(seed), idempotencyKey: 'rl-2' }, 'spammer', limit);
    const error = await refusal(call({ booking: contractBooking(seed), idempotencyKey: 'rl-3' }, 'spammer', limit));
    expect(error.code).toBe('resource-exhausted');
    expect(error.details.status).toBe(429);
    expect(error.message).toBe(tooManyRequests(3600));
    // A retry of a stored booking still answers, and another visitor still books.
    await expect(
      call({ booking: contractBooking(seed), idempotencyKey: 'rl-1' }, 'spammer', limit),
    ).resolves.toMatchObject({ created: false });
    await expect(
      call({ booking: contractBooking(seed), idempotencyKey: 'rl-4' }, 'visitor', limit),
    ).resolves.toMatchObject({ created: true });
    expect((await storedBookings()).map((d) => d.id).sort()).toEqual(['rl-1', 'rl-2', 'rl-4']);
  });

  it('counts every call, refused ones too, per minute', async () => {
    const limit: RateLimit = { callsPerMinute: 3, bookingsPerHour: 100 };
    for (let i = 0; i < 3; i++) {
      await refusal(call({ booking: contractBooking(seed, { name: '' }), idempotencyKey: `c-${i}` }, 'noisy', limit));
    }
    const error = await refusal(call({ booking: contractBooking(seed), idempotencyKey: 'c-3' }, 'noisy', limit));
    expect(error.details).toEqual({ status: 429, message: tooManyRequests(60), retryAfter: 60 });
    expect(await storedBookings()).toEqual([]);
  });

  it('keeps a hash of the client, never its address, and lets the document expire', async () => {
    await call({ booking: contractBooking(seed), idempotencyKey: 'hash-1' }, '203.0.113.9');
    const docs: QueryDocumentSnapshot[] = (await adminDb().collection('bookingRateLimits').get()).docs;
    expect(docs.map((d) => d.id)).toEqual([rateLimitDocId('203.0.113.9')]);
    expect(JSON.stringify(docs[0]?.data())).not.toContain('203.0.113.9');
    expect((docs[0]?.get('expireAt') as Timestamp).toMillis()).toBeGreaterThan(NOW.getTime());
  });
});

describe('the createBooking callable (src/index.ts) over HTTP', () => {
  const post = async (url: string, data: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ data }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('answers the created booking, and a refusal as an HttpsError carrying the status and field errors', async () => {
    const server = await startCallableServer();
    try {
      const ok = await post(server.url('createBooking'), { booking: contractBooking(seed), idempotencyKey: 'http-1' });
      expect(ok.status).toBe(200);
      expect(ok.body.result).toMatchObject({ id: 'http-1', status: 'New' });

      const bad = await post(server.url('createBooking'), {
        booking: contractBooking(seed, { date: seed.pastDate }),
        idempotencyKey: 'http-2',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: DATE_IN_PAST,
        details: { status: 400, message: DATE_IN_PAST, fieldErrors: { date: [DATE_IN_PAST] } },
      });
    } finally {
      await server.close();
    }
  });

  it('counts a caller by the address the front end appended to X-Forwarded-For, not by what the caller wrote there', async () => {
    const server = await startCallableServer();
    // Google's front end appends the address it saw after whatever the caller sent (src/core/client-address.ts).
    const through = (spoofed: string, seen: string) => ({ 'X-Forwarded-For': `${spoofed}, ${seen}` });
    try {
      for (let i = 1; i <= 3; i++) {
        const ok = await post(
          server.url('createBooking'),
          { booking: contractBooking(seed), idempotencyKey: `xff-${i}` },
          through(`198.51.100.${i}`, '203.0.113.50'),
        );
        expect(ok.status).toBe(200);
      }
      const refused = await post(
        server.url('createBooking'),
        { booking: contractBooking(seed), idempotencyKey: 'xff-4' },
        through('198.51.100.4', '203.0.113.50'),
      );
      expect(refused.status).toBe(429);
      const details = (refused.body.error as { details: { retryAfter: number } }).details;
      expect(refused.body.error).toEqual({
        status: 'RESOURCE_EXHAUSTED',
        message: tooManyRequests(details.retryAfter),
        details: { status: 429, message: tooManyRequests(details.retryAfter), retryAfter: details.retryAfter },
      });
      // Another visitor, claiming the spammer's spoofed address, is counted by her own.
      const other = await post(
        server.url('createBooking'),
        { booking: contractBooking(seed), idempotencyKey: 'xff-5' },
        through('198.51.100.4', '203.0.113.51'),
      );
      expect(other.status).toBe(200);
      expect((await storedBookings()).map((d) => d.id).sort()).toEqual(['xff-1', 'xff-2', 'xff-3', 'xff-5']);
    } finally {
      await server.close();
    }
  });

  it('with App Check enforced (APP_CHECK_ENFORCED=true), refuses a call without an App Check token, takes one with', async () => {
    const server = await startCallableServer({ APP_CHECK_ENFORCED: 'true' });
    // An unsigned token, as the emulator environment accepts it (deployed, Google's keys verify the signature).
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const appCheckToken = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ app_id: '1:1:web:1', sub: '1:1:web:1' })}.`;
    try {
      const data = { booking: contractBooking(seed), idempotencyKey: 'app-check-1' };
      const refused = await post(server.url('createBooking'), data);
      expect(refused.status).toBe(401);
      expect(refused.body.error).toMatchObject({ status: 'UNAUTHENTICATED' });
      expect(await storedBookings()).toEqual([]);

      const accepted = await post(server.url('createBooking'), data, { 'X-Firebase-AppCheck': appCheckToken });
      expect(accepted.body.result).toMatchObject({ id: 'app-check-1', status: 'New' });
    } finally {
      await server.close();
    }
  });
});
