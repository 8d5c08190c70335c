// Sign-in by e-mail link, as the server does it: only the admin's address gets a link (kept in the outbox for
// tests), each link is single use and expires; once she has a passkey the link opens the passkey step
// (memory-passkeys.ts) instead of signing her in.
import { SIGN_IN_TOKEN_TTL_MS } from '../../domain/constants';
import type { AuthUser } from '../../domain/types';
import { PASSKEY_REQUIRED, SIGN_IN_ACCESS_DENIED, SIGN_IN_INVALID_LINK } from '../../messages';
import { signInCompleteSchema, signInRequestSchema } from '../../schemas';
import { BackendError, type AuthPort } from '../port';
import { createMemoryPasskeys, type MemoryAuthenticator } from './memory-passkeys';
import { signInEmailKeeper, type KeyValueStore } from '../sign-in-email';
import type { MemorySession } from './memory-session';
import { copy, parseOrThrow, type MemoryClock } from './memory-support';

export interface OutboxMessage {
  to: string;
  token: string;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function randomToken(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  // base64url without padding: 32 bytes make 43 characters, the shape signInCompleteSchema accepts.
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += alphabet[(value >> bits) & 63];
    }
  }
  if (bits > 0) out += alphabet[(value << (6 - bits)) & 63];
  return out;
}

export function createMemoryAuth(
  adminEmail: string,
  clock: MemoryClock,
  session: MemorySession,
  store: KeyValueStore,
): { port: AuthPort; outbox: OutboxMessage[]; authenticator: MemoryAuthenticator } {
  const outbox: OutboxMessage[] = [];
  const signInEmail = signInEmailKeeper(store);
  const links = new Map<string, { email: string; expiresAt: number }>();
  const passkeys = createMemoryPasskeys(adminEmail, clock, session);

  return {
    outbox,
    authenticator: passkeys.authenticator,
    port: {
      requestLink: async (email) => {
        const data = parseOrThrow(signInRequestSchema, { email: email.trim() });
        if (!sameEmail(data.email, adminEmail)) {
          throw new BackendError('forbidden', SIGN_IN_ACCESS_DENIED, { status: 403 });
        }
        const token = randomToken();
        links.set(token, { email: adminEmail, expiresAt: clock.now().getTime() + SIGN_IN_TOKEN_TTL_MS });
        outbox.push({ to: data.email, token });
        signInEmail.remember(data.email);
      },

      completeSignIn: async (token, email) => {
        const refused = new BackendError('unauthenticated', SIGN_IN_INVALID_LINK, { status: 401 });
        if (!signInCompleteSchema.safeParse({ token, email }).success) throw refused;
        const link = links.get(token);
        if (!link || !sameEmail(link.email, email)) throw refused;
        if (clock.now().getTime() >= link.expiresAt) {
          links.delete(token);
          throw refused;
        }
        links.delete(token);
        signInEmail.forget();
        if (passkeys.beginStepIfRequired()) throw new BackendError('passkey-required', PASSKEY_REQUIRED);
        const user: AuthUser = { email: link.email, isAdmin: true };
        session.set(user);
        return copy(user);
      },

      pendingEmail: () => signInEmail.read(),

      current: async () => {
        const user = session.current();
        return user ? copy(user) : null;
      },

      signOut: async () => {
        session.set(null);
      },

      onChange: (listener) => session.onChange(listener),

      signInWithPasskey: () => passkeys.signInWithPasskey(),
      signInWithRecoveryCode: (code) => passkeys.signInWithRecoveryCode(code),
      listPasskeys: () => passkeys.listPasskeys(),
      addPasskey: (name) => passkeys.addPasskey(name),
      removePasskey: (id) => passkeys.removePasskey(id),
    },
  };
}
