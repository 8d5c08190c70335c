// The BookingsStore contract (bookings-contract.ts): confirmed bookings' dates and the reminders due on a day.
import { type BookingsStore, type NewBookingRequest } from '../../src/features/bookings/bookings-store';
import { confirmedWith, datesOf, newBooking, sortDates, storeBooking } from './bookings-contract-support';

/** The cases of `confirmed bookings`, on the store `current` answers (a fresh one for each case). */
export function describeConfirmedCases(current: () => BookingsStore): void {
  describe('confirmed bookings', () => {
    let store: BookingsStore;
    beforeEach(() => {
      store = current();
    });
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
}

/** The cases of `reminders`, on the store `current` answers (a fresh one for each case). */
export function describeReminderCases(current: () => BookingsStore): void {
  describe('reminders', () => {
    let store: BookingsStore;
    beforeEach(() => {
      store = current();
    });
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
}
