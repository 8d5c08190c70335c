// Deleting what a query finds, in batches: a purge may find more documents than one batch takes (500 writes).
import type { Query } from 'firebase-admin/firestore';

const BATCH = 400;

/** Deletes every document the query finds; answers how many went. Not atomic: each batch commits on its own. */
export async function deleteAll(query: Query): Promise<number> {
  let deleted = 0;
  for (;;) {
    const page = await query.limit(BATCH).get();
    if (page.empty) return deleted;
    const batch = query.firestore.batch();
    for (const doc of page.docs) batch.delete(doc.ref);
    await batch.commit();
    deleted += page.size;
    if (page.size < BATCH) return deleted;
  }
}
