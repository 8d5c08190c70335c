// The client actions' schemas: the admin's badge and list, and her digest setting. Only the dashboard and
// the server use them.
import { z } from './zod';
import {
  CLIENT_ACTION_KINDS,
  type ClientAction,
  type ClientActionSettings,
  type ClientActionsSummary,
} from '../domain/client-actions';

export const clientActionSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(CLIENT_ACTION_KINDS),
  bookingId: z.string().nullable(),
  clientName: z.string(),
  email: z.string(),
  phone: z.string(),
  service: z.string(),
  date: z.string(),
  detail: z.string(),
  at: z.string(),
  seenAt: z.string().nullable(),
}) satisfies z.ZodType<ClientAction>;

export const clientActionsSummarySchema = z.strictObject({
  unseen: z.number().int().min(0),
  recent: z.array(clientActionSchema),
}) satisfies z.ZodType<ClientActionsSummary>;

export const clientActionSettingsSchema = z.strictObject({
  dailyDigest: z.boolean(),
}) satisfies z.ZodType<ClientActionSettings>;

/** What marks actions seen: all of them, or one booking's (she opened its link). */
export const clientActionsSeenSchema = z.strictObject({
  bookingId: z.string().max(100).optional(),
});
