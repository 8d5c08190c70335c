// The rules of the admin's passkeys (docs/architecture.md, sign-in), for the server.

/** Between the e-mail link and the passkey: how long the passkey step stays open, and how many wrong answers end it. */
export const PASSKEY_STEP_TTL_MS = 10 * 60 * 1000;
export const PASSKEY_STEP_MAX_FAILURES = 5;
/** A WebAuthn challenge is spent by its first use and expires unused after this. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60 * 1000;

// The one-time recovery code: 20 characters of Crockford's base32 (100 bits), shown as four groups of five. Typed
// back, it is read the forgiving way: any case, spaces or hyphens anywhere, and the letters O, I and L taken for the
// digits they look like. The server keeps only the hash of the normal form.

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECOVERY_CODE_LENGTH = 20;
const GROUP = 5;

/** A code from 20 random bytes (each byte's low five bits pick one character, so every character is equally likely). */
export function recoveryCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < RECOVERY_CODE_LENGTH)
    throw new Error(`A recovery code needs ${RECOVERY_CODE_LENGTH} random bytes.`);
  let out = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) {
    if (i > 0 && i % GROUP === 0) out += '-';
    out += ALPHABET[(bytes[i] ?? 0) & 31];
  }
  return out;
}

/** The normal form of what was typed (20 characters, no separators), or null when it cannot be a recovery code. */
export function normaliseRecoveryCode(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (compact.length !== RECOVERY_CODE_LENGTH) return null;
  for (const c of compact) if (!ALPHABET.includes(c)) return null;
  return compact;
}
