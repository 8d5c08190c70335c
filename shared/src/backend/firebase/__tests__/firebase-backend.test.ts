// The firebase adapter with the Firebase SDK modules faked at their import boundary, for what the emulator suite
// (firebase/test/emulator, where the backend contract runs on the real Firestore, Auth and functions) cannot show:
// which SDK module each call loads (a visitor's first load must stay on firebase/app and firestore/lite), Storage
// (its emulator cannot run here), a failing SMS function, and how the emulator option wires each SDK.
import { BackendError } from '../../port';
import { contractBooking, contractSeed } from '../../contract/backend-contract';
import {
  SESSION_HINT_KEY,
  SMS_CALL_FAILED,
  createFirebaseBackend,
  fromCallableError,
  toBackendError,
  withCacheBust,
  type FirebaseBackendOptions,
  type KeyValueStore,
} from '../index';
import { toBooking } from '../documents';
import { FakeFirebaseError, fake } from './fake-firebase';

jest.mock('firebase/app', () =>
  (jest.requireActual('./fake-firebase') as typeof import('./fake-firebase')).fake.appModule(),
);
jest.mock('firebase/firestore/lite', () =>
  (jest.requireActual('./fake-firebase') as typeof import('./fake-firebase')).fake.firestoreModule('lite'),
);
jest.mock('firebase/firestore', () =>
  (jest.requireActual('./fake-firebase') as typeof import('./fake-firebase')).fake.firestoreModule('full'),
);
jest.mock('firebase/auth', () =>
  (jest.requireActual('./fake-firebase') as typeof import('./fake-firebase')).fake.authModule(),
);
jest.mock('firebase/functions', () =>
  (jest.requireActual('./fake-firebase') as typeof import('./fake-firebase')).fake.functionsModule(),
);
jest.mock('firebase/storage', () =>
  (jest.requireActual('./fake-firebase') as typeof import('./fake-firebase')).fake.storageModule(),
);
jest.mock('firebase/app-check', () =>
  (jest.requireActual('./fake-firebase') as typeof import('./fake-firebase')).fake.appCheckModule(),
);

const seed = contractSeed();
const CONFIG = { apiKey: 'key', authDomain: 'demo.firebaseapp.com', projectId: 'demo-studio', appId: 'app' };

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const createBackend = (over: Partial<FirebaseBackendOptions> = {}) =>
  createFirebaseBackend({
    config: CONFIG,
    functionsRegion: 'europe-west1',
    fetch: fake.fetch as unknown as typeof fetch,
    store: memoryStore(),
    origin: () => 'https://studio.test',
    ...over,
  });

