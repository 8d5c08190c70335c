// Admin live updates over server-sent events. One EventSource per URL, shared by every subscription in the page
// (the bookings and the availability streams of a dashboard are one connection, which the server counts against its
// per-session cap). The server sends the availability snapshot on connect and after every change; bookings come as
// single changes, and an (re)opened connection tells the bookings subscribers to read their list again.
import type { BookingContracts, ContractRecord, ContractStatus } from '../../domain/contract-records';
import type { BookingQuote, QuoteSettings } from '../../domain/quote';
import { BackendError, type ContractsPort, type QuotesPort, type Unsubscribe } from '../port';
import type { Requester } from './request';

interface Subscription {
  event: string;
  onData: (data: string) => void;
  onOpen?: () => void;
  onError: (error: BackendError) => void;
}

interface SharedSource {
  source: EventSource;
  subscriptions: Set<Subscription>;
  /** The latest data of each event name, for a subscriber that joins after it came (a snapshot it would miss). */
  latest: Map<string, string>;
  listening: Set<string>;
}

const shared = new Map<string, SharedSource>();

function open(url: string): SharedSource {
  const existing = shared.get(url);
  if (existing) return existing;
  const entry: SharedSource = {
    source: new EventSource(url, { withCredentials: true }),
    subscriptions: new Set(),
    latest: new Map(),
    listening: new Set(),
  };
  entry.source.addEventListener('open', () => {
    for (const s of [...entry.subscriptions]) s.onOpen?.();
  });
  entry.source.addEventListener('error', () => {
    // EventSource reconnects by itself while the connection is merely interrupted; CLOSED means the server refused.
    if (entry.source.readyState !== EventSource.CLOSED) return;
    shared.delete(url);
    const ended = new BackendError('unauthenticated', 'Live updates stopped: please sign in again.');
    for (const s of [...entry.subscriptions]) s.onError(ended);
    entry.subscriptions.clear();
  });
  shared.set(url, entry);
  return entry;
}

function listen(entry: SharedSource, event: string) {
  if (entry.listening.has(event)) return;
  entry.listening.add(event);
  entry.source.addEventListener(event, ((e: MessageEvent<string>) => {
    entry.latest.set(event, e.data);
    for (const s of [...entry.subscriptions]) if (s.event === event) s.onData(e.data);
  }) as EventListener);
}

export interface EventOptions {
  /** Called each time the connection opens (and at once when it already is): the stream is live from then on. */
  onOpen?: () => void;
  /** The event is a full snapshot: a subscriber that joins an open connection gets the latest one at once. */
  replayLatest?: boolean;
}

export function subscribeEvents<T>(
  url: string,
  event: string,
  onChange: (value: T) => void,
  onError: (error: BackendError) => void,
  options: EventOptions = {},
): Unsubscribe {
  if (typeof EventSource === 'undefined') {
    onError(new BackendError('unavailable', 'Live updates are not supported in this browser.'));
    return () => {};
  }
  const entry = open(url);
  listen(entry, event);
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
  if (entry.source.readyState === EventSource.OPEN) {
    options.onOpen?.();
    const latest = options.replayLatest ? entry.latest.get(event) : undefined;
    if (latest !== undefined) subscription.onData(latest);
  }
  return () => {
    entry.subscriptions.delete(subscription);
    if (entry.subscriptions.size > 0 || shared.get(url) !== entry) return;
    shared.delete(url);
    entry.source.close();
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
