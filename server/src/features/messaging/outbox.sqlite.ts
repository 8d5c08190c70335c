// The local outbox: every mail and SMS the server sends is recorded here when no SMTP server or Twilio account is
// configured, so sign-in and notifications work on a fresh machine (GET /api/dev/outbox in development).
import type { Db } from '../../platform/sqlite/database';
import type { GroupCommit } from '../../platform/sqlite/group-commit';
import type { MailAttachment } from './mail-attachment';
import { LINK_MARKS, redactLinks } from './outbox-links';
import { parseMail } from './mail-queue';
import type { MailToSend } from './mail-queue-store';
import { REDACTED, type OutboxAttachmentInfo, type OutboxMessage, type OutboxStore } from './outbox-store';

export { REDACTED };
export type { OutboxAttachmentInfo, OutboxMessage };

// A sign-in mail carries `/finishSignIn?token=<43 characters>`, a client's mail her manage link, a contract's mail its
// signing link (outbox-links.ts); once a sign-in token is spent, or any link is past the outbox's window, the mail
// keeps the link's shape with the token replaced, so the outbox never holds a usable secret longer than it must.
const SIGN_IN_LINK_MARK = '/finishSignIn?token=';

/**
 * A message and its files written into the outbox, synchronously; answers its id. The statements alone: the caller
 * runs them inside a transaction (outboxInsert's own, or the one it is already in).
 */
function outboxStatements(db: Db) {
  const insert = db.prepare(
    'INSERT INTO outbox (channel, recipient, subject, body, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertAttachment = db.prepare(
    'INSERT INTO outbox_attachments (outbox_id, position, filename, content_type, content) VALUES (?, ?, ?, ?, ?)',
  );
  return (message: Omit<OutboxMessage, 'id' | 'createdAt'>, now: string, attachments: readonly MailAttachment[]) => {
    const id = Number(
      insert.run(message.channel, message.recipient, message.subject, message.body, now).lastInsertRowid,
    );
    attachments.forEach((a, i) => insertAttachment.run(id, i, a.filename, a.contentType, a.content));
    return id;
  };
}

/** A message and its files written into the outbox, synchronously and in one transaction; answers its id. */
const outboxInsert = (db: Db) => db.transaction(outboxStatements(db));

/**
 * Mails written straight into the local outbox, synchronously, inside a transaction that cannot await (the group
 * commit's): where no SMTP server is configured the outbox is where a mail ends, so a booking's mails are recorded
 * with the booking itself, in one write each, rather than queued and moved here by the mail job. Called only inside
 * that transaction, which makes them atomic with the booking: no savepoint of their own on the write path.
 */
export function outboxMailWriter(db: Db): (mails: readonly MailToSend[], at: string) => void {
  const add = outboxStatements(db);
  return (mails, at) => {
    for (const mail of mails) {
      const message = parseMail(mail.payload);
      add(
        { channel: 'mail', recipient: message.to, subject: message.subject, body: message.text },
        at,
        message.attachments ?? [],
      );
    }
  };
}

/**
 * `commits`, when given, is the storage's group commit: a kept mail then shares its commit (and its fsync) with the
 * other writes of the same turn. Every booking request keeps two mails; committed one by one, each waited for the disk
 * on the event loop, and the mails of a burst of bookings cost more fsyncs than the bookings themselves.
 */
export function createOutboxRepository(db: Db, commits?: GroupCommit): OutboxStore {
  const list = db.prepare(
    'SELECT id, channel, recipient, subject, body, created_at AS createdAt FROM outbox ORDER BY id DESC LIMIT ?',
  );
  // Every message of the window with a link's mark; which of them still carry a live token is decided on the body.
  const withLinkMark = db.prepare(
    `SELECT id, body FROM outbox WHERE created_at < ? AND (${LINK_MARKS.map(() => 'instr(body, ?) > 0').join(' OR ')})`,
  );
  const withToken = db.prepare('SELECT id, body FROM outbox WHERE instr(body, ?) > 0');
  const setBody = db.prepare('UPDATE outbox SET body = ? WHERE id = ?');
  const purge = db.prepare('DELETE FROM outbox WHERE created_at < ?');
  const attachmentInfos = db.prepare(
    'SELECT filename, content_type AS contentType, length(content) AS size FROM outbox_attachments WHERE outbox_id = ? ORDER BY position',
  );
  const attachmentAt = db.prepare(
    'SELECT filename, content_type AS contentType, content FROM outbox_attachments WHERE outbox_id = ? AND position = ?',
  );
  const addWithAttachments = outboxInsert(db);
  // The kept mail leaves the queue in the outbox's own transaction (the mail queue's table, mail-queue.sqlite.ts).
  const takeKept = db.prepare('DELETE FROM mail_queue WHERE id = ?');
  const addFromQueue = db.transaction(
    (keptId: number, message: Omit<OutboxMessage, 'id' | 'createdAt'>, now: string, attachments: MailAttachment[]) =>
      takeKept.run(keptId).changes === 0 ? null : addWithAttachments(message, now, attachments),
  );
  /** Writes each body with its links redacted; answers how many changed. */
  const redact = (rows: Array<{ id: number; body: string }>) => {
    let changed = 0;
    for (const row of rows) {
      const body = redactLinks(row.body);
      if (body === row.body) continue;
      setBody.run(body, row.id);
      changed++;
    }
    return changed;
  };
  return {
    async add(message, now, attachments = []) {
      const write = () => addWithAttachments(message, now, attachments);
      return commits ? commits.run(write) : write();
    },
    async addFromQueue(keptId, message, now, attachments = []) {
      const write = () => addFromQueue(keptId, message, now, attachments);
      return commits ? commits.run(write) : write();
    },
    /** The files kept with a mail, in the order it carried them. */
    async attachments(outboxId) {
      return attachmentInfos.all(outboxId) as OutboxAttachmentInfo[];
    },
    /** One kept file, with its content; undefined when there is none at that position. */
    async attachment(outboxId, position) {
      return (attachmentAt.get(outboxId, position) as MailAttachment | undefined) ?? null;
    },
    /** Newest first. */
    async list(limit) {
      return list.all(limit) as OutboxMessage[];
    },
    /** Blanks a spent link's token in the mail that carried it. */
    async redactSignInToken(token) {
      return redact(withToken.all(`${SIGN_IN_LINK_MARK}${token}`) as Array<{ id: number; body: string }>);
    },
    /** Blanks the tokens of links mailed before `issuedBefore` (ISO time): expired, or delivered long since. */
    async redactLinksIssuedBefore(issuedBefore) {
      return redact(withLinkMark.all(issuedBefore, ...LINK_MARKS) as Array<{ id: number; body: string }>);
    },
    /** Deletes every message recorded before `before` (ISO time). */
    async purgeBefore(before) {
      return purge.run(before).changes;
    },
  };
}

export type OutboxRepository = OutboxStore;
