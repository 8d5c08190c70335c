import type { AdminAvailability, BookingChange, BookingInput, BookingRequest, Service } from '../../domain/types';
import { BackendError } from '../port';
import { createMemoryBackend, type MemorySeed } from './index';

const services: Service[] = [
  {
    id: 'others',
    displayName: 'Other Projects',
    description: '',
    image: '',
    price: '',
    tiers: [{ id: 'others-hourly', displayName: 'Hourly Booking', price: '$120', includes: [] }],
  },
  {
    id: 'photoshoot',
    displayName: 'Photoshoot',
    description: '',
    image: '',
    price: '',
    tiers: [{ id: 'photoshoot-mini', displayName: 'Mini Session', price: '$250', includes: [] }],
  },
  {
    id: 'usergeneratedcontent',
    displayName: 'User-Generated Content',
    description: '',
    image: '',
    price: '',
    tiers: [
      { id: 'ugc-weekly', displayName: 'Weekly Content', price: '$500', includes: [] },
      { id: 'ugc-runway', displayName: 'Runway Recap', price: '$350', includes: [] },
    ],
  },
];

const availability: AdminAvailability = {
  periods: [
    {
      id: 'p2',
      startDate: '2025-07-01',
      endDate: '2025-07-31',
      isAvailable: false,
      notes: 'Travelling',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    },
    {
      id: 'p1',
      startDate: '2025-06-01',
      endDate: '2025-06-30',
      isAvailable: true,
      notes: 'Summer',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    },
  ],
  unavailable: [
    {
      id: 'u1',
      startDate: '2025-06-20',
      endDate: '2025-06-21',
      reason: 'Wedding',
      createdAt: '2025-01-01T00:00:00.000Z',
    },
  ],
  slots: [
    {
      id: 's1',
      date: '2025-06-15',
      startTime: '09:00',
      endTime: '17:00',
      isAvailable: false,
      notes: 'Booked',
      createdAt: '2025-01-01T00:00:00.000Z',
    },
  ],
};

const input = (over: Partial<BookingInput> = {}): BookingInput => ({
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '+15551234567',
  serviceId: 'usergeneratedcontent',
  serviceTierId: 'ugc-weekly',
  date: '2025-06-10',
  consultationDate: '',
  consultationLocation: '',
  location: '',
  description: 'Spring campaign',
  smsOptIn: true,
  ...over,
});

const ADMIN = 'ava@example.com';

function setup(seed: Partial<MemorySeed> = {}, signedIn = false) {
  let time = Date.UTC(2025, 4, 1, 12, 0, 0);
  const clock = { now: () => new Date(time), advance: (ms: number) => (time += ms) };
  const backend = createMemoryBackend(
    { services, availability, ...seed },
    { adminEmail: ADMIN, now: clock.now, signedIn },
  );
  return { backend, clock };
}

async function rejection(promise: Promise<unknown>): Promise<BackendError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BackendError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

async function signIn(backend: ReturnType<typeof setup>['backend']) {
  await backend.auth.requestLink(ADMIN);
  const link = backend.outbox.at(-1);
  if (!link) throw new Error('no link sent');
  return backend.auth.completeSignIn(link.token, ADMIN);
}

