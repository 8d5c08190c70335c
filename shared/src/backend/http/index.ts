// The http adapter: talks to server/ (the embedded backend). The API is documented in server/README.md.
import type { AuthUser, TrustedDevice } from '../../domain/auth-types';
import type { AdminAvailability, PublicAvailability } from '../../domain/availability-types';
import type { BookingChange, BookingSummary, BookingPage, BookingRequest } from '../../domain/booking-types';
import type { Gallery, PortfolioContent, PortfolioMeta, Project } from '../../domain/content-types';
import type { Service } from '../../domain/service-types';
import type { SmsStatus, MailStatus, StorageStatus } from '../../domain/settings-types';
import {
  BackendError,
  type Backend,
  type CalendarFeedStatus,
  type ContentPort,
  type CreatedBooking,
  type Unsubscribe,
} from '../port';
import type { ClientActionSettings, ClientActionsSummary } from '../../domain/client-actions';
import { PASSKEY_REQUIRED } from '../../messages';
import { browserStore, signInEmailKeeper, type KeyValueStore } from '../sign-in-email';
import type { EventOptions } from './live';
import type { HttpPasskeys } from './passkeys';
import { createRequester, type HttpOptions } from './request';

const enc = encodeURIComponent;

/**
 * The cookie the server sets beside its HttpOnly session cookie (server/src/features/auth/sessions.ts), readable by scripts:
 * without it this browser holds no session, and a first visit makes no auth request.
 */
export const SESSION_HINT_COOKIE = 'studio_has_session';

