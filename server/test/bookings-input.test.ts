// POST /api/bookings (bookings.test.ts): bad input is refused with field errors and nothing stored; names are bounded
// and what a visitor typed is stored trimmed.
import { CONTROL_CHARACTERS_MESSAGE } from '@studio/shared/schemas';
import { closeAfterEach, day, newKey, outbox, photoshoot, post, rowCount, start, t, ugc } from './bookings-support';

closeAfterEach();

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
