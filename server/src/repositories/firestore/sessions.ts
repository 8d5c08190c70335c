// Sign-in link tokens and sessions on Firestore (the port's SessionsStore). Each is one document named by the
// secret's SHA-256, the only form the store is given: `signInTokens/{tokenHash}` and `sessions/{idHash}`. Times are ms
// since the epoch, as in SQLite.
import type { Firestore } from 'firebase-admin/firestore';
import type { SessionsStore, StoredSession } from '../ports';
import { deleteAll } from './delete-all';

interface TokenDoc {
  email: string;
  expiresAt: number;
  usedAt: number | null;
}

type SessionDoc = Omit<StoredSession, 'idHash'>;

export function createFirestoreSessionsStore(db: Firestore): SessionsStore {
  const tokens = db.collection('signInTokens');
  const sessions = db.collection('sessions');

  return {
    async addSignInToken(tokenHash, email, expiresAt) {
      // create(), not set(): a hash stored twice is a bug, as the SQLite primary key says.
      await tokens.doc(tokenHash).create({ email, expiresAt, usedAt: null } satisfies TokenDoc);
    },

    async purgeSignInTokens(at) {
      await deleteAll(tokens.where('expiresAt', '<', at));
    },

    redeemSignInToken(tokenHash, email, at) {
      // The read and the spend in one transaction: of two redeems racing, the second sees usedAt set (or is retried
      // after the first commits and then sees it).
      return db.runTransaction(async (tx) => {
        const ref = tokens.doc(tokenHash);
        const snap = await tx.get(ref);
        const token = snap.data() as TokenDoc | undefined;
        if (!token || token.usedAt !== null || at >= token.expiresAt || token.email !== email) return false;
        tx.update(ref, { usedAt: at });
        return true;
      });
    },

    async addSession(session) {
      const { idHash, ...doc } = session;
      await sessions.doc(idHash).create(doc satisfies SessionDoc);
    },

    async getSession(idHash) {
      const snap = await sessions.doc(idHash).get();
      const doc = snap.data() as SessionDoc | undefined;
      return doc ? { idHash, email: doc.email, createdAt: doc.createdAt, lastSeenAt: doc.lastSeenAt } : null;
    },

    async touchSession(idHash, at) {
      // A transaction so that a touch racing a sign-out never brings the session back as a bare { lastSeenAt }.
      await db.runTransaction(async (tx) => {
        const ref = sessions.doc(idHash);
        if ((await tx.get(ref)).exists) tx.update(ref, { lastSeenAt: at });
      });
    },

    deleteSession(idHash) {
      return db.runTransaction(async (tx) => {
        const ref = sessions.doc(idHash);
        if (!(await tx.get(ref)).exists) return false;
        tx.delete(ref);
        return true;
      });
    },

    async purgeSessions(createdBefore, lastSeenBefore) {
      // Firestore has no OR across two range filters on different fields without a composite index each; two
      // queries on the automatic single-field indexes do the same.
      await deleteAll(sessions.where('createdAt', '<', createdBefore));
      await deleteAll(sessions.where('lastSeenAt', '<', lastSeenBefore));
    },

    deleteOtherSessions(email, keepIdHash) {
      // Read and delete in one transaction, so a hash answered is a session that is gone.
      return db.runTransaction(async (tx) => {
        const found = await tx.get(sessions.where('email', '==', email));
        const others = found.docs.filter((doc) => doc.id !== keepIdHash);
        for (const doc of others) tx.delete(doc.ref);
        return others.map((doc) => doc.id);
      });
    },
  };
}
