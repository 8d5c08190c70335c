// Server-side sessions and sign-in links (docs/architecture.md: sign-in by e-mail link), over the SessionsStore. Secrets (link tokens and session ids) are
// random 256-bit values that leave the server only once, to the mailbox or the cookie; the database keeps only their
// SHA-256, so a leaked database file signs nobody in.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { SIGN_IN_TOKEN_TTL_MS } from '@studio/shared/domain';
import type { AuthUser } from '@studio/shared/domain';
import type { SessionsStore } from './sessions-store';
import { isDiskFull } from '../../platform/disk-full';
import { sha256Hex, sha256Base64url } from '../../platform/hash';

export const SESSION_COOKIE = 'studio_session';
/** A non-secret hint readable by scripts: the shell asks who is signed in only when it is present. */
export const SESSION_HINT_COOKIE = 'studio_has_session';
/** A session unused for this long ends. */
export const SESSION_IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
/** A session ends this long after sign-in, however active. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;
/**
 * A session on a device she marked as hers ends only after this long unused: sliding, with no absolute
 * limit, so a phone she uses every few days keeps her signed in. She can end it from her dashboard at any time.
 */
export const TRUSTED_SESSION_IDLE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;
// Writing last_seen_at on every request would turn each read into a write; a minute of slack is harmless next to 2 h.
const TOUCH_EVERY_MS = 60 * 1000;

export interface Session {
  idHash: string;
  user: AuthUser;
  createdAt: number;
  lastSeenAt: number;
  trusted: boolean;
  device: string;
}

/** One of her trusted devices as her dashboard lists it; `id` names it there and is no secret (see deviceId). */
export interface TrustedDevice {
  id: string;
  device: string;
  createdAt: number;
  lastSeenAt: number;
  current: boolean;
}

/** How a new session is opened: on a device she marked as hers or not, and the browser's name for the list. */
export interface SessionKind {
  trusted: boolean;
  device: string;
}

export type TokenCheck = 'ok' | 'invalid';

/** A fresh 256-bit secret, base64url without padding (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return sha256Hex(secret);
}

/**
 * The name of a session on her dashboard: derived from the stored hash, never the hash itself, so the list hands the
 * page nothing the database holds. 128 bits: unguessable, and the revoke route checks it is hers anyway.
 */
export function deviceId(idHash: string): string {
  return sha256Base64url(`trusted-device\n${idHash}`).slice(0, 22);
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function createSessionStore(store: SessionsStore, options: { adminEmail: string; now: () => Date }) {
  const now = () => options.now().getTime();
  const adminEmail = normaliseEmail(options.adminEmail);
  const revoked = new EventEmitter();
  revoked.setMaxListeners(0);

  const userOf = (email: string): AuthUser => ({ email, isAdmin: email === adminEmail });

  /** When a session ends unless used again: the one rule both alive() and the stores' purge follow. */
  const expiresAt = (row: { createdAt: number; lastSeenAt: number; trusted: boolean }) =>
    row.trusted
      ? row.lastSeenAt + TRUSTED_SESSION_IDLE_TIMEOUT_MS
      : Math.min(row.createdAt + SESSION_ABSOLUTE_LIFETIME_MS, row.lastSeenAt + SESSION_IDLE_TIMEOUT_MS);
  const alive = (row: { createdAt: number; lastSeenAt: number; trusted: boolean }, at: number) => at < expiresAt(row);

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
    return {
      idHash: row.idHash,
      user: userOf(row.email),
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      trusted: row.trusted,
      device: row.device,
    };
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
    async create(
      email: string,
      kind: SessionKind = { trusted: false, device: '' },
    ): Promise<{ id: string; user: AuthUser }> {
      const id = newSecret();
      const at = now();
      await store.purgeSessions(at);
      const times = { createdAt: at, lastSeenAt: at, trusted: kind.trusted };
      await store.addSession({
        idHash: hashSecret(id),
        email: normaliseEmail(email),
        ...times,
        device: kind.device,
        expiresAt: expiresAt(times),
      });
      return { id, user: userOf(normaliseEmail(email)) };
    },

    /** The live session for a cookie value, counting this as activity; expired sessions are removed. */
    async resolve(id: string | undefined): Promise<Session | null> {
      if (!id) return null;
      const session = await peek(hashSecret(id));
      if (!session) return null;
      const at = now();
      if (at - session.lastSeenAt >= TOUCH_EVERY_MS) {
        try {
          await store.touchSession(session.idHash, at, expiresAt({ ...session, lastSeenAt: at }));
          session.lastSeenAt = at;
        } catch (error) {
          // On a full disk the session stays as it was, so she can still read her dashboard and its word on the disk.
          if (!isDiskFull(error)) throw error;
        }
      }
      return session;
    },

    peek,

    /** Ends the session of a cookie value; true when there was one. */
    revokeById(id: string): Promise<boolean> {
      return revoke(hashSecret(id));
    },

    /** Her live trusted devices, the newest use first; `current` marks the one this request came from. */
    async trustedDevices(of: Session): Promise<TrustedDevice[]> {
      const at = now();
      const rows = await store.listSessions(of.user.email);
      return rows
        .filter((row) => row.trusted && alive(row, at))
        .sort((a, b) => b.lastSeenAt - a.lastSeenAt)
        .map((row) => ({
          id: deviceId(row.idHash),
          device: row.device,
          createdAt: row.createdAt,
          lastSeenAt: row.lastSeenAt,
          current: row.idHash === of.idHash,
        }));
    },

    /**
     * Ends one of her trusted devices by the id the list gave; false when no live trusted session of hers has it (an
     * id made up, another user's, an ordinary session's or a session id itself all end nothing).
     */
    async revokeTrustedDevice(of: Session, id: string): Promise<boolean> {
      const at = now();
      const rows = await store.listSessions(of.user.email);
      const row = rows.find((r) => r.trusted && alive(r, at) && deviceId(r.idHash) === id);
      return row ? revoke(row.idHash) : false;
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
