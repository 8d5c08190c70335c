// Admin live updates. One channel per URL, shared by every subscription in the page (the bookings and the
// availability of a dashboard are one connection, which the server counts against its per-session cap). The server
// sends the availability snapshot on connect and after every change; bookings come as single changes, and an
// (re)opened channel tells the bookings subscribers to read their list again.
//
// The channel is server-sent events (EventSource) where a stream can stay open, as on the embedded home, and a long
// poll (live-poll.ts) on the Firebase home, whose Hosting ends every request at 60 s and holds a streamed answer back
// until it has ended. The page knows it is on the Firebase home by the runtime configuration the server writes into it
// (its `firebase` sign-in settings come only there). Elsewhere a stream that, once asked for, brings nothing within
// FIRST_EVENT_MS (the server sends the availability snapshot at once) is taken to be held back by something on the
// way, and the page polls from then on.
import type { BookingContracts, ContractRecord, ContractStatus } from '../../domain/contract-records';
import type { BookingQuote, QuoteSettings } from '../../domain/quote';
import { BackendError, type ContractsPort, type QuotesPort, type Unsubscribe } from '../port';
import { ENDED, openPollChannel, type ChannelHandlers, type LiveChannel } from './live-poll';
import type { Requester } from './request';

/** How long a stream may bring nothing after it was asked for before the page polls instead. */
export const FIRST_EVENT_MS = 10_000;

interface Subscription {
  event: string;
  onData: (data: string) => void;
  onOpen?: () => void;
  onError: (error: BackendError) => void;
}

interface SharedChannel {
  channel: LiveChannel;
  subscriptions: Set<Subscription>;
  /** The latest data of each event name, for a subscriber that joins after it came (a snapshot it would miss). */
  latest: Map<string, string>;
  /** Listens to one more event name (a stream is told each name; a poll brings every event anyway). */
  listen(event: string): void;
}

const shared = new Map<string, SharedChannel>();
/** An entry's channel until its own is opened (which needs the entry's handlers). */
const NOT_YET: LiveChannel = { isOpen: () => false, close: () => {} };
/** Set once a stream was found held back: every channel of the page polls from then on. */
let pollFromNowOn = false;

/** Whether the page is on the Firebase home (its runtime configuration carries Firebase's sign-in settings). */
function onFirebaseHome(): boolean {
  if (typeof document === 'undefined') return false;
  try {
    const config = JSON.parse(document.getElementById('studio-config')?.textContent ?? '{}') as { firebase?: unknown };
    return config.firebase !== undefined;
  } catch {
    return false;
  }
}

/** Whether this page's live updates come by long poll rather than by event stream. */
export const pollsLiveUpdates = () => pollFromNowOn || onFirebaseHome() || typeof EventSource === 'undefined';

/** Forgets what the page learned (for tests: each starts from a fresh page). */
export function resetLiveChannels(): void {
  for (const entry of shared.values()) entry.channel.close();
  shared.clear();
  pollFromNowOn = false;
}

/**
 * The event stream, watched: each time it asks for a connection (at first, and after each break) the first event
 * must come within FIRST_EVENT_MS; when none does, `heldBack` is told (and the stream closed).
 */
function openStream(url: string, handlers: ChannelHandlers, heldBack: () => void) {
  const source = new EventSource(url, { withCredentials: true });
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      source.close();
      heldBack();
    }, FIRST_EVENT_MS);
  };
  const listening = new Set<string>();
  const listen = (event: string) => {
    if (listening.has(event)) return;
    listening.add(event);
    source.addEventListener(event, ((e: MessageEvent<string>) => {
      // The snapshot comes first on every connection: the stream is not held back.
      if (event === 'availability') clearTimeout(watchdog);
      handlers.event(event, e.data);
    }) as EventListener);
  };
  source.addEventListener('open', () => handlers.open());
  source.addEventListener('error', () => {
    // EventSource reconnects by itself while the connection is merely interrupted; CLOSED means the server refused.
    if (source.readyState !== EventSource.CLOSED) {
      // A refused or broken connection is not one held back: the next attempt gets its own FIRST_EVENT_MS.
      watch();
      return;
    }
    clearTimeout(watchdog);
    handlers.ended(new BackendError('unauthenticated', ENDED));
  });
  listen('availability');
  watch();
  const channel: LiveChannel = {
    isOpen: () => source.readyState === EventSource.OPEN,
    close: () => {
      clearTimeout(watchdog);
      source.close();
    },
  };
  return { channel, listen };
}