/** Lets fire-and-forget work (the SMS call, dynamic imports) finish. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function failure(promise: Promise<unknown>): Promise<BackendError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof BackendError)) throw new Error('expected a BackendError');
  return outcome;
}

beforeEach(() => {
  fake.reset();
  for (const { id, ...service } of seed.services) fake.docs.set(`services/${id}`, service);
  fake.docs.set('portfolioMeta/main', { ...seed.portfolioMeta });
  fake.docs.set('availabilityPeriods/p0', { startDate: '2030-01-01', endDate: '2030-12-31', isAvailable: true });
  fake.docs.set('timeSlots/s0', { date: '2030-03-01', startTime: '09:00', endTime: '10:00', isAvailable: true });
});

describe('firebase adapter: what each call loads (a first visit must stay small)', () => {
  it('serves a visitor with firebase/app and firestore/lite only', async () => {
    const backend = createBackend();
    backend.auth.onChange(() => undefined);
    await backend.services.list();
    await backend.portfolio.getMeta();
    await backend.portfolio.getProject('sonoran-editorial');
    await backend.availability.getPublic();
    await backend.availability.getSlotsOn('2030-03-01');
    expect(await backend.auth.current()).toBeNull();
    await settle();
    expect(fake.modulesUsed()).toEqual(['app', 'lite']);
    expect(fake.callsOf('lite.getDocs').map((c) => c.args)).toContainEqual([
      'timeSlots',
      [{ where: ['date', '==', '2030-03-01'] }],
    ]);
  });

  it('loads Auth once a session may exist (the hint in localStorage)', async () => {
    const store = memoryStore();
    store.map.set(SESSION_HINT_KEY, '1');
    createBackend({ store }).auth.onChange(() => undefined);
    await settle();
    await settle();
    expect(fake.callsOf('auth.getAuth')).toHaveLength(1);
    // No user came back: the hint is dropped, and the next first page stays without Auth.
    expect(store.map.has(SESSION_HINT_KEY)).toBe(false);
  });

  it('loads the full Firestore SDK only for a live subscription, ordered by createdAt desc', async () => {
    const backend = createBackend();
    await backend.services.list();
    expect(fake.modulesUsed()).not.toContain('full');
    const stop = backend.bookings.subscribe(
      () => undefined,
      () => undefined,
    );
    await settle();
    expect(fake.callsOf('full.onSnapshot').map((c) => c.args)).toEqual([
      ['bookingRequests', [{ orderBy: ['createdAt', 'desc'] }]],
    ]);
    stop();
  });

  it('loads Functions for a booking and calls createBooking in the configured region with the booking and its key', async () => {
    const backend = createBackend();
    const created = await backend.bookings.create(contractBooking(seed), 'key-1');
    expect(created).toEqual({ id: 'key-1', status: 'New', createdAt: '2030-01-01T00:00:00.000Z' });
    expect(fake.callsOf('functions.getFunctions').map((c) => c.args)).toEqual([['europe-west1']]);
    expect(fake.callable).toEqual([
      { name: 'createBooking', data: { booking: contractBooking(seed), idempotencyKey: 'key-1' } },
    ]);
    expect(fake.modulesUsed()).toEqual(['app', 'functions']);
  });
});

describe('firebase adapter: the emulator option connects each SDK it names', () => {
  it('connects firestore/lite, the full SDK, Auth, Functions and Storage to the given hosts', async () => {
    const store = memoryStore();
    store.map.set(SESSION_HINT_KEY, '1');
    fake.contentJson = seed.portfolioContent;
    const backend = createBackend({
      store,
      emulators: {
        firestore: { host: '127.0.0.1', port: 8081 },
        auth: 'http://127.0.0.1:9098',
        functions: { host: '127.0.0.1', port: 5002 },
        storage: { host: '127.0.0.1', port: 9198 },
      },
    });
    await backend.services.list();
    await backend.services.list();
    await backend.bookings.create(contractBooking(seed), 'key-2');
    await backend.portfolio.getContent();
    await backend.portfolio.getContent();
    backend.bookings.subscribe(
      () => undefined,
      () => undefined,
    )();
    await backend.auth.current();
    await settle();
    const connects = fake.calls.filter((c) => c.fn.endsWith('Emulator')).map((c) => [c.fn, ...c.args]);
    expect(connects).toEqual(
      expect.arrayContaining([
        ['lite.connectFirestoreEmulator', '127.0.0.1', 8081],
        ['full.connectFirestoreEmulator', '127.0.0.1', 8081],
        ['auth.connectAuthEmulator', 'http://127.0.0.1:9098'],
        ['functions.connectFunctionsEmulator', '127.0.0.1', 5002],
        ['storage.connectStorageEmulator', '127.0.0.1', 9198],
      ]),
    );
    // Once per SDK instance, as the SDKs require.
    expect(connects).toHaveLength(5);
  });

  it('without it, connects nothing', async () => {
    await createBackend().services.list();
    expect(fake.calls.filter((c) => c.fn.endsWith('Emulator'))).toEqual([]);
  });
});

describe('firebase adapter: App Check', () => {
  it('with a site key, starts App Check before the first call to a function', async () => {
    const backend = createBackend({ appCheckSiteKey: 'site-key' });
    await backend.services.list();
    expect(fake.modulesUsed()).not.toContain('appCheck');
    await backend.bookings.create(contractBooking(seed), 'key-3');
    await backend.bookings.create(contractBooking(seed), 'key-4');
    const order = fake.calls.map((c) => c.fn).filter((fn) => /appCheck|httpsCallable/.test(fn));
    expect(order).toEqual(['appCheck.initializeAppCheck', 'functions.httpsCallable', 'functions.httpsCallable']);
  });
});

describe('firebase adapter: Storage (no emulator runs here)', () => {
  it('fetches portfolio/content.json from its Storage URL with a cache-busting t parameter', async () => {
    fake.contentJson = seed.portfolioContent;
    const backend = createBackend();
    expect(await backend.portfolio.getContent()).toEqual(seed.portfolioContent);
    expect(fake.callsOf('storage.getDownloadURL')[0]?.args).toEqual(['portfolio/content.json']);
    expect(String(fake.callsOf('fetch.get')[0]?.args[0])).toMatch(
      /^https:\/\/storage\.test\/v0\/b\/demo\/o\/portfolio%2Fcontent\.json\?alt=media&token=tok&t=\d+$/,
    );
  });

  it('answers a missing content file with not-found', async () => {
    const error = await failure(createBackend().portfolio.getContent());
    expect(error.code).toBe('not-found');
  });

  it('withCacheBust adds t with ? or & as the URL needs, before any fragment', () => {
    expect(withCacheBust('https://x.test/c.json', 5)).toBe('https://x.test/c.json?t=5');
    expect(withCacheBust('https://x.test/c.json?alt=media&token=a', 5)).toBe(
      'https://x.test/c.json?alt=media&token=a&t=5',
    );
    expect(withCacheBust('https://x.test/c.json?', 5)).toBe('https://x.test/c.json?t=5');
    expect(withCacheBust('https://x.test/c.json?a=1#top', 5)).toBe('https://x.test/c.json?a=1&t=5#top');
  });
});

describe('firebase adapter: the SMS call (docs/product.md §7)', () => {
  it('calls sendBookingSms with the booking id after a booking with the opt-in, and only logs a failure', async () => {
    const backend = createBackend();
    await backend.bookings.create(contractBooking(seed, { smsOptIn: false }), 'key-no-sms');
    await settle();
    expect(fake.callable.map((c) => c.name)).toEqual(['createBooking']);

    await backend.bookings.create(contractBooking(seed, { smsOptIn: true }), 'key-sms');
    await settle();
    expect(fake.callable[2]).toEqual({ name: 'sendBookingSms', data: { bookingId: 'key-sms' } });

    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.failingCallables.set('sendBookingSms', new FakeFirebaseError('functions/internal', 'internal'));
    await expect(
      backend.bookings.create(contractBooking(seed, { smsOptIn: true }), 'key-sms-2'),
    ).resolves.toMatchObject({ id: 'key-sms-2' });
    await settle();
    expect(warn).toHaveBeenCalledWith(SMS_CALL_FAILED, expect.anything());
    warn.mockRestore();
  });
});

describe('errors', () => {
  it.each([
    ['permission-denied', 'forbidden'],
    ['auth/network-request-failed', 'network'],
    ['auth/too-many-requests', 'rate-limited'],
    ['auth/invalid-email', 'validation'],
    ['functions/resource-exhausted', 'rate-limited'],
    ['functions/unauthenticated', 'unauthenticated'],
    ['storage/object-not-found', 'not-found'],
    ['storage/unauthorized', 'forbidden'],
    ['unavailable', 'unavailable'],
    ['deadline-exceeded', 'network'],
    ['something-new', 'internal'],
  ])('toBackendError maps the SDK code %s to %s', (firebaseCode, code) => {
    const error = toBackendError(Object.assign(new Error('x'), { code: firebaseCode }));
    expect(error).toBeInstanceOf(BackendError);
    expect(error.code).toBe(code);
  });

  it('toBackendError passes a BackendError through unchanged', () => {
    const original = new BackendError('conflict', 'taken');
    expect(toBackendError(original)).toBe(original);
  });

  it("fromCallableError takes a function's status and field errors from the details, as the server sends them", () => {
    const refused = fromCallableError(
      new FakeFirebaseError('functions/invalid-argument', 'Some fields are not valid. [400]', {
        status: 400,
        message: 'Some fields are not valid.',
        fieldErrors: { name: ['Required'] },
      }),
    );
    expect(refused).toMatchObject({
      code: 'validation',
      status: 400,
      message: 'Some fields are not valid.',
      fieldErrors: { name: ['Required'] },
    });
    const limited = fromCallableError(
      new FakeFirebaseError('functions/resource-exhausted', 'Too many', { status: 429, retryAfter: 30 }),
    );
    expect(limited).toMatchObject({ code: 'rate-limited', status: 429, retryAfter: 30, fieldErrors: {} });
    const reused = fromCallableError(
      new FakeFirebaseError('functions/invalid-argument', 'Key used [400]', { status: 422, message: 'Key used' }),
    );
    expect(reused).toMatchObject({ code: 'validation', status: 422, message: 'Key used', fieldErrors: {} });
    const taken = fromCallableError(new FakeFirebaseError('functions/failed-precondition', 'Taken', { status: 409 }));
    expect(taken).toMatchObject({ code: 'conflict', status: 409 });
    expect(fromCallableError(new FakeFirebaseError('functions/unavailable', 'down')).code).toBe('unavailable');
  });
});

describe('documents', () => {
  it('reads a booking field by field: the request hash createBooking keeps beside it never reaches a caller', () => {
    const at = '2030-01-01T00:00:00.000Z';
    const stored = {
      ...contractBooking(seed),
      status: 'New',
      requestHash: 'a'.repeat(64),
      createdAt: at,
      updatedAt: at,
    };
    const booking = toBooking('b1', stored, () => new Date(at));
    expect(booking).toMatchObject({ id: 'b1', name: stored.name, status: 'New', createdAt: at });
    expect(Object.keys(booking)).not.toContain('requestHash');
  });
});
