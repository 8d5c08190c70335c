// The local outbox: every mail and SMS the server sends is recorded here when no SMTP server or Twilio account is
// configured, so sign-in and notifications work on a fresh machine (GET /api/dev/outbox outside production).
import type { outboxMessageSchema, z } from '@studio/shared/schemas';
import type { Db } from '../db/database';

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export function createOutboxRepository(db: Db) {
  const insert = db.prepare(
    'INSERT INTO outbox (channel, recipient, subject, body, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const list = db.prepare(
    'SELECT id, channel, recipient, subject, body, created_at AS createdAt FROM outbox ORDER BY id DESC LIMIT ?',
  );
  return {
    add(message: Omit<OutboxMessage, 'id' | 'createdAt'>, now = new Date().toISOString()): number {
      return Number(insert.run(message.channel, message.recipient, message.subject, message.body, now).lastInsertRowid);
    },
    /** Newest first. */
    list(limit = 100): OutboxMessage[] {
      return list.all(limit) as OutboxMessage[];
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
