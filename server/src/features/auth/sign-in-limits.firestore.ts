// Sign-in limit counters on Firestore (the port's SignInLimitsStore): one document per counted key, named by the
// key's SHA-256 (a client address or an e-mail never appears in the database), `signInLimits/{keyHash}`.
import { sha256Hex } from '../../platform/hash';
import type { Firestore } from 'firebase-admin/firestore';
import type { SignInLimitsStore } from './sign-in-limits-store';
import { deleteAll } from '../../platform/firestore/delete-all';
import { runTransaction } from '../../platform/firestore/transaction';

interface LimitDoc {
  windowStart: number;
  count: number;
}

const hashOf = (key: string) => sha256Hex(key);

export function createFirestoreSignInLimitsStore(db: Firestore): SignInLimitsStore {
  const limits = db.collection('signInLimits');

  return {
    hit(key, windowMs, at) {
      // Read and write in one transaction: two attempts racing both count (the second is retried on the first's
      // write), so neither can take the last attempt the other also took.
      return runTransaction(db, async (tx) => {
        const ref = limits.doc(hashOf(key));
        const row = (await tx.get(ref)).data() as LimitDoc | undefined;
        const current = row && at - row.windowStart < windowMs ? row : { windowStart: at, count: 0 };
        const count = current.count + 1;
        tx.set(ref, { windowStart: current.windowStart, count } satisfies LimitDoc);
        return { count, endsAt: current.windowStart + windowMs };
      });
    },

    async purgeOlderThan(before) {
      await deleteAll(limits.where('windowStart', '<=', before));
    },
  };
}
