// Her dashboard's switches and banners: the SMS switch, whether mail reaches anyone, whether the data folder's disk
// has room, and the local outbox that keeps mail and texts outside production.
import { z } from './zod';
import type { MailStatus, SmsStatus, StorageStatus } from '../domain/settings-types';

export const settingsUpdateSchema = z.strictObject({ smsEnabled: z.boolean().nullable() });

export const mailStatusSchema = z.strictObject({
  state: z.enum(['ok', 'degraded', 'outbox']),
  waiting: z.number().int().min(0),
  givenUp: z.number().int().min(0),
  lastError: z.string().nullable(),
}) satisfies z.ZodType<MailStatus>;

export const storageStatusSchema = z.strictObject({
  state: z.enum(['ok', 'low', 'full']),
}) satisfies z.ZodType<StorageStatus>;

export const smsStatusSchema = z.strictObject({
  enabled: z.boolean(),
  source: z.enum(['env', 'admin', 'default']),
  adminValue: z.boolean().nullable(),
}) satisfies z.ZodType<SmsStatus>;

/** A mail or SMS kept in the local outbox (docs/architecture.md: read at GET /api/dev/outbox outside production). */
export const outboxMessageSchema = z.strictObject({
  id: z.number().int(),
  channel: z.enum(['mail', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
