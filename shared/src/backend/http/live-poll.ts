// The admin's live updates by long poll (GET /api/admin/events/poll, server/src/features/live/admin-poll.ts), for
// where an event stream cannot stay open: behind Firebase Hosting, which ends every request at 60 s and hands a
// streamed answer on only once it has ended (docs/decisions/011-long-poll-for-live-updates-behind-hosting.md).
//
// One request at a time: it asks for what came after the cursor, the server answers at once or within POLL_WAIT_S,
// and the next request goes out with the cursor it answered. The first answer, and any after the server lost track of
// the cursor, is a resync: `open` is told, as when a stream (re)opens, and the bookings are read again. A request that
// fails on the way (cut by a proxy, the network gone, the server restarting) is asked again with the same cursor,
// after a pause that grows while the failures go on; a refusal (signed out, too many tabs) ends the channel, as the
// server's refusal ends an EventSource.
import { BackendError } from '../port';

/** What the poll answers (server/src/features/live/admin-poll.ts, pollAnswerSchema). */
interface PollAnswer {
  cursor: string;
  resync: boolean;
  events: Array<{ event: string; data: unknown }>;
}

export interface ChannelHandlers {
  /** The channel is live from now on: whatever changed before is not told (read the lists again). */
  open(): void;
  /** One event, its data as JSON text (as an EventSource gives it). */
  event(name: string, data: string): void;
  /** The server refused the channel: nothing more will come. */
  ended(error: BackendError): void;
}

export interface LiveChannel {
  /** Whether the channel is live (it has told `open` and not ended). */
  isOpen(): boolean;
  close(): void;
}

/** How long the server is asked to hold a poll: well inside Hosting's 60 s, and the server's most (25 s). */
export const POLL_WAIT_S = 25;
/** The pause after a failed poll; doubled for each further failure in a row, up to MAX_RETRY_MS. */
export const RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;

export const ENDED = 'Live updates stopped: please sign in again.';

export interface PollOptions {
  fetch?: typeof fetch;
  waitSeconds?: number;
  /** Waits `ms` (a test passes its own clock); answers early when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const realSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Polls `url` (the events route's `/poll`) until closed or refused. */
export function openPollChannel(url: string, handlers: ChannelHandlers, options: PollOptions = {}): LiveChannel {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const sleep = options.sleep ?? realSleep;
  const wait = options.waitSeconds ?? POLL_WAIT_S;
  const stop = new AbortController();
  let open = false;

  /** One poll: the answer, 'retry' when it failed on the way, or the refusal's status. */
  async function ask(cursor: string | undefined): Promise<PollAnswer | 'retry' | number> {
    const query = new URLSearchParams({ wait: String(wait), ...(cursor !== undefined && { after: cursor }) });
    try {
      const response = await doFetch(`${url}?${query}`, {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
        cache: 'no-store',
        signal: stop.signal,
      });
      // A gateway's timeout or the server's own trouble passes; a refusal of her request does not.
      if (response.status >= 400 && response.status < 500 && response.status !== 408) return response.status;
      if (!response.ok) return 'retry';
      const answer = (await response.json()) as PollAnswer;
      return typeof answer.cursor === 'string' && Array.isArray(answer.events) ? answer : 'retry';
    } catch {
      return 'retry';
    }
  }

  void (async () => {
    let cursor: string | undefined;
    let failures = 0;
    while (!stop.signal.aborted) {
      const answer = await ask(cursor);
      if (stop.signal.aborted) return;
      if (typeof answer === 'number') {
        open = false;
        handlers.ended(new BackendError('unauthenticated', ENDED, { status: answer }));
        return;
      }
      if (answer === 'retry') {
        failures += 1;
        await sleep(Math.min(RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS), stop.signal);
        continue;
      }
      failures = 0;
      cursor = answer.cursor;
      if (answer.resync || !open) {
        open = true;
        handlers.open();
      }
      for (const { event, data } of answer.events) {
        if (stop.signal.aborted) return;
        handlers.event(event, JSON.stringify(data));
      }
    }
  })();

  return {
    isOpen: () => open && !stop.signal.aborted,
    close: () => stop.abort(),
  };
}
