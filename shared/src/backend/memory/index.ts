// The memory adapter: the whole Backend port in memory, for tests. It follows the server's rules (validation, the
// availability check, derived booking fields, idempotency, admin-only calls, single-use sign-in links) so a feature
// tested against it behaves the same against server/.
import {
  datesToCheck,
  missingRequiredFields,
  newBookingRecord,
  resolveBookingService,
} from '../../domain/booking-rules';
import { isDateAvailable } from '../../domain/availability';
import { SIGN_IN_TOKEN_TTL_MS } from '../../domain/constants';
import { smsFlagInForce } from '../../domain/sms';
import { EMPTY_PORTFOLIO_META } from '../../domain/portfolio';
import type {
  AdminAvailability,
  AuthUser,
  BookingRequest,
  BookingStatus,
  Gallery,
  PortfolioContent,
  PortfolioMeta,
  Project,
  PublicAvailability,
  Service,
} from '../../domain/types';
import {
  FIELDS_NOT_VALID,
  REQUIRED,
  SERVICE_NOT_FOUND,
  SIGN_IN_ACCESS_DENIED,
  SIGN_IN_INVALID_LINK,
  unavailableDatesMessage,
} from '../../messages';
import {
  availabilityPeriodInputSchema,
  bookingInputSchema,
  bookingStatusUpdateSchema,
  fieldErrorsOf,
  settingsUpdateSchema,
  signInCompleteSchema,
  signInRequestSchema,
  timeSlotInputSchema,
  unavailableRangeInputSchema,
  type z,
} from '../../schemas';
import { BackendError, type Backend, type CreatedBooking, type Unsubscribe } from '../port';
import { pageStore, signInEmailKeeper, type KeyValueStore } from '../sign-in-email';

export interface MemorySeed {
  services: Service[];
  portfolioMeta: PortfolioMeta;
  portfolioContent: PortfolioContent;
  projects: Project[];
  /** Keyed by projectId. */
  galleries: Record<string, Gallery>;
  bookings: BookingRequest[];
  availability: AdminAvailability;
}

export interface MemoryBackendOptions {
  /** The one address allowed to sign in. */
  adminEmail?: string;
  now?: () => Date;
  /** Start with the admin signed in, for tests of admin screens. */
  signedIn?: boolean;
  /** The admin's SMS choice at start. */
  smsEnabled?: boolean | null;
  /** The browser storage the sign-in e-mail is kept in; one of its own by default (a test clears it for "another device"). */
  store?: KeyValueStore;
}

export interface OutboxMessage {
  to: string;
  token: string;
}

export type MemoryBackend = Backend & { outbox: OutboxMessage[] };

export const MEMORY_DEFAULT_ADMIN_EMAIL = 'admin@example.com';
export const NOT_SIGNED_IN = 'Please sign in as the admin.';
export const BOOKING_NOT_FOUND = 'Booking not found';
export const ITEM_NOT_FOUND = 'Not found';
export const IDEMPOTENCY_KEY_REQUIRED = 'An idempotency key is required.';

export const EMPTY_PORTFOLIO_CONTENT: PortfolioContent = { runway: {}, print: {}, 'comp-card': [], digitals: [] };

// Callers get copies, so a test mutating an answer cannot change the store behind the adapter's back.
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function randomToken(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  // base64url without padding: 32 bytes make 43 characters, the shape signInCompleteSchema accepts.
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += alphabet[(value >> bits) & 63];
    }
  }
  if (bits > 0) out += alphabet[(value << (6 - bits)) & 63];
  return out;
}

function invalid(fieldErrors: Record<string, string[]>, message: string = FIELDS_NOT_VALID): BackendError {
  return new BackendError('validation', message, { status: 400, fieldErrors });
}

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(fieldErrorsOf(result.error));
  return result.data;
}

// A listener that throws must not fail the write that notified it, nor stop the other listeners; it is still logged.
function notify<T>(listeners: Iterable<(value: T) => void>, value: () => T) {
  for (const listener of [...listeners]) {
    try {
      listener(value());
    } catch (error) {
      console.error('memory backend: a listener threw', error);
    }
  }
}

interface Subscriber<T> {
  onChange: (value: T) => void;
  onError: (error: BackendError) => void;
}

