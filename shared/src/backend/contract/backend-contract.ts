// ONE suite of behaviours every Backend adapter must show (memory, http against a real server, firebase on faked
// SDK modules). A harness seeds its adapter with contractSeed() and says which capabilities it has; a case whose
// capability is missing is registered as a jest `todo` naming that capability, so it shows in every run.
import type { AdminAvailability, BookingRequest } from '../../domain/types';
import { BackendError, type Backend, type Unsubscribe } from '../port';
import { contractBooking, type ContractSeed } from './contract-seed';

export { contractSeed, contractBooking, type ContractSeed } from './contract-seed';

export interface ContractCapabilities {
  /** bookings.create (the public write). */
  bookingCreate: boolean;
  /** The e-mail link sign-in routes exist (requesting and completing a link). */
  signIn: boolean;
  /** Sign in as the admin, then live subscriptions, status updates, availability writes, SMS settings. */
  adminSession: boolean;
  /** requestLink refuses a non-admin address at once; without it the refusal comes at completion. */
  rejectsNonAdminAtRequest: boolean;
}

export type ContractCapability = keyof ContractCapabilities;

export interface ContractSubject {
  backend: Backend;
  /** Becomes the admin the harness's own way (an outbox link, a faked claim). */
  signInAsAdmin(): Promise<void>;
  /** Tries to sign in with a non-admin address through the whole flow; must reject as the adapter does. */
  signInAsNonAdmin?(): Promise<void>;
  teardown(): Promise<void>;
}

export interface ContractHarness {
  name: string;
  capabilities: ContractCapabilities;
  seed: ContractSeed;
  create(): Promise<ContractSubject>;
}

const NON_ADMIN_EMAIL = 'visitor@example.com';
const LIVE_TIMEOUT_MS = 5000;

async function rejection(promise: Promise<unknown>): Promise<BackendError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BackendError);
    return error as BackendError;
  }
  throw new Error('expected the call to reject');
}

/** Subscribes and resolves with the first delivered value that satisfies `accept`. */
function liveValue<T>(
  subscribe: (onChange: (value: T) => void, onError: (error: BackendError) => void) => Unsubscribe,
  accept: (value: T) => boolean,
): { value: Promise<T>; stop: Unsubscribe } {
  let stop: Unsubscribe = () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const value = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error('no matching live update arrived')), LIVE_TIMEOUT_MS);
    stop = subscribe(
      (v) => {
        if (accept(v)) {
          clearTimeout(timer);
          resolve(v);
        }
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
  return {
    value,
    stop: () => {
      clearTimeout(timer);
      stop();
    },
  };
}

const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));

