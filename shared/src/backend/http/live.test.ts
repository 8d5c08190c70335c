// How the dashboard picks its live channel: the event stream where it can stay open (the embedded home), the long
// poll on the Firebase home (its runtime configuration says so), and the long poll too once a stream brings nothing
// within FIRST_EVENT_MS of being asked for (something on the way holds it back). The stream and the server are
// stand-ins here; the poll itself is live-poll.test.ts, and both against the real servers are
// server/test/admin-events*.test.ts and firebase/test/emulator/live-updates-through-hosting.test.ts.
import type { AdminAvailability } from '../../domain/availability-types';
import type { BookingChange } from '../../domain/booking-types';
import { createHttpBackend } from '.';
import { FIRST_EVENT_MS, pollsLiveUpdates, resetLiveChannels } from './live';

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private listeners = new Map<string, Array<(e: { data?: string }) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(name: string, listener: (e: { data?: string }) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string, data?: unknown) {
    if (name === 'open') this.readyState = FakeEventSource.OPEN;
    for (const l of this.listeners.get(name) ?? []) l({ data: JSON.stringify(data) });
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const SNAPSHOT = { periods: [], unavailable: [], slots: [], weekly: [] };
const polled: string[] = [];
/** The poll route's stand-in: a resync with the snapshot, then held until the channel closes. */
const pollFetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  polled.push(String(input));
  if (polled.length === 1) {
    const body = { cursor: 'i.0', resync: true, events: [{ event: 'availability', data: SNAPSHOT }] };
    return { status: 200, ok: true, json: async () => body } as Response;
  }
  return new Promise<Response>((_resolve, reject) =>
    init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
  );
});

const page = globalThis as unknown as { EventSource?: unknown; fetch: typeof fetch };
const originals = { EventSource: page.EventSource, fetch: page.fetch };

beforeEach(() => {
  jest.useFakeTimers();
  FakeEventSource.made = [];
  polled.length = 0;
  page.EventSource = FakeEventSource;
  page.fetch = pollFetch as unknown as typeof fetch;
});

afterEach(() => {
  resetLiveChannels();
  document.getElementById('studio-config')?.remove();
  page.EventSource = originals.EventSource;
  page.fetch = originals.fetch;
  jest.useRealTimers();
});

/** The bookings and the availability of a dashboard, subscribed through the http adapter; answers what they heard. */
async function dashboard() {
  const backend = createHttpBackend({ baseUrl: '' });
  const heard: string[] = [];
  const onError = (e: Error) => heard.push(`error ${e.message}`);
  backend.bookings.subscribe((change: BookingChange) => heard.push(`bookings ${change.type}`), onError);
  backend.availability.subscribe((a: AdminAvailability) => heard.push(`availability ${a.slots.length}`), onError);
  // The live module is a lazy chunk: let it load.
  await jest.advanceTimersByTimeAsync(0);
  return heard;
}

test('on the Firebase home (its runtime configuration carries Firebase’s settings) it polls and opens no stream', async () => {
  const config = document.createElement('script');
  config.id = 'studio-config';
  config.type = 'application/json';
  config.textContent = JSON.stringify({ firebase: { webConfig: { apiKey: 'k', authDomain: 'd', projectId: 'p' } } });
  document.head.append(config);
  expect(pollsLiveUpdates()).toBe(true);

  const heard = await dashboard();
  expect(FakeEventSource.made).toHaveLength(0);
  expect(polled[0]).toBe('/api/admin/events/poll?wait=25');
  expect(heard).toEqual(['bookings resync', 'availability 0']);
});

test('on the embedded home a stream that brings its snapshot stays the channel', async () => {
  expect(pollsLiveUpdates()).toBe(false);
  const heard = await dashboard();
  const [source] = FakeEventSource.made;
  expect(source?.url).toBe('/api/admin/events');
  source?.emit('open');
  source?.emit('availability', SNAPSHOT);
  await jest.advanceTimersByTimeAsync(FIRST_EVENT_MS * 3);
  source?.emit('booking', { type: 'created', booking: {} });
  expect(polled).toEqual([]);
  expect(source?.readyState).toBe(FakeEventSource.OPEN);
  expect(heard).toEqual(['bookings resync', 'availability 0', 'bookings created']);
});

test('a stream that brings nothing within FIRST_EVENT_MS is closed and the page polls from then on', async () => {
  const heard = await dashboard();
  const [source] = FakeEventSource.made;
  // Held back on the way: not even the headers come through.
  await jest.advanceTimersByTimeAsync(FIRST_EVENT_MS - 1);
  expect(polled).toEqual([]);
  await jest.advanceTimersByTimeAsync(1);
  expect(source?.readyState).toBe(FakeEventSource.CLOSED);
  expect(polled[0]).toBe('/api/admin/events/poll?wait=25');
  // The poll's resync tells the bookings to read their list again, as a stream's open would.
  expect(heard).toEqual(['bookings resync', 'availability 0']);
  expect(pollsLiveUpdates()).toBe(true);
});

test('a stream refused or broken on the way (the server restarting) reconnects as a stream, each try given its time', async () => {
  await dashboard();
  const [source] = FakeEventSource.made;
  for (let i = 0; i < 4; i++) {
    await jest.advanceTimersByTimeAsync(FIRST_EVENT_MS - 1_000);
    // EventSource is trying again by itself (CONNECTING), not refused.
    source?.emit('error');
  }
  expect(polled).toEqual([]);
  source?.emit('open');
  source?.emit('availability', SNAPSHOT);
  await jest.advanceTimersByTimeAsync(FIRST_EVENT_MS * 2);
  expect(polled).toEqual([]);
  expect(FakeEventSource.made).toHaveLength(1);
});
