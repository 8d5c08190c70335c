// What every area's routes share and what the site answers apart from any entity: an `:id`, an empty body, the id of
// what a create made, the health answer and the runtime config the shell starts from.
import { z } from './zod';
import { LIMITS } from '../domain/constants';
import type { RuntimeConfig } from '../domain/runtime-config-types';
import { isoDate } from './text-rules';

/** The `:id` of a route that reads, changes or deletes one thing. */
export const idParamsSchema = z.strictObject({ id: z.string().min(1).max(LIMITS.id) });

/** A request that carries nothing (asking for options): an empty object, so a stray field is still refused. */
export const emptyBodySchema = z.strictObject({});

/** The health answer. */
export const healthSchema = z.strictObject({
  ok: z.literal(true),
  /** The release ("1.0.0+d859e24": package.json's version and the commit). */
  version: z.string(),
  /** ok; degraded while mail the SMTP server refused waits to be sent again; outbox when kept locally on purpose. */
  mail: z.enum(['ok', 'degraded', 'outbox']),
  /**
   * The background jobs whose last pass failed (their names: 'reminders', 'daily backup', ...); they are tried again with a
   * backoff, so the site still answers, but the operator should look at the log. Empty when every job is well.
   */
  failingJobs: z.array(z.string()),
});

/** The answer to a create that only needs to name what it made. */
export const createdIdSchema = z.strictObject({ id: z.string() });

export const runtimeConfigSchema = z.strictObject({
  remotes: z.strictObject({ 'public-site': z.string(), 'admin-app': z.string() }),
  integrity: z.record(z.string(), z.string()).optional(),
  modelName: z.string(),
  origins: z.strictObject({ public: z.string(), admin: z.string() }).optional(),
  studio: z
    .strictObject({ timeZone: z.string(), today: isoDate, firstWeekday: z.number().int().min(0).max(6) })
    .optional(),
  firebase: z
    .strictObject({
      webConfig: z.strictObject({
        apiKey: z.string(),
        authDomain: z.string(),
        projectId: z.string(),
        appId: z.string().optional(),
      }),
      authEmulatorUrl: z.string().optional(),
    })
    .optional(),
}) satisfies z.ZodType<RuntimeConfig>;
