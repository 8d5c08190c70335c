// Server-side sessions and sign-in links (docs/architecture.md: sign-in by e-mail link), over the SessionsStore. Secrets (link tokens and session ids) are
// random 256-bit values that leave the server only once, to the mailbox or the cookie; the database keeps only their
// SHA-256, so a leaked database file signs nobody in.
import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { SIGN_IN_TOKEN_TTL_MS } from '@studio/shared/domain';
import type { AuthUser } from '@studio/shared/domain';
import type { SessionsStore } from '../repositories/ports';

export const SESSION_COOKIE = 'studio_session';
/** A non-secret hint readable by scripts: the shell asks who is signed in only when it is present. */
export const SESSION_HINT_COOKIE = 'studio_has_session';
/** A session unused for this long ends. */
export const SESSION_IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
/** A session ends this long after sign-in, however active. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;
// Writing last_seen_at on every request would turn each read into a write; a minute of slack is harmless next to 2 h.
const TOUCH_EVERY_MS = 60 * 1000;

export interface Session {
  idHash: string;
  user: AuthUser;
  createdAt: number;
  lastSeenAt: number;
}

export type TokenCheck = 'ok' | 'invalid';

/** A fresh 256-bit secret, base64url without padding (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function createSessionStore(store: SessionsStore, options: { adminEmail: string; now: () => Date }) {
  const now = () => options.now().getTime();
  const adminEmail = normaliseEmail(options.adminEmail);
  const revoked = new EventEmitter();
  revoked.setMaxListeners(0);

  const userOf = (email: string): AuthUser => ({ email, isAdmin: email === adminEmail });

  const alive = (row: { createdAt: number; lastSeenAt: number }, at: number) =>
    at - row.createdAt < SESSION_ABSOLUTE_LIFETIME_MS && at - row.lastSeenAt < SESSION_IDLE_TIMEOUT_MS;

  const revoke = async (idHash: string) => {
    const changed = await store.deleteSession(idHash);
    if (changed) revoked.emit('revoked', idHash);
    return changed;
  };

  /** The live session by hash, without counting activity (the live stream re-checks with this). */
  const peek = async (idHash: string): Promise<Session | null> => {
    const row = await store.getSession(idHash);
    if (!row) return null;
    if (!alive(row, now())) {
      await revoke(row.idHash);
      return null;
    }
    return { idHash: row.idHash, user: userOf(row.email), createdAt: row.createdAt, lastSeenAt: row.lastSeenAt };
  };

  return {
    isAdminEmail: (email: string) => normaliseEmail(email) === adminEmail,

    /** Stores a new link token for the e-mail and returns the secret to mail. */
    async issueSignInToken(email: string): Promise<string> {
      const token = newSecret();
      const at = now();
      await store.purgeSignInTokens(at);
      await store.addSignInToken(hashSecret(token), normaliseEmail(email), at + SIGN_IN_TOKEN_TTL_MS);
      return token;
    },

    async redeemSignInToken(token: string, email: string): Promise<TokenCheck> {
      return (await store.redeemSignInToken(hashSecret(token), normaliseEmail(email), now())) ? 'ok' : 'invalid';
    },

    /** Starts a session for the e-mail and returns the session id for the cookie (the database keeps its hash). */
    async create(email: string): Promise<{ id: string; user: AuthUser }> {
      const id = newSecret();
      const at = now();
      await store.purgeSessions(at - SESSION_ABSOLUTE_LIFETIME_MS, at - SESSION_IDLE_TIMEOUT_MS);
      await store.addSession({ idHash: hashSecret(id), email: normaliseEmail(email), createdAt: at, lastSeenAt: at });
      return { id, user: userOf(normaliseEmail(email)) };
    },

    /** The live session for a cookie value, counting this as activity; expired sessions are removed. */
    async resolve(id: string | undefined): Promise<Session | null> {
      if (!id) return null;
      const session = await peek(hashSecret(id));
      if (!session) return null;
      const at = now();
      if (at - session.lastSeenAt >= TOUCH_EVERY_MS) {
        await store.touchSession(session.idHash, at);
        session.lastSeenAt = at;
      }
      return session;
    },

    peek,

    /** Ends the session of a cookie value; true when there was one. */
    revokeById(id: string): Promise<boolean> {
      return revoke(hashSecret(id));
    },

    /**
     * Ends every session of the session's user but this one (a passkey was added: a session opened before it, perhaps
     * by whoever had her mailbox, must sign in again with the passkey). Answers how many it ended.
     */
    async endOtherSessions(keep: Session): Promise<number> {
      const ended = await store.deleteOtherSessions(keep.user.email, keep.idHash);
      for (const idHash of ended) revoked.emit('revoked', idHash);
      return ended.length;
    },

    /** Called with a session's hash when it is revoked (sign-out, rotation, expiry found on a check). */
    onRevoked(listener: (idHash: string) => void): () => void {
      revoked.on('revoked', listener);
      return () => revoked.off('revoked', listener);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
