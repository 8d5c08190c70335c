// The store of the passkey step of sign-in and WebAuthn challenges (second-factor.ts holds the rules): what the server
// asks of this storage, honoured by second-factor.sqlite.ts and second-factor.firestore.ts alike and proved on both by
// the storage contract (server/test/storage-contract/). The rules every store keeps (Promises, atomic calls, no clock,
// secrets only as hashes): platform/storage/storage-port.ts.

export type ChallengePurpose = 'registration' | 'authentication';

export interface SecondFactorStore {
  /** Opens a step (no failures yet) for the e-mail, until `expiresAt` (ms). */
  addStep(idHash: string, email: string, expiresAt: number): Promise<void>;
  getStep(idHash: string): Promise<{ email: string; expiresAt: number } | null>;
  /** Atomic increment of the step's wrong answers; answers the new count, or null when there is no such step. */
  recordStepFailure(idHash: string): Promise<number | null>;
  deleteStep(idHash: string): Promise<void>;
  /** Deletes the steps whose expiry is at or before `at` (ms). */
  purgeSteps(at: number): Promise<void>;
  /** Keeps the owner's challenge for the purpose until `expiresAt` (ms), replacing the one it had. */
  putChallenge(ownerHash: string, purpose: ChallengePurpose, challenge: string, expiresAt: number): Promise<void>;
  /**
   * Atomic: reads and deletes the owner's challenge for the purpose, expired or not (the caller checks expiresAt);
   * null when there is none. Of two calls racing, one gets it.
   */
  takeChallenge(ownerHash: string, purpose: ChallengePurpose): Promise<{ challenge: string; expiresAt: number } | null>;
  deleteChallenge(ownerHash: string, purpose: ChallengePurpose): Promise<void>;
  /** Deletes the challenges whose expiry is at or before `at` (ms). */
  purgeChallenges(at: number): Promise<void>;
  /** Deletes every step and every challenge. */
  clear(): Promise<void>;
}
