// SmsStore on firebase-admin's Firestore (the deployed path; tests use an in-memory fake of SmsStore).
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { DocData, SmsStore } from './send-booking-sms';

export function createAdminStore(db: Firestore): SmsStore {
  return {
    get: async (path) => (await db.doc(path).get()).data(),
    set: async (path, data, options) => {
      await db.doc(path).set(data, options ?? {});
    },
    runTransaction: (work) =>
      db.runTransaction((tx: Transaction) =>
        work({
          get: async (path) => (await tx.get(db.doc(path))).data(),
          create: (path, data) => void tx.create(db.doc(path), data),
          set: (path, data) => void tx.set(db.doc(path), data),
        }),
      ),
    bookingsOn: async (date) => {
      const bookings = db.collection('bookingRequests');
      const [shoot, consultation] = await Promise.all([
        bookings.where('date', '==', date).get(),
        bookings.where('consultationDate', '==', date).get(),
      ]);
      const byId = new Map<string, DocData>();
      for (const d of [...shoot.docs, ...consultation.docs]) byId.set(d.id, d.data());
      return [...byId].map(([id, data]) => ({ id, data }));
    },
  };
}
