// ONE suite of behaviours the Backend port must show, run through the http adapter against the real server
// (server/test/backend-contract-http.test.ts). A harness seeds its server with contractSeed(); every case runs, none is
// left as a todo: what the suite asks is what the server does.
import type { AdminAvailability, BookingChange, BookingPage, BookingRequest } from '../../domain/types';
import {
  DATE_IN_PAST,
  FIELDS_NOT_VALID,
  IDEMPOTENCY_KEY_INVALID,
  REQUIRED,
  SERVICE_NOT_FOUND,
  TIER_NOT_FOUND,
  unavailableDatesMessage,
} from '../../messages';
import { IDEMPOTENCY_KEY_REUSED, RESCHEDULE_NOTHING_TO_ACCEPT, UNDO_TOO_LATE } from '../../refusal-messages';
import { orderServices } from '../../domain/services';
import { addCalendarDays, weekdayOf } from '../../domain/availability';
import { PAYMENT_HALF_UPFRONT, PLAIN_SERVICE_RULES } from '../../domain/service-rules';
import { EMPTY_SITE_CONTENT } from '../../domain/content';
import type { CompCardStats, PortfolioContent, Service, SiteDetails } from '../../domain/types';
import {
  ALT_TEXT_REQUIRED,
  CONCEPT_NAME_TAKEN,
  NO_MARKUP_MESSAGE,
  PRICE_MESSAGE,
  DISPLAY_PRICE_MESSAGE,
  SOCIAL_URL_MESSAGE,
  SUBTITLE_WITHOUT_SHOW,
} from '../../schemas';
import { BackendError, type Backend, type Unsubscribe } from '../port';
import { contractBooking, contractPhotoshoot, type ContractSeed } from './contract-seed';

export { contractSeed, contractBooking, contractPhotoshoot, type ContractSeed } from './contract-seed';

export interface ContractSubject {
  backend: Backend;
  /** Becomes the admin the harness's own way (an outbox link, a faked claim). */
  signInAsAdmin(): Promise<void>;
  /** This browser's passkey authenticator, as the harness arranges it. */
  passkeyDevice: {
    /** From now on the browser uses another authenticator, holding none of her passkeys. */
    switchToAnother(): void;
    /** She dismisses the next passkey prompt. */
    dismissNextPrompt(): void;
  };
  teardown(): Promise<void>;
}

export interface ContractHarness {
  name: string;
  seed: ContractSeed;
  create(): Promise<ContractSubject>;
  /**
   * Given, each case that waits for a live update is declared in a describe block of its own, and this is called
   * inside that block first: a harness whose live channel is known to break now and then (the Firestore emulator)
   * asks jest there for another run of that block alone.
   */
  retryLiveCases?(): void;
}

const NON_ADMIN_EMAIL = 'visitor@example.com';
// How long a live update may take to arrive before the case fails. The Firestore emulator (a JVM) on two cores shared
// with the rest of the suite has taken over 5 s to deliver a snapshot; nothing waits this long when it works.
const LIVE_TIMEOUT_MS = 15_000;

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

/** Subscribes and keeps every delivered value; next() resolves with the first one (kept or yet to come) accepted. */
function liveFeed<T>(
  subscribe: (onChange: (value: T) => void, onError: (error: BackendError) => void) => Unsubscribe,
): { next(accept: (value: T) => boolean): Promise<T>; stop: Unsubscribe } {
  const kept: T[] = [];
  let failure: BackendError | undefined;
  const waiting = new Set<() => void>();
  const wake = () => waiting.forEach((w) => w());
  const stop = subscribe(
    (value) => {
      kept.push(value);
      wake();
    },
    (error) => {
      failure = error;
      wake();
    },
  );
  return {
    next: (accept) =>
      new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error('no matching live update arrived'));
        }, LIVE_TIMEOUT_MS);
        function check() {
          const at = kept.findIndex(accept);
          if (at < 0 && !failure) return;
          clearTimeout(timer);
          waiting.delete(check);
          if (at >= 0) resolve(kept.splice(0, at + 1)[at] as T);
          else reject(failure);
        }
        waiting.add(check);
        check();
      }),
    stop,
  };
}

const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));

