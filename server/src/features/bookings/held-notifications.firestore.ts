// Status mails held for the Undo window in Firestore (the Firebase home's HeldNotificationsStore,
// held-notifications-store.ts): one document per booking in `heldNotifications`, as the SQLite table keeps one row per
// booking. Taking one (to send, or to undo) reads and deletes it in one transaction: of two takers racing, Firestore
// lets one commit and runs the other again, which then finds nothing, so a mail is sent at most once and never after an
// undo.
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { HeldNotification, HeldNotificationsStore } from './held-notifications-store';
import { documentIdOf } from '../../platform/firestore/document-ids';
import { runTransaction } from '../../platform/firestore/transaction';

export const HELD_NOTIFICATIONS = 'heldNotifications';

type HeldDoc = HeldNotification & { createdAt: string };

const heldOf = (snap: DocumentSnapshot): HeldNotification => {
  const d = snap.data() as HeldDoc;
  return {
    bookingId: d.bookingId,
    previousStatus: d.previousStatus,
    status: d.status,
    message: d.message,
    sendAfter: d.sendAfter,
  };
};

export function createFirestoreHeldNotificationsStore(db: Firestore): HeldNotificationsStore {
  const held = db.collection(HELD_NOTIFICATIONS);
  const ref = (bookingId: string) => held.doc(documentIdOf(bookingId));

  return {
    hold(notification, at) {
      return runTransaction(db, async (tx) => {
        const doc = ref(notification.bookingId);
        const earlier = await tx.get(doc);
        // A second change within the window replaces the first but keeps the status from before the first.
        if (earlier.exists) {
          tx.update(doc, {
            status: notification.status,
            message: notification.message,
            sendAfter: notification.sendAfter,
          });
        } else {
          const stored: HeldDoc = {
            bookingId: notification.bookingId,
            previousStatus: notification.previousStatus,
            status: notification.status,
            message: notification.message,
            sendAfter: notification.sendAfter,
            createdAt: at,
          };
          tx.create(doc, stored);
        }
      });
    },

    take(bookingId) {
      return runTransaction(db, async (tx) => {
        const doc = ref(bookingId);
        const snap = await tx.get(doc);
        if (!snap.exists) return null;
        tx.delete(doc);
        return heldOf(snap);
      });
    },

    takeDue(at) {
      // sendAfter's single-field index; the few due are read and deleted together.
      return runTransaction(db, async (tx) => {
        const due = await tx.get(held.where('sendAfter', '<=', at).orderBy('sendAfter'));
        for (const doc of due.docs) tx.delete(doc.ref);
        return due.docs.map(heldOf);
      });
    },

    async nextDue() {
      const snap = await held.orderBy('sendAfter').limit(1).get();
      return (snap.docs[0]?.get('sendAfter') as string | undefined) ?? null;
    },

    async isHeld(bookingId) {
      return (await ref(bookingId).get()).exists;
    },
  };
}
