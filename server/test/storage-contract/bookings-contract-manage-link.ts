// The BookingsStore contract (bookings-contract.ts): what the client does through her manage link.
import { type BookingsStore } from '../../src/features/bookings/bookings-store';
import { confirmedWith, datesOf, newBooking, storeBooking } from './bookings-contract-support';

/** The cases of `the client through her manage link`, on the store `current` answers (a fresh one for each case). */
export function describeManageLinkCases(current: () => BookingsStore): void {
  describe('the client through her manage link', () => {
    let store: BookingsStore;
    beforeEach(() => {
      store = current();
    });
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
}
