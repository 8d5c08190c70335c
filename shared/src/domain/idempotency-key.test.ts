import { IDEMPOTENCY_KEY_MAX_LENGTH, isIdempotencyKey } from './idempotency-key';

describe('isIdempotencyKey: one rule for every backend', () => {
  it('accepts 1 to 100 letters, digits, "-" and "_", such as the booking form makes', () => {
    expect(IDEMPOTENCY_KEY_MAX_LENGTH).toBe(100);
    for (const key of [
      'a',
      'Z9',
      'contract-key-0001',
      'under_score',
      '0123456789abcdef0123456789abcdef',
      'k'.repeat(100),
    ])
      expect(isIdempotencyKey(key)).toBe(true);
  });

  it('refuses an empty key, a longer one, and any other character', () => {
    for (const key of ['', 'k'.repeat(101), 'has spaces', ' padded', 'a/b', 'a.b', '.', '..', 'ключ', 'a\nb', 'a%2Fb'])
      expect(isIdempotencyKey(key)).toBe(false);
  });

  it("refuses Firestore's reserved document ids (__name__), which Firebase uses the key as", () => {
    expect(isIdempotencyKey('__name__')).toBe(false);
    expect(isIdempotencyKey('__x__')).toBe(false);
    expect(isIdempotencyKey('__x')).toBe(true);
    expect(isIdempotencyKey('x__')).toBe(true);
  });

  it('refuses what is not a string (a missing header, a repeated one)', () => {
    for (const key of [undefined, null, 42, ['a', 'b'], {}]) expect(isIdempotencyKey(key)).toBe(false);
  });
});
