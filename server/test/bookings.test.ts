// POST /api/bookings: validation, server-set fields, availability, idempotency, rate limit, notifications.
import { addCalendarDays, type BookingInput } from '@studio/shared/domain';
import { unavailableDatesMessage } from '@studio/shared/messages';
import { formatInstant } from '@studio/shared/domain/studio-time';
import { IDEMPOTENCY_KEY_REUSED } from '@studio/shared/refusal-messages';
import { CONTROL_CHARACTERS_MESSAGE } from '@studio/shared/schemas';
import type { InjectOptions } from 'fastify';
import { atStudio, build, withCsrf, type TestApp } from './helper';
import type { BuildOverrides } from '../src/app/app';
import type { Change } from '../src/platform/change-bus';
import type { SmsTransport } from '../src/features/messaging/sms-transport';
import type { Mailer } from '../src/features/messaging/mailer';

const TODAY = '2026-11-21';
// Noon at the studio, so its day is the 21st whatever zone the machine running the tests is in.
const NOW = atStudio(TODAY);
const day = (n: number) => addCalendarDays(TODAY, n);

let t: TestApp;
let keySeq = 0;
const newKey = () => `test-key-${++keySeq}`;

async function start(overrides: BuildOverrides = {}) {
  t = await build({ now: () => NOW, ...overrides });
  return t;
}
afterEach(async () => {
  await t?.close();
});

const photoshoot = (over: Partial<BookingInput> = {}): BookingInput => ({
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '+15551234567',
  serviceId: 'photoshoot',
  serviceTierId: 'photoshoot-standard',
  date: day(3),
  consultationDate: day(2),
  consultationLocation: 'Studio downtown',
  location: 'Papago Park',
  description: 'Editorial shoot for a spring lookbook.',
  smsOptIn: false,
  ...over,
});

const ugc = (over: Partial<BookingInput> = {}): BookingInput => ({
  name: 'Brand Co',
  email: 'hello@brand.example',
  phone: '',
  serviceId: 'usergeneratedcontent',
  serviceTierId: 'ugc-monthly',
  date: '',
  consultationDate: '',
  consultationLocation: '',
  location: '',
  description: 'Twelve reels a month for our skincare line.',
  smsOptIn: false,
  ...over,
});

function post(payload: unknown, key: string | null = newKey(), extra: Partial<InjectOptions> = {}) {
  return t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/bookings',
      payload: payload as InjectOptions['payload'],
      headers: key === null ? {} : { 'idempotency-key': key },
      ...extra,
    }),
  );
}

const rowCount = () => (t.app.db.prepare('SELECT COUNT(*) AS n FROM booking_requests').get() as { n: number }).n;
const outbox = (channel: 'mail' | 'sms') =>
  t.app.db.prepare('SELECT recipient, subject, body FROM outbox WHERE channel = ? ORDER BY id').all(channel) as Array<{
    recipient: string;
    subject: string;
    body: string;
  }>;

