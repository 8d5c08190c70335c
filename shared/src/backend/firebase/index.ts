// The firebase adapter: the whole Backend port on Firestore, Auth (e-mail link), Storage and Functions (docs/product.md §7).
// What a visitor's first page needs is imported statically and kept small: firebase/app and firestore/lite. The
// admin's live queries (full Firestore), Auth, Storage and Functions are dynamic imports, so each lands in a lazy
// chunk that a first visit never fetches.
import { initializeApp, type FirebaseApp, type FirebaseOptions } from 'firebase/app';
import {
  collection,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore/lite';
import { smsFlagInForce } from '../../domain/sms';
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
  PASSKEYS_NOT_SUPPORTED,
  REQUIRED,
  SERVICE_NOT_FOUND,
  SIGN_IN_ACCESS_DENIED,
  SIGN_IN_INVALID_LINK,
  unavailableDatesMessage,
} from '../../messages';
import { BackendError, type AvailabilityPort, type Backend, type CreatedBooking, type Unsubscribe } from '../port';
import { mapped, toBackendError } from './errors';
import {
  COLLECTIONS,
  NOTES_COLLECTION,
  PORTFOLIO_CONTENT_PATH,
  SETTINGS_SMS_DOC,
  noteDocId,
  type AvailabilityCollection,
} from './paths';

export { COLLECTIONS, NOTES_COLLECTION, PORTFOLIO_CONTENT_PATH, noteDocId } from './paths';
export { toBackendError } from './errors';

export type FirebaseWebConfig = Pick<
  FirebaseOptions,
  'apiKey' | 'authDomain' | 'projectId' | 'storageBucket' | 'messagingSenderId' | 'appId'
>;

/** The parts of Web Storage the adapter uses (localStorage in the browser). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface FirebaseBackendOptions {
  config: FirebaseWebConfig;
  /** Region of the callable functions (firebase/functions/src/index.ts deploys to the same). */
  functionsRegion?: string;
  fetch?: typeof fetch;
  now?: () => Date;
  store?: KeyValueStore;
  /** The site's origin; the sign-in link returns to `${origin}/finishSignIn`. */
  origin?: () => string;
  /** The page's address, for completing sign-in when the caller passes only the link's code. */
  currentUrl?: () => string;
}

export type FirebaseBackend = Backend & {
  availability: AvailabilityPort & {
    /** The time slots of one date (docs/product.md §7: timeSlots where date == value). */
    getSlotsOn(date: string): Promise<PublicAvailability['slots']>;
  };
};

/** localStorage keys: the e-mail the link was sent to (docs/product.md §7), and a hint that a session may exist. */
export const EMAIL_FOR_SIGN_IN_KEY = 'studio.emailForSignIn';
export const SESSION_HINT_KEY = 'studio.firebaseSession';
export const IDEMPOTENCY_KEY_INVALID = 'An idempotency key of 1 to 128 letters, digits, - or _ is required.';
export const SMS_CALL_FAILED = 'sendBookingSms failed';

// Firestore document ids must not contain '/', and an idempotency key becomes the booking's document id.
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,128}$/;

// Schemas and booking rules (zod, date-fns) are needed for writes only: a lazy chunk, not the first load.
const validation = () => import('./validation');

