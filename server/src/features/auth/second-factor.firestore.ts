// The passkey step of sign-in and the WebAuthn challenges on Firestore (the port's SecondFactorStore):
// `passkeySteps/{idHash}` and `webauthnChallenges/{ownerHash}:{purpose}` (one live challenge per owner and purpose,
// as the SQLite primary key). Owner hashes are hex, so the id never holds a slash.
import type { Firestore } from 'firebase-admin/firestore';
import type { ChallengePurpose, SecondFactorStore } from './second-factor-store';
import { deleteAll } from '../../platform/firestore/delete-all';
import { runTransaction } from '../../platform/firestore/transaction';

interface StepDoc {
  email: string;
  expiresAt: number;
  failures: number;
}

interface ChallengeDoc {
  ownerHash: string;
  purpose: ChallengePurpose;
  challenge: string;
  expiresAt: number;
}

export function createFirestoreSecondFactorStore(db: Firestore): SecondFactorStore {
  const steps = db.collection('passkeySteps');
  const challenges = db.collection('webauthnChallenges');
  const challengeRef = (ownerHash: string, purpose: ChallengePurpose) => challenges.doc(`${ownerHash}:${purpose}`);

  return {
    async addStep(idHash, email, expiresAt) {
      await steps.doc(idHash).create({ email, expiresAt, failures: 0 } satisfies StepDoc);
    },

    async getStep(idHash) {
      const doc = (await steps.doc(idHash).get()).data() as StepDoc | undefined;
      return doc ? { email: doc.email, expiresAt: doc.expiresAt } : null;
    },

    recordStepFailure(idHash) {
      // Read and increment together: two wrong answers at once count as two, so the limit cannot be outrun.
      return runTransaction(db, async (tx) => {
        const ref = steps.doc(idHash);
        const doc = (await tx.get(ref)).data() as StepDoc | undefined;
        if (!doc) return null;
        const failures = doc.failures + 1;
        tx.update(ref, { failures });
        return failures;
      });
    },

    async deleteStep(idHash) {
      await steps.doc(idHash).delete();
    },

    async purgeSteps(at) {
      await deleteAll(steps.where('expiresAt', '<=', at));
    },

    async putChallenge(ownerHash, purpose, challenge, expiresAt) {
      await challengeRef(ownerHash, purpose).set({ ownerHash, purpose, challenge, expiresAt } satisfies ChallengeDoc);
    },

    takeChallenge(ownerHash, purpose) {
      // Read and delete in one transaction: of two takes racing, one gets the challenge and the other null.
      return runTransaction(db, async (tx) => {
        const ref = challengeRef(ownerHash, purpose);
        const doc = (await tx.get(ref)).data() as ChallengeDoc | undefined;
        if (!doc) return null;
        tx.delete(ref);
        return { challenge: doc.challenge, expiresAt: doc.expiresAt };
      });
    },

    async deleteChallenge(ownerHash, purpose) {
      await challengeRef(ownerHash, purpose).delete();
    },

    async purgeChallenges(at) {
      await deleteAll(challenges.where('expiresAt', '<=', at));
    },

    async clear() {
      await deleteAll(steps);
      await deleteAll(challenges);
    },
  };
}
