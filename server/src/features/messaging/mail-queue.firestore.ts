// The mail queue on Firestore (the Firebase home's MailQueueStore, mail-queue-store.ts): one document per kept mail in
// `mailQueue`, named by its id zero-padded; ids are time-ordered (time-ordered-ids.ts) and taken from no shared
// document, as the outbox's are (the `mailQueueMeta/sequence` counter of older versions may remain in a deployed
// database, unread: its ids sort below the new ones, and due() orders by nextAttemptAt first anyway). `waiting` (true until the mail is given up on) lets due() be one range query.
import type { Firestore } from 'firebase-admin/firestore';
import type { MailQueueStore, QueuedMail } from './mail-queue-store';
import { processIds, withFreshId } from '../../platform/firestore/time-ordered-ids';
import { runTransaction } from '../../platform/firestore/transaction';

interface QueuedDoc extends QueuedMail {
  waiting: boolean;
  givenUpAt: string | null;
}

const docId = (id: number) => String(id).padStart(12, '0');

const toQueued = (d: QueuedDoc): QueuedMail => ({
  id: d.id,
  recipient: d.recipient,
  subject: d.subject,
  payload: d.payload,
  attempts: d.attempts,
  firstFailedAt: d.firstFailedAt,
  nextAttemptAt: d.nextAttemptAt,
  lastError: d.lastError,
});

export function createFirestoreMailQueueStore(db: Firestore, ids: () => number = processIds): MailQueueStore {
  const queue = db.collection('mailQueue');

  /** Changes one waiting mail in a transaction (never from a stale read: two instances may retry at once). */
  const update = (id: number, change: (doc: QueuedDoc) => Partial<QueuedDoc>) =>
    runTransaction(db, async (tx) => {
      const ref = queue.doc(docId(id));
      const doc = (await tx.get(ref)).data() as QueuedDoc | undefined;
      if (doc?.waiting) tx.update(ref, change(doc));
    });

  return {
    enqueue(mail, at, nextAttemptAt) {
      return withFreshId(ids, async (id) => {
        const doc: QueuedDoc = {
          id,
          recipient: mail.recipient,
          subject: mail.subject,
          payload: mail.payload,
          attempts: 1,
          firstFailedAt: at,
          nextAttemptAt,
          lastError: mail.lastError,
          waiting: true,
          givenUpAt: null,
        };
        // create(): a name another instance took fails here and withFreshId tries the next id.
        await queue.doc(docId(id)).create(doc);
        return id;
      });
    },

    async due(at, limit) {
      const found = await queue
        .where('waiting', '==', true)
        .where('nextAttemptAt', '<=', at)
        .orderBy('nextAttemptAt')
        .limit(limit)
        .get();
      return found.docs
        .map((d) => toQueued(d.data() as QueuedDoc))
        .sort((a, b) =>
          a.nextAttemptAt === b.nextAttemptAt ? a.id - b.id : a.nextAttemptAt < b.nextAttemptAt ? -1 : 1,
        );
    },

    async delivered(id) {
      await queue.doc(docId(id)).delete();
    },

    retryLater(id, nextAttemptAt, error) {
      return update(id, (doc) => ({ attempts: doc.attempts + 1, nextAttemptAt, lastError: error }));
    },

    giveUp(id, at, error) {
      return update(id, (doc) => ({ attempts: doc.attempts + 1, waiting: false, givenUpAt: at, lastError: error }));
    },

    async status(since) {
      const [waiting, givenUp] = await Promise.all([
        queue.where('waiting', '==', true).get(),
        queue.where('givenUpAt', '>=', since).get(),
      ]);
      const counted = [...waiting.docs, ...givenUp.docs].map((d) => d.data() as QueuedDoc);
      const newest = counted.sort((a, b) => {
        const ka = a.givenUpAt ?? a.nextAttemptAt;
        const kb = b.givenUpAt ?? b.nextAttemptAt;
        return ka === kb ? b.id - a.id : ka < kb ? 1 : -1;
      })[0];
      return { waiting: waiting.size, givenUp: givenUp.size, lastError: newest?.lastError ?? null };
    },

    async purgeGivenUpBefore(before) {
      const found = await queue.where('givenUpAt', '<', before).get();
      for (const doc of found.docs) await doc.ref.delete();
      return found.size;
    },
  };
}
