// The mail queue store (mail waiting to leave: a new booking's mails, written with the request in its own transaction,
// and mail the SMTP server did not take, sent again with a growing pause for 24 hours: mail-queue.ts): what the server asks of this storage, honoured by mail-queue.sqlite.ts and mail-queue.firestore.ts
// alike and proved on both by the storage contract (server/test/storage-contract/). The rules every store keeps
// (Promises, atomic calls, no clock, secrets only as hashes): platform/storage/storage-port.ts.

export interface QueuedMail {
  id: number;
  recipient: string;
  subject: string;
  /** The whole message as the mailer sends it (JSON, attachments in base64). */
  payload: string;
  /** Sends tried so far, the first included: 0 for a mail written to be sent (MailToSend) and not tried yet. */
  attempts: number;
  /** When it was first refused; for a mail not tried yet, when it was written. */
  firstFailedAt: string;
  nextAttemptAt: string;
  lastError: string;
}

/**
 * A mail kept to be sent, written in the transaction of the change it tells of (bookings' createOnce): whole, as the
 * mailer sends it (mailToSend), so what leaves is what was rendered then.
 */
export interface MailToSend {
  recipient: string;
  subject: string;
  /** The message as serializeMail writes it. */
  payload: string;
}

export interface MailQueueStatus {
  /** Mails waiting to be sent again (refused at least once; a mail not tried yet is not counted). */
  waiting: number;
  /** Mails given up on (24 hours of refusals) at or after the `since` asked about. */
  givenUp: number;
  /** The newest refusal's words (the SMTP server's answer), null when nothing waits or was given up on. */
  lastError: string | null;
}

export interface MailQueueStore {
  /**
   * Keeps a mail that failed once at `at` (ISO), to be tried again at `nextAttemptAt`; answers its id, greater than
   * every id given before (as the outbox's: on Firestore, time-ordered).
   */
  enqueue(
    mail: Pick<QueuedMail, 'recipient' | 'subject' | 'payload' | 'lastError'>,
    at: string,
    nextAttemptAt: string,
  ): Promise<number>;
  /** The waiting mails due at `at` (nextAttemptAt at or before it), oldest due first, at most `limit`. */
  due(at: string, limit: number): Promise<QueuedMail[]>;
  /**
   * Atomic: takes a waiting mail that is due at `at` for one sender, by moving its nextAttemptAt to `until`; answers
   * false when it is not (another pass or instance took it, it left, or it was given up on). A sender that dies after
   * taking it leaves it due again at `until`, so it is late, never lost.
   */
  claim(id: number, at: string, until: string): Promise<boolean>;
  /** The mail left: forgets it. */
  delivered(id: number): Promise<void>;
  /** Another refusal: counts it, keeps its words, and waits until `nextAttemptAt`. */
  retryLater(id: number, nextAttemptAt: string, error: string): Promise<void>;
  /** Stops trying (at `at`); the mail stays, counted by status() as given up on. */
  giveUp(id: number, at: string, error: string): Promise<void>;
  status(givenUpSince: string): Promise<MailQueueStatus>;
  /** Deletes the mails given up on before `before` (ISO); answers how many. */
  purgeGivenUpBefore(before: string): Promise<number>;
}