describe('a valid booking', () => {
  test('is stored with the fields the server sets, and answered 201 with id, status and createdAt', async () => {
    await start();
    const res = await post(photoshoot());
    expect(res.statusCode).toBe(201);
    const body = res.json() as { id: string; status: string; createdAt: string };
    expect(body).toEqual({ id: expect.any(String), status: 'New', createdAt: NOW.toISOString() });

    const stored = await t.repos.bookings.get(body.id);
    expect(stored).toEqual({
      ...photoshoot(),
      endDate: '',
      time: '',
      consultationTime: '',
      id: body.id,
      service: 'Photoshoot',
      servicePrice: '$450',
      serviceTier: 'Standard Session',
      serviceTierId: 'photoshoot-standard',
      paymentSchedule: '50% upfront, 50% upon completion',
      status: 'New',
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
  });

  test('a UGC booking without dates is stored with its own payment schedule', async () => {
    await start();
    const res = await post(ugc());
    expect(res.statusCode).toBe(201);
    const stored = await t.repos.bookings.get((res.json() as { id: string }).id);
    expect(stored).toMatchObject({
      service: 'User-Generated Content',
      serviceTier: 'Monthly Retainer',
      paymentSchedule: 'Monthly in advance',
      servicePrice: '$1,800',
    });
  });

  test('the admin gets a mail with name, service, dates and a link to /admin, and the live view is told', async () => {
    await start();
    const changes: Change[] = [];
    t.bus.subscribe((change) => changes.push(change));
    const res = await post(photoshoot());
    expect(res.statusCode).toBe(201);
    await t.settled();

    // The admin's mail, then the client's confirmation (its content: manage-booking.test.ts).
    const mails = outbox('mail');
    expect(mails.map((m) => m.recipient)).toEqual(['admin@studio.test', 'jane@example.com']);
    expect(mails[0]).toMatchObject({
      recipient: 'admin@studio.test',
      subject: 'New booking request: Jane Doe - Photoshoot',
    });
    // Dates as people read them, the arrival in the studio's zone (America/Phoenix: UTC-7 all year).
    expect(mails[0]?.body).toContain('Consultation date: Monday, November 23, 2026');
    expect(mails[0]?.body).toContain('Preferred shoot date: Tuesday, November 24, 2026');
    expect(mails[0]?.body).toContain(`arrived on ${formatInstant(NOW, 'America/Phoenix')}.`);
    expect(mails[0]?.body).toMatch(/ (AM|PM) MST\./);
    expect(mails[0]?.body).toContain('Service: Photoshoot');
    expect(mails[0]?.body).toContain('Open the dashboard: http://admin.studio.test/admin');
    // The live view is told the request itself, as stored.
    expect(changes).toEqual([
      {
        topic: 'bookings',
        type: 'created',
        booking: expect.objectContaining({ id: res.json().id, name: 'Jane Doe', status: 'New' }),
      },
    ]);
  });

  test('the admin mail points out a disposable address, which is still accepted', async () => {
    await start();
    expect((await post(ugc({ email: 'someone@mailinator.com' }))).statusCode).toBe(201);
    await t.settled();
    expect(outbox('mail')[0]?.body).toContain('This looks like a disposable email address.');
  });

  test('the list is newest first and updateStatus refreshes updatedAt (for the admin routes)', async () => {
    await start();
    const first = (await post(ugc({ name: 'First' }))).json() as { id: string };
    const second = (await post(ugc({ name: 'Second' }))).json() as { id: string };
    expect((await t.repos.bookings.page()).items.map((b) => b.id)).toEqual([second.id, first.id]);
    const updated = await t.repos.bookings.updateStatus(first.id, 'Confirmed', '2026-11-22T08:00:00.000Z');
    expect(updated).toMatchObject({
      status: 'Confirmed',
      updatedAt: '2026-11-22T08:00:00.000Z',
      createdAt: NOW.toISOString(),
    });
    expect(await t.repos.bookings.updateStatus('nope', 'Confirmed', new Date().toISOString())).toBeNull();
  });
});

describe('bad input answers 400 with field errors and stores nothing', () => {
  const cases: Array<[string, unknown, string]> = [
    ['an unknown field', { ...ugc(), admin: true }, '_'],
    ['a client-set status', { ...ugc(), status: 'Confirmed' }, '_'],
    ['a client-set createdAt', { ...ugc(), createdAt: '2020-01-01T00:00:00.000Z' }, '_'],
    ['a client-set updatedAt', { ...ugc(), updatedAt: '2020-01-01T00:00:00.000Z' }, '_'],
    ['a client-set payment schedule', { ...ugc(), paymentSchedule: '0% upfront' }, '_'],
    ['a wrong type (number as name)', { ...ugc(), name: 42 }, 'name'],
    ['a wrong type (string as smsOptIn)', { ...ugc(), smsOptIn: 'yes' }, 'smsOptIn'],
    ['oversize text', { ...ugc(), description: 'x'.repeat(2001) }, 'description'],
    ['an oversize name', { ...ugc(), name: 'N'.repeat(101) }, 'name'],
    ['a bad e-mail', { ...ugc(), email: 'not-an-email' }, 'email'],
    ['a phone with letters', { ...ugc(), phone: '555-CALL-NOW' }, 'phone'],
    ['a date that is not a date', { ...ugc(), date: '2026-02-30' }, 'date'],
    ['a missing field', (({ description: _d, ...rest }) => rest)(ugc()), 'description'],
    ['an empty name', { ...ugc(), name: '   ' }, 'name'],
    ['a photoshoot without consultation date', photoshoot({ consultationDate: '' }), 'consultationDate'],
    ['a photoshoot without shoot location', photoshoot({ location: '' }), 'location'],
    ['a photoshoot without consultation location', photoshoot({ consultationLocation: ' ' }), 'consultationLocation'],
    ['a photoshoot without shoot date', photoshoot({ date: '' }), 'date'],
    ['a date in the past', photoshoot({ date: day(-1) }), 'date'],
    ['a consultation date in the past', photoshoot({ consultationDate: day(-3) }), 'consultationDate'],
    ['an unknown service', ugc({ serviceId: 'skydiving' }), 'serviceId'],
    ['an unknown tier', ugc({ serviceTierId: 'photoshoot-mini' }), 'serviceTierId'],
  ];

  test.each(cases)('%s', async (_name, payload, field) => {
    await start();
    const before = rowCount();
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; fieldErrors: Record<string, string[]> };
    expect(Object.keys(body.fieldErrors)).toContain(field);
    expect(rowCount()).toBe(before);
    expect(outbox('mail')).toEqual([]);
  });

  test('the service and tier messages are those of docs/product.md §5', async () => {
    await start();
    expect((await post(ugc({ serviceId: 'skydiving' }))).json()).toMatchObject({
      message: 'Selected service not found',
    });
    expect((await post(ugc({ serviceTierId: 'nope' }))).json()).toMatchObject({ message: 'Selected tier not found' });
    expect(rowCount()).toBe(0);
  });

  test('a body that is not an object, or not JSON, is refused', async () => {
    await start();
    expect((await post([1, 2])).statusCode).toBe(400);
    const raw = await post('{"name":', newKey(), {
      headers: { 'idempotency-key': newKey(), 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(400);
    expect(rowCount()).toBe(0);
  });

  test('a missing or malformed Idempotency-Key is refused', async () => {
    await start();
    expect((await post(ugc(), null)).statusCode).toBe(400);
    expect((await post(ugc(), 'has spaces')).statusCode).toBe(400);
    expect((await post(ugc(), 'k'.repeat(101))).statusCode).toBe(400);
    expect(rowCount()).toBe(0);
  });

  test('without the CSRF pair nothing is stored', async () => {
    await start();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: ugc(),
      headers: { 'idempotency-key': newKey() },
    });
    expect(res.statusCode).toBe(403);
    expect(rowCount()).toBe(0);
  });
});

// A C1 control or a line/paragraph separator in a name (or a description) is a 400 naming the
// field, and nothing is stored or mailed.
test('a name or description with a C1 control or U+2028/U+2029 is refused with a field error, nothing stored', async () => {
  await start();
  for (const [field, value] of [
    ['name', 'Jane\u2028Doe'],
    ['name', 'Jane\u2029Doe'],
    ['name', 'Jane\u0085Doe'],
    ['name', 'Jane\u009BDoe'],
    ['description', 'Twelve reels\u2028a month.'],
  ] as const) {
    const res = await post(ugc({ [field]: value }));
    expect({ field, value, status: res.statusCode }).toEqual({ field, value, status: 400 });
    expect((res.json() as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({
      [field]: [CONTROL_CHARACTERS_MESSAGE],
    });
  }
  expect(rowCount()).toBe(0);
  expect(outbox('mail')).toEqual([]);
});

describe('names: at most 50 characters (docs/product.md §5)', () => {
  test("a 60-character name is refused with the schema's message, a 50-character one is stored", async () => {
    await start();
    const long = await post(ugc({ name: 'N'.repeat(60) }));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      message: 'Some fields are not valid.',
      fieldErrors: { name: ['Must be 50 characters or less'] },
    });
    expect(rowCount()).toBe(0);

    const fifty = await post(ugc({ name: 'N'.repeat(50) }));
    expect(fifty.statusCode).toBe(201);
    expect((await t.repos.bookings.get((fifty.json() as { id: string }).id))?.name).toBe('N'.repeat(50));
  });
});

test('what a visitor typed is stored trimmed', async () => {
  await start();
  const res = await post(
    photoshoot({
      name: '  Jane Doe ',
      email: ' jane@example.com ',
      phone: ' +15551234567',
      consultationLocation: ' Studio downtown\t',
      location: '\nPapago Park ',
      description: '  Editorial shoot for a spring lookbook.\n\n',
    }),
  );
  expect(res.statusCode).toBe(201);
  expect(await t.repos.bookings.get((res.json() as { id: string }).id)).toMatchObject({
    name: photoshoot().name,
    email: photoshoot().email,
    phone: photoshoot().phone,
    consultationLocation: photoshoot().consultationLocation,
    location: photoshoot().location,
    description: photoshoot().description,
  });
});

describe('availability', () => {
  test('an unavailable date answers 409 with the docs/product.md §5 message and stores nothing', async () => {
    await start();
    // The seed blocks today+10..12 and makes today+6 unavailable through its only slot.
    const res = await post(photoshoot({ date: day(11), consultationDate: day(6) }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: unavailableDatesMessage([day(11), day(6)]) });
    expect((res.json() as { message: string }).message).toBe(
      `The following dates are not available: ${day(11)}, ${day(6)}. Please select different dates.`,
    );
    expect(rowCount()).toBe(0);
  });

  test('a date outside every period is unavailable; a day with one available slot is fine', async () => {
    await start();
    expect((await post(ugc({ date: day(120) }))).statusCode).toBe(409);
    // Where the admin set slots, the visitor picks one of the free ones.
    expect((await post(ugc({ date: day(5), time: '09:00-12:00' }))).statusCode).toBe(201);
    expect(rowCount()).toBe(1);
  });
});

describe('idempotency', () => {
  test('the same key twice stores one row and answers the same 201 body', async () => {
    await start();
    const key = newKey();
    const first = await post(photoshoot(), key);
    const second = await post(photoshoot(), key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(rowCount()).toBe(1);
    await t.settled();
    // One admin mail and one client confirmation: the retry mails nobody.
    expect(outbox('mail')).toHaveLength(2);
  });

  test('two concurrent requests with one key store one row', async () => {
    await start();
    const key = newKey();
    const answers = await Promise.all([post(ugc(), key), post(ugc(), key), post(ugc(), key)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => (a.json() as { id: string }).id)).size).toBe(1);
    expect(rowCount()).toBe(1);
  });

  test('different keys store different bookings', async () => {
    await start();
    await post(ugc());
    await post(ugc());
    expect(rowCount()).toBe(2);
  });

  // The same key with another body used to answer the first booking's 201 and store nothing.
  test('the same key with another body is refused 422 with a clear message; the first booking stands alone', async () => {
    await start();
    const key = newKey();
    const first = await post(ugc(), key);
    expect(first.statusCode).toBe(201);
    const other = await post(ugc({ name: 'Someone Else', description: 'A different request.' }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: IDEMPOTENCY_KEY_REUSED });
    expect(IDEMPOTENCY_KEY_REUSED).toBe(
      'This idempotency key was already used for a different booking request. Send a new key for a new request.',
    );
    expect(rowCount()).toBe(1);
    // The first request itself, even with its keys in another order and its text padded, is still its retry.
    const { description, ...rest } = ugc();
    const retry = await post({ description: `  ${description} `, ...rest }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
  });

  test('a row stored before bodies were hashed still answers its key', async () => {
    await start();
    const key = newKey();
    const first = await post(ugc(), key);
    t.app.db.prepare('UPDATE booking_requests SET idempotency_body_hash = NULL').run();
    const again = await post(ugc({ name: 'Someone Else' }), key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(rowCount()).toBe(1);
  });
});

test('the public-write rate limit answers 429 with a clear message and Retry-After', async () => {
  await start({ publicWriteLimitPerMinute: 3 });
  for (let i = 0; i < 3; i++) expect((await post(ugc())).statusCode).toBe(201);
  const limited = await post(ugc());
  expect(limited.statusCode).toBe(429);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect((limited.json() as { message: string }).message).toMatch(
    /^Too many requests\. Please try again in \d+ seconds\.$/,
  );
  expect(rowCount()).toBe(3);
  // Another client address has its own budget.
  const other = await post(ugc(), newKey(), { remoteAddress: '10.0.0.9' });
  expect(other.statusCode).toBe(201);
});

describe('SMS confirmation', () => {
  test('goes to the outbox when the feature is on and she opted in, promising a reply within 24 hours', async () => {
    await start({ smsEnabledEnv: 'true' });
    expect((await post(photoshoot({ smsOptIn: true }))).statusCode).toBe(201);
    await t.settled();
    const sms = outbox('sms');
    expect(sms).toHaveLength(1);
    expect(sms[0]?.recipient).toBe('+15551234567');
    expect(sms[0]?.body).toContain('I will reply within 24 hours.');
  });

  test('is not sent without the opt-in', async () => {
    await start({ smsEnabledEnv: 'true' });
    await post(photoshoot({ smsOptIn: false }));
    await t.settled();
    expect(outbox('sms')).toEqual([]);
  });

  test('is not sent when the feature is off, even with the opt-in', async () => {
    await start({ smsEnabledEnv: undefined });
    await post(photoshoot({ smsOptIn: true }));
    await t.settled();
    expect(outbox('sms')).toEqual([]);
    expect(outbox('mail')).toHaveLength(2);
  });
});

test('a failing SMS transport and a failing mailer do not fail or lose the booking', async () => {
  const sms: SmsTransport = {
    kind: 'twilio',
    send: async () => {
      throw new Error('carrier down');
    },
  };
  const mailer: Mailer = {
    kind: 'smtp',
    send: async () => {
      throw new Error('SMTP refused');
    },
  };
  await start({ smsEnabledEnv: 'true', sms, mailer });
  const res = await post(photoshoot({ smsOptIn: true }));
  expect(res.statusCode).toBe(201);
  await t.settled();
  expect(rowCount()).toBe(1);
  expect((await t.repos.bookings.get((res.json() as { id: string }).id))?.status).toBe('New');
});
