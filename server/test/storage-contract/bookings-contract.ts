// The BookingsStore contract (server/src/platform/storage/ports.ts), written once and run on every implementation: SQLite
// (sqlite-a.test.ts) and Firestore on its emulator (firebase/test/emulator/storage-a.test.ts). Each case gets an empty
// store of its own from `make`.
import type { BookingRequest } from '@studio/shared/domain';
import {
  InvalidCursorError,
  type BookingToStore,
  type BookingsStore,
  type ConfirmedDates,
  type DateRange,
  type NewBookingRequest,
} from '../../src/features/bookings/bookings-store';

export interface Made<S> {
  store: S;
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let bookingsMade = 0;
/** A request as the route would store it; each call a distinct one (its own name and createdAt, one ms apart). */
export function newBooking(overrides: Partial<NewBookingRequest> = {}): NewBookingRequest {
  bookingsMade += 1;
  const createdAt = new Date(Date.UTC(2026, 0, 1) + bookingsMade).toISOString();
  return {
    name: `Client ${bookingsMade}`,
    email: `client${bookingsMade}@example.com`,
    phone: '',
    serviceId: 'portrait',
    service: 'Portrait session',
    servicePrice: '$350',
    serviceTier: 'Standard',
    serviceTierId: 'standard',
    paymentSchedule: '50% deposit',
    date: '',
    endDate: '',
    time: '',
    consultationDate: '',
    consultationTime: '',
    consultationLocation: '',
    location: 'Studio',
    description: 'A portrait session.',
    smsOptIn: false,
    status: 'New',
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

let keys = 0;
const freshKey = () => `key-${process.pid}-${(keys += 1)}`;

/** Stores a request through createOnce as the route does, with no date range unless one is given. */
export async function storeBooking(
  store: BookingsStore,
  booking: NewBookingRequest,
  options: { key?: string; manageTokenHash?: string | null; range?: DateRange | null } = {},
): Promise<BookingRequest> {
  const result = await store.createOnce({
    idempotencyKey: options.key ?? freshKey(),
    bodyHash: 'hash',
    range: options.range ?? null,
    decide: () => ({ booking, manageTokenHash: options.manageTokenHash ?? null }),
  });
  return result.booking;
}

/** A confirmed booking holding the given dates. */
async function confirmedWith(store: BookingsStore, fields: Partial<NewBookingRequest>): Promise<BookingRequest> {
  const stored = await storeBooking(store, newBooking(fields));
  await store.updateStatus(stored.id, 'Confirmed', stored.createdAt);
  return (await store.get(stored.id)) as BookingRequest;
}

const datesOf = (b: Pick<BookingRequest, keyof ConfirmedDates>): ConfirmedDates => ({
  date: b.date,
  endDate: b.endDate,
  time: b.time,
  consultationDate: b.consultationDate,
  consultationTime: b.consultationTime,
});

const sortDates = (list: ConfirmedDates[]) =>
  [...list].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

class Refused extends Error {}

export function describeBookingsStoreContract(make: () => Promise<Made<BookingsStore>>): void {
  describe('BookingsStore contract', () => {
    let made: Made<BookingsStore>;
    let store: BookingsStore;
    beforeEach(async () => {
      made = await make();
      store = made.store;
    });
    afterEach(() => made.close());

    describe('createOnce', () => {
      it('stores the decided request under a new UUID and answers it as get() reads it', async () => {
        const booking = newBooking({ phone: '+15550100', smsOptIn: true, date: '2030-05-01', time: '10:00-12:00' });
        const result = await store.createOnce({
          idempotencyKey: freshKey(),
          bodyHash: 'body-1',
          range: null,
          decide: () => ({ booking, manageTokenHash: 'token-hash' }),
        });
        expect(result.created).toBe(true);
        expect(result.booking.id).toMatch(UUID);
        expect(result.booking).toEqual({ ...booking, id: result.booking.id });
        expect(await store.get(result.booking.id)).toEqual(result.booking);
        expect(await store.count()).toBe(1);
      });

      it('answers the first request and its body hash for a key used before, without deciding again', async () => {
        const key = freshKey();
        const first = await store.createOnce({
          idempotencyKey: key,
          bodyHash: 'body-1',
          range: null,
          decide: () => ({ booking: newBooking(), manageTokenHash: null }),
        });
        const decide = jest.fn((): BookingToStore => ({ booking: newBooking(), manageTokenHash: null }));
        const again = await store.createOnce({ idempotencyKey: key, bodyHash: 'body-2', range: null, decide });
        expect(decide).not.toHaveBeenCalled();
        expect(again).toEqual({ created: false, booking: first.booking, bodyHash: 'body-1' });
        expect(await store.count()).toBe(1);
      });

      it('stores one request for two concurrent calls with the same key', async () => {
        const key = freshKey();
        const call = (name: string) =>
          store.createOnce({
            idempotencyKey: key,
            bodyHash: 'same',
            range: null,
            decide: () => ({ booking: newBooking({ name }), manageTokenHash: null }),
          });
        const [a, b] = await Promise.all([call('A'), call('B')]);
        expect(a.booking.id).toBe(b.booking.id);
        expect([a.created, b.created].sort()).toEqual([false, true]);
        expect(await store.count()).toBe(1);
      });

      it('stores nothing when the decision refuses, rejecting with its error, and leaves the key unused', async () => {
        const key = freshKey();
        const refusal = new Refused('that day is taken');
        await expect(
          store.createOnce({
            idempotencyKey: key,
            bodyHash: 'h',
            range: null,
            decide: () => {
              throw refusal;
            },
          }),
        ).rejects.toBe(refusal);
        expect(await store.count()).toBe(0);
        const later = await storeBooking(store, newBooking(), { key });
        expect(await store.get(later.id)).toEqual(later);
      });

      it('shows the decision the confirmed bookings holding a day of the range, and none without a range', async () => {
        const onDay = await confirmedWith(store, { date: '2030-06-10', time: '09:00-10:00' });
        await confirmedWith(store, { date: '2030-07-01' });
        // Not confirmed: holds nothing.
        await storeBooking(store, newBooking({ date: '2030-06-10' }));
        const seen: ConfirmedDates[][] = [];
        const decide = (confirmed: ConfirmedDates[]) => {
          seen.push(confirmed);
          return { booking: newBooking({ date: '2030-06-10' }), manageTokenHash: null };
        };
        await store.createOnce({
          idempotencyKey: freshKey(),
          bodyHash: 'h',
          range: { from: '2030-06-10', to: '2030-06-10' },
          decide,
        });
        expect(seen.at(-1)).toEqual([datesOf(onDay)]);
        await store.createOnce({ idempotencyKey: freshKey(), bodyHash: 'h', range: null, decide });
        expect(seen.at(-1)).toEqual([]);
      });

      it('of two concurrent requests for one free day, where each would take it, stores one', async () => {
        // The decision takes the day (a confirmed booking) unless it already sees one on it: the second to run must
        // see the first, so exactly one is stored.
        const range = { from: '2030-08-08', to: '2030-08-08' };
        const call = () =>
          store.createOnce({
            idempotencyKey: freshKey(),
            bodyHash: 'h',
            range,
            decide: (confirmed) => {
              if (confirmed.length > 0) throw new Refused('taken');
              return { booking: newBooking({ date: '2030-08-08', status: 'Confirmed' }), manageTokenHash: null };
            },
          });
        const results = await Promise.allSettled([call(), call(), call()]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(Refused);
        expect(await store.count()).toBe(1);
        expect(await store.confirmedDatesBetween(range)).toHaveLength(1);
      });
    });

    describe('page', () => {
      it('lists newest first, the later stored first within one millisecond, in keyset pages', async () => {
        const same = '2026-03-01T00:00:00.000Z';
        const stored: BookingRequest[] = [];
        for (const createdAt of ['2026-02-01T00:00:00.000Z', same, same, same, '2026-04-01T00:00:00.000Z']) {
          stored.push(await storeBooking(store, newBooking({ createdAt, updatedAt: createdAt })));
        }
        const expected = [stored[4], stored[3], stored[2], stored[1], stored[0]].map((b) => b?.id);
        const ids: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await store.page({ limit: 2, ...(cursor === undefined ? {} : { cursor }) });
          pages += 1;
          ids.push(...page.items.map((b) => b.id));
          cursor = page.nextCursor ?? undefined;
        } while (cursor !== undefined);
        expect(ids).toEqual(expected);
        expect(pages).toBe(3);
      });

      it('answers whole requests, and null as the last page cursor when the rows end exactly on the page', async () => {
        const a = await storeBooking(store, newBooking());
        const b = await storeBooking(store, newBooking());
        const page = await store.page({ limit: 2 });
        expect(page.items).toEqual([b, a]);
        expect(page.nextCursor).toBeNull();
        expect(await store.page()).toEqual({ items: [b, a], nextCursor: null });
      });

      it('keeps a row on one page when a request is created between two pages', async () => {
        const old = [];
        for (let i = 0; i < 4; i += 1) old.push(await storeBooking(store, newBooking()));
        const first = await store.page({ limit: 2 });
        await storeBooking(store, newBooking());
        const second = await store.page({ limit: 2, cursor: first.nextCursor as string });
        expect([...first.items, ...second.items].map((b) => b.id)).toEqual(old.reverse().map((b) => b.id));
        expect(second.nextCursor).toBeNull();
      });

      it('filters by status', async () => {
        const a = await storeBooking(store, newBooking());
        const b = await storeBooking(store, newBooking());
        const c = await storeBooking(store, newBooking());
        await store.updateStatus(a.id, 'Contacted', a.createdAt);
        await store.updateStatus(c.id, 'Contacted', c.createdAt);
        const contacted = await store.page({ status: 'Contacted', limit: 1 });
        expect(contacted.items.map((x) => x.id)).toEqual([c.id]);
        const rest = await store.page({ status: 'Contacted', limit: 1, cursor: contacted.nextCursor as string });
        expect(rest).toEqual({ items: [{ ...a, status: 'Contacted' }], nextCursor: null });
        expect((await store.page({ status: 'New' })).items.map((x) => x.id)).toEqual([b.id]);
        expect(await store.page({ status: 'Declined' })).toEqual({ items: [], nextCursor: null });
      });

      it('searches names and e-mails (ASCII case-insensitive) and the start of the reference', async () => {
        const ana = await storeBooking(store, newBooking({ name: 'Ana Lima', email: 'ana@example.com' }));
        const bo = await storeBooking(store, newBooking({ name: 'Bo Chen', email: 'LIMA.fan@Example.org' }));
        const emile = await storeBooking(store, newBooking({ name: 'Émile Roux', email: 'er@example.net' }));
        const search = async (q: string) => (await store.page({ q })).items.map((b) => b.id);
        expect(await search('  LIMA ')).toEqual([bo.id, ana.id]);
        expect(await search('example.org')).toEqual([bo.id]);
        expect(await search('roux')).toEqual([emile.id]);
        // Only ASCII letters are folded (SQLite's lower()): 'É' in a name is not 'é'.
        expect(await search('émile')).toEqual([]);
        const reference = emile.id.replaceAll('-', '').slice(0, 10);
        expect(await search(reference.toUpperCase())).toEqual([emile.id]);
        // The reference matches from its start only.
        expect(await search(emile.id.replaceAll('-', '').slice(3, 12))).toEqual([]);
        expect(await search('   ')).toEqual([emile.id, bo.id, ana.id]);
      });

      it('pages a search, finding matches among many requests that do not match', async () => {
        const match = (n: number) => newBooking({ name: `Needle ${n}` });
        const wanted: BookingRequest[] = [];
        wanted.push(await storeBooking(store, match(1)));
        for (let i = 0; i < 230; i += 1) await storeBooking(store, newBooking());
        wanted.push(await storeBooking(store, match(2)));
        wanted.push(await storeBooking(store, match(3)));
        for (let i = 0; i < 5; i += 1) await storeBooking(store, newBooking());
        const first = await store.page({ q: 'needle', limit: 2 });
        expect(first.items.map((b) => b.name)).toEqual(['Needle 3', 'Needle 2']);
        const second = await store.page({ q: 'needle', limit: 2, cursor: first.nextCursor as string });
        expect(second).toEqual({ items: [wanted[0]], nextCursor: null });
        expect((await store.page({ q: 'needle', status: 'Declined' })).items).toEqual([]);
      }, 120_000);

      it('refuses a cursor it did not make', async () => {
        await storeBooking(store, newBooking());
        for (const cursor of ['not a cursor', '', Buffer.from('{"a":1}').toString('base64url'), 'W10']) {
          await expect(store.page({ cursor })).rejects.toBeInstanceOf(InvalidCursorError);
        }
      });
    });

    describe('confirmed bookings', () => {
      it('confirmedBookings answers every Confirmed request, by date then createdAt', async () => {
        const late = await confirmedWith(store, { date: '2030-09-02' });
        const early = await confirmedWith(store, { date: '2030-09-01' });
        const earlySecond = await confirmedWith(store, { date: '2030-09-01' });
        await storeBooking(store, newBooking({ date: '2030-08-01' }));
        const list = await store.confirmedBookings();
        expect(list.map((b) => b.id)).toEqual([early.id, earlySecond.id, late.id]);
        expect(list[0]).toEqual(early);
      });

      it('confirmedDatesBetween answers the shoots and consultations holding a day of the range, each once', async () => {
        const spanning = await confirmedWith(store, { date: '2030-04-28', endDate: '2030-05-02' });
        const oneDay = await confirmedWith(store, { date: '2030-05-05', time: '09:00-11:00' });
        const consultation = await confirmedWith(store, {
          consultationDate: '2030-05-03',
          consultationTime: '14:00-15:00',
        });
        const both = await confirmedWith(store, { date: '2030-05-06', consultationDate: '2030-05-04' });
        const consultationInShootOut = await confirmedWith(store, {
          date: '2030-06-20',
          consultationDate: '2030-05-07',
        });
        // Outside the range, or not confirmed.
        await confirmedWith(store, { date: '2030-04-20', endDate: '2030-04-30' });
        const after = await confirmedWith(store, { date: '2030-05-08' });
        await confirmedWith(store, { consultationDate: '2030-04-29' });
        await storeBooking(store, newBooking({ date: '2030-05-05' }));
        const cancelled = await confirmedWith(store, { date: '2030-05-05' });
        await store.updateStatus(cancelled.id, 'Cancelled', cancelled.createdAt);

        const found = await store.confirmedDatesBetween({ from: '2030-05-01', to: '2030-05-07' });
        expect(sortDates(found)).toEqual(
          sortDates([spanning, oneDay, consultation, both, consultationInShootOut].map(datesOf)),
        );
        const open = await store.confirmedDatesBetween({ from: '2030-05-06', to: null });
        expect(sortDates(open)).toEqual(sortDates([both, consultationInShootOut, after].map(datesOf)));
        expect(await store.confirmedDatesBetween({ from: '2031-01-01', to: '2031-12-31' })).toEqual([]);
      });

      it('confirmedDatesBetween answers an open request by its consultation slot alone', async () => {
        const slotOnly = { date: '', endDate: '', time: '' };
        const asNew = await storeBooking(
          store,
          newBooking({ date: '2030-07-10', consultationDate: '2030-07-02', consultationTime: '10:00-11:00' }),
        );
        const contacted = await storeBooking(
          store,
          newBooking({ consultationDate: '2030-07-03', consultationTime: '14:00-15:00' }),
        );
        await store.updateStatus(contacted.id, 'Contacted', contacted.createdAt);
        // Not held: a request without a slot, a declined one, and one outside the range.
        await storeBooking(store, newBooking({ date: '2030-07-04', consultationDate: '2030-07-04' }));
        const declined = await storeBooking(
          store,
          newBooking({ consultationDate: '2030-07-05', consultationTime: '10:00-11:00' }),
        );
        await store.updateStatus(declined.id, 'Declined', declined.createdAt);
        await storeBooking(store, newBooking({ consultationDate: '2030-08-01', consultationTime: '10:00-11:00' }));

        const found = await store.confirmedDatesBetween({ from: '2030-07-01', to: '2030-07-31' });
        expect(sortDates(found)).toEqual(
          sortDates([
            { ...datesOf(asNew), ...slotOnly },
            { ...datesOf(contacted), ...slotOnly },
          ]),
        );
      });
    });

    describe('counts and status', () => {
      it('summary counts the New requests; count every request', async () => {
        const a = await storeBooking(store, newBooking());
        await storeBooking(store, newBooking());
        await storeBooking(store, newBooking());
        await store.updateStatus(a.id, 'Declined', a.createdAt);
        expect(await store.summary()).toEqual({ new: 2 });
        expect(await store.count()).toBe(3);
      });

      it('updateStatus sets the status and updatedAt and answers the row; null for no such id', async () => {
        const a = await storeBooking(store, newBooking());
        const at = '2026-06-01T10:00:00.000Z';
        const changed = await store.updateStatus(a.id, 'Contacted', at);
        expect(changed).toEqual({ ...a, status: 'Contacted', updatedAt: at });
        expect(await store.get(a.id)).toEqual(changed);
        expect(await store.updateStatus('00000000-0000-4000-8000-000000000000', 'Contacted', at)).toBeNull();
        expect(await store.get('no/such..id')).toBeNull();
      });

      it('counts calendar invites per request', async () => {
        const a = await storeBooking(store, newBooking());
        expect(await store.inviteSequence(a.id)).toBe(0);
        expect(await store.nextInviteSequence(a.id)).toBe(1);
        expect(await store.nextInviteSequence(a.id)).toBe(2);
        expect(await store.inviteSequence(a.id)).toBe(2);
        expect(await store.nextInviteSequence('00000000-0000-4000-8000-000000000000')).toBe(0);
        expect(await store.inviteSequence('00000000-0000-4000-8000-000000000000')).toBe(0);
        const counted = await Promise.all([1, 2, 3].map(() => store.nextInviteSequence(a.id)));
        expect(counted.sort()).toEqual([3, 4, 5]);
      });

      it('finds a request by its manage-token hash', async () => {
        const a = await storeBooking(store, newBooking(), { manageTokenHash: 'hash-a' });
        await storeBooking(store, newBooking(), { manageTokenHash: 'hash-b' });
        expect(await store.findByManageTokenHash('hash-a')).toEqual(a);
        expect(await store.findByManageTokenHash('hash-z')).toBeNull();
      });
    });

    describe('the client through her manage link', () => {
      const at = '2026-07-01T08:00:00.000Z';

      it('cancels an open request once; never a declined one', async () => {
        const a = await storeBooking(store, newBooking());
        expect(await store.cancelByClient(a.id, at)).toBe(true);
        expect(await store.get(a.id)).toEqual({ ...a, status: 'Cancelled', updatedAt: at });
        expect(await store.cancelByClient(a.id, '2026-07-02T00:00:00.000Z')).toBe(false);
        expect((await store.get(a.id))?.updatedAt).toBe(at);
        const d = await storeBooking(store, newBooking());
        await store.updateStatus(d.id, 'Declined', at);
        expect(await store.cancelByClient(d.id, at)).toBe(false);
        expect((await store.get(d.id))?.status).toBe('Declined');
        expect(await store.cancelByClient('00000000-0000-4000-8000-000000000000', at)).toBe(false);
        const racing = await storeBooking(store, newBooking());
        const results = await Promise.all([store.cancelByClient(racing.id, at), store.cancelByClient(racing.id, at)]);
        expect(results.sort()).toEqual([false, true]);
      });

      it('records a reschedule request on an open request, and the admin accepts it', async () => {
        const a = await storeBooking(store, newBooking({ date: '2030-03-01', endDate: '2030-03-03', time: '' }));
        expect(await store.acceptReschedule(a.id, at)).toBeNull();
        expect(await store.requestReschedule(a.id, '2030-04-10', at)).toBe(true);
        expect(await store.get(a.id)).toEqual({ ...a, rescheduleDate: '2030-04-10', updatedAt: at });
        const later = '2026-07-03T09:00:00.000Z';
        const moved = await store.acceptReschedule(a.id, later);
        expect(moved).toEqual({ ...a, date: '2030-04-10', endDate: '', time: '', updatedAt: later });
        expect(await store.get(a.id)).toEqual(moved);
        expect(await store.acceptReschedule(a.id, later)).toBeNull();
      });

      it('moves a confirmed booking: what it holds follows it', async () => {
        const a = await confirmedWith(store, { date: '2030-03-01', endDate: '2030-03-02' });
        await store.requestReschedule(a.id, '2030-05-20', at);
        await store.acceptReschedule(a.id, at);
        expect(await store.confirmedDatesBetween({ from: '2030-03-01', to: '2030-03-02' })).toEqual([]);
        expect(await store.confirmedDatesBetween({ from: '2030-05-20', to: '2030-05-20' })).toEqual([
          { date: '2030-05-20', endDate: '', time: '', consultationDate: '', consultationTime: '' },
        ]);
      });

      it('moves a consultation to the slot asked for; the check sees what holds that day and may refuse', async () => {
        const a = await confirmedWith(store, {
          date: '2030-08-20',
          consultationDate: '2030-08-10',
          consultationTime: '10:00-11:00',
        });
        const other = await confirmedWith(store, { consultationDate: '2030-08-12', consultationTime: '10:00-11:00' });
        expect(await store.requestReschedule(a.id, '2030-08-12', at, 'consultation', '14:00-15:00')).toBe(true);
        const asked = (await store.get(a.id))!;
        expect(asked).toMatchObject({
          rescheduleConsultationDate: '2030-08-12',
          rescheduleConsultationTime: '14:00-15:00',
        });

        // A refusing check changes nothing; it is shown the booking and what holds the asked-for day.
        const seen: unknown[] = [];
        const refusal = new Error('taken');
        await expect(
          store.acceptReschedule(a.id, at, (booking, held) => {
            seen.push(booking, held);
            throw refusal;
          }),
        ).rejects.toBe(refusal);
        expect(seen).toEqual([asked, [datesOf(other)]]);
        expect(await store.get(a.id)).toEqual(asked);

        const later = '2026-07-03T09:00:00.000Z';
        const moved = await store.acceptReschedule(a.id, later, () => undefined);
        expect(moved).toEqual({
          ...a,
          consultationDate: '2030-08-12',
          consultationTime: '14:00-15:00',
          updatedAt: later,
        });
        expect(await store.confirmedDatesBetween({ from: '2030-08-10', to: '2030-08-12' })).toEqual(
          expect.arrayContaining([expect.objectContaining({ consultationDate: '2030-08-12' })]),
        );
        expect(await store.confirmedDatesBetween({ from: '2030-08-10', to: '2030-08-10' })).toEqual([]);
      });

      it('refuses both on a closed request', async () => {
        const a = await storeBooking(store, newBooking({ date: '2030-03-01' }));
        await store.requestReschedule(a.id, '2030-04-10', at);
        await store.cancelByClient(a.id, at);
        expect(await store.requestReschedule(a.id, '2030-04-11', at)).toBe(false);
        expect(await store.acceptReschedule(a.id, at)).toBeNull();
        expect((await store.get(a.id))?.date).toBe('2030-03-01');
        expect(await store.requestReschedule('00000000-0000-4000-8000-000000000000', '2030-04-11', at)).toBe(false);
      });
    });

    describe('reminders', () => {
      const day = '2030-10-10';
      const due = (overrides: Partial<NewBookingRequest>) =>
        confirmedWith(store, { phone: '+15550100', smsOptIn: true, ...overrides });

      it('answers the confirmed, opted-in requests with a phone booked on the day, oldest first', async () => {
        const byDate = await due({ date: day });
        const byConsultation = await due({ consultationDate: day });
        // Not due: another day, a consultation on the day beside a shoot date, no opt-in, no phone, not confirmed.
        await due({ date: '2030-10-11' });
        await due({ date: '2030-10-12', consultationDate: day });
        await confirmedWith(store, { date: day, phone: '+15550100' });
        await confirmedWith(store, { date: day, smsOptIn: true });
        await storeBooking(store, newBooking({ date: day, phone: '+15550100', smsOptIn: true }));
        expect((await store.dueForReminder(day)).map((b) => b.id)).toEqual([byDate.id, byConsultation.id]);
        expect((await store.dueForReminder(day))[0]).toEqual(byDate);
      });

      it('claims a reminder once, releases it, and accepting a move clears it', async () => {
        const a = await due({ date: day });
        const at = '2030-10-09T18:00:00.000Z';
        const claims = await Promise.all([store.claimReminder(a.id, at), store.claimReminder(a.id, at)]);
        expect(claims.sort()).toEqual([false, true]);
        expect(await store.dueForReminder(day)).toEqual([]);
        await store.releaseReminder(a.id);
        expect((await store.dueForReminder(day)).map((b) => b.id)).toEqual([a.id]);
        expect(await store.claimReminder(a.id, at)).toBe(true);
        await store.requestReschedule(a.id, '2030-10-20', at);
        await store.acceptReschedule(a.id, at);
        expect((await store.dueForReminder('2030-10-20')).map((b) => b.id)).toEqual([a.id]);
        expect(await store.claimReminder('00000000-0000-4000-8000-000000000000', at)).toBe(false);
        await expect(store.releaseReminder('00000000-0000-4000-8000-000000000000')).resolves.toBeUndefined();
      });
    });
  });
}
