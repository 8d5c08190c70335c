// The ClientActionsStore contract (server/src/features/client-activity/client-actions-store.ts), run on SQLite and on
// Firestore (see bookings-contract.ts). Each case gets an empty store of its own from `make`.
import type { ClientActionsStore, NewClientAction } from '../../src/features/client-activity/client-actions-store';
import type { Made } from './bookings-contract';

const action = (at: string, overrides: Partial<NewClientAction> = {}): NewClientAction => ({
  kind: 'cancelled',
  bookingId: 'b1',
  clientName: 'Jane Client',
  email: 'jane@example.com',
  phone: '',
  service: 'Editorial - Editorial Day',
  date: '2026-12-12',
  detail: '',
  at,
  delivery: 'mail',
  ...overrides,
});

export function describeClientActionsStoreContract(make: () => Promise<Made<ClientActionsStore>>): void {
  describe('ClientActionsStore contract', () => {
    let made: Made<ClientActionsStore>;
    let store: ClientActionsStore;
    beforeEach(async () => {
      made = await make();
      store = made.store;
    });
    afterEach(() => made.close());

    it('stores an action as given, unseen, with an id of its own; the newest come first', async () => {
      const first = await store.add(action('2026-05-01T10:00:00.000Z'));
      const { delivery: _delivery, ...given } = action('2026-05-01T10:00:00.000Z');
      expect(first).toEqual({ ...given, id: expect.stringMatching(/^[0-9a-f-]{36}$/), seenAt: null });
      const contact = await store.add(
        action('2026-05-01T11:00:00.000Z', {
          kind: 'contact',
          bookingId: null,
          detail: 'Hello',
          phone: '+15551234567',
        }),
      );
      expect(contact.id).not.toBe(first.id);
      expect(await store.recent(10)).toEqual([contact, first]);
      expect(await store.recent(1)).toEqual([contact]);
      expect(await store.unseenCount()).toBe(2);
    });

    it('marks one booking’s actions seen, then all of them; a second mark changes nothing', async () => {
      await store.add(action('2026-05-01T10:00:00.000Z', { bookingId: 'b1' }));
      await store.add(action('2026-05-01T10:01:00.000Z', { bookingId: 'b1', kind: 'move-requested' }));
      await store.add(action('2026-05-01T10:02:00.000Z', { bookingId: 'b2' }));
      expect(await store.markSeen('2026-05-01T12:00:00.000Z', 'b1')).toBe(2);
      expect(await store.unseenCount()).toBe(1);
      expect((await store.recent(10)).map((a) => [a.bookingId, a.seenAt])).toEqual([
        ['b2', null],
        ['b1', '2026-05-01T12:00:00.000Z'],
        ['b1', '2026-05-01T12:00:00.000Z'],
      ]);
      expect(await store.markSeen('2026-05-01T13:00:00.000Z')).toBe(1);
      expect(await store.unseenCount()).toBe(0);
      expect(await store.markSeen('2026-05-01T14:00:00.000Z')).toBe(0);
    });

    it('takes a day’s digest once: the actions waiting for one, oldest first, not those mailed', async () => {
      await store.add(action('2026-05-01T10:00:00.000Z', { bookingId: 'mailed' }));
      await store.add(action('2026-05-01T11:00:00.000Z', { bookingId: 'second', delivery: 'digest' }));
      await store.add(action('2026-05-01T09:00:00.000Z', { bookingId: 'first', delivery: 'digest' }));
      const taken = await store.takeDigest('2026-05-02', '2026-05-02T15:00:00.000Z');
      expect(taken.map((a) => a.bookingId)).toEqual(['first', 'second']);
      // The day is taken: an action waiting now goes in the next day's.
      await store.add(action('2026-05-02T16:00:00.000Z', { bookingId: 'late', delivery: 'digest' }));
      expect(await store.takeDigest('2026-05-02', '2026-05-02T17:00:00.000Z')).toEqual([]);
      expect((await store.takeDigest('2026-05-03', '2026-05-03T15:00:00.000Z')).map((a) => a.bookingId)).toEqual([
        'late',
      ]);
      // A digest takes nothing from what she has seen or not: the badge counts all of them.
      expect(await store.unseenCount()).toBe(4);
    });

    it('an empty day’s digest is taken too, and a released one is taken again whole', async () => {
      expect(await store.takeDigest('2026-05-02', '2026-05-02T15:00:00.000Z')).toEqual([]);
      await store.add(action('2026-05-02T16:00:00.000Z', { delivery: 'digest' }));
      expect(await store.takeDigest('2026-05-02', '2026-05-02T17:00:00.000Z')).toEqual([]);
      const taken = await store.takeDigest('2026-05-03', '2026-05-03T15:00:00.000Z');
      expect(taken).toHaveLength(1);
      await store.releaseDigest('2026-05-03');
      expect(await store.takeDigest('2026-05-03', '2026-05-03T15:30:00.000Z')).toEqual(taken);
    });

    it('of two digests racing on one day, one gets the actions', async () => {
      await store.add(action('2026-05-01T10:00:00.000Z', { delivery: 'digest' }));
      await store.add(action('2026-05-01T11:00:00.000Z', { delivery: 'digest' }));
      const [a, b] = await Promise.all([
        store.takeDigest('2026-05-02', '2026-05-02T15:00:00.000Z'),
        store.takeDigest('2026-05-02', '2026-05-02T15:00:00.000Z'),
      ]);
      expect([a.length, b.length].sort()).toEqual([0, 2]);
    });
  });
}
