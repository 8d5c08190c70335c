// GET /api/admin/events: the admin's live updates as server-sent events (docs/architecture.md: admin-only, closed when
// the session ends). On connect it sends the `availability` snapshot; then a `booking` event for each request created
// or changed, carrying that request (not the list, which the dashboard reads a page at a time), and a fresh
// `availability` snapshot after each availability change.
//
// Why a change is broadcast this way: each accepted booking used to re-read the whole list and write it to every
// open stream, inside the POST (246-413 ms per POST with one stream open at 11.7k requests; 6.1 s with 40), and a
// stream that stopped reading kept everything written to it. Now a change is read and serialised once, after the
// request that made it, for every stream; a stream that falls MAX_STREAM_BUFFER_BYTES behind is dropped (its client
// reconnects and reads the list again); and a session may hold at most MAX_STREAMS_PER_SESSION streams.
//
// Where a stream cannot stay open (behind Firebase Hosting), the same events come by long poll: admin-poll.ts,
// registered here beside the stream.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAvailabilitySchema, z } from '@studio/shared/schemas';
import type { Change, ChangeBus } from '../../platform/change-bus';
import type { SessionStore } from '../auth';
import type { AvailabilityStore } from '../availability';
import { HttpError } from '../../platform/http/errors';
import { NOT_SIGNED_IN } from '../auth';
import { refusals } from '../../platform/http/refusals';
import type { JobRunner } from '../../platform/jobs';
import { streamTicks } from './stream-ticks';
import adminPollRoutes from './admin-poll';
import { encodeEvent, liveEventOf, TOO_MANY_STREAMS, type LiveEvent } from './live-events';

export { TOO_MANY_STREAMS };

/** What EventSource waits before reconnecting after the stream ends. */
const RECONNECT_MS = 3_000;
/**
 * Bytes a stream may have waiting for its client before it is dropped: some hundred booking events, far more than a
 * reading client ever has waiting, and a bound on what one that stopped reading can hold.
 */
export const MAX_STREAM_BUFFER_BYTES = 256 * 1024;
/** Streams one session may hold open at once: a dashboard uses one per tab. */
export const MAX_STREAMS_PER_SESSION = 4;

export interface AdminEventsOptions {
  sessions: SessionStore;
  bus: ChangeBus;
  availability: AvailabilityStore;
  /** The server's runner: one job of it keeps every open stream's heartbeat and session re-check (stream-ticks.ts). */
  jobs: JobRunner;
}

interface Stream {
  idHash: string;
  /** Writes a frame, or drops the stream when its client has fallen too far behind. */
  send(frame: string): void;
  close(): void;
}

const adminEventsRoutes: FastifyPluginAsyncZod<AdminEventsOptions> = async (
  app,
  { sessions, bus, availability, jobs },
) => {
  const streams = new Set<Stream>();
  const ticks = streamTicks(jobs);

  await app.register(adminPollRoutes, { sessions, bus, availability });

  /** One SSE frame, its data serialised by the same schema the REST answer uses; undefined when it does not fit. */
  const frame = (event: LiveEvent | undefined): string | undefined =>
    event && `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;

  /** The availability as the dashboard shows it, read now; undefined (logged) when it cannot be read. */
  const availabilityFrame = async (): Promise<string | undefined> => {
    try {
      return frame(encodeEvent(app.log, 'availability', adminAvailabilitySchema, await availability.getAdmin()));
    } catch (error) {
      app.log.error({ err: error }, 'live availability could not be read');
      return undefined;
    }
  };

  const broadcast = (text: string | undefined) => {
    if (text === undefined) return;
    for (const stream of [...streams]) stream.send(text);
  };

  // Availability changes that come together (a batch of deletes) are read once, for the last of them.
  let availabilityQueued = false;
  const unsubscribe = bus.subscribe((change: Change) => {
    if (streams.size === 0) return;
    if (change.topic === 'availability') {
      if (availabilityQueued) return;
      availabilityQueued = true;
      setImmediate(() => {
        availabilityQueued = false;
        if (streams.size > 0) void availabilityFrame().then(broadcast);
      });
      return;
    }
    // The dashboard shows no content it would need told about: the Content tab re-reads what it saved.
    if (change.topic === 'content') return;
    // Off the request that announced it (its transaction has committed and its answer goes out first).
    setImmediate(() => {
      const event = liveEventOf(app.log, change);
      if (event !== 'availability') broadcast(frame(event));
    });
  });

  // Open streams would hold app.close() until the clients give up; end them first.
  app.addHook('preClose', async () => {
    unsubscribe();
    for (const stream of [...streams]) stream.close();
  });

  app.get(
    '/events',
    // The 200 is the event stream, written to the socket after hijack(); refusals use the error schema.
    { schema: { response: { 200: z.string(), ...refusals } } },
    (request, reply) => {
      // The admin guard ran before this handler and set the session.
      const session = request.studioSession;
      if (!session) throw new HttpError(401, NOT_SIGNED_IN);
      const idHash = session.idHash;
      const held = [...streams].filter((s) => s.idHash === idHash).length;
      if (held >= MAX_STREAMS_PER_SESSION) throw new HttpError(429, TOO_MANY_STREAMS);

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

      const cleanups: Array<() => void> = [];
      let closed = false;
      // Frames announced while the snapshot is being read wait for it: the snapshot is always the first event.
      let pending: string[] | undefined = [];
      const finish = (how: 'end' | 'drop') => {
        if (closed) return;
        closed = true;
        cleanups.forEach((c) => c());
        streams.delete(stream);
        // A dropped stream's buffer is let go of at once; a normal end lets what is written reach the client.
        if (how === 'drop') res.destroy();
        else res.end();
      };
      const stream: Stream = {
        idHash,
        send(text) {
          if (closed) return;
          if (pending) {
            pending.push(text);
            return;
          }
          if (res.writableLength > MAX_STREAM_BUFFER_BYTES) {
            request.log.warn({ buffered: res.writableLength }, 'live stream dropped: its client stopped reading');
            finish('drop');
            return;
          }
          res.write(text);
        },
        close: () => finish('end'),
      };
      streams.add(stream);

      res.write(`retry: ${RECONNECT_MS}\n\n`);
      void availabilityFrame().then((snapshot) => {
        const waiting = pending ?? [];
        pending = undefined;
        if (snapshot === undefined) {
          stream.close();
          return;
        }
        for (const text of [snapshot, ...waiting]) stream.send(text);
      });

      cleanups.push(sessions.onRevoked((revoked) => revoked === idHash && stream.close()));
      cleanups.push(
        ticks.add({
          heartbeat: () => stream.send(': heartbeat\n\n'),
          recheck: () => {
            sessions.peek(idHash).then(
              (current) => {
                if (!current?.user.isAdmin) stream.close();
              },
              (error: unknown) => {
                // An answer after the stream ended (the server closing) says nothing about the stream.
                if (closed) return;
                // Its session cannot be confirmed: the stream ends, and the client's reconnect meets the admin guard.
                request.log.warn({ err: error }, 'live stream closed: its session could not be checked');
                stream.close();
              },
            );
          },
        }),
      );
      request.raw.on('close', () => finish('drop'));
    },
  );
};

export default adminEventsRoutes;
