// The mail queue on Firestore (the Firebase home's MailQueueStore): one document per kept mail in `mailQueue`, named by
// its id zero-padded; ids are time-ordered (time-ordered-ids.ts) and taken from no shared document, as the outbox's are
// (the `mailQueueMeta/sequence` counter of older versions may remain in a deployed database, unread: its ids sort
// below the new ones, and due() orders by nextAttemptAt first anyway). `waiting` (true until the mail is given up on)
// lets due() be one range query. A new booking's mails are created here inside the booking's own transaction
// (mailToSendInTransaction); the function triggered by their creation, and the scheduled mail job, send them.
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { MailQueueStore, MailToSend, QueuedMail } from './mail-queue-store';
import { processIds, withFreshId } from '../../platform/firestore/time-ordered-ids';
import { runTransaction } from '../../platform/firestore/transaction';

const docId = (id: number) => String(id).padStart(12, '0');

/** The collection the mail queue keeps its documents in (a trigger on its creations sends new mail). */
export const MAIL_QUEUE = 'mailQueue';

/** A kept mail's document (the outbox deletes it in the transaction that records its delivery). */
export const mailQueueRef = (db: Firestore, id: number) => db.collection(MAIL_QUEUE).doc(docId(id));

interface QueuedDoc extends QueuedMail {
  waiting: boolean;
  givenUpAt: string | null;
}

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

/**
 * Inside a transaction, after its reads: creates `mails`, each due at once (`at`, ISO), under fresh time-ordered ids.
 * No read of their own, so the transaction holds its documents no longer than it did without them; an id another
 * instance took in the same millisecond fails the commit (nothing is written), and the caller runs the transaction
 * again through withFreshMailIds.
 */
export function mailToSendInTransaction(
  tx: Transaction,
  db: Firestore,
  mails: readonly MailToSend[],
  at: string,
  ids: () => number = processIds,
): void {
  const queue = db.collection(MAIL_QUEUE);
  for (const mail of mails) {
    const id = ids();
    const doc: QueuedDoc = {
      id,
      recipient: mail.recipient,
      subject: mail.subject,
      payload: mail.payload,
      attempts: 0,
      firstFailedAt: at,
      nextAttemptAt: at,
      lastError: '',
      waiting: true,
      givenUpAt: null,
    };
    tx.create(queue.doc(docId(id)), doc);
  }
}

/** Runs a transaction that creates mails (mailToSendInTransaction) again, with fresh ids, when one met a taken id. */
export const withFreshMailIds = <T>(transaction: () => Promise<T>): Promise<T> =>
  withFreshId(processIds, () => transaction());

export function createFirestoreMailQueueStore(db: Firestore, ids: () => number = processIds): MailQueueStore {
  const queue = db.collection(MAIL_QUEUE);

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

    claim(id, at, until) {
      return runTransaction(db, async (tx) => {
        const ref = queue.doc(docId(id));
        const doc = (await tx.get(ref)).data() as QueuedDoc | undefined;
        if (!doc?.waiting || doc.nextAttemptAt > at) return false;
        tx.update(ref, { nextAttemptAt: until });
        return true;
      });
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
      // A mail not tried yet (attempts 0) is on its way, not a sign that mail is failing.
      const refused = waiting.docs.map((d) => d.data() as QueuedDoc).filter((d) => d.attempts > 0);
      const counted = [...refused, ...givenUp.docs.map((d) => d.data() as QueuedDoc)];
      const newest = counted.sort((a, b) => {
        const ka = a.givenUpAt ?? a.nextAttemptAt;
        const kb = b.givenUpAt ?? b.nextAttemptAt;
        return ka === kb ? b.id - a.id : ka < kb ? 1 : -1;
      })[0];
      return { waiting: refused.length, givenUp: givenUp.size, lastError: newest?.lastError ?? null };
    },

    async purgeGivenUpBefore(before) {
      const found = await queue.where('givenUpAt', '<', before).get();
      for (const doc of found.docs) await doc.ref.delete();
      return found.size;
    },
  };
}
