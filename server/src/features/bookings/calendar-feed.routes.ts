// Her private calendar feed: a calendar app subscribes to /api/calendar/<secret>.ics and shows her
// confirmed bookings. The secret is 32 random bytes, shown to her once when she makes the feed and kept only as its
// SHA-256 (settings), so the database never holds a working link; making a new one or revoking it stops the old one.
// A wrong or revoked secret is a 404, whatever it looks like. The admin's part (status, make, revoke) sits under
// /api/admin with the admin guard (admin.ts); the feed itself has no session: the secret is the key.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, emptyBodySchema, z } from '@studio/shared/schemas';
import type { AppOptions } from '../../platform/config';
import { HttpError } from '../../platform/http/errors';
import type { BookingsStore } from './bookings-store';
import type { SettingsStore } from '../settings';
import { confirmedBookingsCalendar } from './calendar-invite';
import { organizerAddressOf, type SiteIdentityReader } from '../content';
import { refusals } from '../../platform/http/refusals';
import { sha256Hex } from '../../platform/hash';

export const FEED_NOT_FOUND = 'Not found';

const hashOf = (secret: string) => sha256Hex(secret);
const feedUrlOf = (origin: string, secret: string) => `${origin}/api/calendar/${secret}.ics`;

export const calendarFeedStatusSchema = z.strictObject({
  active: z.boolean(),
  /** Only in the answer that made the feed: the one time its address is shown. */
  url: z.string().optional(),
});

export interface CalendarFeedOptions {
  options: AppOptions;
  settings: SettingsStore;
  bookings: BookingsStore;
}

/** The admin's part, registered in the admin scope. */
export const adminCalendarFeedRoutes: FastifyPluginAsyncZod<CalendarFeedOptions> = async (
  app,
  { options, settings },
) => {
  const answer = { 200: calendarFeedStatusSchema, ...refusals };
  app.get('/calendar-feed', { schema: { response: answer } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { active: (await settings.calendarFeedHash()) !== null };
  });
  app.post('/calendar-feed', { schema: { body: emptyBodySchema, response: answer } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const secret = randomBytes(32).toString('base64url');
    await settings.setCalendarFeedHash(hashOf(secret));
    // Her feed is hers: its address names her origin, whose routes her calendar app reads like any other client.
    return { active: true, url: feedUrlOf(options.adminOrigin, secret) };
  });
  app.delete('/calendar-feed', { schema: { response: answer } }, async () => {
    await settings.setCalendarFeedHash(null);
    return { active: false };
  });
};

/** The feed itself: its organizer is her name and public e-mail (Site details), as in the clients' invites. */
export const calendarFeedRoutes: FastifyPluginAsyncZod<CalendarFeedOptions & { identity: SiteIdentityReader }> = async (
  app,
  { options, settings, bookings, identity },
) => {
  app.get(
    '/api/calendar/:file',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        params: z.strictObject({ file: z.string().max(100) }),
        // The body is the calendar file itself, sent as bytes (not serialised as JSON).
        response: { 200: z.any(), 404: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const secret = /^([A-Za-z0-9_-]{43})\.ics$/.exec(request.params.file)?.[1];
      const stored = await settings.calendarFeedHash();
      const given = secret ? Buffer.from(hashOf(secret), 'hex') : undefined;
      if (!given || !stored || !timingSafeEqual(given, Buffer.from(stored, 'hex'))) {
        throw new HttpError(404, FEED_NOT_FOUND);
      }
      const [confirmed, me] = await Promise.all([bookings.confirmedBookings(), identity.current()]);
      const ics = confirmedBookingsCalendar(confirmed, {
        timeZone: options.timeZone,
        modelName: me.name,
        organizerEmail: organizerAddressOf(me, options.mailFrom),
        publicOrigin: options.publicOrigin,
        now: options.now(),
      });
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, no-store')
        .header('X-Robots-Tag', 'noindex')
        .send(Buffer.from(ics, 'utf8'));
    },
  );
};
