// Sign-in link tokens and sessions in SQLite (SessionsStore, sessions-store.ts). Only hashes are stored; the lifetimes,
// the hashing and who is admin live in lib/sessions.ts.
import type { Db } from '../../platform/sqlite/database';
import type { SessionsStore, StoredSession } from './sessions-store';

export function createSessionsRepository(db: Db): SessionsStore {
  const insertToken = db.prepare(
    'INSERT INTO sign_in_tokens (token_hash, email, expires_at, used_at) VALUES (?, ?, ?, NULL)',
  );
  const purgeTokens = db.prepare('DELETE FROM sign_in_tokens WHERE expires_at < ?');
  const getToken = db.prepare(
    'SELECT email, expires_at AS expiresAt, used_at AS usedAt FROM sign_in_tokens WHERE token_hash = ?',
  );
  const spendToken = db.prepare('UPDATE sign_in_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL');

  const insertSession = db.prepare(
    'INSERT INTO sessions (id_hash, email, created_at, last_seen_at, trusted, device, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const columns =
    'id_hash AS idHash, email, created_at AS createdAt, last_seen_at AS lastSeenAt, trusted, device, expires_at AS expiresAt';
  const getSession = db.prepare(`SELECT ${columns} FROM sessions WHERE id_hash = ?`);
  const sessionsOf = db.prepare(`SELECT ${columns} FROM sessions WHERE email = ?`);
  const touchSession = db.prepare('UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id_hash = ?');
  const deleteSession = db.prepare('DELETE FROM sessions WHERE id_hash = ?');
  const purgeSessions = db.prepare('DELETE FROM sessions WHERE expires_at <= ?');
  // SQLite has no boolean: trusted is stored as 0 or 1.
  const fromRow = (row: Omit<StoredSession, 'trusted'> & { trusted: number }): StoredSession => ({
    ...row,
    trusted: row.trusted === 1,
  });
  const othersOf = db.prepare('SELECT id_hash AS idHash FROM sessions WHERE email = ? AND id_hash <> ?');
  const deleteOthers = db.prepare('DELETE FROM sessions WHERE email = ? AND id_hash <> ?');
  /** The hashes and the delete in one transaction: a session opened in between is either listed and gone, or kept. */
  const endOthers = db.transaction((email: string, keepIdHash: string): string[] => {
    const hashes = (othersOf.all(email, keepIdHash) as Array<{ idHash: string }>).map((r) => r.idHash);
    deleteOthers.run(email, keepIdHash);
    return hashes;
  });

  /** Checks and spends a link token in one transaction, so two concurrent requests cannot both use it. */
  const redeem = db.transaction((tokenHash: string, email: string, at: number): boolean => {
    const row = getToken.get(tokenHash) as { email: string; expiresAt: number; usedAt: number | null } | undefined;
    if (!row || row.usedAt !== null || at >= row.expiresAt) return false;
    // A wrong e-mail does not spend the link: the admin may simply have mistyped it on another device.
    if (row.email !== email) return false;
    return spendToken.run(at, tokenHash).changes === 1;
  });

  return {
    async addSignInToken(tokenHash, email, expiresAt) {
      insertToken.run(tokenHash, email, expiresAt);
    },
    async purgeSignInTokens(at) {
      purgeTokens.run(at);
    },
    redeemSignInToken: async (tokenHash, email, at) => redeem(tokenHash, email, at),
    async addSession(session) {
      insertSession.run(
        session.idHash,
        session.email,
        session.createdAt,
        session.lastSeenAt,
        session.trusted ? 1 : 0,
        session.device,
        session.expiresAt,
      );
    },
    async getSession(idHash) {
      const row = getSession.get(idHash) as Parameters<typeof fromRow>[0] | undefined;
      return row ? fromRow(row) : null;
    },
    async listSessions(email) {
      return (sessionsOf.all(email) as Array<Parameters<typeof fromRow>[0]>).map(fromRow);
    },
    async touchSession(idHash, at, expiresAt) {
      touchSession.run(at, expiresAt, idHash);
    },
    async deleteSession(idHash) {
      return deleteSession.run(idHash).changes > 0;
    },
    async purgeSessions(at) {
      purgeSessions.run(at);
    },
    deleteOtherSessions: async (email, keepIdHash) => endOthers(email, keepIdHash),
  };
}