// Outside a browser (the contract tests on Node) there is no cookie to read: the server is asked. Over HTTPS the
// cookie's name carries the `__Host-` prefix (server/src/features/auth/session-cookies.ts).
const mayHoldSession = () =>
  typeof document === 'undefined' ||
  document.cookie
    .split('; ')
    .some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`) || c.startsWith(`__Host-${SESSION_HINT_COOKIE}=`));

export type HttpBackendOptions = HttpOptions & {
  /** Where the sign-in e-mail is kept; localStorage in a browser. */
  store?: KeyValueStore;
};

async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof BackendError && e.code === 'not-found') return null;
    throw e;
  }
}

export function createHttpBackend(options: HttpBackendOptions = { baseUrl: '' }): Backend {
  const request = createRequester(options);
  const signInEmail = signInEmailKeeper(options.store ?? browserStore());
  const authListeners = new Set<(user: AuthUser | null) => void>();
  const emitAuth = (user: AuthUser | null) => authListeners.forEach((l) => l(user));
  const api = `${options.baseUrl}/api`;
  // The passkey calls and the WebAuthn library behind them are one lazy chunk: only the admin's passkey screens load
  // it, never a visitor's page (e2e/tests/platform.spec.ts holds the first load of '/' to its budget).
  let passkeysModule: Promise<HttpPasskeys> | undefined;
  const passkeys = () => (passkeysModule ??= import('./passkeys').then((m) => m.createHttpPasskeys(request, emitAuth)));
  // The content calls are a lazy chunk as well: the admin's screens and the pages that show her site details load it
  // when they need it; each call waits for the module and forwards to it.
  let contentModule: Promise<ContentPort> | undefined;
  // Only the port's methods are forwarded: 'then' stays undefined, so the port is never mistaken for a promise.
  const content = new Proxy({} as ContentPort, {
    get: (_target, name) =>
      name === 'then'
        ? undefined
        : async (...args: unknown[]) => {
            const port = await (contentModule ??= import('./content').then((m) => m.createHttpContent(request)));
            return (port[name as keyof ContentPort] as (...a: unknown[]) => Promise<unknown>)(...args);
          },
  });
  // The live streams are the admin's alone too: their module is a lazy chunk that no visitor's page loads.
  let liveModule: Promise<typeof import('./live')> | undefined;
  function subscribeEvents<T>(
    event: string,
    onChange: (value: T) => void,
    onError: (error: BackendError) => void,
    eventOptions?: EventOptions,
  ): Unsubscribe {
    let stopped = false;
    let stop: Unsubscribe | undefined;
    (liveModule ??= import('./live')).then(
      (live) => {
        if (stopped) return;
        // The adapter's own fetch carries the long poll too, where the page polls (live-poll.ts).
        const liveOptions = { ...eventOptions, fetch: options.fetch };
        stop = live.subscribeEvents(`${api}/admin/events`, event, onChange, onError, liveOptions);
      },
      () => {
        if (!stopped) onError(new BackendError('network', 'Network error: the server could not be reached.'));
      },
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }

  return {
    // The admin's contracts ride in the live streams' lazy chunk (they use them, and another chunk would cost every
    // visitor's first load a line of webpack's chunk map).
    contracts: () => (liveModule ??= import('./live')).then((live) => live.contracts(request)),
    quotes: () => (liveModule ??= import('./live')).then((live) => live.quotes(request)),
    services: {
      list: () => request<Service[]>('GET', '/api/services'),
    },
    portfolio: {
      getMeta: () => request<PortfolioMeta>('GET', '/api/portfolio/meta'),
      getContent: () => request<PortfolioContent>('GET', `/api/portfolio/content?t=${Date.now()}`),
      getProject: (id) => orNull(request<Project>('GET', `/api/projects/${enc(id)}`)),
      getGallery: (id) => orNull(request<Gallery>('GET', `/api/galleries/${enc(id)}`)),
      listProjects: () => request<Project[]>('GET', '/api/projects'),
    },
    content,
    bookings: {
      create: (input, idempotencyKey) =>
        request<CreatedBooking>('POST', '/api/bookings', input, { 'Idempotency-Key': idempotencyKey }),
      list: (query = {}) =>
        request<BookingPage>(
          'GET',
          `/api/admin/bookings?${new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])))}`,
        ),
      summary: () => request<BookingSummary>('GET', '/api/admin/bookings/summary'),
      subscribe: (onChange, onError) =>
        subscribeEvents<BookingChange>('booking', onChange, onError, { onOpen: () => onChange({ type: 'resync' }) }),
      // JSON leaves an undefined message out.
      updateStatus: (id, status, options) =>
        request<BookingRequest>('PATCH', `/api/admin/bookings/${enc(id)}`, { status, message: options?.message }),
      undoStatus: (id) => request<BookingRequest>('POST', `/api/admin/bookings/${enc(id)}/undo`, {}),
      acceptReschedule: (id) => request<BookingRequest>('POST', `/api/admin/bookings/${enc(id)}/accept-reschedule`, {}),
    },
    contact: { send: (message) => request<void>('POST', '/api/contact', message) },
    calendarFeed: {
      status: () => request<CalendarFeedStatus>('GET', '/api/admin/calendar-feed'),
      create: () => request<CalendarFeedStatus>('POST', '/api/admin/calendar-feed', {}),
      revoke: () => request<CalendarFeedStatus>('DELETE', '/api/admin/calendar-feed'),
    },
    availability: {
      getPublic: () => request<PublicAvailability>('GET', '/api/availability'),
      subscribe: (onChange, onError) =>
        subscribeEvents<AdminAvailability>('availability', onChange, onError, { replayLatest: true }),
      addPeriod: (input) => request('POST', '/api/admin/availability/periods', input),
      deletePeriod: (id) => request('DELETE', `/api/admin/availability/periods/${enc(id)}`),
      addUnavailable: (input) => request('POST', '/api/admin/availability/unavailable', input),
      deleteUnavailable: (id) => request('DELETE', `/api/admin/availability/unavailable/${enc(id)}`),
      addSlot: (input) => request('POST', '/api/admin/availability/slots', input),
      deleteSlot: (id) => request('DELETE', `/api/admin/availability/slots/${enc(id)}`),
      setWeekly: (slots) => request('PUT', '/api/admin/availability/weekly', { slots }),
    },
    auth: {
      requestLink: async (email) => {
        await request('POST', '/api/auth/link', { email });
        signInEmail.remember(email.trim());
      },
      completeSignIn: async (token, email, options) => {
        const answer = await request<{ user: AuthUser } | { secondFactor: 'passkey' }>('POST', '/api/auth/session', {
          token,
          email,
          trustDevice: options?.trustDevice,
        });
        // The link is spent either way: the e-mail kept for it is not needed again.
        signInEmail.forget();
        if (!('user' in answer)) throw new BackendError('passkey-required', PASSKEY_REQUIRED);
        emitAuth(answer.user);
        return answer.user;
      },
      pendingEmail: () => signInEmail.read(),
      current: async () =>
        mayHoldSession() ? (await request<{ user: AuthUser | null }>('GET', '/api/auth/session')).user : null,
      signOut: async () => {
        await request('DELETE', '/api/auth/session');
        emitAuth(null);
      },
      onChange: (listener) => {
        authListeners.add(listener);
        return () => authListeners.delete(listener);
      },
      signInWithPasskey: async (options) => (await passkeys()).signInWithPasskey(options),
      signInWithPasskeyAlone: async (options) => (await passkeys()).signInWithPasskeyAlone(options),
      signInWithRecoveryCode: async (code, options) => (await passkeys()).signInWithRecoveryCode(code, options),
      listTrustedDevices: async () =>
        (await request<{ devices: TrustedDevice[] }>('GET', '/api/admin/trusted-devices')).devices,
      revokeTrustedDevice: (id) => request('DELETE', `/api/admin/trusted-devices/${enc(id)}`),
      listPasskeys: async () => (await passkeys()).listPasskeys(),
      addPasskey: async (name) => (await passkeys()).addPasskey(name),
      removePasskey: async (id) => (await passkeys()).removePasskey(id),
    },
    notifications: {
      getMailStatus: () => request<MailStatus>('GET', '/api/admin/settings/mail'),
      getStorageStatus: () => request<StorageStatus>('GET', '/api/admin/settings/storage'),
      getSmsStatus: () => request<SmsStatus>('GET', '/api/admin/settings/sms'),
      setSmsEnabled: (enabled) => request<SmsStatus>('PUT', '/api/admin/settings/sms', { smsEnabled: enabled }),
    },
    clientActions: {
      summary: () => request<ClientActionsSummary>('GET', '/api/admin/client-actions'),
      // JSON leaves an undefined booking id out: all of them.
      markSeen: (bookingId) => request<ClientActionsSummary>('POST', '/api/admin/client-actions/seen', { bookingId }),
      settings: () => request<ClientActionSettings>('GET', '/api/admin/settings/client-actions'),
      setDailyDigest: (dailyDigest) =>
        request<ClientActionSettings>('PUT', '/api/admin/settings/client-actions', { dailyDigest }),
    },
  };
}