function open(url: string, fetch: typeof globalThis.fetch | undefined): SharedChannel {
  const existing = shared.get(url);
  if (existing) return existing;
  const handlers: ChannelHandlers = {
    open: () => {
      for (const s of [...entry.subscriptions]) s.onOpen?.();
    },
    event: (event, data) => {
      entry.latest.set(event, data);
      for (const s of [...entry.subscriptions]) if (s.event === event) s.onData(data);
    },
    ended: (error) => {
      if (shared.get(url) === entry) shared.delete(url);
      for (const s of [...entry.subscriptions]) s.onError(error);
      entry.subscriptions.clear();
    },
  };
  const poll = () => openPollChannel(`${url}/poll`, handlers, { fetch });
  const entry: SharedChannel = { channel: NOT_YET, subscriptions: new Set(), latest: new Map(), listen: () => {} };
  if (pollsLiveUpdates()) {
    entry.channel = poll();
  } else {
    const stream = openStream(url, handlers, () => {
      pollFromNowOn = true;
      entry.listen = () => {};
      entry.channel = poll();
    });
    entry.channel = stream.channel;
    entry.listen = stream.listen;
  }
  shared.set(url, entry);
  return entry;
}

export interface EventOptions {
  /** Called each time the connection opens (and at once when it already is): the channel is live from then on. */
  onOpen?: () => void;
  /** The event is a full snapshot: a subscriber that joins an open connection gets the latest one at once. */
  replayLatest?: boolean;
  /** What the long poll asks with (the adapter's own); the page's fetch when absent. */
  fetch?: typeof globalThis.fetch;
}

export function subscribeEvents<T>(
  url: string,
  event: string,
  onChange: (value: T) => void,
  onError: (error: BackendError) => void,
  options: EventOptions = {},
): Unsubscribe {
  const entry = open(url, options.fetch);
  entry.listen(event);
  const subscription: Subscription = {
    event,
    onData: (data) => {
      try {
        onChange(JSON.parse(data) as T);
      } catch {
        onError(new BackendError('internal', 'A live update could not be read.'));
      }
    },
    onOpen: options.onOpen,
    onError,
  };
  entry.subscriptions.add(subscription);
  if (entry.channel.isOpen()) {
    options.onOpen?.();
    const latest = options.replayLatest ? entry.latest.get(event) : undefined;
    if (latest !== undefined) subscription.onData(latest);
  }
  return () => {
    entry.subscriptions.delete(subscription);
    if (entry.subscriptions.size > 0 || shared.get(url) !== entry) return;
    shared.delete(url);
    entry.channel.close();
  };
}

const enc = encodeURIComponent;

/**
 * The admin's contract calls, in this lazy chunk (the dashboard loads it; no visitor's page does). Named
 * `contracts`, a name the first load already carries, and given only the requester, so the adapter's call to it
 * costs the first load the fewest bytes (it is at its budget). The PDF's link and the live stream are the page's
 * own origin, as the browser's adapter is (its baseUrl is '').
 */
export function contracts(request: Requester): ContractsPort {
  const api = '/api';
  return {
    states: () => request<Record<string, ContractStatus>>('GET', '/api/admin/contracts/states'),
    forBooking: (bookingId) => request<BookingContracts>('GET', `/api/admin/bookings/${enc(bookingId)}/contracts`),
    create: (bookingId, input) =>
      request<ContractRecord>('POST', `/api/admin/bookings/${enc(bookingId)}/contracts`, input),
    update: (id, input) => request<ContractRecord>('PUT', `/api/admin/contracts/${enc(id)}`, input),
    send: (id) => request<ContractRecord>('POST', `/api/admin/contracts/${enc(id)}/send`, {}),
    pdfUrl: (id) => `${api}/admin/contracts/${enc(id)}/pdf`,
    subscribe: (onChange, onError) =>
      subscribeEvents<ContractRecord>(`${api}/admin/events`, 'contract', onChange, onError),
  };
}

export function quotes(request: Requester): QuotesPort {
  return {
    forBooking: (bookingId) => request<BookingQuote>('GET', `/api/admin/bookings/${enc(bookingId)}/quote`),
    save: (bookingId, input) => request<BookingQuote>('PUT', `/api/admin/bookings/${enc(bookingId)}/quote`, input),
    settings: () => request<QuoteSettings>('GET', '/api/admin/settings/quote'),
    saveSettings: (settings) => request<QuoteSettings>('PUT', '/api/admin/settings/quote', settings),
    invoiceUrl: (bookingId) => `/api/admin/bookings/${enc(bookingId)}/invoice`,
  };
}
