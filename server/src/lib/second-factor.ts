// The short-lived state of passkey sign-in (docs/architecture.md, sign-in), both kept server-side:
// - the passkey step: what completing the e-mail link gives once the admin has a passkey. It is not a session: its
//   cookie opens only the passkey and recovery-code routes, ends at their first success, after
//   PASSKEY_STEP_MAX_FAILURES wrong answers, or after PASSKEY_STEP_TTL_MS. The database keeps only the secret's hash.
// - WebAuthn challenges: one live challenge per owner (a session's or a step's hash) and purpose, spent by its first
//   use whatever the outcome, and expired after WEBAUTHN_CHALLENGE_TTL_MS.
import { PASSKEY_STEP_MAX_FAILURES, PASSKEY_STEP_TTL_MS, WEBAUTHN_CHALLENGE_TTL_MS } from '@studio/shared/domain';
import type { Db } from '../db/database';
import { hashSecret, newSecret } from './sessions';

export type ChallengePurpose = 'registration' | 'authentication';

export interface PasskeyStep {
  idHash: string;
  email: string;
}

export function createSecondFactorStore(db: Db, options: { now: () => Date }) {
  const now = () => options.now().getTime();

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
  const take = db.transaction((ownerHash: string, purpose: ChallengePurpose, at: number): string | null => {
    const row = getChallenge.get(ownerHash, purpose) as { challenge: string; expiresAt: number } | undefined;
    if (!row) return null;
    deleteChallenge.run(ownerHash, purpose);
    return at < row.expiresAt ? row.challenge : null;
  });

  return {
    /** Opens the passkey step for the e-mail; returns the secret for its cookie. */
    beginStep(email: string): string {
      const secret = newSecret();
      const at = now();
      purgeSteps.run(at);
      insertStep.run(hashSecret(secret), email, at + PASSKEY_STEP_TTL_MS);
      return secret;
    },

    /** The open step of a cookie value, or null (none, expired, ended). */
    step(secret: string | undefined): PasskeyStep | null {
      if (!secret) return null;
      const idHash = hashSecret(secret);
      const row = getStep.get(idHash) as { email: string; expiresAt: number } | undefined;
      if (!row) return null;
      if (now() >= row.expiresAt) {
        deleteStep.run(idHash);
        return null;
      }
      return { idHash, email: row.email };
    },

    /** Counts a wrong answer; the step ends at the limit, and a new e-mail link is needed. */
    recordFailure(idHash: string): void {
      const row = failStep.get(idHash) as { failures: number } | undefined;
      if (row && row.failures >= PASSKEY_STEP_MAX_FAILURES) this.endStep(idHash);
    },

    endStep(idHash: string): void {
      deleteStep.run(idHash);
      deleteChallenge.run(idHash, 'authentication');
    },

    /** Keeps a challenge for its owner, replacing the one it had for the same purpose. */
    putChallenge(ownerHash: string, purpose: ChallengePurpose, challenge: string): void {
      const at = now();
      purgeChallenges.run(at);
      putChallenge.run(ownerHash, purpose, challenge, at + WEBAUTHN_CHALLENGE_TTL_MS);
    },

    /** The owner's live challenge, spent by this call; null when there is none or it expired. */
    takeChallenge(ownerHash: string, purpose: ChallengePurpose): string | null {
      return take(ownerHash, purpose, now());
    },

    /** Ends every open step and challenge (the host's reset of every passkey). */
    clear(): void {
      deleteEveryStep.run();
      deleteEveryChallenge.run();
    },
  };
}

export type SecondFactorStore = ReturnType<typeof createSecondFactorStore>;
