// The firebase adapter with every Firebase SDK module replaced at its import boundary by the fakes in
// fake-firebase.ts: first the shared contract suite, then the Firebase-specific shape of each call.
import { BackendError } from '../../port';
import { contractBooking, contractSeed, describeBackendContract } from '../../contract/backend-contract';
import { paymentScheduleFor } from '../../../domain/payment-schedule';
import {
  createFirebaseBackend,
  EMAIL_FOR_SIGN_IN_KEY,
  SESSION_HINT_KEY,
  SMS_CALL_FAILED,
  toBackendError,
  withCacheBust,
  type FirebaseBackend,
  type KeyValueStore,
} from '../index';
import { fake } from './fake-firebase';

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

const ADMIN = 'admin@studio.test';
const seed = contractSeed();
const at = { toDate: () => new Date('2025-01-01T00:00:00.000Z') };
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

function seedFake() {
  fake.reset();
  fake.adminEmails.add(ADMIN);
  for (const { id, ...service } of seed.services) fake.put(`services/${id}`, service);
  fake.put('portfolioMeta/main', { ...seed.portfolioMeta });
  const { id: projectId, ...project } = seed.project;
  fake.put(`projects/${projectId}`, project);
  fake.put(`galleries/${projectId}`, { ...seed.gallery });
  fake.contentJson = seed.portfolioContent;
  seed.availability.periods.forEach(({ notes, ...p }, i) => {
    fake.docs.set(`availabilityPeriods/p${i}`, { data: { ...p, createdAt: at, updatedAt: at } });
    fake.put(`availabilityNotes/availabilityPeriods_p${i}`, { text: notes });
  });
  seed.availability.unavailable.forEach(({ reason, ...u }, i) => {
    fake.docs.set(`unavailableDays/u${i}`, { data: { ...u, createdAt: at } });
    fake.put(`availabilityNotes/unavailableDays_u${i}`, { text: reason });
  });
  seed.availability.slots.forEach(({ notes, ...s }, i) => {
    fake.docs.set(`timeSlots/s${i}`, { data: { ...s, createdAt: at } });
    fake.put(`availabilityNotes/timeSlots_s${i}`, { text: notes });
  });
  fake.calls = [];
}

function createBackend(store = memoryStore()): FirebaseBackend {
  return createFirebaseBackend({
    config: CONFIG,
    functionsRegion: 'europe-west1',
    fetch: fake.fetch as unknown as typeof fetch,
    store,
    origin: () => 'https://studio.test',
    currentUrl: () => 'https://studio.test/finishSignIn',
  });
}

async function signIn(backend: FirebaseBackend, email: string) {
  await backend.auth.requestLink(email);
  const sent = fake.sentLinks[fake.sentLinks.length - 1];
  if (!sent) throw new Error('no link was sent');
  await backend.auth.completeSignIn(sent.link, email);
}

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

describeBackendContract({
  name: 'firebase (SDK modules faked)',
  capabilities: { bookingCreate: true, signIn: true, adminSession: true, rejectsNonAdminAtRequest: false },
  seed,
  create: async () => {
    seedFake();
    const backend = createBackend();
    return {
      backend,
      signInAsAdmin: () => signIn(backend, ADMIN),
      signInAsNonAdmin: () => signIn(backend, 'visitor@example.com'),
      teardown: settle,
    };
  },
});

