// Binary content (a signed PDF, a mail's attachment) kept beside its document in chunk documents of at most
// CHUNK_BYTES each, as Firestore Bytes: a document holds at most 1 MiB (1,048,576 bytes) with its name and fields,
// and nothing on the SQLite side bounds these files (a PDF grows with the contract's text and audit trail).
import type { DocumentReference, Transaction } from 'firebase-admin/firestore';

/** Leaves room under the 1 MiB document limit for the document's name and the field's own name. */
export const CHUNK_BYTES = 900_000;

const chunkId = (index: number) => String(index).padStart(6, '0');

/** Writes `content` as chunks under `parent` (subcollection `chunks`) in the transaction; answers the chunk count. */
export function writeChunks(tx: Transaction, parent: DocumentReference, content: Uint8Array): number {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  const count = Math.ceil(bytes.length / CHUNK_BYTES);
  for (let i = 0; i < count; i++) {
    tx.create(parent.collection('chunks').doc(chunkId(i)), {
      data: Buffer.from(bytes.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES)),
    });
  }
  return count;
}

/** The content written by writeChunks, whole. */
export async function readChunks(parent: DocumentReference): Promise<Buffer> {
  const chunks = await parent.collection('chunks').orderBy('__name__').get();
  return Buffer.concat(chunks.docs.map((doc) => doc.get('data') as Buffer));
}
