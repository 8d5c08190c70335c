// POST /api/bookings (bookings.test.ts): one booking per Idempotency-Key, and the public-write rate limit.
import { IDEMPOTENCY_KEY_REUSED } from '@studio/shared/refusal-messages';
import { closeAfterEach, newKey, outbox, photoshoot, post, rowCount, start, t, ugc } from './bookings-support';

closeAfterEach();

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
