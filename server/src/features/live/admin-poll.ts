// GET /api/admin/events/poll: the admin's live updates as a long poll, for where a stream cannot stay open (the
// Firebase home: Hosting ends every request at 60 s and hands a streamed answer on only once it has ended, so the
// event stream never reaches her; docs/decisions/011-long-poll-for-live-updates-behind-hosting.md).
//
// The client asks for what came after its cursor. The answer is at once when something did; otherwise the request is
// held until a change comes or `wait` seconds pass (at most POLL_WAIT_MAX_S, well inside Hosting's 60 s), and the
// client asks again with the cursor it got. Without a cursor (at once), or with one this journal no longer covers (too
// old, another instance's, from before a restart: held like any poll), the answer is a resync: the availability
// snapshot and `resync: true`, on which the dashboard reads its bookings list again, as it does when the event stream
// (re)opens. The cursor is
// taken before anything is read, so a change made while the client reads its list comes in its next answer; none
// falls between two polls. The events are the stream's own (live-events.ts): `booking`, `contract`, `payment`, and
// `availability` as a fresh snapshot once per answer however many availability changes it covers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAvailabilitySchema, z } from '@studio/shared/schemas';
import type { Change, ChangeBus } from '../../platform/change-bus';
import type { SessionStore } from '../auth';
import type { AvailabilityStore } from '../availability';
import { HttpError } from '../../platform/http/errors';
import { NOT_SIGNED_IN } from '../auth';
import { refusals } from '../../platform/http/refusals';
import { createChangeJournal } from './change-journal';
import { encodeEvent, liveEventOf, TOO_MANY_STREAMS, type LiveEvent } from './live-events';

/** The longest a poll is held: Hosting's limit is 60 s, and a held request costs an instance's slot meanwhile. */
export const POLL_WAIT_MAX_S = 25;
/** Polls one session may have held at once: a dashboard holds one per tab (as it holds one stream). */
export const MAX_POLLS_PER_SESSION = 4;

const pollQuerySchema = z.strictObject({
  after: z.string().max(100).optional(),
  wait: z.coerce.number().int().min(0).max(POLL_WAIT_MAX_S).optional(),
});

export const pollAnswerSchema = z.strictObject({
  /** What to ask after next. */
  cursor: z.string(),
  /** The client must read its lists again: changes before this answer are not all told. */
  resync: z.boolean(),
  events: z.array(z.strictObject({ event: z.string(), data: z.unknown() })),
});

export interface AdminPollOptions {
  sessions: SessionStore;
  bus: ChangeBus;
  availability: AvailabilityStore;
}

const adminPollRoutes: FastifyPluginAsyncZod<AdminPollOptions> = async (app, { sessions, bus, availability }) => {
  // Only a reference to each change is kept; it is encoded when a poll asks for it.
  const journal = createChangeJournal<Change>();
  const unsubscribe = bus.subscribe((change) => {
    if (change.topic !== 'content') journal.record(change);
  });
  /** Held polls per session, and how to answer each at once (sign-out, the server closing). */
  const held = new Map<string, Set<() => void>>();
  let closing = false;
  const wakeAll = (idHash?: string) => {
    for (const [session, wakes] of held) if (idHash === undefined || session === idHash) wakes.forEach((w) => w());
  };
  const stopRevoked = sessions.onRevoked((idHash) => wakeAll(idHash));
  app.addHook('preClose', async () => {
    closing = true;
    unsubscribe();
    stopRevoked();
    wakeAll();
  });

  const availabilityEvent = async (): Promise<LiveEvent | undefined> =>
    encodeEvent(app.log, 'availability', adminAvailabilitySchema, await availability.getAdmin());

  app.get(
    '/events/poll',
    { schema: { querystring: pollQuerySchema, response: { 200: pollAnswerSchema, ...refusals } } },
    async (request, reply) => {
      // The admin guard ran before this handler and set the session.
      const session = request.studioSession;
      if (!session) throw new HttpError(401, NOT_SIGNED_IN);
      const { idHash } = session;
      const waitMs = (request.query.wait ?? POLL_WAIT_MAX_S) * 1000;
      const asked = request.query.after;
      let read = journal.after(asked);
      // A cursor this journal does not cover is held too, from now, and then answered with a resync: answered at
      // once, a client whose polls alternate between two instances would ask again and again without pause.
      const holdFrom = read ? read.cursor : asked !== undefined ? journal.current() : undefined;

      if (holdFrom !== undefined && (read?.items.length ?? 0) === 0 && waitMs > 0 && !closing) {
        const mine = held.get(idHash) ?? new Set();
        if (mine.size >= MAX_POLLS_PER_SESSION) throw new HttpError(429, TOO_MANY_STREAMS);
        held.set(idHash, mine);
        let wake = () => {};
        const woken = new Promise<void>((resolve) => (wake = resolve));
        mine.add(wake);
        // The client went away (a proxy cut the request, the tab closed): nobody is left to answer.
        const gone = () => wake();
        reply.raw.on('close', gone);
        try {
          await journal.wait(holdFrom, waitMs, woken);
        } finally {
          reply.raw.off('close', gone);
          mine.delete(wake);
          if (mine.size === 0) held.delete(idHash);
        }
        // Held for up to POLL_WAIT_MAX_S: the session may have ended meanwhile (signed out, expired).
        const current = await sessions.peek(idHash);
        if (!current?.user.isAdmin) throw new HttpError(401, NOT_SIGNED_IN);
        if (read) read = journal.after(read.cursor);
      }

      if (!read) {
        const cursor = journal.current();
        const snapshot = await availabilityEvent();
        return { cursor, resync: true, events: snapshot ? [snapshot] : [] };
      }
      const events: LiveEvent[] = [];
      let availabilityChanged = false;
      for (const change of read.items) {
        const event = liveEventOf(app.log, change);
        if (event === 'availability') availabilityChanged = true;
        else if (event) events.push(event);
      }
      const snapshot = availabilityChanged ? await availabilityEvent() : undefined;
      return { cursor: read.cursor, resync: false, events: snapshot ? [...events, snapshot] : events };
    },
  );
};

export default adminPollRoutes;
