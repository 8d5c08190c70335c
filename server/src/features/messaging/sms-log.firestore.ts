// The sent-SMS log on Firestore (the port's SmsLogStore): `smsLog/{reservationId}` holds one message's booking, kind
// and time. Counting the log inside a transaction does not by itself stop two reservations racing (each counts
// before the other's new document exists), so every reservation also writes one guard document,
// `smsLimits/reservations`: two reservations in flight both write it, Firestore lets one commit and retries the other,
// and the retry counts the first one's message.
import type { Firestore } from 'firebase-admin/firestore';
import type { SmsKind, SmsLogStore } from './sms-log-store';
import { runTransaction } from '../../platform/firestore/transaction';

interface SmsDoc {
  bookingId: string;
  kind: SmsKind;
  sentAt: number;
}

export function createFirestoreSmsLogStore(db: Firestore): SmsLogStore {
  const log = db.collection('smsLog');
  const guard = db.collection('smsLimits').doc('reservations');

  return {
    reserve(bookingId, kind, at, limits) {
      return runTransaction(db, async (tx) => {
        await tx.get(guard);
        for (const limit of limits) {
          const counted = await tx.get(log.where('sentAt', '>', at - limit.windowMs).count());
          if (counted.data().count >= limit.max) return null;
        }
        const ref = log.doc();
        tx.create(ref, { bookingId, kind, sentAt: at } satisfies SmsDoc);
        tx.set(guard, { lastReservedAt: at });
        return ref.id;
      });
    },

    async release(reservationId) {
      await log.doc(reservationId).delete();
    },
  };
}
