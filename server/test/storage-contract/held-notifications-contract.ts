// The HeldNotificationsStore contract (server/src/features/bookings/held-notifications-store.ts), run on SQLite and on
// Firestore (see bookings-contract.ts). Each case gets an empty store of its own from `make`.
import type { HeldNotification, HeldNotificationsStore } from '../../src/features/bookings/held-notifications-store';
import type { Made } from './bookings-contract';

const AT = '2026-05-01T12:00:00.000Z';
const held = (bookingId: string, sendAfter: string, overrides: Partial<HeldNotification> = {}): HeldNotification => ({
  bookingId,
  previousStatus: 'New',
  status: 'Confirmed',
  message: `About ${bookingId}`,
  sendAfter,
  ...overrides,
});

export function describeHeldNotificationsStoreContract(make: () => Promise<Made<HeldNotificationsStore>>): void {
  describe('HeldNotificationsStore contract', () => {
    let made: Made<HeldNotificationsStore>;
    let store: HeldNotificationsStore;
    beforeEach(async () => {
      made = await make();
      store = made.store;
    });
    afterEach(() => made.close());

    it('holds one notification per booking; a second keeps the status from before the first', async () => {
      expect(await store.isHeld('b1')).toBe(false);
      expect(await store.nextDue()).toBeNull();
      await store.hold(held('b1', '2026-05-01T12:00:10.000Z', { previousStatus: 'New', status: 'Contacted' }), AT);
      expect(await store.isHeld('b1')).toBe(true);
      await store.hold(
        held('b1', '2026-05-01T12:00:20.000Z', { previousStatus: 'Contacted', status: 'Declined', message: 'No' }),
        AT,
      );
      expect(await store.take('b1')).toEqual({
        bookingId: 'b1',
        previousStatus: 'New',
        status: 'Declined',
        message: 'No',
        sendAfter: '2026-05-01T12:00:20.000Z',
      });
      expect(await store.isHeld('b1')).toBe(false);
      expect(await store.take('b1')).toBeNull();
    });

    it('answers the earliest time one comes due', async () => {
      await store.hold(held('b2', '2026-05-01T12:00:30.000Z'), AT);
      await store.hold(held('b1', '2026-05-01T12:00:10.000Z'), AT);
      expect(await store.nextDue()).toBe('2026-05-01T12:00:10.000Z');
      await store.take('b1');
      expect(await store.nextDue()).toBe('2026-05-01T12:00:30.000Z');
    });

    it('takes every one due at a time (its sendAfter at or before it) once, leaving the rest', async () => {
      await store.hold(held('early', '2026-05-01T12:00:05.000Z'), AT);
      await store.hold(held('exact', '2026-05-01T12:00:10.000Z'), AT);
      await store.hold(held('later', '2026-05-01T12:00:11.000Z'), AT);
      const due = await store.takeDue('2026-05-01T12:00:10.000Z');
      expect(due.map((h) => h.bookingId).sort()).toEqual(['early', 'exact']);
      expect(due.find((h) => h.bookingId === 'early')).toEqual(held('early', '2026-05-01T12:00:05.000Z'));
      expect(await store.takeDue('2026-05-01T12:00:10.000Z')).toEqual([]);
      expect(await store.isHeld('later')).toBe(true);
      expect(await store.nextDue()).toBe('2026-05-01T12:00:11.000Z');
    });

    it('gives a held notification to one of two takers racing', async () => {
      await store.hold(held('b1', '2026-05-01T12:00:05.000Z'), AT);
      await store.hold(held('b2', '2026-05-01T12:00:06.000Z'), AT);
      const [undo, send] = await Promise.all([store.take('b1'), store.takeDue('2026-05-01T12:01:00.000Z')]);
      const sent = send.map((h) => h.bookingId);
      // b1 went to exactly one of them; b2 only to the sender.
      expect(Number(undo !== null) + Number(sent.includes('b1'))).toBe(1);
      expect(sent).toContain('b2');
      const [a, b] = await Promise.all([
        store.takeDue('2026-05-01T12:01:00.000Z'),
        store.takeDue('2026-05-01T12:01:00.000Z'),
      ]);
      expect([...a, ...b]).toEqual([]);
      await store.hold(held('b3', '2026-05-01T12:00:07.000Z'), AT);
      const [c, d] = await Promise.all([
        store.takeDue('2026-05-01T12:01:00.000Z'),
        store.takeDue('2026-05-01T12:01:00.000Z'),
      ]);
      expect([...c, ...d].map((h) => h.bookingId)).toEqual(['b3']);
    });
  });
}
