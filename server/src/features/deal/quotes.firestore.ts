// Bookings' quotes in Firestore (the Firebase home's QuotesStore, quotes-store.ts): `quotes/{bookingId}` holds the
// input as the JSON SQLite keeps, the version and updatedAt. A save reads and writes the document in one transaction,
// so two racing saves get two versions.
import type { Firestore } from 'firebase-admin/firestore';
import type { QuoteInput } from '@studio/shared/domain/quote';
import type { QuotesStore, StoredQuote } from './quotes-store';
import { documentIdOf } from '../../platform/firestore/document-ids';
import { runTransaction } from '../../platform/firestore/transaction';

export const QUOTES = 'quotes';

interface QuoteDoc {
  input: string;
  version: number;
  updatedAt: string;
}

const fromDoc = (doc: QuoteDoc): StoredQuote => ({
  input: JSON.parse(doc.input) as QuoteInput,
  version: doc.version,
  updatedAt: doc.updatedAt,
});

export function createFirestoreQuotesStore(db: Firestore): QuotesStore {
  const quotes = db.collection(QUOTES);
  return {
    async get(bookingId) {
      const snap = await quotes.doc(documentIdOf(bookingId)).get();
      return snap.exists ? fromDoc(snap.data() as QuoteDoc) : null;
    },
    save(bookingId, input, at) {
      const ref = quotes.doc(documentIdOf(bookingId));
      return runTransaction(db, async (tx) => {
        const snap = await tx.get(ref);
        const version = snap.exists ? (snap.data() as QuoteDoc).version + 1 : 1;
        const doc: QuoteDoc = { input: JSON.stringify(input), version, updatedAt: at };
        tx.set(ref, doc);
        return fromDoc(doc);
      });
    },
  };
}
