// The AvailabilityStore contract (server/src/features/availability/availability-store.ts), run on SQLite and on
// Firestore (see bookings-contract.ts). Each case gets an empty store of its own from `make`.
import type { AvailabilityStore } from '../../src/features/availability/availability-store';
import type { Made } from './bookings-contract';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const AT = '2026-05-01T12:00:00.000Z';

export function describeAvailabilityStoreContract(make: () => Promise<Made<AvailabilityStore>>): void {
  describe('AvailabilityStore contract', () => {
    let made: Made<AvailabilityStore>;
    let store: AvailabilityStore;
    beforeEach(async () => {
      made = await make();
      store = made.store;
    });
    afterEach(() => made.close());

    it('starts empty', async () => {
      expect(await store.getPublic()).toEqual({ periods: [], unavailable: [], slots: [], weekly: [] });
      expect(await store.getAdmin()).toEqual({ periods: [], unavailable: [], slots: [], weekly: [] });
    });

    it('answers each entry with its notes and times to the admin, and only dates and times to a visitor', async () => {
      const period = await store.addPeriod(
        { startDate: '2030-01-01', endDate: '2030-01-31', isAvailable: true, notes: 'January' },
        AT,
      );
      const range = await store.addUnavailable({ startDate: '2030-01-10', endDate: '2030-01-12', reason: 'Trip' }, AT);
      const slot = await store.addSlot(
        { date: '2030-01-05', startTime: '09:00', endTime: '10:00', isAvailable: false, notes: 'Dentist' },
        AT,
      );
      for (const id of [period, range, slot]) expect(id).toMatch(UUID);
      expect(await store.getAdmin()).toEqual({
        periods: [
          {
            id: period,
            startDate: '2030-01-01',
            endDate: '2030-01-31',
            isAvailable: true,
            notes: 'January',
            createdAt: AT,
            updatedAt: AT,
          },
        ],
        unavailable: [{ id: range, startDate: '2030-01-10', endDate: '2030-01-12', reason: 'Trip', createdAt: AT }],
        slots: [
          {
            id: slot,
            date: '2030-01-05',
            startTime: '09:00',
            endTime: '10:00',
            isAvailable: false,
            notes: 'Dentist',
            createdAt: AT,
          },
        ],
        weekly: [],
      });
      expect(await store.getPublic()).toEqual({
        periods: [{ id: period, startDate: '2030-01-01', endDate: '2030-01-31', isAvailable: true }],
        unavailable: [{ id: range, startDate: '2030-01-10', endDate: '2030-01-12' }],
        slots: [{ id: slot, date: '2030-01-05', startTime: '09:00', endTime: '10:00', isAvailable: false }],
        weekly: [],
      });
    });

    it('replaces her weekly slots as a whole, ordered by weekday then start time', async () => {
      await store.replaceWeekly(
        [
          { weekday: 5, startTime: '10:00', endTime: '11:00' },
          { weekday: 1, startTime: '14:00', endTime: '15:00' },
          { weekday: 1, startTime: '10:00', endTime: '11:00' },
        ],
        AT,
      );
      const first = await store.getPublic();
      expect(first.weekly?.map(({ id: _id, ...w }) => w)).toEqual([
        { weekday: 1, startTime: '10:00', endTime: '11:00' },
        { weekday: 1, startTime: '14:00', endTime: '15:00' },
        { weekday: 5, startTime: '10:00', endTime: '11:00' },
      ]);
      for (const w of first.weekly ?? []) expect(w.id).toMatch(UUID);
      expect((await store.getAdmin()).weekly).toEqual(first.weekly);

      await store.replaceWeekly([{ weekday: 2, startTime: '09:00', endTime: '09:30' }], AT);
      expect((await store.getAdmin()).weekly.map(({ id: _id, ...w }) => w)).toEqual([
        { weekday: 2, startTime: '09:00', endTime: '09:30' },
      ]);
      await store.replaceWeekly([], AT);
      expect((await store.getPublic()).weekly).toEqual([]);
    });

    it('orders entries by date (slots then by start time), then by id', async () => {
      const p2 = await store.addPeriod(
        { startDate: '2030-03-01', endDate: '2030-03-02', isAvailable: true, notes: '' },
        AT,
      );
      const p1 = await store.addPeriod(
        { startDate: '2030-02-01', endDate: '2030-02-02', isAvailable: false, notes: '' },
        AT,
      );
      const sameA = await store.addUnavailable({ startDate: '2030-04-01', endDate: '2030-04-01', reason: '' }, AT);
      const sameB = await store.addUnavailable({ startDate: '2030-04-01', endDate: '2030-04-03', reason: '' }, AT);
      const earlier = await store.addUnavailable({ startDate: '2030-03-31', endDate: '2030-04-05', reason: '' }, AT);
      const slot = (date: string, startTime: string) =>
        store.addSlot({ date, startTime, endTime: '23:00', isAvailable: true, notes: '' }, AT);
      const s3 = await slot('2030-05-02', '08:00');
      const s2 = await slot('2030-05-01', '13:00');
      const s1 = await slot('2030-05-01', '09:00');
      const pub = await store.getPublic();
      expect(pub.periods.map((p) => p.id)).toEqual([p1, p2]);
      expect(pub.unavailable.map((u) => u.id)).toEqual([earlier, ...[sameA, sameB].sort()]);
      expect(pub.slots.map((s) => s.id)).toEqual([s1, s2, s3]);
      const admin = await store.getAdmin();
      expect(admin.periods.map((p) => p.id)).toEqual([p1, p2]);
      expect(admin.unavailable.map((u) => u.id)).toEqual([earlier, ...[sameA, sameB].sort()]);
      expect(admin.slots.map((s) => s.id)).toEqual([s1, s2, s3]);
    });

    it('deletes an entry of its kind once; false for another kind or an unknown id', async () => {
      const period = await store.addPeriod(
        { startDate: '2030-01-01', endDate: '2030-01-31', isAvailable: true, notes: '' },
        AT,
      );
      const slot = await store.addSlot(
        { date: '2030-01-05', startTime: '09:00', endTime: '10:00', isAvailable: true, notes: '' },
        AT,
      );
      expect(await store.delete('slots', period)).toBe(false);
      expect(await store.delete('unavailable', period)).toBe(false);
      expect(await store.delete('periods', period)).toBe(true);
      expect(await store.delete('periods', period)).toBe(false);
      expect(await store.delete('slots', 'not/an..id')).toBe(false);
      expect(await store.getAdmin()).toEqual({
        periods: [],
        unavailable: [],
        slots: [expect.objectContaining({ id: slot })],
        weekly: [],
      });
      const racing = await Promise.all([store.delete('slots', slot), store.delete('slots', slot)]);
      expect(racing.sort()).toEqual([false, true]);
    });
  });
}