export function describeBackendContract(harness: ContractHarness): void {
  const { seed } = harness;

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

    /** Declares a case that waits for a live update (see retryLiveCases). */
    const live = (declare: () => void) => {
      const retry = harness.retryLiveCases;
      if (!retry) return declare();
      describe('live update', () => {
        retry();
        declare();
      });
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

    it('creates a booking with status New, and the same idempotency key twice answers the same', async () => {
      const key = 'contract-key-0001';
      const first = await backend.bookings.create(contractBooking(seed), key);
      expect(first.status).toBe('New');
      expect(first.id).not.toBe('');
      expect(Number.isNaN(Date.parse(first.createdAt))).toBe(false);
      const again = await backend.bookings.create(contractBooking(seed), key);
      expect(again).toEqual(first);
    });

    it('refuses an invalid booking with a validation error that names the fields', async () => {
      const error = await rejection(
        backend.bookings.create(contractBooking(seed, { name: '', email: 'not-an-email' }), 'contract-key-0002'),
      );
      expect(error.code).toBe('validation');
      expect(Object.keys(error.fieldErrors)).toEqual(expect.arrayContaining(['name', 'email']));
    });

    it('refuses a booking on an unavailable date with a conflict and the docs/product.md §5 message naming it', async () => {
      const error = await rejection(
        backend.bookings.create(contractBooking(seed, { date: seed.blockedDate }), 'contract-key-0003'),
      );
      expect(error).toMatchObject({ code: 'conflict', status: 409, fieldErrors: {} });
      expect(error.message).toBe(unavailableDatesMessage([seed.blockedDate]));
      expect(error.message).toBe(
        `The following dates are not available: ${seed.blockedDate}. Please select different dates.`,
      );
    });

    it('offers her weekly consultation slots, and a confirmed consultation holds only its own slot', async () => {
      await subject.signInAsAdmin();
      const weekday = weekdayOf(seed.openDate);
      const hours = [
        { weekday, startTime: '14:00', endTime: '15:00' },
        { weekday, startTime: '10:00', endTime: '11:00' },
      ];
      await backend.availability.setWeekly(hours);
      const open = await backend.availability.getPublic();
      expect(open.weekly?.map(({ id: _id, ...w }) => w)).toEqual([hours[1], hours[0]]);

      const shootDay = (n: number) => addCalendarDays(seed.openDate, n);
      const first = await backend.bookings.create(
        contractPhotoshoot(seed, { consultationTime: '10:00-11:00', date: shootDay(1) }),
        'contract-weekly-1',
      );
      await backend.bookings.updateStatus(first.id, 'Confirmed');
      const afternoon = await backend.bookings.create(
        contractPhotoshoot(seed, { email: 'sam@example.com', consultationTime: '14:00-15:00', date: shootDay(2) }),
        'contract-weekly-2',
      );
      expect(afternoon.status).toBe('New');
      const taken = await rejection(
        backend.bookings.create(
          contractPhotoshoot(seed, { email: 'kim@example.com', consultationTime: '10:00-11:00', date: shootDay(3) }),
          'contract-weekly-3',
        ),
      );
      expect(taken).toMatchObject({ code: 'conflict', status: 409 });
      expect(taken.message).toBe(unavailableDatesMessage([seed.openDate]));
      const unknown = await rejection(
        backend.bookings.create(
          contractPhotoshoot(seed, { email: 'kim@example.com', consultationTime: '12:00-13:00', date: shootDay(3) }),
          'contract-weekly-4',
        ),
      );
      expect(unknown.code).toBe('validation');
      expect(Object.keys(unknown.fieldErrors)).toEqual(['consultationTime']);
    });

    /** The admin's view of every stored booking, newest first, read a page at a time (signs the admin in). */
    async function storedBookings(): Promise<BookingRequest[]> {
      await subject.signInAsAdmin();
      const out: BookingRequest[] = [];
      let cursor: string | null = null;
      do {
        const page: BookingPage = await backend.bookings.list(cursor === null ? {} : { cursor });
        out.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor !== null);
      return out;
    }

    /** A refusal with code 'validation', status 400, and exactly these field errors. */
    async function refusedAsInvalid(
      attempt: Promise<unknown>,
      message: string,
      fieldErrors: Record<string, string[]>,
    ): Promise<void> {
      const error = await rejection(attempt);
      expect({ code: error.code, status: error.status, message: error.message }).toEqual({
        code: 'validation',
        status: 400,
        message,
      });
      expect(error.fieldErrors).toEqual(fieldErrors);
    }

    it('refuses a date in the past, the shoot date or the consultation date', async () => {
      await refusedAsInvalid(
        backend.bookings.create(contractBooking(seed, { date: seed.pastDate }), 'contract-key-0201'),
        DATE_IN_PAST,
        { date: [DATE_IN_PAST] },
      );
      await refusedAsInvalid(
        backend.bookings.create(contractPhotoshoot(seed, { consultationDate: seed.pastDate }), 'contract-key-0202'),
        DATE_IN_PAST,
        { consultationDate: [DATE_IN_PAST] },
      );
      expect(await storedBookings()).toEqual([]);
    });

    it('refuses an idempotency key that is empty, over 100 characters, or has other characters than A-Z a-z 0-9 - _', async () => {
      for (const key of ['', 'k'.repeat(101), 'has spaces', 'a/b', 'dot.ted']) {
        const error = await rejection(backend.bookings.create(contractBooking(seed), key));
        expect({ key, code: error.code, status: error.status, message: error.message }).toEqual({
          key,
          code: 'validation',
          status: 400,
          message: IDEMPOTENCY_KEY_INVALID,
        });
        expect(error.fieldErrors).toEqual({});
      }
      expect(await storedBookings()).toEqual([]);
      const longest = `${'K'.repeat(50)}-${'k'.repeat(48)}_`;
      expect(longest).toHaveLength(100);
      await expect(backend.bookings.create(contractBooking(seed), longest)).resolves.toMatchObject({ status: 'New' });
    });

    it('refuses an idempotency key sent again with another request (422), and still answers the first one', async () => {
      const key = 'contract-key-0301';
      const first = await backend.bookings.create(contractBooking(seed), key);
      const error = await rejection(backend.bookings.create(contractBooking(seed, { name: 'Ann Lee' }), key));
      expect({
        code: error.code,
        status: error.status,
        message: error.message,
        fieldErrors: error.fieldErrors,
      }).toEqual({ code: 'validation', status: 422, message: IDEMPOTENCY_KEY_REUSED, fieldErrors: {} });
      const padded = contractBooking(seed);
      expect(await backend.bookings.create({ ...padded, name: ` ${padded.name} ` }, key)).toEqual(first);
    });

    it('refuses markup in the name and the description', async () => {
      await refusedAsInvalid(
        backend.bookings.create(
          contractBooking(seed, { name: '<b>Jane</b>', description: '<img src=x onerror=alert(1)>' }),
          'contract-key-0203',
        ),
        FIELDS_NOT_VALID,
        { name: [NO_MARKUP_MESSAGE], description: [NO_MARKUP_MESSAGE] },
      );
    });

    // The price, tier name and payment schedule come from the stored service, never from the request: a field the
    // booking schema does not name is refused, not ignored.
    it('refuses a price the visitor sets', async () => {
      // What a script sends past the form; the port's type would not let the extra field through, JSON does.
      const priced = { ...contractBooking(seed), servicePrice: '$1' };
      await refusedAsInvalid(backend.bookings.create(priced, 'contract-key-0209'), FIELDS_NOT_VALID, {
        _: ['Unknown field(s): servicePrice'],
      });
      expect(await storedBookings()).toEqual([]);
    });

    it('refuses an impossible date', async () => {
      await refusedAsInvalid(
        backend.bookings.create(contractBooking(seed, { date: '2031-02-30' }), 'contract-key-0210'),
        FIELDS_NOT_VALID,
        { date: ['Must be a real calendar date'] },
      );
      expect(await storedBookings()).toEqual([]);
    });

    it('refuses a name over 50 characters (docs/product.md §5)', async () => {
      await refusedAsInvalid(
        backend.bookings.create(contractBooking(seed, { name: 'N'.repeat(51) }), 'contract-key-0204'),
        FIELDS_NOT_VALID,
        { name: ['Must be 50 characters or less'] },
      );
    });

    it('refuses a photoshoot without its consultation date and location, shoot date and location', async () => {
      await refusedAsInvalid(
        backend.bookings.create(
          contractPhotoshoot(seed, { consultationDate: '', consultationLocation: ' ', date: '', location: '' }),
          'contract-key-0205',
        ),
        FIELDS_NOT_VALID,
        { consultationDate: [REQUIRED], consultationLocation: [REQUIRED], date: [REQUIRED], location: [REQUIRED] },
      );
    });

    it('refuses an unknown service or tier with the words of docs/product.md §5', async () => {
      await refusedAsInvalid(
        backend.bookings.create(contractBooking(seed, { serviceTierId: 'photoshoot-mini' }), 'contract-key-0206'),
        TIER_NOT_FOUND,
        { serviceTierId: [TIER_NOT_FOUND] },
      );
      await refusedAsInvalid(
        backend.bookings.create(contractBooking(seed, { serviceId: 'skydiving' }), 'contract-key-0207'),
        SERVICE_NOT_FOUND,
        { serviceId: [SERVICE_NOT_FOUND] },
      );
    });

    it('stores what a visitor typed trimmed', async () => {
      const created = await backend.bookings.create(
        contractPhotoshoot(seed, {
          name: '  Jane Doe ',
          email: ' jane@example.com\t',
          phone: ' +15551234567 ',
          consultationLocation: '\nVideo call ',
          location: ' Papago Park  ',
          description: '\n  Three short videos for a skincare launch.  \n',
        }),
        'contract-key-0208',
      );
      const stored = (await storedBookings()).find((b) => b.id === created.id);
      const sent = contractPhotoshoot(seed);
      expect(stored).toMatchObject({
        name: sent.name,
        email: sent.email,
        phone: sent.phone,
        consultationLocation: sent.consultationLocation,
        location: sent.location,
        description: sent.description,
      });
    });

    it('refuses a sign-in for an address that is not the admin with forbidden', async () => {
      expect((await rejection(backend.auth.requestLink(NON_ADMIN_EMAIL))).code).toBe('forbidden');
      expect(await backend.auth.current()).toBeNull();
    });

    // Live updates come with the admin routes (the server's event stream is one of them).
    live(() =>
      it('gives a visitor neither the booking list nor live bookings', async () => {
        const subscription = liveValue<BookingChange>(backend.bookings.subscribe, () => true);
        const error = await rejection(subscription.value);
        subscription.stop();
        expect(['unauthenticated', 'forbidden']).toContain(error.code);
        expect(['unauthenticated', 'forbidden']).toContain((await rejection(backend.bookings.list())).code);
      }),
    );

    it('signs the admin in and tells auth listeners', async () => {
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

    it('lists bookings newest first, a page at a time, with a status filter', async () => {
      const made: string[] = [];
      for (const name of ['Ann Lee', 'Bea Cruz', 'Cal Diaz']) {
        made.push((await backend.bookings.create(contractBooking(seed, { name }), `contract-page-${made.length}`)).id);
      }
      await subject.signInAsAdmin();
      const first = await backend.bookings.list({ limit: 2 });
      expect(first.items.map((b) => b.id)).toEqual([made[2], made[1]]);
      expect(first.nextCursor).not.toBeNull();
      const rest = await backend.bookings.list({ limit: 2, cursor: first.nextCursor ?? '' });
      expect(rest).toEqual({ items: [expect.objectContaining({ id: made[0], name: 'Ann Lee' })], nextCursor: null });

      await backend.bookings.updateStatus(made[1] ?? '', 'Confirmed');
      expect((await backend.bookings.list({ status: 'Confirmed' })).items.map((b) => b.id)).toEqual([made[1]]);
      expect((await backend.bookings.list({ status: 'New' })).items.map((b) => b.id)).toEqual([made[2], made[0]]);
    });

    it('finds requests by name or e-mail, and counts the New ones', async () => {
      const ann = await backend.bookings.create(
        contractBooking(seed, { name: 'Ann Search', email: 'ann.search@example.com' }),
        'contract-search-01',
      );
      await backend.bookings.create(
        contractBooking(seed, { name: 'Bo Other', email: 'bo@example.com' }),
        'contract-search-02',
      );
      await subject.signInAsAdmin();
      expect((await backend.bookings.list({ q: 'ann SEARCH' })).items.map((b) => b.id)).toEqual([ann.id]);
      expect((await backend.bookings.list({ q: 'ANN.search@' })).items.map((b) => b.id)).toEqual([ann.id]);
      expect((await backend.bookings.list({ q: 'nobody' })).items).toEqual([]);
      const { new: before } = await backend.bookings.summary();
      expect(before).toBeGreaterThanOrEqual(2);
      await backend.bookings.updateStatus(ann.id, 'Contacted');
      expect(await backend.bookings.summary()).toEqual({ new: before - 1 });
    });

    it('takes a status change back within the window, once; a personal message is checked', async () => {
      const created = await backend.bookings.create(contractBooking(seed, { name: 'Una Doe' }), 'contract-undo-01');
      await subject.signInAsAdmin();
      await expect(
        backend.bookings.updateStatus(created.id, 'Confirmed', { message: 'x'.repeat(1001) }),
      ).rejects.toMatchObject({
        code: 'validation',
        fieldErrors: { message: ['Must be 1000 characters or less'] },
      });
      await backend.bookings.updateStatus(created.id, 'Contacted', { message: 'Talk soon!' });
      await backend.bookings.updateStatus(created.id, 'Confirmed');
      const undone = await backend.bookings.undoStatus!(created.id);
      expect(undone).toMatchObject({ id: created.id, status: 'New' });
      expect((await backend.bookings.list({ status: 'New' })).items.map((b) => b.id)).toContain(created.id);
      await expect(backend.bookings.undoStatus!(created.id)).rejects.toMatchObject({
        code: 'conflict',
        message: UNDO_TOO_LATE,
      });
      // The client asked for no move: nothing to accept.
      await expect(backend.bookings.acceptReschedule!(created.id)).rejects.toMatchObject({
        code: 'conflict',
        message: RESCHEDULE_NOTHING_TO_ACCEPT,
      });
    });

    live(() =>
      it('tells the admin each new booking and each status change live, the whole request each time', async () => {
        await subject.signInAsAdmin();
        const feed = liveFeed<BookingChange>(backend.bookings.subscribe);
        try {
          // Live from the resync on: what is written after it is told.
          await feed.next((c) => c.type === 'resync');
          const created = await backend.bookings.create(
            contractBooking(seed, { name: 'Dee Fox' }),
            'contract-key-0101',
          );
          const told = await feed.next((c) => c.type === 'created');
          expect(told).toEqual({
            type: 'created',
            booking: expect.objectContaining({ id: created.id, name: 'Dee Fox', status: 'New' }),
          });

          const updated = await backend.bookings.updateStatus(created.id, 'Contacted');
          expect(updated.status).toBe('Contacted');
          expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(updated.createdAt));
          const change = await feed.next((c) => c.type === 'updated');
          expect(change).toEqual({
            type: 'updated',
            booking: expect.objectContaining({ id: created.id, status: 'Contacted' }),
          });
          expect((await backend.bookings.list()).items[0]).toEqual(updated);
        } finally {
          feed.stop();
        }
      }),
    );

    live(() =>
      it('shows availability writes to the admin live, with notes and reasons', async () => {
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
      }),
    );

    it("keeps the admin's SMS choice", async () => {
      await subject.signInAsAdmin();
      expect(await backend.notifications.setSmsEnabled(true)).toMatchObject({ enabled: true, adminValue: true });
      expect((await backend.notifications.getSmsStatus()).adminValue).toBe(true);
    });

    // ---- Content: her site, edited by her alone ----

    const contentSite: SiteDetails = {
      name: 'Contract Model',
      tagline: 'Editorial and commercial',
      heroImage: '',
      about: 'First paragraph.\n\nSecond paragraph.',
      email: 'hello@example.com',
      phone: '+1 480 555 0100',
      agency: 'Contract Agency',
      social: [{ label: 'Instagram', url: 'https://www.instagram.com/contract.model' }],
    };
    const contentStats: CompCardStats = {
      units: 'imperial',
      height: `5'10"`,
      bust: '32',
      waist: '24',
      hips: '35',
      dress: '2',
      shoe: '8.5',
      hair: 'Brown',
      eyes: 'Hazel',
    };
    const newService: Service = {
      id: 'events',
      displayName: 'Events',
      description: 'Brand appearances.',
      image: '',
      price: '',
      tiers: [{ id: 'events-evening', displayName: 'Evening', price: '$600', includes: ['4 hours'] }],
      rules: { ...PLAIN_SERVICE_RULES },
    };

    it('lets anyone read the site details and comp card, empty before she fills them in', async () => {
      expect(await backend.content.getSite()).toEqual(EMPTY_SITE_CONTENT);
    });

    it('refuses every content write and admin read to a visitor, changing nothing', async () => {
      const writes: Array<Promise<unknown>> = [
        backend.content.saveSiteDetails(contentSite),
        backend.content.saveCompCard(contentStats),
        backend.content.listServices(),
        backend.content.saveService(newService),
        backend.content.deleteService('photoshoot'),
        backend.content.reorderServices(seed.services.map((s) => s.id).reverse()),
        backend.content.savePortfolioMeta(seed.portfolioMeta),
        backend.content.savePortfolioContent({ runway: {}, print: {}, 'comp-card': [], digitals: [] }),
        backend.content.listProjects(),
        backend.content.saveProject({ project: seed.project, gallery: { images: [], videos: [] } }),
        backend.content.deleteProject(seed.project.id),
      ];
      for (const write of writes) expect((await rejection(write)).code).toBe('unauthenticated');
      expect(byId(await backend.services.list())).toEqual(byId(seed.services));
      expect(await backend.portfolio.getContent()).toEqual(seed.portfolioContent);
      expect(await backend.portfolio.getProject(seed.project.id)).toEqual(seed.project);
      expect(await backend.content.getSite()).toEqual(EMPTY_SITE_CONTENT);
    });

    it('saves her site details and measurements, shown to every visitor', async () => {
      await subject.signInAsAdmin();
      expect(await backend.content.saveSiteDetails({ ...contentSite, name: '  Contract Model  ' })).toEqual(
        contentSite,
      );
      expect(await backend.content.saveCompCard(contentStats)).toEqual(contentStats);
      await backend.auth.signOut();
      expect(await backend.content.getSite()).toEqual({ details: contentSite, compCard: contentStats });
    });

    it('refuses site details with a blank name or a social link off the allowed hosts', async () => {
      await subject.signInAsAdmin();
      const error = await rejection(
        backend.content.saveSiteDetails({
          ...contentSite,
          name: ' ',
          social: [{ label: 'Mine', url: 'https://evil.example/instagram.com' }],
        }),
      );
      expect(error.code).toBe('validation');
      expect(error.fieldErrors.name).toEqual(['Required']);
      expect(error.fieldErrors['social.0.url']).toEqual([SOCIAL_URL_MESSAGE]);
      expect((await backend.content.getSite()).details).toEqual(EMPTY_SITE_CONTENT.details);
    });

    it("changes a tier's price: the next public read shows it", async () => {
      await subject.signInAsAdmin();
      const photoshoot = seed.services.find((s) => s.id === 'photoshoot') as Service;
      const changed = {
        ...photoshoot,
        tiers: photoshoot.tiers.map((t, i) => (i === 0 ? { ...t, price: '$275' } : t)),
      };
      expect(await backend.content.saveService(changed)).toEqual(changed);
      const shown = (await backend.services.list()).find((s) => s.id === 'photoshoot');
      expect(shown?.tiers[0]?.price).toBe('$275');

      const bad = await rejection(
        backend.content.saveService({ ...changed, tiers: [{ ...changed.tiers[0]!, price: 'cheap' }] }),
      );
      expect(bad.code).toBe('validation');
      expect(bad.fieldErrors['tiers.0.price']).toEqual([PRICE_MESSAGE]);
      expect((await backend.services.list()).find((s) => s.id === 'photoshoot')?.tiers[0]?.price).toBe('$275');
    });

    it('a display price is a dollar price: "275" is saved as "$275", a text without an amount is refused', async () => {
      await subject.signInAsAdmin();
      const photoshoot = seed.services.find((s) => s.id === 'photoshoot') as Service;
      expect((await backend.content.saveService({ ...photoshoot, price: '275' })).price).toBe('$275');
      expect((await backend.services.list()).find((s) => s.id === 'photoshoot')?.price).toBe('$275');
      expect((await backend.content.saveService({ ...photoshoot, price: 'From $1,200 per day' })).price).toBe(
        'From $1,200 per day',
      );

      const bad = await rejection(backend.content.saveService({ ...photoshoot, price: 'cheap' }));
      expect(bad.code).toBe('validation');
      expect(bad.fieldErrors['price']).toEqual([DISPLAY_PRICE_MESSAGE]);
      expect((await backend.services.list()).find((s) => s.id === 'photoshoot')?.price).toBe('From $1,200 per day');
    });

    it('books a service she creates with "Needs a consultation" as it books the photoshoot', async () => {
      await subject.signInAsAdmin();
      const wedding: Service = {
        ...newService,
        id: 'wedding',
        displayName: 'Wedding',
        tiers: [{ id: 'wedding-day', displayName: 'Whole Day', price: '$900', includes: ['8 hours'] }],
        rules: {
          needsConsultation: true,
          dateLabel: 'Wedding Day',
          consultationDateLabel: 'Tasting Day',
          paymentSchedule: PAYMENT_HALF_UPFRONT,
        },
      };
      expect(await backend.content.saveService(wedding)).toEqual(wedding);
      await backend.auth.signOut();
      expect((await backend.services.list()).find((s) => s.id === 'wedding')?.rules).toEqual(wedding.rules);

      const own = { serviceId: 'wedding', serviceTierId: 'wedding-day' };
      const missing = { consultationDate: '', consultationLocation: ' ', date: '', location: '' } as const;
      const required = {
        consultationDate: [REQUIRED],
        consultationLocation: [REQUIRED],
        date: [REQUIRED],
        location: [REQUIRED],
      };
      // The same refusal, word for word, as the photoshoot's.
      await refusedAsInvalid(
        backend.bookings.create(contractPhotoshoot(seed, { ...own, ...missing }), 'contract-key-0901'),
        FIELDS_NOT_VALID,
        required,
      );
      await refusedAsInvalid(
        backend.bookings.create(contractPhotoshoot(seed, missing), 'contract-key-0902'),
        FIELDS_NOT_VALID,
        required,
      );
      await backend.bookings.create(contractPhotoshoot(seed, own), 'contract-key-0903');
      const [stored] = await storedBookings();
      expect(stored).toMatchObject({ serviceId: 'wedding', paymentSchedule: PAYMENT_HALF_UPFRONT });
    });

    it('creates, hides, reorders and deletes services; visitors see only shown ones, featured first', async () => {
      await subject.signInAsAdmin();
      await backend.content.saveService(newService);
      const ids = (await backend.content.listServices()).map((s) => s.id);
      expect(ids).toEqual([...seed.services.map((s) => s.id), 'events']);

      // Her order puts events first; the public rule still shows the featured services first.
      const reordered = await backend.content.reorderServices(['events', ...seed.services.map((s) => s.id).reverse()]);
      expect(reordered.map((s) => s.id)).toEqual(['events', ...seed.services.map((s) => s.id).reverse()]);
      expect(orderServices(await backend.services.list()).map((s) => s.id)).toEqual([
        'photoshoot',
        'usergeneratedcontent',
        'events',
      ]);
      expect((await rejection(backend.content.reorderServices(['events']))).code).toBe('validation');

      await backend.content.saveService({ ...newService, hidden: true });
      expect((await backend.services.list()).map((s) => s.id)).not.toContain('events');
      expect((await backend.content.listServices()).find((s) => s.id === 'events')?.hidden).toBe(true);

      await backend.content.deleteService('events');
      expect((await backend.content.listServices()).map((s) => s.id)).not.toContain('events');
      expect((await rejection(backend.content.deleteService('events'))).code).toBe('not-found');
    });

    it('never lists or books a hidden service for a visitor, whatever the request names', async () => {
      await subject.signInAsAdmin();
      await backend.content.saveService({ ...newService, hidden: true });
      await backend.auth.signOut();
      expect((await backend.services.list()).map((s) => s.id)).not.toContain('events');
      const refused = await rejection(
        backend.bookings.create(
          contractBooking(seed, { serviceId: 'events', serviceTierId: 'events-evening' }),
          'contract-key-hidden-1',
        ),
      );
      expect(refused.code).toBe('validation');
      await subject.signInAsAdmin();
      expect((await backend.bookings.list()).items.map((b) => b.serviceId)).not.toContain('events');
    });

    it('saves the portfolio in her order and refuses an image without alt text', async () => {
      await subject.signInAsAdmin();
      const first = { type: 'image' as const, url: '/media/uploads/a/800.jpg', name: 'Headshot in window light' };
      const second = { type: 'image' as const, url: '/media/uploads/b/800.jpg', name: 'Full length', caption: 'Tempe' };
      const content: PortfolioContent = { ...seed.portfolioContent, 'comp-card': [first, second] };
      expect(await backend.content.savePortfolioContent(content)).toEqual(content);
      const swapped = { ...content, 'comp-card': [second, first] };
      await backend.content.savePortfolioContent(swapped);
      expect((await backend.portfolio.getContent())['comp-card']).toEqual([second, first]);

      const missingAlt = await rejection(
        backend.content.savePortfolioContent({ ...content, 'comp-card': [{ ...first, name: '  ' }] }),
      );
      expect(missingAlt.code).toBe('validation');
      expect(missingAlt.fieldErrors['comp-card.0.name']).toEqual([ALT_TEXT_REQUIRED]);
      const script = await rejection(
        backend.content.savePortfolioContent({ ...content, digitals: [{ ...first, url: 'javascript:alert(1)' }] }),
      );
      expect(script.code).toBe('validation');
      expect((await backend.portfolio.getContent())['comp-card']).toEqual([second, first]);
    });

    it('saves the portfolio metadata and refuses a reel off the allowed social hosts', async () => {
      await subject.signInAsAdmin();
      const meta = {
        ...seed.portfolioMeta,
        portfolioCategories: [{ id: 'ugc', label: 'UGC', description: 'Short videos for brands.' }],
        ugcReels: ['https://www.instagram.com/reel/abc123/'],
      };
      expect(await backend.content.savePortfolioMeta(meta)).toEqual(meta);
      expect(await backend.portfolio.getMeta()).toEqual(meta);
      const error = await rejection(
        backend.content.savePortfolioMeta({ ...meta, ugcReels: ['https://instagram.com.evil.example/reel/1'] }),
      );
      expect(error.fieldErrors['ugcReels.0']).toEqual([SOCIAL_URL_MESSAGE]);
      expect(await backend.portfolio.getMeta()).toEqual(meta);
    });

    it('saves her portfolio in one write: a show added with its photos, a concept removed with its own', async () => {
      await subject.signInAsAdmin();
      const look = { type: 'image' as const, url: '/media/uploads/d/800.jpg', name: 'Closing look' };
      const meta = {
        ...seed.portfolioMeta,
        // The new show first: her order is the map's order, and it survives the store.
        RUNWAY_SECTION_MAP: { 'desert-nights': 'Desert Nights', ...seed.portfolioMeta.RUNWAY_SECTION_MAP },
        RUNWAY_SECTION_SUBTITLES: { 'desert-nights': 'Evening gowns', ...seed.portfolioMeta.RUNWAY_SECTION_SUBTITLES },
        PRINT_CONCEPTS: [],
        PRINT_CONCEPT_KEY_MAP: {},
        PRINT_CONCEPT_DETAILS: {},
      };
      const content = {
        ...seed.portfolioContent,
        runway: { 'desert-nights': [look], ...seed.portfolioContent.runway },
        print: {},
      };
      expect(await backend.content.savePortfolio({ meta, content })).toEqual({ meta, content });
      const stored = await backend.portfolio.getMeta();
      expect(stored).toEqual(meta);
      expect(Object.keys(stored.RUNWAY_SECTION_MAP)).toEqual(['desert-nights', 'fashion-week']);
      expect(await backend.portfolio.getContent()).toEqual(content);

      // Refused as a whole, with the field at fault named: neither document changes.
      const twice = await rejection(
        backend.content.savePortfolio({
          meta: {
            ...meta,
            RUNWAY_SECTION_SUBTITLES: { ...meta.RUNWAY_SECTION_SUBTITLES, gone: 'Left behind' },
            PRINT_CONCEPTS: ['Editorial', 'Editorial'],
            PRINT_CONCEPT_KEY_MAP: { Editorial: 'editorial' },
            PRINT_CONCEPT_DETAILS: {},
          },
          content: { ...content, 'comp-card': [] },
        }),
      );
      expect(twice.code).toBe('validation');
      expect(twice.fieldErrors['meta.PRINT_CONCEPTS.1']).toEqual([CONCEPT_NAME_TAKEN]);
      expect(twice.fieldErrors['meta.RUNWAY_SECTION_SUBTITLES.gone']).toEqual([SUBTITLE_WITHOUT_SHOW]);
      expect(await backend.portfolio.getMeta()).toEqual(meta);
      expect(await backend.portfolio.getContent()).toEqual(content);
    });

    it('lists her projects for the links to their pages, to anyone', async () => {
      expect(await backend.portfolio.listProjects()).toEqual([seed.project]);
    });

    it('saves, lists and deletes projects with their galleries', async () => {
      await subject.signInAsAdmin();
      const entry = {
        project: { id: 'desert-light', title: 'Desert Light', description: 'A sunrise shoot.', category: 'print' },
        gallery: { images: ['/media/uploads/c/800.jpg'], videos: [] },
      };
      expect(await backend.content.saveProject(entry)).toEqual(entry);
      expect(await backend.portfolio.getProject('desert-light')).toEqual(entry.project);
      expect(await backend.portfolio.getGallery('desert-light')).toEqual(entry.gallery);
      expect((await backend.content.listProjects()).map((p) => p.project.id).sort()).toEqual(
        [seed.project.id, 'desert-light'].sort(),
      );
      await backend.content.deleteProject('desert-light');
      expect(await backend.portfolio.getProject('desert-light')).toBeNull();
      expect(await backend.portfolio.getGallery('desert-light')).toBeNull();
      expect((await rejection(backend.content.deleteProject('desert-light'))).code).toBe('not-found');
    });

    // UGC and project galleries hold her uploads (photos and videos) as the other sections do.
    const clip = {
      id: '3f0c6a52-8d1e-4b7a-9c21-5e4f7a8b9c0d',
      type: 'video' as const,
      url: '/media/uploads/3f0c6a52-8d1e-4b7a-9c21-5e4f7a8b9c0d/video.mp4',
      name: 'Serum unboxing',
      poster: '/media/uploads/3f0c6a52-8d1e-4b7a-9c21-5e4f7a8b9c0d/poster.jpg',
    };
    const still = { type: 'image' as const, url: '/media/uploads/e/800.jpg', name: 'Product on the counter' };

    it('keeps her uploaded UGC videos and photos in her order beside the reel links', async () => {
      await subject.signInAsAdmin();
      const portfolio = { meta: seed.portfolioMeta, content: { ...seed.portfolioContent, ugc: [still, clip] } };
      expect(await backend.content.savePortfolio(portfolio)).toEqual(portfolio);
      expect((await backend.portfolio.getContent()).ugc).toEqual([still, clip]);
      expect((await backend.portfolio.getMeta()).ugcReels).toEqual(seed.portfolioMeta.ugcReels);
    });

    it("keeps a project's uploaded photos and videos in her order", async () => {
      await subject.signInAsAdmin();
      const entry = {
        project: { id: 'serum-launch', title: 'Serum launch', description: '', category: 'ugc' },
        gallery: { images: [], videos: [], media: [clip, still] },
      };
      expect(await backend.content.saveProject(entry)).toEqual(entry);
      expect(await backend.portfolio.getGallery('serum-launch')).toEqual(entry.gallery);
      expect((await backend.content.listProjects()).find((p) => p.project.id === 'serum-launch')).toEqual(entry);
    });

    // ---- Passkeys (server/README.md): the e-mail link, then her passkey ----

    const device = () => subject.passkeyDevice;

    /** Signs in by link, adds one passkey, signs out; answers the recovery code shown at enrolment. */
    const enrolAndSignOut = async (): Promise<string> => {
      await subject.signInAsAdmin();
      const { recoveryCode } = await backend.auth.addPasskey('Phone');
      await backend.auth.signOut();
      if (!recoveryCode) throw new Error('the first passkey came without a recovery code');
      return recoveryCode;
    };

    it('adds passkeys: the first with a recovery code shown once, a second device without', async () => {
      await subject.signInAsAdmin();
      expect(await backend.auth.listPasskeys()).toEqual({ passkeys: [], hasRecoveryCode: false });
      const first = await backend.auth.addPasskey('  Phone  ');
      expect(first.passkey).toEqual({
        id: expect.any(String),
        name: 'Phone',
        createdAt: expect.any(String),
        lastUsedAt: null,
      });
      expect(first.recoveryCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
      // The same authenticator again: the browser refuses to make a duplicate.
      expect((await rejection(backend.auth.addPasskey('Phone again'))).code).toBe('conflict');
      expect((await rejection(backend.auth.addPasskey(' '))).fieldErrors.name).toEqual(['Required']);

      device().switchToAnother();
      const second = await backend.auth.addPasskey('Laptop');
      expect(second.recoveryCode).toBeNull();
      const list = await backend.auth.listPasskeys();
      expect(list.hasRecoveryCode).toBe(true);
      expect(list.passkeys.map((p) => p.name)).toEqual(['Phone', 'Laptop']);
    });

    it('once she has a passkey the link alone gives no session; her passkey then signs her in', async () => {
      await enrolAndSignOut();
      expect((await rejection(subject.signInAsAdmin())).code).toBe('passkey-required');
      expect(await backend.auth.current()).toBeNull();

      const seen: Array<string | null> = [];
      const stop = backend.auth.onChange((user) => seen.push(user ? user.email : null));
      const user = await backend.auth.signInWithPasskey();
      stop();
      expect(user.isAdmin).toBe(true);
      expect(seen).toEqual([user.email]);
      expect(await backend.auth.current()).toEqual(user);
      expect((await backend.auth.listPasskeys()).passkeys[0]?.lastUsedAt).toEqual(expect.any(String));
    });

    it('a dismissed prompt is cancelled; the recovery code signs her in, once', async () => {
      const code = await enrolAndSignOut();
      await rejection(subject.signInAsAdmin());
      device().dismissNextPrompt();
      expect((await rejection(backend.auth.signInWithPasskey())).code).toBe('cancelled');
      // Another device holds none of her passkeys: its prompt ends the same way.
      device().switchToAnother();
      expect((await rejection(backend.auth.signInWithPasskey())).code).toBe('cancelled');
      expect(await backend.auth.current()).toBeNull();

      expect((await backend.auth.signInWithRecoveryCode(code.toLowerCase())).isAdmin).toBe(true);
      expect((await backend.auth.listPasskeys()).hasRecoveryCode).toBe(false);
      await backend.auth.signOut();
      await rejection(subject.signInAsAdmin());
      expect((await rejection(backend.auth.signInWithRecoveryCode(code))).code).toBe('unauthenticated');
      expect(await backend.auth.current()).toBeNull();
    });

    it('on the device holding her passkey, it alone signs her in; another device is cancelled', async () => {
      await enrolAndSignOut();
      const seen: Array<string | null> = [];
      const stop = backend.auth.onChange((user) => seen.push(user ? user.email : null));
      const user = await backend.auth.signInWithPasskeyAlone();
      stop();
      expect(user.isAdmin).toBe(true);
      expect(seen).toEqual([user.email]);
      expect(await backend.auth.current()).toEqual(user);
      await backend.auth.signOut();

      device().dismissNextPrompt();
      expect((await rejection(backend.auth.signInWithPasskeyAlone())).code).toBe('cancelled');
      device().switchToAnother();
      expect((await rejection(backend.auth.signInWithPasskeyAlone())).code).toBe('cancelled');
      expect(await backend.auth.current()).toBeNull();
    });

    it('neither the passkey nor the recovery code is a way in without the e-mail link first', async () => {
      const code = await enrolAndSignOut();
      expect((await rejection(backend.auth.signInWithPasskey())).code).toBe('unauthenticated');
      expect((await rejection(backend.auth.signInWithRecoveryCode(code))).code).toBe('unauthenticated');
      expect(await backend.auth.current()).toBeNull();
    });

    it('removes a passkey; with none left the link alone signs her in again', async () => {
      await subject.signInAsAdmin();
      const { passkey } = await backend.auth.addPasskey('Phone');
      await backend.auth.removePasskey(passkey.id);
      expect(await backend.auth.listPasskeys()).toEqual({ passkeys: [], hasRecoveryCode: false });
      expect((await rejection(backend.auth.removePasskey(passkey.id))).code).toBe('not-found');
      await backend.auth.signOut();
      await subject.signInAsAdmin();
      expect((await backend.auth.current())?.isAdmin).toBe(true);
    });

    it("gives a visitor none of the admin's passkey calls", async () => {
      expect((await rejection(backend.auth.listPasskeys())).code).toBe('unauthenticated');
      expect((await rejection(backend.auth.addPasskey('Phone'))).code).toBe('unauthenticated');
      expect((await rejection(backend.auth.removePasskey('passkey-1'))).code).toBe('unauthenticated');
    });
  });
}
