// The mail queue in SQLite (migration 028; the port's MailQueueStore): a new booking's mails, written in the booking's
// own transaction (writeMailToSend), and mail the SMTP server did not take, kept until it leaves or 24 hours of
// refusals give up on it (features/messaging/mail-queue.ts decides when).
import type { Db } from '../../platform/sqlite/database';
import type { GroupCommit } from '../../platform/sqlite/group-commit';
import type { MailQueueStatus, MailQueueStore, MailToSend, QueuedMail } from './mail-queue-store';

/**
 * A synchronous insert of mails to send, due at once (`at`, ISO), for a store whose write runs inside a transaction
 * that cannot await (the group commit's): the mails then commit, or roll back, with that write.
 */
export function mailToSendWriter(db: Db): (mails: readonly MailToSend[], at: string) => void {
  const insert = db.prepare(
    `INSERT INTO mail_queue (recipient, subject, payload, attempts, first_failed_at, next_attempt_at, last_error)
     VALUES (?, ?, ?, 0, ?, ?, '')`,
  );
  return (mails, at) => {
    for (const mail of mails) insert.run(mail.recipient, mail.subject, mail.payload, at, at);
  };
}

const COLUMNS = `id, recipient, subject, payload, attempts, first_failed_at AS firstFailedAt,
  next_attempt_at AS nextAttemptAt, last_error AS lastError`;

/**
 * `commits`, when given, is the storage's group commit: a pass's claims, deletions and retries share their commit (and
 * its fsync) with the other writes of the same turn. Every booking request keeps two mails, and each is claimed and
 * taken out again as it leaves; committed one by one, each waited for the disk on the event loop.
 */
export function createMailQueueRepository(db: Db, commits?: GroupCommit): MailQueueStore {
  // A statement that throws rejects, with or without the group commit.
  const write = <T>(change: () => T): Promise<T> =>
    commits ? commits.run(change) : new Promise<T>((resolve) => resolve(change()));
  const insert = db.prepare(
    `INSERT INTO mail_queue (recipient, subject, payload, attempts, first_failed_at, next_attempt_at, last_error)
     VALUES (?, ?, ?, 1, ?, ?, ?)`,
  );
  const due = db.prepare(
    `SELECT ${COLUMNS} FROM mail_queue WHERE given_up_at IS NULL AND next_attempt_at <= ?
     ORDER BY next_attempt_at, id LIMIT ?`,
  );
  const claim = db.prepare(
    'UPDATE mail_queue SET next_attempt_at = ? WHERE id = ? AND given_up_at IS NULL AND next_attempt_at <= ?',
  );
  const remove = db.prepare('DELETE FROM mail_queue WHERE id = ?');
  const later = db.prepare(
    'UPDATE mail_queue SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?',
  );
  const giveUp = db.prepare(
    'UPDATE mail_queue SET attempts = attempts + 1, given_up_at = ?, last_error = ? WHERE id = ? AND given_up_at IS NULL',
  );
  // A mail not tried yet (attempts 0) is on its way, not a sign that mail is failing.
  const waiting = db.prepare('SELECT COUNT(*) AS n FROM mail_queue WHERE given_up_at IS NULL AND attempts > 0');
  const givenUp = db.prepare('SELECT COUNT(*) AS n FROM mail_queue WHERE given_up_at >= ?');
  // The newest refusal among what still counts: waiting mail, or mail given up on since `since`.
  const lastError = db.prepare(
    `SELECT last_error AS e FROM mail_queue WHERE (given_up_at IS NULL AND attempts > 0) OR given_up_at >= ?
     ORDER BY COALESCE(given_up_at, next_attempt_at) DESC, id DESC LIMIT 1`,
  );
  const purge = db.prepare('DELETE FROM mail_queue WHERE given_up_at < ?');
  return {
    enqueue: (mail, at, nextAttemptAt) =>
      write(() =>
        Number(
          insert.run(mail.recipient, mail.subject, mail.payload, at, nextAttemptAt, mail.lastError).lastInsertRowid,
        ),
      ),
    async due(at, limit) {
      return due.all(at, limit) as QueuedMail[];
    },
    claim: (id, at, until) => write(() => claim.run(until, id, at).changes > 0),
    delivered: (id) => write(() => void remove.run(id)),
    retryLater: (id, nextAttemptAt, error) => write(() => void later.run(nextAttemptAt, error, id)),
    giveUp: (id, at, error) => write(() => void giveUp.run(at, error, id)),
    async status(since): Promise<MailQueueStatus> {
      return {
        waiting: (waiting.get() as { n: number }).n,
        givenUp: (givenUp.get(since) as { n: number }).n,
        lastError: (lastError.get(since) as { e: string } | undefined)?.e ?? null,
      };
    },
    async purgeGivenUpBefore(before) {
      return purge.run(before).changes;
    },
  };
}
