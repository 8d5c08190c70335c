// The BookingsStore contract (server/src/features/bookings/bookings-store.ts), written once and run on every
// implementation: SQLite (sqlite-a.test.ts) and Firestore on its emulator (firebase/test/emulator/storage-a.test.ts).
// Each case gets an empty store of its own from `make`.
// The cases are split by topic (bookings-contract-*.ts); the helpers they share are in bookings-contract-support.ts,
// and newBooking, storeBooking and Made are named here too for the suites and tests that take them from this file.
import type { BookingToStore, BookingsStore, ConfirmedDates } from '../../src/features/bookings/bookings-store';
import { describeConfirmedCases, describeReminderCases } from './bookings-contract-dates';
import { describeManageLinkCases } from './bookings-contract-manage-link';
import { describeCountCases, describePageCases } from './bookings-contract-pages';
import {
  confirmedWith,
  datesOf,
  freshKey,
  type Made,
  newBooking,
  Refused,
  storeBooking,
  UUID,
} from './bookings-contract-support';

export { newBooking, storeBooking, type Made } from './bookings-contract-support';

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

    describePageCases(() => store);
    describeConfirmedCases(() => store);
    describeCountCases(() => store);
    describeManageLinkCases(() => store);
    describeReminderCases(() => store);
  });
}
