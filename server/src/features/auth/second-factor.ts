// The short-lived state of passkey sign-in (docs/architecture.md, sign-in), both kept server-side:
// - the passkey step: what completing the e-mail link gives once the admin has a passkey. It is not a session: its
//   cookie opens only the passkey and recovery-code routes, ends at their first success, after
//   PASSKEY_STEP_MAX_FAILURES wrong answers, or after PASSKEY_STEP_TTL_MS. The database keeps only the secret's hash.
// - WebAuthn challenges: one live challenge per owner (a session's or a step's hash) and purpose, spent by its first
//   use whatever the outcome, and expired after WEBAUTHN_CHALLENGE_TTL_MS.
import { PASSKEY_STEP_MAX_FAILURES, PASSKEY_STEP_TTL_MS, WEBAUTHN_CHALLENGE_TTL_MS } from '@studio/shared/domain';
import type { ChallengePurpose, SecondFactorStore as SecondFactorPort } from './second-factor-store';
import { hashSecret, newSecret } from './sessions';

export type { ChallengePurpose };

export interface PasskeyStep {
  idHash: string;
  email: string;
}

export function createSecondFactorStore(store: SecondFactorPort, options: { now: () => Date }) {
  const now = () => options.now().getTime();

  const endStep = async (idHash: string): Promise<void> => {
    await store.deleteStep(idHash);
    await store.deleteChallenge(idHash, 'authentication');
  };

  return {
    /** Opens the passkey step for the e-mail; returns the secret for its cookie. */
    async beginStep(email: string): Promise<string> {
      const secret = newSecret();
      const at = now();
      await store.purgeSteps(at);
      await store.addStep(hashSecret(secret), email, at + PASSKEY_STEP_TTL_MS);
      return secret;
    },

    /** The open step of a cookie value, or null (none, expired, ended). */
    async step(secret: string | undefined): Promise<PasskeyStep | null> {
      if (!secret) return null;
      const idHash = hashSecret(secret);
      const row = await store.getStep(idHash);
      if (!row) return null;
      if (now() >= row.expiresAt) {
        await store.deleteStep(idHash);
        return null;
      }
      return { idHash, email: row.email };
    },

    /** Counts a wrong answer; the step ends at the limit, and a new e-mail link is needed. */
    async recordFailure(idHash: string): Promise<void> {
      const failures = await store.recordStepFailure(idHash);
      if (failures !== null && failures >= PASSKEY_STEP_MAX_FAILURES) await endStep(idHash);
    },

    endStep,

    /** Keeps a challenge for its owner, replacing the one it had for the same purpose. */
    async putChallenge(ownerHash: string, purpose: ChallengePurpose, challenge: string): Promise<void> {
      const at = now();
      await store.purgeChallenges(at);
      await store.putChallenge(ownerHash, purpose, challenge, at + WEBAUTHN_CHALLENGE_TTL_MS);
    },

    /** The owner's live challenge, spent by this call; null when there is none or it expired. */
    async takeChallenge(ownerHash: string, purpose: ChallengePurpose): Promise<string | null> {
      const at = now();
      const row = await store.takeChallenge(ownerHash, purpose);
      return row && at < row.expiresAt ? row.challenge : null;
    },

    /** Ends every open step and challenge (the host's reset of every passkey). */
    clear(): Promise<void> {
      return store.clear();
    },
  };
}

export type SecondFactorStore = ReturnType<typeof createSecondFactorStore>;
