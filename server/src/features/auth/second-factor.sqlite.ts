// The passkey step of sign-in and WebAuthn challenges in SQLite (SecondFactorStore, second-factor-store.ts); the rules
// (lifetimes, the failure limit) live in lib/second-factor.ts.
import type { Db } from '../../platform/sqlite/database';
import type { ChallengePurpose, SecondFactorStore } from './second-factor-store';

export function createSecondFactorRepository(db: Db): SecondFactorStore {
  const insertStep = db.prepare(
    'INSERT INTO pending_sign_ins (id_hash, email, expires_at, failures) VALUES (?, ?, ?, 0)',
  );
  const getStep = db.prepare('SELECT email, expires_at AS expiresAt FROM pending_sign_ins WHERE id_hash = ?');
  const failStep = db.prepare(
    'UPDATE pending_sign_ins SET failures = failures + 1 WHERE id_hash = ? RETURNING failures',
  );
  const deleteStep = db.prepare('DELETE FROM pending_sign_ins WHERE id_hash = ?');
  const purgeSteps = db.prepare('DELETE FROM pending_sign_ins WHERE expires_at <= ?');
  const deleteEveryStep = db.prepare('DELETE FROM pending_sign_ins');

  const putChallenge = db.prepare(
    `INSERT INTO webauthn_challenges (owner_hash, purpose, challenge, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (owner_hash, purpose) DO UPDATE SET challenge = excluded.challenge, expires_at = excluded.expires_at`,
  );
  const getChallenge = db.prepare(
    'SELECT challenge, expires_at AS expiresAt FROM webauthn_challenges WHERE owner_hash = ? AND purpose = ?',
  );
  const deleteChallenge = db.prepare('DELETE FROM webauthn_challenges WHERE owner_hash = ? AND purpose = ?');
  const purgeChallenges = db.prepare('DELETE FROM webauthn_challenges WHERE expires_at <= ?');
  const deleteEveryChallenge = db.prepare('DELETE FROM webauthn_challenges');

  /** Reads and deletes in one transaction, so two requests cannot both spend the same challenge. */
  const take = db.transaction((ownerHash: string, purpose: ChallengePurpose) => {
    const row = getChallenge.get(ownerHash, purpose) as { challenge: string; expiresAt: number } | undefined;
    if (!row) return null;
    deleteChallenge.run(ownerHash, purpose);
    return row;
  });
  const clear = db.transaction(() => {
    deleteEveryStep.run();
    deleteEveryChallenge.run();
  });

  return {
    async addStep(idHash, email, expiresAt) {
      insertStep.run(idHash, email, expiresAt);
    },
    async getStep(idHash) {
      return (getStep.get(idHash) as { email: string; expiresAt: number } | undefined) ?? null;
    },
    async recordStepFailure(idHash) {
      return (failStep.get(idHash) as { failures: number } | undefined)?.failures ?? null;
    },
    async deleteStep(idHash) {
      deleteStep.run(idHash);
    },
    async purgeSteps(at) {
      purgeSteps.run(at);
    },
    async putChallenge(ownerHash, purpose, challenge, expiresAt) {
      putChallenge.run(ownerHash, purpose, challenge, expiresAt);
    },
    takeChallenge: async (ownerHash, purpose) => take(ownerHash, purpose),
    async deleteChallenge(ownerHash, purpose) {
      deleteChallenge.run(ownerHash, purpose);
    },
    async purgeChallenges(at) {
      purgeChallenges.run(at);
    },
    clear: async () => clear(),
  };
}
