// The admin's upload rows in Firestore (the Firebase home's MediaRowsStore, media-rows-store.ts): one document per
// upload in `media`, its MediaItem as the JSON text the SQLite row keeps (it reads back exactly as it was stored). The
// files themselves are the media store's (Cloud Storage on this home), not this one's.
import type { Firestore } from 'firebase-admin/firestore';
import type { MediaItem } from '@studio/shared/domain';
import type { MediaRow, MediaRowsStore } from './media-rows-store';
import { documentIdOf } from '../../platform/firestore/document-ids';
import { runTransaction } from '../../platform/firestore/transaction';

export const MEDIA = 'media';

type MediaDoc = Omit<MediaRow, 'item'> & { item: string };

export function createFirestoreMediaRowsStore(db: Firestore): MediaRowsStore {
  const media = db.collection(MEDIA);
  const ref = (id: string) => media.doc(documentIdOf(id));
  return {
    async insert(row) {
      const doc: MediaDoc = {
        id: row.id,
        kind: row.kind,
        format: row.format,
        section: row.section,
        alt: row.alt,
        width: row.width,
        height: row.height,
        bytes: row.bytes,
        item: JSON.stringify(row.item),
        createdAt: row.createdAt,
      };
      // create() refuses an id already stored, as the SQLite primary key does.
      await ref(row.id).create(doc);
    },

    async find(id) {
      const snap = await ref(id).get();
      if (!snap.exists) return null;
      const { item, ...rest } = snap.data() as MediaDoc;
      return { ...rest, item: JSON.parse(item) as MediaItem };
    },

    delete(id) {
      return runTransaction(db, async (tx) => {
        const doc = ref(id);
        if (!(await tx.get(doc)).exists) return false;
        tx.delete(doc);
        return true;
      });
    },

    async ids() {
      const snap = await media.select('id').get();
      return new Set(snap.docs.map((d) => d.get('id') as string));
    },
  };
}
