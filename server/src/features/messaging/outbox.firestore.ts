// The local outbox on Firestore (the port's OutboxStore):
// - `outbox/{id}`: one message, named by its id zero-padded; ids are time-ordered (time-ordered-ids.ts), taken from
//   no shared document, so messages written at once never wait on each other (the `outboxMeta/sequence` counter of
//   older versions may remain in a deployed database, unread: its ids sort below the new ones);
// - `outbox/{id}/attachments/{position}`: a file's name, type and size, its content in chunk documents below it.
// Firestore cannot search text, so what the redactions look for is kept beside the body when it is written: the
// SHA-256 of each secret link's token the body still carries (sign-in, manage and signing links: outbox-links.ts), and
// `liveLinkSince` (its createdAt while it carries one, null after), on which "links issued before" is one range query.
import { sha256Hex } from '../../platform/hash';
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import type { MailAttachment } from './mail-attachment';
import { liveLinkTokens, redactLinks } from './outbox-links';
import type { OutboxAttachmentInfo, OutboxMessage, OutboxStore } from './outbox-store';
import { readChunks, writeChunks } from '../../platform/firestore/binary-chunks';
import { processIds, withFreshId } from '../../platform/firestore/time-ordered-ids';
import { runTransaction } from '../../platform/firestore/transaction';
import { mailQueueRef } from './mail-queue.firestore';

interface MessageDoc extends OutboxMessage {
  liveTokenHashes: string[];
  liveLinkSince: string | null;
}

interface AttachmentDoc extends OutboxAttachmentInfo {
  position: number;
}

const hashOf = (token: string) => sha256Hex(token);

/** The hashes of the tokens of the links a body carries unredacted. */
const liveTokenHashes = (body: string) => liveLinkTokens(body).map(hashOf);

const docId = (id: number) => String(id).padStart(12, '0');

const toMessage = (doc: MessageDoc): OutboxMessage => ({
  id: doc.id,
  channel: doc.channel,
  recipient: doc.recipient,
  subject: doc.subject,
  body: doc.body,
  createdAt: doc.createdAt,
});

export function createFirestoreOutboxStore(db: Firestore, ids: () => number = processIds): OutboxStore {
  const outbox = db.collection('outbox');
  const attachmentRef = (outboxId: number, position: number) =>
    outbox.doc(docId(outboxId)).collection('attachments').doc(String(position));

  /** Redacts every token in each message, in one transaction per message (a body is never written from a stale read). */
  const redact = async (refs: DocumentReference[]) => {
    let changed = 0;
    for (const ref of refs) {
      const did = await runTransaction(db, async (tx: Transaction) => {
        const doc = (await tx.get(ref)).data() as MessageDoc | undefined;
        if (!doc || doc.liveTokenHashes.length === 0) return false;
        tx.update(ref, {
          body: redactLinks(doc.body),
          liveTokenHashes: [],
          liveLinkSince: null,
        });
        return true;
      });
      if (did) changed++;
    }
    return changed;
  };

  /**
   * Records a message in one transaction, all or none; a name another instance took fails the commit and withFreshId
   * tries the next id. `keptRef`, when given, is the mail queue's document it is the delivery of: read first, and
   * deleted with the write; gone already (another pass recorded it), nothing is written and the answer is null.
   */
  const record = (
    message: Omit<OutboxMessage, 'id' | 'createdAt'>,
    at: string,
    attachments: MailAttachment[],
    keptRef?: DocumentReference,
  ) =>
    withFreshId(ids, (id) =>
      runTransaction(db, async (tx) => {
        if (keptRef) {
          if (!(await tx.get(keptRef)).exists) return null;
          tx.delete(keptRef);
        }
        const hashes = liveTokenHashes(message.body);
        const doc: MessageDoc = {
          id,
          channel: message.channel,
          recipient: message.recipient,
          subject: message.subject,
          body: message.body,
          createdAt: at,
          liveTokenHashes: hashes,
          liveLinkSince: hashes.length > 0 ? at : null,
        };
        tx.create(outbox.doc(docId(id)), doc);
        attachments.forEach((a, position) => {
          const ref = attachmentRef(id, position);
          tx.create(ref, {
            position,
            filename: a.filename,
            contentType: a.contentType,
            size: a.content.length,
          } satisfies AttachmentDoc);
          writeChunks(tx, ref, a.content);
        });
        return id;
      }),
    );

  return {
    add: (message, at, attachments: MailAttachment[] = []) => record(message, at, attachments) as Promise<number>,

    addFromQueue: (keptId, message, at, attachments: MailAttachment[] = []) =>
      record(message, at, attachments, mailQueueRef(db, keptId)),

    async attachments(outboxId) {
      const docs = await outbox.doc(docId(outboxId)).collection('attachments').orderBy('position').get();
      return docs.docs.map((d) => {
        const a = d.data() as AttachmentDoc;
        return { filename: a.filename, contentType: a.contentType, size: a.size };
      });
    },

    async attachment(outboxId, position) {
      if (!Number.isInteger(position) || position < 0) return null;
      const ref = attachmentRef(outboxId, position);
      const a = (await ref.get()).data() as AttachmentDoc | undefined;
      if (!a) return null;
      return { filename: a.filename, contentType: a.contentType, content: await readChunks(ref) };
    },

    async list(limit) {
      const docs = await outbox.orderBy('id', 'desc').limit(limit).get();
      return docs.docs.map((d) => toMessage(d.data() as MessageDoc));
    },

    async redactSignInToken(token) {
      const found = await outbox.where('liveTokenHashes', 'array-contains', hashOf(token)).get();
      return redact(found.docs.map((d) => d.ref));
    },

    async redactLinksIssuedBefore(issuedBefore) {
      const found = await outbox.where('liveLinkSince', '<', issuedBefore).get();
      return redact(found.docs.map((d) => d.ref));
    },

    async purgeBefore(before) {
      const found = await outbox.where('createdAt', '<', before).get();
      // recursiveDelete takes the attachments and their chunks with the message.
      for (const doc of found.docs) await db.recursiveDelete(doc.ref);
      return found.size;
    },
  };
}
