// Server-side sessions and sign-in links (docs/architecture.md: sign-in by e-mail link). Secrets (link tokens and session ids) are
// random 256-bit values that leave the server only once, to the mailbox or the cookie; the database keeps only their
// SHA-256, so a leaked database file signs nobody in.
import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { SIGN_IN_TOKEN_TTL_MS } from '@studio/shared/domain';
import type { AuthUser } from '@studio/shared/domain';
import type { Db } from '../db/database';

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

export function createSessionStore(db: Db, options: { adminEmail: string; now: () => Date }) {
  const now = () => options.now().getTime();
  const adminEmail = normaliseEmail(options.adminEmail);
  const revoked = new EventEmitter();
  revoked.setMaxListeners(0);

  const insertToken = db.prepare(
    'INSERT INTO sign_in_tokens (token_hash, email, expires_at, used_at) VALUES (?, ?, ?, NULL)',
  );
  const purgeTokens = db.prepare('DELETE FROM sign_in_tokens WHERE expires_at < ?');
  const getToken = db.prepare(
    'SELECT email, expires_at AS expiresAt, used_at AS usedAt FROM sign_in_tokens WHERE token_hash = ?',
  );
  const spendToken = db.prepare('UPDATE sign_in_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL');

  const insertSession = db.prepare(
    'INSERT INTO sessions (id_hash, email, created_at, last_seen_at) VALUES (?, ?, ?, ?)',
  );
  const getSession = db.prepare(
    'SELECT id_hash AS idHash, email, created_at AS createdAt, last_seen_at AS lastSeenAt FROM sessions WHERE id_hash = ?',
  );
  const touchSession = db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?');
  const deleteSession = db.prepare('DELETE FROM sessions WHERE id_hash = ?');
  const purgeSessions = db.prepare('DELETE FROM sessions WHERE created_at < ? OR last_seen_at < ?');

  /** Checks and spends a link token in one transaction, so two concurrent requests cannot both use it. */
  const redeem = db.transaction((tokenHash: string, email: string, at: number): TokenCheck => {
    const row = getToken.get(tokenHash) as { email: string; expiresAt: number; usedAt: number | null } | undefined;
    if (!row || row.usedAt !== null || at >= row.expiresAt) return 'invalid';
    // A wrong e-mail does not spend the link: the admin may simply have mistyped it on another device.
    if (row.email !== normaliseEmail(email)) return 'invalid';
    return spendToken.run(at, tokenHash).changes === 1 ? 'ok' : 'invalid';
  });

  const userOf = (email: string): AuthUser => ({ email, isAdmin: email === adminEmail });

  const alive = (row: { createdAt: number; lastSeenAt: number }, at: number) =>
    at - row.createdAt < SESSION_ABSOLUTE_LIFETIME_MS && at - row.lastSeenAt < SESSION_IDLE_TIMEOUT_MS;

  const revoke = (idHash: string) => {
    const changed = deleteSession.run(idHash).changes > 0;
    if (changed) revoked.emit('revoked', idHash);
    return changed;
  };

  return {
    isAdminEmail: (email: string) => normaliseEmail(email) === adminEmail,

    /** Stores a new link token for the e-mail and returns the secret to mail. */
    issueSignInToken(email: string): string {
      const token = newSecret();
      const at = now();
      purgeTokens.run(at);
      insertToken.run(hashSecret(token), normaliseEmail(email), at + SIGN_IN_TOKEN_TTL_MS);
      return token;
    },

    redeemSignInToken(token: string, email: string): TokenCheck {
      return redeem(hashSecret(token), email, now());
    },

    /** Starts a session for the e-mail and returns the session id for the cookie (the database keeps its hash). */
    create(email: string): { id: string; user: AuthUser } {
      const id = newSecret();
      const at = now();
      purgeSessions.run(at - SESSION_ABSOLUTE_LIFETIME_MS, at - SESSION_IDLE_TIMEOUT_MS);
      insertSession.run(hashSecret(id), normaliseEmail(email), at, at);
      return { id, user: userOf(normaliseEmail(email)) };
    },

    /** The live session for a cookie value, counting this as activity; expired sessions are removed. */
    resolve(id: string | undefined): Session | null {
      if (!id) return null;
      const session = this.peek(hashSecret(id));
      if (!session) return null;
      const at = now();
      if (at - session.lastSeenAt >= TOUCH_EVERY_MS) {
        touchSession.run(at, session.idHash);
        session.lastSeenAt = at;
      }
      return session;
    },

    /** The live session by hash, without counting activity (the live stream re-checks with this). */
    peek(idHash: string): Session | null {
      const row = getSession.get(idHash) as
        { idHash: string; email: string; createdAt: number; lastSeenAt: number } | undefined;
      if (!row) return null;
      if (!alive(row, now())) {
        revoke(row.idHash);
        return null;
      }
      return { idHash: row.idHash, user: userOf(row.email), createdAt: row.createdAt, lastSeenAt: row.lastSeenAt };
    },

    /** Ends the session of a cookie value; true when there was one. */
    revokeById(id: string): boolean {
      return revoke(hashSecret(id));
    },

    /** Called with a session's hash when it is revoked (sign-out, rotation, expiry found on a check). */
    onRevoked(listener: (idHash: string) => void): () => void {
      revoked.on('revoked', listener);
      return () => revoked.off('revoked', listener);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