export function createMemoryBackend(seed: Partial<MemorySeed> = {}, options: MemoryBackendOptions = {}): MemoryBackend {
  const adminEmail = options.adminEmail ?? MEMORY_DEFAULT_ADMIN_EMAIL;
  const now = options.now ?? (() => new Date());
  const timestamp = () => now().toISOString();

  const services = copy(seed.services ?? []);
  const portfolioMeta = copy(seed.portfolioMeta ?? EMPTY_PORTFOLIO_META);
  const portfolioContent = copy(seed.portfolioContent ?? EMPTY_PORTFOLIO_CONTENT);
  const projects = copy(seed.projects ?? []);
  const galleries = copy(seed.galleries ?? {});
  const bookings = copy(seed.bookings ?? []);
  const availability: AdminAvailability = copy(seed.availability ?? { periods: [], unavailable: [], slots: [] });
  let smsEnabled: boolean | null = options.smsEnabled ?? null;

  let sequence = 0;
  const newId = (prefix: string) => `${prefix}-${++sequence}`;

  const outbox: OutboxMessage[] = [];
  const links = new Map<string, { email: string; expiresAt: number }>();
  let session: AuthUser | null = options.signedIn ? { email: adminEmail, isAdmin: true } : null;
  const authListeners = new Set<(user: AuthUser | null) => void>();
  const signInEmail = signInEmailKeeper(options.store ?? pageStore());

  const idempotent = new Map<string, CreatedBooking>();
  const bookingSubscribers = new Set<Subscriber<BookingRequest[]>>();
  const availabilitySubscribers = new Set<Subscriber<AdminAvailability>>();

  const requireAdmin = () => {
    if (!session?.isAdmin) throw new BackendError('unauthenticated', NOT_SIGNED_IN, { status: 401 });
  };

  // Newest first; among equal timestamps the later insert is newer (sort is stable over the reversed list).
  const bookingList = () => copy([...bookings].reverse().sort((a, b) => b.createdAt.localeCompare(a.createdAt)));

  // The server's order: by start date (or date and start time), then by insertion.
  const adminAvailability = (): AdminAvailability =>
    copy({
      periods: [...availability.periods].sort((a, b) => a.startDate.localeCompare(b.startDate)),
      unavailable: [...availability.unavailable].sort((a, b) => a.startDate.localeCompare(b.startDate)),
      slots: [...availability.slots].sort(
        (a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime),
      ),
    });

  const publicAvailability = (): PublicAvailability => {
    const full = adminAvailability();
    return {
      periods: full.periods.map(({ id, startDate, endDate, isAvailable }) => ({ id, startDate, endDate, isAvailable })),
      unavailable: full.unavailable.map(({ id, startDate, endDate }) => ({ id, startDate, endDate })),
      slots: full.slots.map(({ id, date, startTime, endTime, isAvailable }) => ({
        id,
        date,
        startTime,
        endTime,
        isAvailable,
      })),
    };
  };

  const emitBookings = () =>
    notify(
      [...bookingSubscribers].map((s) => s.onChange),
      bookingList,
    );
  const emitAvailability = () =>
    notify(
      [...availabilitySubscribers].map((s) => s.onChange),
      adminAvailability,
    );

  function subscribeAdmin<T>(
    subscribers: Set<Subscriber<T>>,
    current: () => T,
    onChange: (value: T) => void,
    onError: (error: BackendError) => void,
  ): Unsubscribe {
    if (!session?.isAdmin) {
      onError(new BackendError('unauthenticated', NOT_SIGNED_IN, { status: 401 }));
      return () => undefined;
    }
    const subscriber: Subscriber<T> = { onChange, onError };
    subscribers.add(subscriber);
    onChange(current());
    return () => {
      subscribers.delete(subscriber);
    };
  }

  function setSession(user: AuthUser | null) {
    session = user;
    if (!user) {
      // Live updates are admin-only and end with the session, as the server closes its event stream.
      const ended = new BackendError('unauthenticated', NOT_SIGNED_IN, { status: 401 });
      const subscribers = [...bookingSubscribers, ...availabilitySubscribers];
      bookingSubscribers.clear();
      availabilitySubscribers.clear();
      notify(
        subscribers.map((s) => s.onError),
        () => ended,
      );
    }
    notify(authListeners, () => (user ? copy(user) : null));
  }

  function removeById<T extends { id: string }>(list: T[], id: string) {
    const index = list.findIndex((item) => item.id === id);
    if (index < 0) throw new BackendError('not-found', ITEM_NOT_FOUND, { status: 404 });
    list.splice(index, 1);
  }

  return {
    outbox,

    services: {
      list: async () => copy(services),
    },

    portfolio: {
      getMeta: async () => copy(portfolioMeta),
      getContent: async () => copy(portfolioContent),
      getProject: async (id) => {
        const project = projects.find((p) => p.id === id);
        return project ? copy(project) : null;
      },
      getGallery: async (id) => {
        const gallery = galleries[id];
        return gallery ? copy(gallery) : null;
      },
    },

    bookings: {
      // No await inside: the check and the insert happen in one turn, so two calls with one key store one booking.
      create: async (input, idempotencyKey) => {
        if (idempotencyKey.trim() === '') throw invalid({}, IDEMPOTENCY_KEY_REQUIRED);
        const earlier = idempotent.get(idempotencyKey);
        if (earlier) return copy(earlier);

        const data = parseOrThrow(bookingInputSchema, input);
        const missing = missingRequiredFields(data);
        if (missing.length > 0) throw invalid(Object.fromEntries(missing.map((field) => [field, [REQUIRED]])));

        let resolved: ReturnType<typeof resolveBookingService>;
        try {
          resolved = resolveBookingService(services, data.serviceId, data.serviceTierId);
        } catch (error) {
          const message = (error as Error).message;
          const field = message === SERVICE_NOT_FOUND ? 'serviceId' : 'serviceTierId';
          throw invalid({ [field]: [message] }, message);
        }

        const open = publicAvailability();
        const unavailable = datesToCheck(data).filter((date) => !isDateAvailable(date, open));
        if (unavailable.length > 0) {
          throw new BackendError('conflict', unavailableDatesMessage(unavailable), { status: 409 });
        }

        const at = timestamp();
        const booking: BookingRequest = {
          id: newId('booking'),
          ...newBookingRecord(data, resolved.service, resolved.tier),
          createdAt: at,
          updatedAt: at,
        };
        bookings.push(booking);
        const created: CreatedBooking = { id: booking.id, status: booking.status, createdAt: booking.createdAt };
        idempotent.set(idempotencyKey, created);
        emitBookings();
        return copy(created);
      },

      subscribe: (onChange, onError) => subscribeAdmin(bookingSubscribers, bookingList, onChange, onError),

      updateStatus: async (id, status: BookingStatus) => {
        requireAdmin();
        const update = parseOrThrow(bookingStatusUpdateSchema, { status });
        const booking = bookings.find((b) => b.id === id);
        if (!booking) throw new BackendError('not-found', BOOKING_NOT_FOUND, { status: 404 });
        booking.status = update.status;
        booking.updatedAt = timestamp();
        emitBookings();
        return copy(booking);
      },
    },

    availability: {
      getPublic: async () => publicAvailability(),

      subscribe: (onChange, onError) => subscribeAdmin(availabilitySubscribers, adminAvailability, onChange, onError),

      addPeriod: async (input) => {
        requireAdmin();
        const data = parseOrThrow(availabilityPeriodInputSchema, input);
        const at = timestamp();
        availability.periods.push({ id: newId('period'), ...data, createdAt: at, updatedAt: at });
        emitAvailability();
      },
      deletePeriod: async (id) => {
        requireAdmin();
        removeById(availability.periods, id);
        emitAvailability();
      },
      addUnavailable: async (input) => {
        requireAdmin();
        const data = parseOrThrow(unavailableRangeInputSchema, input);
        availability.unavailable.push({ id: newId('unavailable'), ...data, createdAt: timestamp() });
        emitAvailability();
      },
      deleteUnavailable: async (id) => {
        requireAdmin();
        removeById(availability.unavailable, id);
        emitAvailability();
      },
      addSlot: async (input) => {
        requireAdmin();
        const data = parseOrThrow(timeSlotInputSchema, input);
        availability.slots.push({ id: newId('slot'), ...data, createdAt: timestamp() });
        emitAvailability();
      },
      deleteSlot: async (id) => {
        requireAdmin();
        removeById(availability.slots, id);
        emitAvailability();
      },
    },

    auth: {
      requestLink: async (email) => {
        const data = parseOrThrow(signInRequestSchema, { email: email.trim() });
        if (!sameEmail(data.email, adminEmail)) {
          throw new BackendError('forbidden', SIGN_IN_ACCESS_DENIED, { status: 403 });
        }
        const token = randomToken();
        links.set(token, { email: adminEmail, expiresAt: now().getTime() + SIGN_IN_TOKEN_TTL_MS });
        outbox.push({ to: data.email, token });
        signInEmail.remember(data.email);
      },

      completeSignIn: async (token, email) => {
        const refused = new BackendError('unauthenticated', SIGN_IN_INVALID_LINK, { status: 401 });
        if (!signInCompleteSchema.safeParse({ token, email }).success) throw refused;
        const link = links.get(token);
        if (!link || !sameEmail(link.email, email)) throw refused;
        if (now().getTime() >= link.expiresAt) {
          links.delete(token);
          throw refused;
        }
        links.delete(token);
        signInEmail.forget();
        const user: AuthUser = { email: link.email, isAdmin: true };
        setSession(user);
        return copy(user);
      },

      pendingEmail: () => signInEmail.read(),

      current: async () => (session ? copy(session) : null),

      signOut: async () => {
        setSession(null);
      },

      onChange: (listener) => {
        authListeners.add(listener);
        return () => {
          authListeners.delete(listener);
        };
      },
    },

    notifications: {
      getSmsStatus: async () => {
        requireAdmin();
        return smsFlagInForce(undefined, smsEnabled);
      },
      setSmsEnabled: async (enabled) => {
        requireAdmin();
        smsEnabled = parseOrThrow(settingsUpdateSchema, { smsEnabled: enabled }).smsEnabled;
        return smsFlagInForce(undefined, smsEnabled);
      },
    },
  };
}
