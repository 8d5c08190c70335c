// The admin's passkeys and recovery codes on Firestore (the port's PasskeysStore):
// - `passkeyUsers/{sha256(email)}`: her WebAuthn user handle;
// - `passkeys/{sha256(credential id)}`: one credential, its public key as Bytes;
// - `recoveryCodes/{codeHash}`: one code's hash, hers, used or not.
// Documents keyed by an e-mail or a credential id are named by its SHA-256: either may hold characters a document id
// may not (a slash; a credential id, chosen by the authenticator, could even look like a reserved `__name__`).
import { sha256Hex } from '../../platform/hash';
import type { Firestore } from 'firebase-admin/firestore';
import type { Passkey } from '@studio/shared/domain';
import type { PasskeysStore, StoredPasskey } from './passkeys-store';
import { deleteAll } from '../../platform/firestore/delete-all';
import { runTransaction } from '../../platform/firestore/transaction';

interface PasskeyDoc {
  id: string;
  email: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Of two added with the same createdAt, the one stored first is listed first (SQLite: rowid). */
  seq: number;
}

interface CodeDoc {
  email: string;
  createdAt: string;
  usedAt: string | null;
}

const keyOf = (value: string) => sha256Hex(value);

const summary = (doc: Pick<PasskeyDoc, 'id' | 'name' | 'createdAt' | 'lastUsedAt'>): Passkey => ({
  id: doc.id,
  name: doc.name,
  createdAt: doc.createdAt,
  lastUsedAt: doc.lastUsedAt,
});

const toStored = (doc: PasskeyDoc): StoredPasskey => ({
  ...summary(doc),
  email: doc.email,
  publicKey: new Uint8Array(doc.publicKey),
  counter: doc.counter,
  transports: doc.transports,
});

const oldestFirst = (a: PasskeyDoc, b: PasskeyDoc) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.seq - b.seq;

export function createFirestorePasskeysStore(db: Firestore): PasskeysStore {
  const users = db.collection('passkeyUsers');
  const passkeys = db.collection('passkeys');
  const codes = db.collection('recoveryCodes');
  // Holds the number of passkeys ever added, the source of each one's seq.
  const sequence = db.collection('passkeyMeta').doc('sequence');

  // Her passkeys are a handful: sorted here rather than by a composite index (email, createdAt, seq).
  const docsOf = async (email: string) =>
    (await passkeys.where('email', '==', email).get()).docs.map((d) => d.data() as PasskeyDoc).sort(oldestFirst);

  return {
    userHandle(email, candidate) {
      return runTransaction(db, async (tx) => {
        const ref = users.doc(keyOf(email));
        const stored = (await tx.get(ref)).data() as { userHandle: string } | undefined;
        if (stored) return stored.userHandle;
        tx.create(ref, { email, userHandle: candidate });
        return candidate;
      });
    },

    async list(email) {
      return (await docsOf(email)).map(summary);
    },

    async credentialsOf(email) {
      return (await docsOf(email)).map(toStored);
    },

    async count(email) {
      return (await passkeys.where('email', '==', email).count().get()).data().count;
    },

    async find(id) {
      const doc = (await passkeys.doc(keyOf(id)).get()).data() as PasskeyDoc | undefined;
      return doc ? toStored(doc) : null;
    },

    add(passkey) {
      return runTransaction(db, async (tx) => {
        const seq = (((await tx.get(sequence)).data()?.added as number | undefined) ?? 0) + 1;
        const doc: PasskeyDoc = {
          id: passkey.id,
          email: passkey.email,
          publicKey: Buffer.from(passkey.publicKey),
          counter: passkey.counter,
          transports: [...passkey.transports],
          name: passkey.name,
          createdAt: passkey.createdAt,
          lastUsedAt: null,
          seq,
        };
        // create(): a credential id stored twice is refused, as by the SQLite primary key.
        tx.create(passkeys.doc(keyOf(passkey.id)), doc);
        tx.set(sequence, { added: seq });
        return summary(doc);
      });
    },

    recordUse(id, previousCounter, newCounter, at) {
      // Conditional on the counter read before the check, in one transaction: of two uses racing with the same
      // counter, one wins.
      return runTransaction(db, async (tx) => {
        const ref = passkeys.doc(keyOf(id));
        const doc = (await tx.get(ref)).data() as PasskeyDoc | undefined;
        if (!doc || doc.counter !== previousCounter) return false;
        tx.update(ref, { counter: newCounter, lastUsedAt: at });
        return true;
      });
    },

    remove(email, id) {
      return runTransaction(db, async (tx) => {
        const ref = passkeys.doc(keyOf(id));
        const doc = (await tx.get(ref)).data() as PasskeyDoc | undefined;
        if (!doc || doc.email !== email) return false;
        tx.delete(ref);
        return true;
      });
    },

    removeEverything() {
      // One transaction over every passkey and code: she has a handful of each, far below the 500 writes it allows.
      return runTransaction(db, async (tx) => {
        const [keys, allCodes] = [await tx.get(passkeys), await tx.get(codes)];
        for (const doc of [...keys.docs, ...allCodes.docs]) tx.delete(doc.ref);
        return keys.size;
      });
    },

    async hasRecoveryCode(email) {
      const unused = await codes.where('email', '==', email).where('usedAt', '==', null).limit(1).get();
      return !unused.empty;
    },

    async replaceRecoveryCode(email, codeHash, at) {
      await runTransaction(db, async (tx) => {
        const unused = await tx.get(codes.where('email', '==', email).where('usedAt', '==', null));
        // The new code's own document is written, not deleted first: one commit may not both delete and create it.
        for (const doc of unused.docs) if (doc.id !== codeHash) tx.delete(doc.ref);
        tx.set(codes.doc(codeHash), { email, createdAt: at, usedAt: null } satisfies CodeDoc);
      });
    },

    spendRecoveryCode(email, codeHash, at) {
      return runTransaction(db, async (tx) => {
        const ref = codes.doc(codeHash);
        const doc = (await tx.get(ref)).data() as CodeDoc | undefined;
        if (!doc || doc.email !== email || doc.usedAt !== null) return false;
        tx.update(ref, { usedAt: at });
        return true;
      });
    },

    async dropRecoveryCodes(email) {
      await deleteAll(codes.where('email', '==', email));
    },
  };
}