export function describeBackendContract(harness: ContractHarness): void {
  const { seed, capabilities } = harness;

  describe(`Backend contract: ${harness.name}`, () => {
    let subject: ContractSubject;
    let backend: Backend;

    beforeEach(async () => {
      subject = await harness.create();
      backend = subject.backend;
    });
    afterEach(async () => {
      await subject.teardown();
    });

    const needs = (capability: ContractCapability, name: string, body: () => Promise<void>) => {
      if (capabilities[capability]) it(name, body);
      else it.todo(`${name} [needs capability '${capability}']`);
    };

    it('lists the services', async () => {
      expect(byId(await backend.services.list())).toEqual(byId(seed.services));
    });

    it('reads the portfolio meta document and the portfolio content', async () => {
      expect(await backend.portfolio.getMeta()).toEqual(seed.portfolioMeta);
      expect(await backend.portfolio.getContent()).toEqual(seed.portfolioContent);
    });

    it('reads a project and its gallery by id, and answers null for a missing one', async () => {
      expect(await backend.portfolio.getProject(seed.project.id)).toEqual(seed.project);
      expect(await backend.portfolio.getGallery(seed.project.id)).toEqual(seed.gallery);
      expect(await backend.portfolio.getProject('no-such-project')).toBeNull();
      expect(await backend.portfolio.getGallery('no-such-project')).toBeNull();
    });

    it('shows visitors the dates and times of availability, never notes or reasons', async () => {
      const open = await backend.availability.getPublic();
      expect(open.periods.map(({ id: _id, ...p }) => p)).toEqual(
        seed.availability.periods.map(({ startDate, endDate, isAvailable }) => ({ startDate, endDate, isAvailable })),
      );
      expect(open.unavailable.map(({ id: _id, ...u }) => u)).toEqual(
        seed.availability.unavailable.map(({ startDate, endDate }) => ({ startDate, endDate })),
      );
      expect(open.slots.map(({ id: _id, ...s }) => s)).toEqual(
        seed.availability.slots.map(({ date, startTime, endTime, isAvailable }) => ({
          date,
          startTime,
          endTime,
          isAvailable,
        })),
      );
      for (const p of open.periods)
        expect(Object.keys(p).sort()).toEqual(['endDate', 'id', 'isAvailable', 'startDate']);
      for (const u of open.unavailable) expect(Object.keys(u).sort()).toEqual(['endDate', 'id', 'startDate']);
      for (const s of open.slots)
        expect(Object.keys(s).sort()).toEqual(['date', 'endTime', 'id', 'isAvailable', 'startTime']);
      expect(JSON.stringify(open)).not.toMatch(/Private/);
    });

    needs(
      'bookingCreate',
      'creates a booking with status New, and the same idempotency key twice answers the same',
      async () => {
        const key = 'contract-key-0001';
        const first = await backend.bookings.create(contractBooking(seed), key);
        expect(first.status).toBe('New');
        expect(first.id).not.toBe('');
        expect(Number.isNaN(Date.parse(first.createdAt))).toBe(false);
        const again = await backend.bookings.create(contractBooking(seed), key);
        expect(again).toEqual(first);
      },
    );

    needs('bookingCreate', 'refuses an invalid booking with a validation error that names the fields', async () => {
      const error = await rejection(
        backend.bookings.create(contractBooking(seed, { name: '', email: 'not-an-email' }), 'contract-key-0002'),
      );
      expect(error.code).toBe('validation');
      expect(Object.keys(error.fieldErrors)).toEqual(expect.arrayContaining(['name', 'email']));
    });

    needs('bookingCreate', 'refuses a booking on an unavailable date with a conflict', async () => {
      const error = await rejection(
        backend.bookings.create(contractBooking(seed, { date: seed.blockedDate }), 'contract-key-0003'),
      );
      expect(error.code).toBe('conflict');
    });

    needs('signIn', 'refuses a sign-in for an address that is not the admin with forbidden', async () => {
      if (capabilities.rejectsNonAdminAtRequest) {
        expect((await rejection(backend.auth.requestLink(NON_ADMIN_EMAIL))).code).toBe('forbidden');
      } else {
        // Firebase mails a link to any address (it cannot know the admin without a server call); the refusal comes
        // when the completed sign-in carries no admin claim.
        if (!subject.signInAsNonAdmin) throw new Error('this harness must provide signInAsNonAdmin');
        expect((await rejection(subject.signInAsNonAdmin())).code).toBe('forbidden');
      }
      expect(await backend.auth.current()).toBeNull();
    });

    // Live updates come with the admin routes (the server's event stream is one of them).
    needs('adminSession', 'gives a visitor no live bookings', async () => {
      const live = liveValue<BookingRequest[]>(backend.bookings.subscribe, () => true);
      const error = await rejection(live.value);
      live.stop();
      expect(['unauthenticated', 'forbidden']).toContain(error.code);
    });

    needs('adminSession', 'signs the admin in and tells auth listeners', async () => {
      const seen: Array<string | null> = [];
      const stop = backend.auth.onChange((user) => seen.push(user ? user.email : null));
      await subject.signInAsAdmin();
      const user = await backend.auth.current();
      expect(user?.isAdmin).toBe(true);
      expect(seen).toContain(user?.email);
      await backend.auth.signOut();
      expect(await backend.auth.current()).toBeNull();
      expect(seen[seen.length - 1]).toBeNull();
      stop();
    });

    if (capabilities.adminSession && capabilities.bookingCreate) {
      it('lets the admin follow bookings live, newest first, and update a status', async () => {
        const first = await backend.bookings.create(contractBooking(seed), 'contract-key-0101');
        const second = await backend.bookings.create(contractBooking(seed, { name: 'Ann Lee' }), 'contract-key-0102');
        await subject.signInAsAdmin();
        const live = liveValue<BookingRequest[]>(backend.bookings.subscribe, (list) => list.length === 2);
        const list = await live.value;
        live.stop();
        expect(list.map((b) => b.id)).toEqual([second.id, first.id]);
        expect(list[1]).toMatchObject({ name: 'Jane Doe', status: 'New', service: 'User-Generated Content' });

        const updated = await backend.bookings.updateStatus(first.id, 'Contacted');
        expect(updated.status).toBe('Contacted');
        expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(updated.createdAt));
        const after = liveValue<BookingRequest[]>(backend.bookings.subscribe, (l) =>
          l.some((b) => b.id === first.id && b.status === 'Contacted'),
        );
        await after.value;
        after.stop();
      });
    } else {
      it.todo(
        "lets the admin follow bookings live, newest first, and update a status [needs capabilities 'adminSession' and 'bookingCreate']",
      );
    }

    needs('adminSession', 'shows availability writes to the admin live, with notes and reasons', async () => {
      await subject.signInAsAdmin();
      const added = liveValue<AdminAvailability>(backend.availability.subscribe, (a) =>
        a.slots.some((s) => s.notes === 'Added slot note'),
      );
      await backend.availability.addSlot({
        date: seed.openDate,
        startTime: '10:00',
        endTime: '11:00',
        isAvailable: true,
        notes: 'Added slot note',
      });
      const withSlot = await added.value;
      added.stop();
      expect(withSlot.periods[0]?.notes).toBe('Private period note');
      expect(withSlot.unavailable[0]?.reason).toBe('Private reason');
      const slot = withSlot.slots.find((s) => s.notes === 'Added slot note');
      if (!slot) throw new Error('the added slot is missing');
      expect(slot).toMatchObject({ date: seed.openDate, startTime: '10:00', endTime: '11:00', isAvailable: true });

      const removed = liveValue<AdminAvailability>(backend.availability.subscribe, (a) =>
        a.slots.every((s) => s.id !== slot.id),
      );
      await backend.availability.deleteSlot(slot.id);
      await removed.value;
      removed.stop();

      await backend.availability.addUnavailable({
        startDate: seed.openDate,
        endDate: seed.openDate,
        reason: 'Added reason',
      });
      const open = await backend.availability.getPublic();
      expect(open.unavailable.some((u) => u.startDate === seed.openDate)).toBe(true);
      expect(JSON.stringify(open)).not.toMatch(/Added reason/);
    });

    needs('adminSession', "keeps the admin's SMS choice", async () => {
      await subject.signInAsAdmin();
      expect(await backend.notifications.setSmsEnabled(true)).toMatchObject({ enabled: true, adminValue: true });
      expect((await backend.notifications.getSmsStatus()).adminValue).toBe(true);
    });
  });
}
