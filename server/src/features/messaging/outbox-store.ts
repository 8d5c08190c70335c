// The outbox store (mail and SMS recorded when no SMTP server or Twilio account is set): what the server asks of this
// storage, honoured by outbox.sqlite.ts and outbox.firestore.ts alike and proved on both by the storage contract
// (server/test/storage-contract/). The rules every store keeps (Promises, atomic calls, no clock, secrets only as
// hashes): platform/storage/storage-port.ts.
import type { outboxMessageSchema, z } from '@studio/shared/schemas';
import type { MailAttachment } from './mail-attachment';

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** What the outbox tells of a mail's attachment; its content is read on its own (attachment()). */
export interface OutboxAttachmentInfo {
  filename: string;
  contentType: string;
  size: number;
}

/** What replaces a spent or expired sign-in token in a kept mail. */
export const REDACTED = '[redacted]';

export interface OutboxStore {
  /**
   * Atomic: records the message (createdAt `at`, ISO) with its attachments in order; answers its id, a positive
   * integer greater than every id given before (list() orders by it). On Firestore ids are time-ordered, taken from no
   * shared document (time-ordered-ids.ts): across server instances "before" is as their clocks tell it.
   */
  add(message: Omit<OutboxMessage, 'id' | 'createdAt'>, at: string, attachments?: MailAttachment[]): Promise<number>;
  /**
   * Atomic: records the message as add() does and deletes the mail queue's kept mail `mailQueueId` it is the delivery
   * of (mail-queue-store.ts); when that mail is no longer kept (another pass recorded it), records nothing and answers
   * null. A kept mail is thus recorded once, whatever stops a pass between its write and the next.
   */
  addFromQueue(
    mailQueueId: number,
    message: Omit<OutboxMessage, 'id' | 'createdAt'>,
    at: string,
    attachments?: MailAttachment[],
  ): Promise<number | null>;
  /** The files kept with a message, in the order it carried them. */
  attachments(outboxId: number): Promise<OutboxAttachmentInfo[]>;
  /** One kept file with its content; null when there is none at that position. */
  attachment(outboxId: number, position: number): Promise<MailAttachment | null>;
  /** The newest `limit` messages, newest (highest id) first. */
  list(limit: number): Promise<OutboxMessage[]>;
  /**
   * In every message whose body carries `/finishSignIn?token=<token>`, replaces the token of each secret link it
   * carries (below) with REDACTED. Answers how many messages changed.
   */
  redactSignInToken(token: string): Promise<number>;
  /**
   * In every message created before `issuedBefore` (ISO) that still carries a secret link not yet redacted (a sign-in
   * link `/finishSignIn?token=`, a manage link `/manage-booking#`, a signing link `/contracts/sign/`), replaces each
   * such link's token with REDACTED: the sign-in links have expired, the others were delivered long since. Answers how
   * many messages changed.
   */
  redactLinksIssuedBefore(issuedBefore: string): Promise<number>;
  /** Deletes every message (and its attachments) created before `before` (ISO); answers how many. */
  purgeBefore(before: string): Promise<number>;
}