describe('firebase adapter: the calls it makes (docs/product.md §7)', () => {
  beforeEach(seedFake);

  it('reads services, portfolioMeta/main, projects and galleries by id, with firestore/lite', async () => {
    const backend = createBackend();
    await backend.services.list();
    await backend.portfolio.getMeta();
    await backend.portfolio.getProject('sonoran-editorial');
    await backend.portfolio.getGallery('sonoran-editorial');
    expect(fake.callsOf('getDocs').map((c) => c.args[0])).toEqual(['services']);
    expect(fake.callsOf('getDoc').map((c) => c.args[0])).toEqual([
      'portfolioMeta/main',
      'projects/sonoran-editorial',
      'galleries/sonoran-editorial',
    ]);
    expect(fake.calls.some((c) => c.fn.startsWith('full.'))).toBe(false);
    expect(fake.callsOf('initializeApp')).toEqual([{ fn: 'initializeApp', args: [CONFIG] }]);
  });

  it('reads the three availability collections whole, and timeSlots where date == a value', async () => {
    const backend = createBackend();
    await backend.availability.getPublic();
    expect(
      fake
        .callsOf('getDocs')
        .map((c) => c.args[0])
        .sort(),
    ).toEqual(['availabilityPeriods', 'timeSlots', 'unavailableDays']);
    expect(fake.callsOf('getDoc')).toEqual([]);

    fake.calls = [];
    const slots = await backend.availability.getSlotsOn(seed.availability.slots[0]?.date ?? '');
    expect(fake.callsOf('getDocs')).toEqual([
      {
        fn: 'getDocs',
        args: ['timeSlots', [{ type: 'where', field: 'date', op: '==', value: seed.availability.slots[0]?.date }]],
      },
    ]);
    expect(slots).toEqual([
      { id: 's0', date: seed.availability.slots[0]?.date, startTime: '09:00', endTime: '17:00', isAvailable: false },
    ]);
  });

  it('creates bookingRequests/<idempotency key> with exactly the booking fields, status New and server timestamps', async () => {
    const backend = createBackend();
    const input = contractBooking(seed);
    const created = await backend.bookings.create(input, 'key-123');
    expect(created).toMatchObject({ id: 'key-123', status: 'New' });
    const [write] = fake.callsOf('setDoc');
    expect(write?.args[0]).toBe('bookingRequests/key-123');
    const data = write?.args[1] as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(
      [
        'name',
        'email',
        'phone',
        'serviceId',
        'service',
        'servicePrice',
        'serviceTier',
        'serviceTierId',
        'paymentSchedule',
        'date',
        'consultationDate',
        'consultationLocation',
        'location',
        'description',
        'smsOptIn',
        'status',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    expect(data).toMatchObject({
      name: input.name,
      service: 'User-Generated Content',
      servicePrice: '$500',
      serviceTier: 'Weekly Content',
      paymentSchedule: paymentScheduleFor('usergeneratedcontent', 'ugc-weekly'),
      status: 'New',
    });
    expect(typeof data.createdAt).toBe('symbol');
    expect(data.updatedAt).toBe(data.createdAt);
  });

  it('answers a retry whose first write landed (answer lost) with the same booking, and stores one document', async () => {
    const backend = createBackend();
    fake.loseNextWriteAnswer = true;
    expect((await failure(backend.bookings.create(contractBooking(seed), 'key-lost'))).code).toBe('unavailable');
    const retry = await backend.bookings.create(contractBooking(seed), 'key-lost');
    expect(retry.id).toBe('key-lost');
    expect([...fake.docs.keys()].filter((k) => k.startsWith('bookingRequests/'))).toEqual(['bookingRequests/key-lost']);
  });

  it('refuses an idempotency key that cannot be a document id', async () => {
    const backend = createBackend();
    const error = await failure(backend.bookings.create(contractBooking(seed), 'a/b'));
    expect(error.code).toBe('validation');
    expect(fake.callsOf('setDoc')).toEqual([]);
  });

  it('calls sendBookingSms with the booking id after a booking with the opt-in, and only logs a failure', async () => {
    const backend = createBackend();
    await backend.bookings.create(contractBooking(seed, { smsOptIn: false }), 'key-no-sms');
    await settle();
    expect(fake.callable).toEqual([]);

    await backend.bookings.create(contractBooking(seed, { smsOptIn: true }), 'key-sms');
    await settle();
    expect(fake.callable).toEqual([{ name: 'sendBookingSms', data: { bookingId: 'key-sms' } }]);
    expect(fake.callsOf('getFunctions')).toEqual([{ fn: 'getFunctions', args: ['europe-west1'] }]);

    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.callableFails = 'internal';
    await expect(
      backend.bookings.create(contractBooking(seed, { smsOptIn: true }), 'key-sms-2'),
    ).resolves.toMatchObject({
      id: 'key-sms-2',
    });
    await settle();
    expect(warn).toHaveBeenCalledWith(SMS_CALL_FAILED, expect.anything());
    warn.mockRestore();
  });

  it('subscribes the admin to bookingRequests ordered by createdAt desc with the full SDK, loaded only then', async () => {
    const backend = createBackend();
    await signIn(backend, ADMIN);
    expect(fake.calls.some((c) => c.fn.startsWith('full.'))).toBe(false);
    const lists: unknown[] = [];
    const stop = backend.bookings.subscribe(
      (l) => lists.push(l),
      () => undefined,
    );
    await settle();
    expect(fake.callsOf('full.onSnapshot')).toEqual([
      {
        fn: 'full.onSnapshot',
        args: ['bookingRequests', [{ type: 'orderBy', field: 'createdAt', direction: 'desc' }]],
      },
    ]);
    // The first snapshot is the port's 'resync'; later ones are told as created and updated requests.
    expect(lists).toEqual([{ type: 'resync' }]);
    stop();
  });

  it('updates a status with updatedAt, and writes availability as a public document plus an admin-only note', async () => {
    const backend = createBackend();
    await backend.bookings.create(contractBooking(seed), 'key-status');
    await signIn(backend, ADMIN);
    fake.calls = [];
    await backend.bookings.updateStatus('key-status', 'Confirmed');
    const [update] = fake.callsOf('updateDoc');
    expect(update?.args[0]).toBe('bookingRequests/key-status');
    expect(Object.keys(update?.args[1] as object).sort()).toEqual(['status', 'updatedAt']);
    expect((update?.args[1] as { status: string }).status).toBe('Confirmed');

    fake.calls = [];
    await backend.availability.addPeriod({
      startDate: '2030-01-01',
      endDate: '2030-01-31',
      isAvailable: true,
      notes: 'Secret',
    });
    const sets = fake.callsOf('batch.set');
    expect(sets).toHaveLength(2);
    const [publicDoc, note] = sets;
    expect(publicDoc?.args[0]).toMatch(/^availabilityPeriods\/auto-\d+$/);
    expect(Object.keys(publicDoc?.args[1] as object).sort()).toEqual([
      'createdAt',
      'endDate',
      'isAvailable',
      'startDate',
      'updatedAt',
    ]);
    const id = String(publicDoc?.args[0]).split('/')[1];
    expect(note?.args).toEqual([`availabilityNotes/availabilityPeriods_${id}`, { text: 'Secret' }]);

    fake.calls = [];
    await backend.availability.deletePeriod(id ?? '');
    expect(fake.callsOf('batch.delete').map((c) => c.args[0])).toEqual([
      `availabilityPeriods/${id}`,
      `availabilityNotes/availabilityPeriods_${id}`,
    ]);
  });

  it('keeps the SMS choice in settings/sms', async () => {
    const backend = createBackend();
    await signIn(backend, ADMIN);
    fake.calls = [];
    await backend.notifications.setSmsEnabled(false);
    expect(fake.callsOf('setDoc')[0]?.args[0]).toBe('settings/sms');
    expect(fake.docs.get('settings/sms')?.data.smsEnabled).toBe(false);
    expect(await backend.notifications.getSmsStatus()).toEqual({ enabled: false, source: 'admin', adminValue: false });
  });

  it('fetches portfolio/content.json from its Storage URL with a cache-busting t parameter', async () => {
    const backend = createBackend();
    await backend.portfolio.getContent();
    expect(fake.callsOf('getDownloadURL')[0]?.args).toEqual(['portfolio/content.json']);
    const [fetched] = fake.callsOf('fetch');
    expect(String(fetched?.args[0])).toMatch(
      /^https:\/\/storage\.test\/v0\/b\/demo\/o\/portfolio%2Fcontent\.json\?alt=media&token=tok&t=\d+$/,
    );
  });

  it.each([
    ['permission-denied', 'forbidden'],
    ['unauthenticated', 'unauthenticated'],
    ['not-found', 'not-found'],
    ['already-exists', 'conflict'],
    ['resource-exhausted', 'rate-limited'],
    ['unavailable', 'unavailable'],
    ['deadline-exceeded', 'network'],
    ['internal', 'internal'],
  ])('maps the Firestore error %s to the BackendError code %s', async (firebaseCode, code) => {
    const backend = createBackend();
    fake.failNext = firebaseCode;
    expect((await failure(backend.services.list())).code).toBe(code);
  });

  it('gives a visitor permission-denied as forbidden on an admin write', async () => {
    const backend = createBackend();
    const error = await failure(
      backend.availability.addSlot({
        date: '2030-01-01',
        startTime: '09:00',
        endTime: '10:00',
        isAvailable: true,
        notes: '',
      }),
    );
    expect(error.code).toBe('forbidden');
  });
});

describe('firebase adapter: e-mail link sign-in', () => {
  beforeEach(seedFake);

  it('sends the link to /finishSignIn on the same origin, handled in the app, and keeps the e-mail', async () => {
    const store = memoryStore();
    const backend = createBackend(store);
    await backend.auth.requestLink(` ${ADMIN} `);
    expect(fake.callsOf('sendSignInLinkToEmail')).toEqual([
      {
        fn: 'sendSignInLinkToEmail',
        args: [ADMIN, { url: 'https://studio.test/finishSignIn', handleCodeInApp: true }],
      },
    ]);
    expect(store.map.get(EMAIL_FOR_SIGN_IN_KEY)).toBe(ADMIN);
  });

  it('loads Auth neither on a first visit nor for the listener, only when a session may exist', async () => {
    const store = memoryStore();
    const backend = createBackend(store);
    backend.auth.onChange(() => undefined);
    expect(await backend.auth.current()).toBeNull();
    await settle();
    expect(fake.callsOf('getAuth')).toEqual([]);

    store.map.set(SESSION_HINT_KEY, '1');
    const seen: unknown[] = [];
    createBackend(store).auth.onChange((u) => seen.push(u));
    await settle();
    await settle();
    expect(fake.callsOf('getAuth')).toHaveLength(1);
    expect(store.map.has(SESSION_HINT_KEY)).toBe(false);
  });

  it('completes sign-in from the page address, reads the admin claim, and keeps a session hint', async () => {
    const store = memoryStore();
    const backend = createBackend(store);
    await backend.auth.requestLink(ADMIN);
    const link = fake.sentLinks[0]?.link ?? '';
    const fromPage = createFirebaseBackend({
      config: CONFIG,
      store,
      fetch: fake.fetch as unknown as typeof fetch,
      origin: () => 'https://studio.test',
      currentUrl: () => link,
    });
    expect(await fromPage.auth.completeSignIn('code-only', ADMIN)).toEqual({ email: ADMIN, isAdmin: true });
    expect(store.map.get(SESSION_HINT_KEY)).toBe('1');
    expect(store.map.has(EMAIL_FOR_SIGN_IN_KEY)).toBe(false);
  });

  it('signs a non-admin straight out again with forbidden', async () => {
    const backend = createBackend();
    const error = await failure(signIn(backend, 'visitor@example.com'));
    expect(error.code).toBe('forbidden');
    expect(fake.callsOf('signOut')).toHaveLength(1);
    expect(fake.currentUser).toBeNull();
  });

  it('refuses a link that is not a sign-in link', async () => {
    const backend = createFirebaseBackend({
      config: CONFIG,
      store: memoryStore(),
      currentUrl: () => 'https://studio.test/',
    });
    const error = await failure(backend.auth.completeSignIn('nope', ADMIN));
    expect(error.code).toBe('unauthenticated');
  });
});

describe('toBackendError', () => {
  it.each([
    ['auth/network-request-failed', 'network'],
    ['auth/too-many-requests', 'rate-limited'],
    ['auth/invalid-email', 'validation'],
    ['functions/resource-exhausted', 'rate-limited'],
    ['functions/unauthenticated', 'unauthenticated'],
    ['storage/object-not-found', 'not-found'],
    ['storage/unauthorized', 'forbidden'],
    ['something-new', 'internal'],
  ])('maps the service-prefixed code %s to %s', (firebaseCode, code) => {
    const error = toBackendError(Object.assign(new Error('x'), { code: firebaseCode }));
    expect(error).toBeInstanceOf(BackendError);
    expect(error.code).toBe(code);
  });

  it('passes a BackendError through unchanged', () => {
    const original = new BackendError('conflict', 'taken');
    expect(toBackendError(original)).toBe(original);
  });
});

describe('withCacheBust', () => {
  it('adds t with ? or & as the URL needs, before any fragment', () => {
    expect(withCacheBust('https://x.test/c.json', 5)).toBe('https://x.test/c.json?t=5');
    expect(withCacheBust('https://x.test/c.json?alt=media&token=a', 5)).toBe(
      'https://x.test/c.json?alt=media&token=a&t=5',
    );
    expect(withCacheBust('https://x.test/c.json?', 5)).toBe('https://x.test/c.json?t=5');
    expect(withCacheBust('https://x.test/c.json?a=1#top', 5)).toBe('https://x.test/c.json?a=1&t=5#top');
  });
});