/** Firestore Timestamps (and the fakes in tests) have toDate(); a pending server timestamp reads as null. */
function isoOf(value: unknown, fallback: () => string): string {
  if (value && typeof value === 'object' && 'toDate' in value && typeof value.toDate === 'function') {
    return (value.toDate() as Date).toISOString();
  }
  return typeof value === 'string' ? value : fallback();
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Appends the cache-busting parameter to a URL that may already carry a query (Storage URLs do: ?alt=media&token). */
export function withCacheBust(url: string, t: number): string {
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}t=${t}${hash}`;
}

const byStart = <T extends { startDate: string }>(a: T, b: T) => a.startDate.localeCompare(b.startDate);
const bySlot = <T extends { date: string; startTime: string }>(a: T, b: T) =>
  a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime);

export function createFirebaseBackend(options: FirebaseBackendOptions): FirebaseBackend {
  const now = options.now ?? (() => new Date());
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const store: KeyValueStore | undefined =
    options.store ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  const origin = options.origin ?? (() => window.location.origin);
  const currentUrl = options.currentUrl ?? (() => window.location.href);
  const region = options.functionsRegion ?? 'us-central1';

  let firebaseApp: FirebaseApp | undefined;
  const app = () => (firebaseApp ??= initializeApp(options.config));
  let liteDb: Firestore | undefined;
  const db = () => (liteDb ??= getFirestore(app()));

  // ---- public reads (firestore/lite) -------------------------------------------------------------------------

  const toBooking = (id: string, data: DocumentData): BookingRequest => ({
    id,
    name: str(data.name),
    email: str(data.email),
    phone: str(data.phone),
    serviceId: str(data.serviceId),
    service: str(data.service),
    servicePrice: str(data.servicePrice),
    serviceTier: str(data.serviceTier),
    serviceTierId: str(data.serviceTierId),
    paymentSchedule: str(data.paymentSchedule),
    date: str(data.date),
    consultationDate: str(data.consultationDate),
    consultationLocation: str(data.consultationLocation),
    location: str(data.location),
    description: str(data.description),
    smsOptIn: data.smsOptIn === true,
    status: data.status as BookingStatus,
    createdAt: isoOf(data.createdAt, () => now().toISOString()),
    updatedAt: isoOf(data.updatedAt, () => now().toISOString()),
  });

  const publicPeriod = (id: string, d: DocumentData) => ({
    id,
    startDate: str(d.startDate),
    endDate: str(d.endDate),
    isAvailable: d.isAvailable === true,
  });
  const publicRange = (id: string, d: DocumentData) => ({ id, startDate: str(d.startDate), endDate: str(d.endDate) });
  const publicSlot = (id: string, d: DocumentData) => ({
    id,
    date: str(d.date),
    startTime: str(d.startTime),
    endTime: str(d.endTime),
    isAvailable: d.isAvailable === true,
  });

  async function listServices(): Promise<Service[]> {
    const snap = await getDocs(collection(db(), COLLECTIONS.services));
    return snap.docs.map((d) => ({ ...(d.data() as Omit<Service, 'id'>), id: d.id }));
  }

  async function getPublic(): Promise<PublicAvailability> {
    const [periods, unavailable, slots] = await Promise.all([
      getDocs(collection(db(), COLLECTIONS.periods)),
      getDocs(collection(db(), COLLECTIONS.unavailable)),
      getDocs(collection(db(), COLLECTIONS.slots)),
    ]);
    // Picking the public fields by name keeps notes and reasons out even if an old document still carries them.
    return {
      periods: periods.docs.map((d) => publicPeriod(d.id, d.data())).sort(byStart),
      unavailable: unavailable.docs.map((d) => publicRange(d.id, d.data())).sort(byStart),
      slots: slots.docs.map((d) => publicSlot(d.id, d.data())).sort(bySlot),
    };
  }

  // ---- SMS (firebase/functions, lazy) ------------------------------------------------------------------------

  async function requestSms(bookingId: string): Promise<void> {
    try {
      const { getFunctions, httpsCallable } = await import('firebase/functions');
      await httpsCallable(getFunctions(app(), region), 'sendBookingSms')({ bookingId });
    } catch (error) {
      // docs/product.md §7: the booking stands whatever happens to the text message; failures are only logged.
      console.warn(SMS_CALL_FAILED, error);
    }
  }

  // ---- bookings ----------------------------------------------------------------------------------------------

  // Keys whose write succeeded, or whose outcome is unknown (the answer was lost), with the answer to repeat.
  const attempted = new Map<string, { created: CreatedBooking; confirmed: boolean }>();

  async function createBooking(input: Parameters<Backend['bookings']['create']>[0], idempotencyKey: string) {
    const {
      invalid,
      parseOrThrow,
      bookingInputSchema,
      missingRequiredFields,
      resolveBookingService,
      datesToCheck,
      isDateAvailable,
      newBookingRecord,
    } = await validation();
    if (!IDEMPOTENCY_KEY.test(idempotencyKey)) throw invalid({}, IDEMPOTENCY_KEY_INVALID);
    const earlier = attempted.get(idempotencyKey);
    if (earlier?.confirmed) return { ...earlier.created };

    const data = parseOrThrow(bookingInputSchema, input);
    const missing = missingRequiredFields(data);
    if (missing.length > 0) throw invalid(Object.fromEntries(missing.map((field) => [field, [REQUIRED]])));

    const services = await mapped(listServices);
    let resolved: ReturnType<typeof resolveBookingService>;
    try {
      resolved = resolveBookingService(services, data.serviceId, data.serviceTierId);
    } catch (error) {
      const message = (error as Error).message;
      throw invalid({ [message === SERVICE_NOT_FOUND ? 'serviceId' : 'serviceTierId']: [message] }, message);
    }
    const open = await mapped(getPublic);
    const closed = datesToCheck(data).filter((date) => !isDateAvailable(date, open));
    if (closed.length > 0) throw new BackendError('conflict', unavailableDatesMessage(closed), { status: 409 });

    const created: CreatedBooking = earlier?.created ?? {
      id: idempotencyKey,
      status: 'New',
      createdAt: now().toISOString(),
    };
    attempted.set(idempotencyKey, { created, confirmed: false });
    try {
      // The key is the document id and firestore.rules allow create but never update for visitors, so a retry of
      // a write that did land is refused instead of stored twice.
      await setDoc(doc(db(), COLLECTIONS.bookings, idempotencyKey), {
        ...newBookingRecord(data, resolved.service, resolved.tier),
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
      });
    } catch (error) {
      const mappedError = toBackendError(error);
      // A retry refused as an update means the first write landed: answer as the first call would have.
      if (earlier && mappedError.code === 'forbidden') {
        attempted.set(idempotencyKey, { created, confirmed: true });
        return { ...created };
      }
      if (mappedError.code !== 'network' && mappedError.code !== 'unavailable') attempted.delete(idempotencyKey);
      throw mappedError;
    }
    attempted.set(idempotencyKey, { created, confirmed: true });
    if (data.smsOptIn) void requestSms(created.id);
    return { ...created };
  }

  // ---- admin live queries (full Firestore, lazy) -------------------------------------------------------------

  type FullFirestore = typeof import('firebase/firestore');

  function live(start: (fs: FullFirestore) => Unsubscribe, onError: (error: BackendError) => void): Unsubscribe {
    let stopped = false;
    let stop: Unsubscribe | undefined;
    import('firebase/firestore').then(
      (fs) => {
        if (!stopped) stop = start(fs);
      },
      (error: unknown) => {
        if (!stopped) onError(toBackendError(error));
      },
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }

  const subscribeBookings: Backend['bookings']['subscribe'] = (onChange, onError) =>
    live((fs) => {
      const q = fs.query(fs.collection(fs.getFirestore(app()), COLLECTIONS.bookings), fs.orderBy('createdAt', 'desc'));
      return fs.onSnapshot(
        q,
        (snap) => onChange(snap.docs.map((d) => toBooking(d.id, d.data({ serverTimestamps: 'estimate' })))),
        (error) => onError(toBackendError(error)),
      );
    }, onError);

  const subscribeAvailability: Backend['availability']['subscribe'] = (onChange, onError) =>
    live((fs) => {
      const full = fs.getFirestore(app());
      const latest: Partial<
        Record<AvailabilityCollection | typeof NOTES_COLLECTION, Array<{ id: string; data: DocumentData }>>
      > = {};
      const names = [COLLECTIONS.periods, COLLECTIONS.unavailable, COLLECTIONS.slots, NOTES_COLLECTION] as const;
      const emit = () => {
        const { availabilityPeriods, unavailableDays, timeSlots, availabilityNotes } = latest;
        // One answer once every collection has spoken, so the dashboard never shows a partial picture.
        if (!availabilityPeriods || !unavailableDays || !timeSlots || !availabilityNotes) return;
        const notes = new Map(availabilityNotes.map((n) => [n.id, str(n.data.text)]));
        const at = (d: DocumentData, key: string) => isoOf(d[key], () => now().toISOString());
        const value: AdminAvailability = {
          periods: availabilityPeriods
            .map(({ id, data }) => ({
              ...publicPeriod(id, data),
              notes: notes.get(noteDocId(COLLECTIONS.periods, id)) ?? '',
              createdAt: at(data, 'createdAt'),
              updatedAt: at(data, 'updatedAt'),
            }))
            .sort(byStart),
          unavailable: unavailableDays
            .map(({ id, data }) => ({
              ...publicRange(id, data),
              reason: notes.get(noteDocId(COLLECTIONS.unavailable, id)) ?? '',
              createdAt: at(data, 'createdAt'),
            }))
            .sort(byStart),
          slots: timeSlots
            .map(({ id, data }) => ({
              ...publicSlot(id, data),
              notes: notes.get(noteDocId(COLLECTIONS.slots, id)) ?? '',
              createdAt: at(data, 'createdAt'),
            }))
            .sort(bySlot),
        };
        onChange(value);
      };
      const stops = names.map((name) =>
        fs.onSnapshot(
          fs.collection(full, name),
          (snap) => {
            latest[name] = snap.docs.map((d) => ({ id: d.id, data: d.data({ serverTimestamps: 'estimate' }) }));
            emit();
          },
          (error) => onError(toBackendError(error)),
        ),
      );
      return () => stops.forEach((stop) => stop());
    }, onError);

  // Each availability entry is two documents written together: the public part (dates and times) and its note or
  // reason in availabilityNotes, which only the admin may read (Firestore rules cannot hide single fields).
  async function addAvailability(name: AvailabilityCollection, fields: Record<string, unknown>, note: string) {
    const batch = writeBatch(db());
    const ref = doc(collection(db(), name));
    const stamps =
      name === COLLECTIONS.periods
        ? { createdAt: serverTimestamp(), updatedAt: serverTimestamp() }
        : { createdAt: serverTimestamp() };
    batch.set(ref, { ...fields, ...stamps });
    batch.set(doc(db(), NOTES_COLLECTION, noteDocId(name, ref.id)), { text: note });
    await batch.commit();
  }

  async function deleteAvailability(name: AvailabilityCollection, id: string) {
    const ref = doc(db(), name, id);
    if (!(await getDoc(ref)).exists()) throw new BackendError('not-found', 'Not found', { status: 404 });
    const batch = writeBatch(db());
    batch.delete(ref);
    batch.delete(doc(db(), NOTES_COLLECTION, noteDocId(name, id)));
    await batch.commit();
  }

  // ---- auth (firebase/auth, lazy) ----------------------------------------------------------------------------

  type AuthModule = typeof import('firebase/auth');
  type FirebaseUser = import('firebase/auth').User;
  const authListeners = new Set<(user: AuthUser | null) => void>();
  let authLoading: Promise<{ mod: AuthModule; auth: import('firebase/auth').Auth }> | undefined;
  let lastUser: AuthUser | null = null;

  const sessionMayExist = () => store?.getItem(SESSION_HINT_KEY) === '1';
  const emit = (user: AuthUser | null) => {
    lastUser = user;
    for (const listener of [...authListeners]) listener(user);
  };

  async function toAuthUser(mod: AuthModule, user: FirebaseUser | null): Promise<AuthUser | null> {
    if (!user?.email) return null;
    // The admin is marked by a custom claim (README: set-admin-claim), so no address is compiled into the bundle.
    const token = await mod.getIdTokenResult(user);
    return { email: user.email, isAdmin: token.claims.admin === true };
  }

  function loadAuth() {
    authLoading ??= import('firebase/auth').then((mod) => {
      const auth = mod.getAuth(app());
      mod.onAuthStateChanged(auth, (user) => {
        toAuthUser(mod, user).then(
          (u) => {
            if (u) store?.setItem(SESSION_HINT_KEY, '1');
            else store?.removeItem(SESSION_HINT_KEY);
            if (u?.email !== lastUser?.email || u?.isAdmin !== lastUser?.isAdmin) emit(u);
          },
          (error: unknown) => console.warn('auth state could not be read', error),
        );
      });
      return { mod, auth };
    });
    return authLoading;
  }

  // Passkeys are the embedded backend's (server/README.md); here the admin signs in with the e-mail link alone.
  const notSupported = () => Promise.reject(new BackendError('not-supported', PASSKEYS_NOT_SUPPORTED));
  const passkeysNotSupported = {
    signInWithPasskey: notSupported,
    signInWithRecoveryCode: notSupported,
    listPasskeys: notSupported,
    addPasskey: notSupported,
    removePasskey: notSupported,
  };

  const auth: Backend['auth'] = {
    requestLink: (email) =>
      mapped(async () => {
        const { parseOrThrow, signInRequestSchema } = await validation();
        const data = parseOrThrow(signInRequestSchema, { email: email.trim() });
        const { mod, auth: a } = await loadAuth();
        await mod.sendSignInLinkToEmail(a, data.email, { url: `${origin()}/finishSignIn`, handleCodeInApp: true });
        store?.setItem(EMAIL_FOR_SIGN_IN_KEY, data.email);
      }),

    completeSignIn: (token, email) =>
      mapped(async () => {
        const { mod, auth: a } = await loadAuth();
        // The caller may hand over the whole link or only its code; the page's own address is the link then.
        const link = mod.isSignInWithEmailLink(a, token) ? token : currentUrl();
        if (!mod.isSignInWithEmailLink(a, link)) {
          throw new BackendError('unauthenticated', SIGN_IN_INVALID_LINK, { status: 401 });
        }
        let credential: import('firebase/auth').UserCredential;
        try {
          credential = await mod.signInWithEmailLink(a, email.trim(), link);
        } catch (error) {
          const mappedError = toBackendError(error);
          throw mappedError.code === 'network' || mappedError.code === 'unavailable'
            ? mappedError
            : new BackendError('unauthenticated', SIGN_IN_INVALID_LINK, { status: 401 });
        }
        const user = await toAuthUser(mod, credential.user);
        if (!user?.isAdmin) {
          await mod.signOut(a);
          throw new BackendError('forbidden', SIGN_IN_ACCESS_DENIED, { status: 403 });
        }
        store?.removeItem(EMAIL_FOR_SIGN_IN_KEY);
        store?.setItem(SESSION_HINT_KEY, '1');
        emit(user);
        return user;
      }),

    pendingEmail: () => store?.getItem(EMAIL_FOR_SIGN_IN_KEY) ?? null,

    current: () =>
      mapped(async () => {
        // A first visit (no hint) answers without downloading Auth.
        if (!sessionMayExist() && !authLoading) return null;
        const { mod, auth: a } = await loadAuth();
        await a.authStateReady();
        return toAuthUser(mod, a.currentUser);
      }),

    signOut: () =>
      mapped(async () => {
        store?.removeItem(SESSION_HINT_KEY);
        if (authLoading) {
          const { mod, auth: a } = await authLoading;
          await mod.signOut(a);
        }
        emit(null);
      }),

    onChange: (listener) => {
      authListeners.add(listener);
      if (sessionMayExist()) void loadAuth();
      return () => {
        authListeners.delete(listener);
      };
    },

    ...passkeysNotSupported,
  };

  return {
    services: { list: () => mapped(listServices) },

    portfolio: {
      getMeta: () =>
        mapped(async () => {
          const snap = await getDoc(doc(db(), COLLECTIONS.portfolioMeta, 'main'));
          if (!snap.exists()) throw new BackendError('not-found', 'Not found', { status: 404 });
          return snap.data() as PortfolioMeta;
        }),
      getContent: () =>
        mapped(async () => {
          const { getStorage, ref, getDownloadURL } = await import('firebase/storage');
          const url = await getDownloadURL(ref(getStorage(app()), PORTFOLIO_CONTENT_PATH));
          let response: Response;
          try {
            response = await doFetch(withCacheBust(url, now().getTime()), { cache: 'no-store' });
          } catch {
            throw new BackendError('network', 'Network error: the portfolio content could not be loaded.');
          }
          if (!response.ok) {
            throw new BackendError(
              response.status === 404 ? 'not-found' : 'unavailable',
              'No portfolio content available.',
              {
                status: response.status,
              },
            );
          }
          return (await response.json()) as PortfolioContent;
        }),
      getProject: (id) =>
        mapped(async () => {
          const snap = await getDoc(doc(db(), COLLECTIONS.projects, id));
          return snap.exists() ? ({ ...(snap.data() as Omit<Project, 'id'>), id: snap.id } as Project) : null;
        }),
      getGallery: (id) =>
        mapped(async () => {
          const snap = await getDoc(doc(db(), COLLECTIONS.galleries, id));
          if (!snap.exists()) return null;
          const data = snap.data();
          return { images: (data.images ?? []) as string[], videos: (data.videos ?? []) as string[] } satisfies Gallery;
        }),
    },

    bookings: {
      create: (input, idempotencyKey) => mapped(() => createBooking(input, idempotencyKey)),
      subscribe: subscribeBookings,
      updateStatus: (id, status) =>
        mapped(async () => {
          const { parseOrThrow, bookingStatusUpdateSchema } = await validation();
          const update = parseOrThrow(bookingStatusUpdateSchema, { status });
          const ref = doc(db(), COLLECTIONS.bookings, id);
          await updateDoc(ref, { status: update.status, updatedAt: serverTimestamp() });
          const snap = await getDoc(ref);
          if (!snap.exists()) throw new BackendError('not-found', 'Booking not found', { status: 404 });
          return toBooking(snap.id, snap.data());
        }),
    },

    availability: {
      getPublic: () => mapped(getPublic),
      getSlotsOn: (date) =>
        mapped(async () => {
          const snap = await getDocs(query(collection(db(), COLLECTIONS.slots), where('date', '==', date)));
          return snap.docs.map((d) => publicSlot(d.id, d.data())).sort(bySlot);
        }),
      subscribe: subscribeAvailability,
      addPeriod: (input) =>
        mapped(async () => {
          const { parseOrThrow, availabilityPeriodInputSchema } = await validation();
          const { notes, ...fields } = parseOrThrow(availabilityPeriodInputSchema, input);
          await addAvailability(COLLECTIONS.periods, fields, notes);
        }),
      deletePeriod: (id) => mapped(() => deleteAvailability(COLLECTIONS.periods, id)),
      addUnavailable: (input) =>
        mapped(async () => {
          const { parseOrThrow, unavailableRangeInputSchema } = await validation();
          const { reason, ...fields } = parseOrThrow(unavailableRangeInputSchema, input);
          await addAvailability(COLLECTIONS.unavailable, fields, reason);
        }),
      deleteUnavailable: (id) => mapped(() => deleteAvailability(COLLECTIONS.unavailable, id)),
      addSlot: (input) =>
        mapped(async () => {
          const { parseOrThrow, timeSlotInputSchema } = await validation();
          const { notes, ...fields } = parseOrThrow(timeSlotInputSchema, input);
          await addAvailability(COLLECTIONS.slots, fields, notes);
        }),
      deleteSlot: (id) => mapped(() => deleteAvailability(COLLECTIONS.slots, id)),
    },

    auth,

    notifications: {
      // SMS_ENABLED lives in the functions' environment, where it overrides this choice when a message is sent.
      getSmsStatus: () =>
        mapped(async () => {
          const snap = await getDoc(doc(db(), COLLECTIONS.settings, SETTINGS_SMS_DOC));
          const value: unknown = snap.exists() ? snap.data().smsEnabled : null;
          return smsFlagInForce(undefined, typeof value === 'boolean' ? value : null);
        }),
      setSmsEnabled: (enabled) =>
        mapped(async () => {
          const { parseOrThrow, settingsUpdateSchema } = await validation();
          const { smsEnabled } = parseOrThrow(settingsUpdateSchema, { smsEnabled: enabled });
          await setDoc(doc(db(), COLLECTIONS.settings, SETTINGS_SMS_DOC), { smsEnabled, updatedAt: serverTimestamp() });
          return smsFlagInForce(undefined, smsEnabled);
        }),
    },
  };
}
