// Sign-in link tokens and sessions on Firestore (the port's SessionsStore). Each is one document named by the
// secret's SHA-256, the only form the store is given: `signInTokens/{tokenHash}` and `sessions/{idHash}`. Times are ms
// since the epoch, as in SQLite.
import type { Firestore } from 'firebase-admin/firestore';
import type { SessionsStore, StoredSession } from './sessions-store';
import { deleteAll } from '../../platform/firestore/delete-all';
import { runTransaction } from '../../platform/firestore/transaction';

interface TokenDoc {
  email: string;
  expiresAt: number;
  usedAt: number | null;
}

type SessionDoc = Omit<StoredSession, 'idHash'>;

/**
 * A document written before trusted devices existed lacks their fields: an ordinary session, ending by the
 * ordinary rules (features/auth/sessions.ts checks the times themselves, so a missing expiresAt never keeps one alive).
 */
const fromDoc = (idHash: string, doc: Partial<SessionDoc>): StoredSession => ({
  idHash,
  email: doc.email ?? '',
  createdAt: doc.createdAt ?? 0,
  lastSeenAt: doc.lastSeenAt ?? 0,
  trusted: doc.trusted === true,
  device: doc.device ?? '',
  expiresAt: doc.expiresAt ?? 0,
});

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
      return runTransaction(db, async (tx) => {
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
      const doc = snap.data() as Partial<SessionDoc> | undefined;
      return doc ? fromDoc(idHash, doc) : null;
    },

    async listSessions(email) {
      const found = await sessions.where('email', '==', email).get();
      return found.docs.map((doc) => fromDoc(doc.id, doc.data() as Partial<SessionDoc>));
    },

    async touchSession(idHash, at, expiresAt) {
      // A transaction so that a touch racing a sign-out never brings the session back as a bare { lastSeenAt }.
      await runTransaction(db, async (tx) => {
        const ref = sessions.doc(idHash);
        if ((await tx.get(ref)).exists) tx.update(ref, { lastSeenAt: at, expiresAt });
      });
    },

    deleteSession(idHash) {
      return runTransaction(db, async (tx) => {
        const ref = sessions.doc(idHash);
        if (!(await tx.get(ref)).exists) return false;
        tx.delete(ref);
        return true;
      });
    },

    async purgeSessions(at) {
      // One range filter on the automatic single-field index: expiresAt already holds each kind's rule.
      await deleteAll(sessions.where('expiresAt', '<=', at));
    },

    deleteOtherSessions(email, keepIdHash) {
      // Read and delete in one transaction, so a hash answered is a session that is gone.
      return runTransaction(db, async (tx) => {
        const found = await tx.get(sessions.where('email', '==', email));
        const others = found.docs.filter((doc) => doc.id !== keepIdHash);
        for (const doc of others) tx.delete(doc.ref);
        return others.map((doc) => doc.id);
      });
    },
  };
}