/** Every stored booking, newest first, read the way the admin reads them: a page at a time. */
async function storedBookings(backend: ReturnType<typeof setup>['backend']): Promise<BookingRequest[]> {
  const out: BookingRequest[] = [];
  let cursor: string | undefined;
  do {
    const page = await backend.bookings.list(cursor === undefined ? {} : { cursor });
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return out;
}

/** Subscribes to the live bookings and keeps every change told, 'resync' included. */
function watchBookings(backend: ReturnType<typeof setup>['backend']) {
  const changes: BookingChange[] = [];
  const errors: BackendError[] = [];
  const stop = backend.bookings.subscribe(
    (c) => changes.push(c),
    (e) => errors.push(e),
  );
  return { changes, errors, stop };
}

describe('defaults', () => {
  it('starts empty, signed out, with admin@example.com as the admin and SMS off', async () => {
    const backend = createMemoryBackend();
    expect(await backend.services.list()).toEqual([]);
    expect(await backend.availability.getPublic()).toEqual({ periods: [], unavailable: [], slots: [] });
    expect(await backend.portfolio.getProject('any')).toBeNull();
    expect(await backend.auth.current()).toBeNull();
    await backend.auth.requestLink('admin@example.com');
    await backend.auth.completeSignIn(backend.outbox[0]?.token ?? '', 'admin@example.com');
    expect(await backend.notifications.getSmsStatus()).toEqual({ enabled: false, source: 'default', adminValue: null });
    expect(await backend.bookings.list()).toEqual({ items: [], nextCursor: null });
  });

  it('takes the admin’s SMS choice at start', async () => {
    const backend = createMemoryBackend({}, { signedIn: true, smsEnabled: true });
    expect(await backend.notifications.getSmsStatus()).toEqual({ enabled: true, source: 'admin', adminValue: true });
  });
});

describe('services and portfolio', () => {
  it('lists services as stored', async () => {
    const { backend } = setup();
    expect((await backend.services.list()).map((s) => s.id)).toEqual(['others', 'photoshoot', 'usergeneratedcontent']);
  });

  it('answers copies, so callers cannot change the store', async () => {
    const { backend } = setup();
    const list = await backend.services.list();
    list.pop();
    expect(await backend.services.list()).toHaveLength(3);
  });

  it('answers empty metadata and content by default, and the seeded ones otherwise', async () => {
    const { backend } = setup();
    expect(await backend.portfolio.getMeta()).toMatchObject({ portfolioCategories: [], ugcReels: [] });
    expect(await backend.portfolio.getContent()).toEqual({ runway: {}, print: {}, 'comp-card': [], digitals: [] });

    const seeded = setup({
      portfolioContent: {
        runway: {},
        print: {},
        'comp-card': [{ type: 'image', url: '/a.jpg', name: 'a' }],
        digitals: [],
      },
    }).backend;
    expect((await seeded.portfolio.getContent())['comp-card']).toHaveLength(1);
  });

  it('finds projects and galleries by id, or answers null', async () => {
    const { backend } = setup({
      projects: [{ id: 'sonoran', title: 'Sonoran', description: 'Desert', category: 'print' }],
      galleries: { sonoran: { images: ['/1.jpg'], videos: [] } },
    });
    expect(await backend.portfolio.getProject('sonoran')).toMatchObject({ title: 'Sonoran' });
    expect(await backend.portfolio.getGallery('sonoran')).toEqual({ images: ['/1.jpg'], videos: [] });
    expect(await backend.portfolio.getProject('nope')).toBeNull();
    expect(await backend.portfolio.getGallery('nope')).toBeNull();
  });
});

describe('bookings.create', () => {
  it('stores a New booking with the derived fields', async () => {
    const { backend } = setup({}, true);
    const created = await backend.bookings.create(input(), 'key-1');
    expect(created).toEqual({ id: expect.any(String), status: 'New', createdAt: '2025-05-01T12:00:00.000Z' });

    expect(await storedBookings(backend)).toEqual([
      {
        ...input(),
        endDate: '',
        time: '',
        consultationTime: '',
        id: created.id,
        service: 'User-Generated Content',
        servicePrice: '$500',
        serviceTier: 'Weekly Content',
        paymentSchedule: 'Monthly in advance',
        status: 'New',
        createdAt: '2025-05-01T12:00:00.000Z',
        updatedAt: '2025-05-01T12:00:00.000Z',
      },
    ]);
  });

  it('derives the payment schedule per service and tier', async () => {
    const { backend } = setup({}, true);
    await backend.bookings.create(input({ serviceTierId: 'ugc-runway' }), 'a');
    await backend.bookings.create(input({ serviceId: 'others', serviceTierId: 'others-hourly' }), 'b');
    const list = await storedBookings(backend);
    expect(list.map((b) => b.paymentSchedule)).toEqual(['TBD', '100% upfront']);
  });

  it('stores one booking for one idempotency key and answers the same', async () => {
    const { backend, clock } = setup({}, true);
    const first = await backend.bookings.create(input(), 'same');
    clock.advance(1000);
    const [second, third] = await Promise.all([
      backend.bookings.create(input(), 'same'),
      backend.bookings.create(input(), 'same'),
    ]);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(await storedBookings(backend)).toHaveLength(1);
  });

  it('requires an idempotency key', async () => {
    const { backend } = setup();
    const error = await rejection(backend.bookings.create(input(), ' '));
    expect(error).toMatchObject({ code: 'validation', status: 400 });
  });

  it('rejects invalid input with the field errors', async () => {
    const { backend } = setup();
    const error = await rejection(backend.bookings.create(input({ email: 'not-an-email', name: '' }), 'k'));
    expect(error).toMatchObject({ code: 'validation', status: 400, message: 'Some fields are not valid.' });
    expect(Object.keys(error.fieldErrors).sort()).toEqual(['email', 'name']);
  });

  it('rejects unknown fields', async () => {
    const { backend } = setup();
    const sneaky = { ...input(), status: 'Confirmed' } as BookingInput;
    const error = await rejection(backend.bookings.create(sneaky, 'k'));
    expect(error.code).toBe('validation');
    expect(error.fieldErrors._).toEqual(['Unknown field(s): status']);
  });

  it('requires the photoshoot fields', async () => {
    const { backend } = setup();
    const error = await rejection(
      backend.bookings.create(input({ serviceId: 'photoshoot', serviceTierId: 'photoshoot-mini', date: '' }), 'k'),
    );
    expect(error).toMatchObject({ code: 'validation', status: 400 });
    expect(error.fieldErrors).toEqual({
      consultationDate: ['Required'],
      consultationLocation: ['Required'],
      date: ['Required'],
      location: ['Required'],
    });
  });

  it("rejects an unknown service with 'Selected service not found'", async () => {
    const { backend } = setup();
    const error = await rejection(backend.bookings.create(input({ serviceId: 'nope' }), 'k'));
    expect(error).toMatchObject({ code: 'validation', status: 400, message: 'Selected service not found' });
    expect(error.fieldErrors).toEqual({ serviceId: ['Selected service not found'] });
  });

  it("rejects an unknown tier with 'Selected tier not found'", async () => {
    const { backend } = setup();
    const error = await rejection(backend.bookings.create(input({ serviceTierId: 'photoshoot-mini' }), 'k'));
    expect(error).toMatchObject({ code: 'validation', status: 400, message: 'Selected tier not found' });
  });

  it('rejects unavailable dates with a 409 naming them all', async () => {
    const { backend } = setup({}, true);
    const error = await rejection(
      backend.bookings.create(
        input({
          serviceId: 'photoshoot',
          serviceTierId: 'photoshoot-mini',
          date: '2025-07-02',
          consultationDate: '2025-06-20',
          consultationLocation: 'Video call',
          location: 'Phoenix',
        }),
        'k',
      ),
    );
    expect(error).toMatchObject({
      code: 'conflict',
      status: 409,
      message: 'The following dates are not available: 2025-07-02, 2025-06-20. Please select different dates.',
    });
    expect(await storedBookings(backend)).toEqual([]);
  });

  it('rejects a date whose slots are all taken, and accepts a booking without a date', async () => {
    const { backend } = setup();
    const error = await rejection(backend.bookings.create(input({ date: '2025-06-15' }), 'k1'));
    expect(error.code).toBe('conflict');
    await expect(backend.bookings.create(input({ date: '' }), 'k2')).resolves.toMatchObject({ status: 'New' });
  });
});

describe('bookings: pages, live changes and status', () => {
  it('lists newest first, a page at a time, with a cursor to the next page and null after the last', async () => {
    const { backend, clock } = setup({}, true);
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) {
      await backend.bookings.create(input({ name }), name);
      clock.advance(60_000);
    }
    const first = await backend.bookings.list({ limit: 2 });
    expect(first.items.map((b) => b.name)).toEqual(['Five', 'Four']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await backend.bookings.list({ limit: 2, cursor: first.nextCursor ?? '' });
    expect(second.items.map((b) => b.name)).toEqual(['Three', 'Two']);
    const last = await backend.bookings.list({ limit: 2, cursor: second.nextCursor ?? '' });
    expect(last).toEqual({ items: [expect.objectContaining({ name: 'One' })], nextCursor: null });
    expect((await backend.bookings.list()).items).toHaveLength(5);
  });

  it('filters by status, and refuses a cursor it never gave or a limit over the page size', async () => {
    const { backend } = setup({}, true);
    const a = await backend.bookings.create(input({ name: 'A' }), 'a');
    await backend.bookings.create(input({ name: 'B' }), 'b');
    await backend.bookings.updateStatus(a.id, 'Confirmed');
    expect((await backend.bookings.list({ status: 'Confirmed' })).items.map((b) => b.name)).toEqual(['A']);
    expect((await backend.bookings.list({ status: 'New' })).items.map((b) => b.name)).toEqual(['B']);
    expect((await backend.bookings.list({ status: 'Declined' })).items).toEqual([]);
    expect((await rejection(backend.bookings.list({ cursor: 'made-up' }))).code).toBe('validation');
    expect((await rejection(backend.bookings.list({ limit: 51 }))).code).toBe('validation');
  });

  it('tells each created and changed request, whole, after a first resync, until unsubscribed', async () => {
    const { backend, clock } = setup({}, true);
    const live = watchBookings(backend);
    expect(live.changes).toEqual([{ type: 'resync' }]);

    const { id } = await backend.bookings.create(input({ name: 'First' }), 'a');
    clock.advance(3_600_000);
    const updated = await backend.bookings.updateStatus(id, 'Confirmed');
    expect(updated).toMatchObject({
      id,
      status: 'Confirmed',
      createdAt: '2025-05-01T12:00:00.000Z',
      updatedAt: '2025-05-01T13:00:00.000Z',
    });
    expect(live.changes.slice(1)).toEqual([
      { type: 'created', booking: expect.objectContaining({ id, name: 'First', status: 'New' }) },
      { type: 'updated', booking: updated },
    ]);

    live.stop();
    // Another day: the confirmed request holds its own (issue 18).
    await backend.bookings.create(input({ name: 'Third', date: '2025-06-11' }), 'c');
    expect(live.changes).toHaveLength(3);
  });

  it('puts the later of two bookings made in the same instant first', async () => {
    const { backend } = setup({}, true);
    await backend.bookings.create(input({ name: 'First' }), 'a');
    await backend.bookings.create(input({ name: 'Second' }), 'b');
    expect((await storedBookings(backend)).map((b) => b.name)).toEqual(['Second', 'First']);
  });

  it('rejects an unknown status or booking', async () => {
    const { backend } = setup({}, true);
    const { id } = await backend.bookings.create(input(), 'a');
    expect((await rejection(backend.bookings.updateStatus(id, 'Done' as 'New'))).code).toBe('validation');
    expect(await rejection(backend.bookings.updateStatus('nope', 'Declined'))).toMatchObject({
      code: 'not-found',
      status: 404,
    });
  });

  it('keeps the list, live changes and status changes for the admin only', async () => {
    const { backend } = setup();
    const live = watchBookings(backend);
    expect(live.changes).toEqual([]);
    expect(live.errors).toEqual([expect.objectContaining({ code: 'unauthenticated', status: 401 })]);
    const { id } = await backend.bookings.create(input(), 'a');
    expect((await rejection(backend.bookings.list())).code).toBe('unauthenticated');
    expect((await rejection(backend.bookings.updateStatus(id, 'Confirmed'))).code).toBe('unauthenticated');
  });

  it('ends live streams when the admin signs out', async () => {
    const { backend } = setup({}, true);
    const onError = jest.fn();
    const onChange = jest.fn();
    backend.bookings.subscribe(onChange, onError);
    backend.availability.subscribe(onChange, onError);
    await backend.auth.signOut();
    expect(onError).toHaveBeenCalledTimes(2);
    onChange.mockClear();
    await backend.bookings.create(input(), 'a');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('stores the booking and tells every listener even when one of them throws', async () => {
    const { backend } = setup({}, true);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    backend.bookings.subscribe(
      (change) => {
        if (change.type !== 'resync') throw new Error('broken screen');
      },
      () => undefined,
    );
    const healthy = jest.fn();
    backend.bookings.subscribe(healthy, () => undefined);

    await expect(backend.bookings.create(input(), 'a')).resolves.toMatchObject({ status: 'New' });
    expect(healthy).toHaveBeenLastCalledWith({
      type: 'created',
      booking: expect.objectContaining({ name: 'Jane Doe' }),
    });
    expect(logged).toHaveBeenCalledWith('memory backend: a listener threw', expect.any(Error));
    logged.mockRestore();
  });

  it('seeds bookings', async () => {
    const { backend } = setup({}, true);
    const { id } = await backend.bookings.create(input(), 'a');
    const seeded = setup({ bookings: await storedBookings(backend) }, true).backend;
    expect((await storedBookings(seeded)).map((b) => b.id)).toEqual([id]);
  });
});

describe('availability', () => {
  it('shows visitors dates and times only, without notes or reasons', async () => {
    const { backend } = setup();
    expect(await backend.availability.getPublic()).toEqual({
      periods: [
        { id: 'p1', startDate: '2025-06-01', endDate: '2025-06-30', isAvailable: true },
        { id: 'p2', startDate: '2025-07-01', endDate: '2025-07-31', isAvailable: false },
      ],
      unavailable: [{ id: 'u1', startDate: '2025-06-20', endDate: '2025-06-21' }],
      slots: [{ id: 's1', date: '2025-06-15', startTime: '09:00', endTime: '17:00', isAvailable: false }],
    });
  });

  it('gives the admin the full data, live', async () => {
    const { backend } = setup({}, true);
    const seen: AdminAvailability[] = [];
    backend.availability.subscribe(
      (a) => seen.push(a),
      () => undefined,
    );
    expect(seen[0]?.periods.map((p) => p.notes)).toEqual(['Summer', 'Travelling']);
    expect(seen[0]?.unavailable[0]?.reason).toBe('Wedding');
  });

  it('adds and deletes periods, ranges and slots, telling the live list each time', async () => {
    const { backend } = setup({}, true);
    let latest: AdminAvailability | undefined;
    const onChange = jest.fn((a: AdminAvailability) => (latest = a));
    backend.availability.subscribe(onChange, () => undefined);

    await backend.availability.addPeriod({
      startDate: '2025-05-01',
      endDate: '2025-05-10',
      isAvailable: true,
      notes: '',
    });
    await backend.availability.addUnavailable({ startDate: '2025-05-05', endDate: '2025-05-05', reason: 'Dentist' });
    await backend.availability.addSlot({
      date: '2025-05-06',
      startTime: '09:00',
      endTime: '12:00',
      isAvailable: true,
      notes: '',
    });
    expect(onChange).toHaveBeenCalledTimes(4);
    const period = latest?.periods[0];
    expect(period).toMatchObject({
      startDate: '2025-05-01',
      createdAt: '2025-05-01T12:00:00.000Z',
      updatedAt: '2025-05-01T12:00:00.000Z',
    });
    expect(latest?.unavailable[0]).toMatchObject({ reason: 'Dentist', createdAt: '2025-05-01T12:00:00.000Z' });
    expect(latest?.slots[0]).toMatchObject({ date: '2025-05-06', startTime: '09:00' });
    await backend.availability.addSlot({
      date: '2025-05-06',
      startTime: '08:00',
      endTime: '09:00',
      isAvailable: true,
      notes: '',
    });
    expect(latest?.slots.map((slot) => slot.startTime).slice(0, 2)).toEqual(['08:00', '09:00']);
    await backend.availability.deleteSlot(latest?.slots[0]?.id ?? '');

    const unavailableId = latest?.unavailable[0]?.id ?? '';
    const slotId = latest?.slots[0]?.id ?? '';
    await backend.availability.deletePeriod(period?.id ?? '');
    await backend.availability.deleteUnavailable(unavailableId);
    await backend.availability.deleteSlot(slotId);
    expect(onChange).toHaveBeenCalledTimes(9);
    expect(latest).toEqual(
      expect.objectContaining({
        periods: [expect.objectContaining({ id: 'p1' }), expect.objectContaining({ id: 'p2' })],
        unavailable: [expect.objectContaining({ id: 'u1' })],
        slots: [expect.objectContaining({ id: 's1' })],
      }),
    );
  });

  it('makes an added period bookable', async () => {
    const { backend } = setup({}, true);
    expect((await rejection(backend.bookings.create(input({ date: '2025-08-01' }), 'a'))).code).toBe('conflict');
    await backend.availability.addPeriod({
      startDate: '2025-08-01',
      endDate: '2025-08-31',
      isAvailable: true,
      notes: '',
    });
    await expect(backend.bookings.create(input({ date: '2025-08-01' }), 'b')).resolves.toMatchObject({ status: 'New' });
  });

  it('validates with the schemas', async () => {
    const { backend } = setup({}, true);
    const period = await rejection(
      backend.availability.addPeriod({ startDate: '2025-05-10', endDate: '2025-05-01', isAvailable: true, notes: '' }),
    );
    expect(period).toMatchObject({ code: 'validation', status: 400 });
    expect(period.fieldErrors.endDate).toEqual(['End date must not be before start date']);
    expect(
      (await rejection(backend.availability.addUnavailable({ startDate: '', endDate: '2025-05-01', reason: '' }))).code,
    ).toBe('validation');
    const slot = await rejection(
      backend.availability.addSlot({
        date: '2025-05-01',
        startTime: '17:00',
        endTime: '09:00',
        isAvailable: true,
        notes: '',
      }),
    );
    expect(slot.fieldErrors.endTime).toEqual(['End time must be after start time']);
  });

  it('answers not-found for an unknown id', async () => {
    const { backend } = setup({}, true);
    for (const remove of [
      backend.availability.deletePeriod,
      backend.availability.deleteUnavailable,
      backend.availability.deleteSlot,
    ]) {
      expect(await rejection(remove('nope'))).toMatchObject({ code: 'not-found', status: 404 });
    }
  });

  it('lets only the admin change availability or watch it', async () => {
    const { backend } = setup();
    const error = await rejection(
      backend.availability.addPeriod({ startDate: '2025-05-01', endDate: '2025-05-10', isAvailable: true, notes: '' }),
    );
    expect(error).toMatchObject({ code: 'unauthenticated', status: 401 });
    expect((await rejection(backend.availability.deletePeriod('p1'))).code).toBe('unauthenticated');
    const onError = jest.fn();
    backend.availability.subscribe(() => undefined, onError);
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe('auth', () => {
  it('refuses a link to anyone but the admin', async () => {
    const { backend } = setup();
    const error = await rejection(backend.auth.requestLink('someone@example.com'));
    expect(error).toMatchObject({
      code: 'forbidden',
      status: 403,
      message: 'Access denied. Only authorized users can sign in.',
    });
    expect(backend.outbox).toEqual([]);
  });

  it('rejects an address that is not an e-mail', async () => {
    const { backend } = setup();
    expect((await rejection(backend.auth.requestLink(''))).code).toBe('validation');
  });

  it('sends the admin a link and signs in with its token once', async () => {
    const { backend } = setup();
    const listener = jest.fn();
    backend.auth.onChange(listener);

    await backend.auth.requestLink(' Ava@Example.com ');
    expect(backend.outbox).toEqual([{ to: 'Ava@Example.com', token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) }]);
    const token = backend.outbox[0]?.token ?? '';

    const user = await backend.auth.completeSignIn(token, ADMIN);
    expect(user).toEqual({ email: ADMIN, isAdmin: true });
    expect(await backend.auth.current()).toEqual(user);
    expect(listener).toHaveBeenLastCalledWith(user);

    const again = await rejection(backend.auth.completeSignIn(token, ADMIN));
    expect(again).toMatchObject({ code: 'unauthenticated', message: 'Invalid sign-in link.' });
  });

  it('refuses an unknown token, another e-mail, or an expired link', async () => {
    const { backend, clock } = setup();
    await backend.auth.requestLink(ADMIN);
    const token = backend.outbox[0]?.token ?? '';
    expect((await rejection(backend.auth.completeSignIn('x'.repeat(43), ADMIN))).message).toBe('Invalid sign-in link.');
    expect((await rejection(backend.auth.completeSignIn('<bad>', ADMIN))).message).toBe('Invalid sign-in link.');
    expect((await rejection(backend.auth.completeSignIn(token, 'other@example.com'))).message).toBe(
      'Invalid sign-in link.',
    );
    clock.advance(15 * 60 * 1000);
    expect((await rejection(backend.auth.completeSignIn(token, ADMIN))).message).toBe('Invalid sign-in link.');
    expect(await backend.auth.current()).toBeNull();
  });

  it('signs out and tells listeners until they unsubscribe', async () => {
    const { backend } = setup();
    const listener = jest.fn();
    const stop = backend.auth.onChange(listener);
    await signIn(backend);
    await backend.auth.signOut();
    expect(listener).toHaveBeenLastCalledWith(null);
    expect(await backend.auth.current()).toBeNull();
    stop();
    await signIn(backend);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('opens the admin calls after sign-in', async () => {
    const { backend } = setup();
    expect((await rejection(backend.notifications.getSmsStatus())).code).toBe('unauthenticated');
    await signIn(backend);
    await expect(backend.notifications.getSmsStatus()).resolves.toMatchObject({ enabled: false });
  });
});

describe('notifications', () => {
  it('is off by default and follows the admin’s choice', async () => {
    const { backend } = setup({}, true);
    expect(await backend.notifications.getSmsStatus()).toEqual({ enabled: false, source: 'default', adminValue: null });
    expect(await backend.notifications.setSmsEnabled(true)).toEqual({
      enabled: true,
      source: 'admin',
      adminValue: true,
    });
    expect(await backend.notifications.getSmsStatus()).toEqual({ enabled: true, source: 'admin', adminValue: true });
    expect(await backend.notifications.setSmsEnabled(null)).toEqual({
      enabled: false,
      source: 'default',
      adminValue: null,
    });
  });

  it('rejects a value that is not a boolean or null', async () => {
    const { backend } = setup({}, true);
    expect((await rejection(backend.notifications.setSmsEnabled('yes' as unknown as boolean))).code).toBe('validation');
  });
});
