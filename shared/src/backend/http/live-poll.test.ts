// The dashboard's long poll as the Firebase home drives it, against a scripted server: it opens with a resync, asks
// after each answer's cursor, asks again with the same cursor after a poll cut on the way (so nothing is missed), waits
// longer while failures go on, and stops at a refusal or when closed.
import { ENDED, MAX_RETRY_MS, openPollChannel, POLL_WAIT_S, RETRY_MS, type ChannelHandlers } from './live-poll';

type Reply = { status: number; body?: unknown } | 'cut';

/** A server that answers each poll with the next scripted reply, and holds the poll after the last one. */
function scriptedServer(replies: Reply[]) {
  const asked: URL[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push(new URL(String(input), 'http://admin.test'));
    const reply = replies.shift();
    if (reply === undefined) {
      // Held until the client closes the channel.
      return new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    }
    if (reply === 'cut') throw new TypeError('fetch failed');
    // The parts of a Response the channel reads (the page's realm has no Response of its own).
    const body = reply.body ?? { message: 'refused' };
    return { status: reply.status, ok: reply.status < 300, json: async () => body } as Response;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, asked, replies };
}

function recorder() {
  const seen: string[] = [];
  const errors: Array<{ code: string; message: string }> = [];
  const handlers: ChannelHandlers = {
    open: () => seen.push('open'),
    event: (name, data) => seen.push(`${name} ${data}`),
    ended: (error) => errors.push({ code: error.code, message: error.message }),
  };
  return { seen, errors, handlers };
}

const flush = async (until: () => boolean) => {
  for (let i = 0; i < 100 && !until(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

const resync = (cursor: string) => ({
  status: 200,
  body: { cursor, resync: true, events: [{ event: 'availability', data: { slots: [] } }] },
});
const booking = (cursor: string, id: string) => ({
  status: 200,
  body: { cursor, resync: false, events: [{ event: 'booking', data: { type: 'created', booking: { id } } }] },
});

test('opens with a resync, then asks after each cursor it is given, and delivers each event as JSON text', async () => {
  const server = scriptedServer([
    resync('i.0'),
    booking('i.1', 'b1'),
    { status: 200, body: { cursor: 'i.1', resync: false, events: [] } },
  ]);
  const { seen, handlers } = recorder();
  const channel = openPollChannel('/api/admin/events/poll', handlers, { fetch: server.fetch });
  await flush(() => server.asked.length === 4);
  channel.close();

  expect(seen).toEqual(['open', 'availability {"slots":[]}', 'booking {"type":"created","booking":{"id":"b1"}}']);
  expect(server.asked.map((u) => [u.pathname, u.searchParams.get('after'), u.searchParams.get('wait')])).toEqual([
    ['/api/admin/events/poll', null, String(POLL_WAIT_S)],
    ['/api/admin/events/poll', 'i.0', String(POLL_WAIT_S)],
    ['/api/admin/events/poll', 'i.1', String(POLL_WAIT_S)],
    ['/api/admin/events/poll', 'i.1', String(POLL_WAIT_S)],
  ]);
  expect(channel.isOpen()).toBe(false);
});

test('a poll cut on the way (by a proxy, or a gateway’s 504) is asked again with the same cursor, pausing longer each time', async () => {
  const server = scriptedServer([resync('i.0'), 'cut', { status: 504 }, 'cut', booking('i.1', 'b1')]);
  const { seen, handlers } = recorder();
  const pauses: number[] = [];
  const channel = openPollChannel('/api/admin/events/poll', handlers, {
    fetch: server.fetch,
    sleep: async (ms) => void pauses.push(ms),
  });
  await flush(() => server.asked.length === 6);
  channel.close();

  expect(server.asked.slice(1).map((u) => u.searchParams.get('after'))).toEqual(['i.0', 'i.0', 'i.0', 'i.0', 'i.1']);
  expect(pauses).toEqual([RETRY_MS, RETRY_MS * 2, RETRY_MS * 4]);
  // The cut lost nothing the journal kept, so no resync: one open, and the booking made meanwhile.
  expect(seen).toEqual(['open', 'availability {"slots":[]}', 'booking {"type":"created","booking":{"id":"b1"}}']);
});

test('the pause after failures stops growing at MAX_RETRY_MS, and starts over after an answer', async () => {
  const server = scriptedServer([...Array.from({ length: 8 }, () => 'cut' as const), resync('i.0'), 'cut']);
  const pauses: number[] = [];
  const channel = openPollChannel('/api/admin/events/poll', recorder().handlers, {
    fetch: server.fetch,
    sleep: async (ms) => void pauses.push(ms),
  });
  await flush(() => server.asked.length === 11);
  channel.close();
  expect(Math.max(...pauses)).toBe(MAX_RETRY_MS);
  expect(pauses.at(-1)).toBe(RETRY_MS);
});

test('a resync after the server lost the cursor (another instance, a restart) tells open again', async () => {
  const server = scriptedServer([resync('a.0'), resync('b.0')]);
  const { seen, handlers } = recorder();
  const channel = openPollChannel('/api/admin/events/poll', handlers, { fetch: server.fetch });
  await flush(() => server.asked.length === 3);
  channel.close();
  expect(seen.filter((s) => s === 'open')).toHaveLength(2);
  expect(server.asked[2]?.searchParams.get('after')).toBe('b.0');
});

test.each([401, 403, 429])(
  'a %i ends the channel with the stream’s message, and nothing more is asked',
  async (status) => {
    const server = scriptedServer([resync('i.0'), { status }]);
    const { errors, handlers } = recorder();
    const channel = openPollChannel('/api/admin/events/poll', handlers, { fetch: server.fetch });
    await flush(() => errors.length === 1);
    await flush(() => false);
    expect(errors).toEqual([{ code: 'unauthenticated', message: ENDED }]);
    expect(server.asked).toHaveLength(2);
    expect(channel.isOpen()).toBe(false);
  },
);

test('closing the channel aborts the held poll and delivers nothing after', async () => {
  const server = scriptedServer([resync('i.0')]);
  const { seen, handlers } = recorder();
  const channel = openPollChannel('/api/admin/events/poll', handlers, { fetch: server.fetch });
  await flush(() => server.asked.length === 2);
  expect(channel.isOpen()).toBe(true);
  channel.close();
  server.replies.push(booking('i.1', 'late'));
  await flush(() => false);
  expect(server.asked).toHaveLength(2);
  expect(seen).toEqual(['open', 'availability {"slots":[]}']);
});
