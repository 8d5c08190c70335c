// What a change on the bus becomes for the admin's live view, whichever way it reaches her: a server-sent event on the
// stream (admin-events.routes.ts) or an item of a long-poll answer (admin-poll.ts). Both carry the same event names
// and the same data, serialised by the schema the REST answer uses, so the dashboard reads them alike.
import type { FastifyBaseLogger } from 'fastify';
import { bookingChangeEventSchema, z } from '@studio/shared/schemas';
import { contractRecordSchema } from '@studio/shared/schemas/contract';
import type { Change } from '../../platform/change-bus';

/** A payment or refund of a booking was recorded: its id, for the dashboard to read its payments again. */
const paymentChangeEventSchema = z.strictObject({ bookingId: z.string() });

/** A session holds as many live connections as it may (streams or held polls, each counted on its own). */
export const TOO_MANY_STREAMS =
  'Too many live connections are open for this session. Close another dashboard tab, then reload this one.';

export interface LiveEvent {
  event: string;
  /** The data as JSON sends it. */
  data: unknown;
}

/** One event, its data encoded by `schema`; undefined (logged) when it does not fit. */
export function encodeEvent<T extends z.ZodType>(
  log: FastifyBaseLogger,
  event: string,
  schema: T,
  value: z.output<T>,
): LiveEvent | undefined {
  const data = schema.safeEncode(value);
  if (!data.success) {
    log.error({ err: data.error, event }, 'live event does not match its schema');
    return undefined;
  }
  return { event, data: data.data };
}

/**
 * The event a change is told as: 'availability' when the view must read the availability again (a fresh snapshot,
 * read by whoever tells it), undefined when the dashboard has nothing to hear (content: the Content tab re-reads what
 * it saved), else the encoded event (undefined too when it does not fit its schema).
 */
export function liveEventOf(log: FastifyBaseLogger, change: Change): LiveEvent | 'availability' | undefined {
  switch (change.topic) {
    case 'availability':
      return 'availability';
    case 'contracts':
      return encodeEvent(log, 'contract', contractRecordSchema, change.contract);
    case 'payments':
      // A booking's payments changed (a deposit or balance paid, recorded or refunded): the dashboard reads them anew.
      return encodeEvent(log, 'payment', paymentChangeEventSchema, { bookingId: change.bookingId });
    case 'bookings':
      return encodeEvent(log, 'booking', bookingChangeEventSchema, { type: change.type, booking: change.booking });
    default:
      return undefined;
  }
}
