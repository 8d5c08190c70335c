// The store of sign-in links and sessions (sessions.ts holds the rules: lifetimes, hashing, who is admin): what the
// server asks of this storage, honoured by sessions.sqlite.ts and sessions.firestore.ts alike and proved on both by the
// storage contract (server/test/storage-contract/). The rules every store keeps (Promises, atomic calls, no clock,
// secrets only as hashes): platform/storage/storage-port.ts.

export interface StoredSession {
  idHash: string;
  /** Normalised (trimmed, lower case). */
  email: string;
  /** ms since the epoch. */
  createdAt: number;
  lastSeenAt: number;
  /** She marked this device as hers at sign-in: a long, sliding lifetime, and listed on her dashboard. */
  trusted: boolean;
  /** A recognisable name of the browser and system it was opened on ("Safari on iPhone"); '' when unknown. */
  device: string;
  /** When it ends unless used again (ms), worked out by features/auth/sessions.ts; what purgeSessions compares. */
  expiresAt: number;
}

export interface SessionsStore {
  /** Stores a sign-in link token's hash for the (normalised) e-mail, valid until `expiresAt` (ms), unspent. */
  addSignInToken(tokenHash: string, email: string, expiresAt: number): Promise<void>;
  /** Deletes the link tokens whose expiry is before `at` (ms). */
  purgeSignInTokens(at: number): Promise<void>;
  /**
   * Atomic: spends the token (marks it used at `at`) only if it exists, is unspent, has not expired (`at` <
   * expiresAt) and was issued for `email` (normalised); true when this call spent it. A wrong e-mail spends nothing.
   */
  redeemSignInToken(tokenHash: string, email: string, at: number): Promise<boolean>;
  addSession(session: StoredSession): Promise<void>;
  getSession(idHash: string): Promise<StoredSession | null>;
  /** Sets lastSeenAt and expiresAt (ms); nothing when there is no such session. */
  touchSession(idHash: string, at: number, expiresAt: number): Promise<void>;
  /** false when there was no such session. */
  deleteSession(idHash: string): Promise<boolean>;
  /** Deletes the sessions whose expiresAt is at or before `at` (ms). */
  purgeSessions(at: number): Promise<void>;
  /** The sessions of `email` (normalised), in no particular order. */
  listSessions(email: string): Promise<StoredSession[]>;
  /**
   * Deletes every session of `email` (normalised) but the one hashed `keepIdHash`; answers the hashes it deleted, in no
   * particular order. Another e-mail's sessions are left alone.
   */
  deleteOtherSessions(email: string, keepIdHash: string): Promise<string[]>;
}
