// GET /api/admin/events: the admin's live updates as server-sent events (docs/architecture.md: admin-only, closed when
// the session ends). On connect it sends a full `bookings` and `availability` snapshot, then a fresh snapshot of
// whatever changed, so a reconnecting dashboard can never hold a stale or partial list.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAvailabilitySchema, bookingRequestSchema, z } from '@studio/shared/schemas';
import type { ChangeBus, ChangeTopic } from '../lib/change-bus';
import type { SessionStore } from '../lib/sessions';
import type { BookingsRepository } from '../repositories/bookings-repository';
import type { AvailabilityRepository } from '../repositories/availability-repository';
import { HttpError } from '../plugins/errors';
import { NOT_SIGNED_IN } from '../plugins/require-admin';
import { refusals } from './refusals';

/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** How often the stream re-checks its session, so an expired session (not only a sign-out) ends it too. */
export const SESSION_RECHECK_MS = 1_000;
/** What EventSource waits before reconnecting after the stream ends. */
const RECONNECT_MS = 3_000;

export interface AdminEventsOptions {
  sessions: SessionStore;
  bus: ChangeBus;
  bookings: BookingsRepository;
  availability: AvailabilityRepository;
}

// Each event's data is the same snapshot the REST routes answer, serialised by the same schemas.
const snapshots = {
  bookings: z.array(bookingRequestSchema),
  availability: adminAvailabilitySchema,
} as const;

const adminEventsRoutes: FastifyPluginAsyncZod<AdminEventsOptions> = async (
  app,
  { sessions, bus, bookings, availability },
) => {
  const open = new Set<() => void>();
  // Open streams would hold app.close() until the clients give up; end them first.
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });

  app.get(
    '/events',
    // The 200 is the event stream, written to the socket after hijack(); the guard's refusals use the error schema.
    { schema: { response: { 200: z.string(), ...refusals } } },
    (request, reply) => {
      // The admin guard ran before this handler and set the session.
      const session = request.studioSession;
      if (!session) throw new HttpError(401, NOT_SIGNED_IN);
      const idHash = session.idHash;

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Content-Type-Options': 'nosniff',
        // Tells a buffering reverse proxy (nginx) to pass each event on at once.
        'X-Accel-Buffering': 'no',
      });

      const send = (topic: ChangeTopic) => {
        const data =
          topic === 'bookings'
            ? snapshots.bookings.safeEncode(bookings.list())
            : snapshots.availability.safeEncode(availability.getAdmin());
        // Never thrown: send runs inside the bus, and a throw there would fail the write that announced the change.
        if (!data.success) {
          request.log.error({ err: data.error, topic }, 'live snapshot does not match its schema');
          close();
          return;
        }
        res.write(`event: ${topic}\ndata: ${JSON.stringify(data.data)}\n\n`);
      };

      let closed = false;
      const cleanups: Array<() => void> = [];
      const close = () => {
        if (closed) return;
        closed = true;
        cleanups.forEach((c) => c());
        open.delete(close);
        res.end();
      };
      open.add(close);

      res.write(`retry: ${RECONNECT_MS}\n\n`);
      send('bookings');
      send('availability');

      cleanups.push(bus.subscribe((topic) => send(topic)));
      cleanups.push(sessions.onRevoked((revoked) => revoked === idHash && close()));
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
      const recheck = setInterval(() => {
        if (!sessions.peek(idHash)?.user.isAdmin) close();
      }, SESSION_RECHECK_MS);
      cleanups.push(
        () => clearInterval(heartbeat),
        () => clearInterval(recheck),
      );
      request.raw.on('close', close);
    },
  );
};

export default adminEventsRoutes;
