import { normaliseRecoveryCode, recoveryCodeFromBytes, RECOVERY_CODE_LENGTH } from './passkeys';

test('a code is four groups of five characters that read unambiguously', () => {
  const code = recoveryCodeFromBytes(Uint8Array.from({ length: 20 }, (_, i) => i * 13));
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
  expect(code.replace(/-/g, '')).toHaveLength(RECOVERY_CODE_LENGTH);
});

test('every character of the alphabet is equally likely: all 32 appear for the 256 byte values', () => {
  const seen = new Set<string>();
  for (let start = 0; start < 256; start += 20) {
    const bytes = Uint8Array.from({ length: 20 }, (_, i) => (start + i) % 256);
    for (const c of recoveryCodeFromBytes(bytes).replace(/-/g, '')) seen.add(c);
  }
  expect(seen.size).toBe(32);
});

test('what she types back is read in any case, with or without separators, O/I/L taken for 0/1/1', () => {
  const code = recoveryCodeFromBytes(Uint8Array.from({ length: 20 }, (_, i) => i));
  const compact = code.replace(/-/g, '');
  expect(normaliseRecoveryCode(code)).toBe(compact);
  expect(normaliseRecoveryCode(` ${code.toLowerCase().replace(/-/g, ' ')} `)).toBe(compact);
  expect(normaliseRecoveryCode('0000o-IIIII-lllll-00000')).toBe('00000111111111100000');
});

test('anything else is not a recovery code', () => {
  expect(normaliseRecoveryCode('')).toBeNull();
  expect(normaliseRecoveryCode('ABCDE-ABCDE-ABCDE-ABCD')).toBeNull();
  expect(normaliseRecoveryCode('ABCDE-ABCDE-ABCDE-ABCDEF')).toBeNull();
  expect(normaliseRecoveryCode('ABCDE-ABCDE-ABCDE-ABCDU')).toBeNull();
  expect(normaliseRecoveryCode('ABCDE-ABCDE-ABCDE-ABCD!')).toBeNull();
});
