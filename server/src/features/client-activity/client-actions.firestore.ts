// What clients do on their own in Firestore (the Firebase home's ClientActionsStore, client-actions-store.ts): one
// document per action in `clientActions`, and one per day whose digest was taken in `clientActionDigests` (its id the
// day), as the SQLite tables keep them. Every query is an equality or a single-field order, served by Firestore's
// automatic single-field indexes (no composite index to deploy). Taking a day's digest reads that day's document and
// the waiting actions in one transaction: of two scheduled runs racing, Firestore commits one and runs the other again,
// which then finds the day taken.
import { randomUUID } from 'node:crypto';
import type { DocumentSnapshot, Firestore, Query } from 'firebase-admin/firestore';
import type { ClientAction } from '@studio/shared/domain/client-actions';
import type { ClientActionsStore, NewClientAction } from './client-actions-store';
import { runTransaction } from '../../platform/firestore/transaction';

export const CLIENT_ACTIONS = 'clientActions';
export const CLIENT_ACTION_DIGESTS = 'clientActionDigests';

type ActionDoc = NewClientAction & { id: string; seenAt: string | null; digestDay: string | null };

const BATCH = 400;

const actionOf = (d: ActionDoc): ClientAction => {
  return {
    id: d.id,
    kind: d.kind,
    bookingId: d.bookingId,
    clientName: d.clientName,
    email: d.email,
    phone: d.phone,
    service: d.service,
    date: d.date,
    detail: d.detail,
    at: d.at,
    seenAt: d.seenAt,
  };
};

const actionIn = (snap: DocumentSnapshot): ClientAction => actionOf(snap.data() as ActionDoc);

export function createFirestoreClientActionsStore(db: Firestore): ClientActionsStore {
  const actions = db.collection(CLIENT_ACTIONS);
  const digests = db.collection(CLIENT_ACTION_DIGESTS);

  /** Sets `fields` on every document the query finds, in batches; answers how many. Not atomic (client-actions-store.ts allows). */
  async function updateAll(query: Query, fields: Partial<ActionDoc>): Promise<number> {
    let changed = 0;
    for (;;) {
      // The query's own condition is what the update undoes (seenAt null), so each round finds the rest.
      const page = await query.limit(BATCH).get();
      if (page.empty) return changed;
      const batch = db.batch();
      for (const doc of page.docs) batch.update(doc.ref, fields);
      await batch.commit();
      changed += page.size;
      if (page.size < BATCH) return changed;
    }
  }

  return {
    async add(action) {
      const id = randomUUID();
      const stored: ActionDoc = { ...action, id, seenAt: null, digestDay: null };
      await actions.doc(id).create(stored);
      return actionOf(stored);
    },

    async unseenCount() {
      return (await actions.where('seenAt', '==', null).count().get()).data().count;
    },

    async recent(limit) {
      return (await actions.orderBy('at', 'desc').limit(limit).get()).docs.map(actionIn);
    },

    markSeen(at, bookingId) {
      const unseen = actions.where('seenAt', '==', null);
      return updateAll(bookingId === undefined ? unseen : unseen.where('bookingId', '==', bookingId), { seenAt: at });
    },

    takeDigest(day, at) {
      return runTransaction(db, async (tx) => {
        const dayDoc = digests.doc(day);
        if ((await tx.get(dayDoc)).exists) return [];
        const waiting = await tx.get(actions.where('delivery', '==', 'digest').where('digestDay', '==', null));
        tx.create(dayDoc, { day, takenAt: at });
        for (const doc of waiting.docs) tx.update(doc.ref, { digestDay: day });
        return waiting.docs.map(actionIn).sort((a, b) => a.at.localeCompare(b.at));
      });
    },

    releaseDigest(day) {
      return runTransaction(db, async (tx) => {
        const taken = await tx.get(actions.where('digestDay', '==', day));
        for (const doc of taken.docs) tx.update(doc.ref, { digestDay: null });
        tx.delete(digests.doc(day));
      });
    },
  };
}
