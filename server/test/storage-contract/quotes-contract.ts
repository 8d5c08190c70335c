// The QuotesStore contract (server/src/features/deal/quotes-store.ts), run on SQLite and on Firestore (see
// bookings-contract.ts). Each case gets an empty store of its own from `make`.
import type { QuoteInput } from '@studio/shared/domain/quote';
import type { QuotesStore } from '../../src/features/deal/quotes-store';
import type { Made } from './bookings-contract';

const quote = (baseCents: number): QuoteInput => ({
  baseCents,
  lines: [
    { kind: 'usage', channels: ['Paid social ads'], termDays: 90, territory: 'Worldwide', amountCents: 50_000 },
    { kind: 'overtime', hours: 1.5, rateCents: 12_050 },
  ],
  deposit: { kind: 'percent', percent: 50 },
  balanceDueDaysBefore: 7,
  cancellationLadder: [{ hoursBefore: 48, percent: 50 }],
});

export function describeQuotesStoreContract(make: () => Promise<Made<QuotesStore>>): void {
  describe('QuotesStore contract', () => {
    let made: Made<QuotesStore>;
    let store: QuotesStore;
    beforeEach(async () => {
      made = await make();
      store = made.store;
    });
    afterEach(() => made.close());

    it('has no quote for a booking until one is saved, then each save is the next version', async () => {
      expect(await store.get('booking-1')).toBeNull();
      expect(await store.save('booking-1', quote(40_000), '2026-11-20T10:00:00.000Z')).toEqual({
        input: quote(40_000),
        version: 1,
        updatedAt: '2026-11-20T10:00:00.000Z',
      });
      await store.save('booking-1', quote(45_000), '2026-11-20T11:00:00.000Z');
      expect(await store.get('booking-1')).toEqual({
        input: quote(45_000),
        version: 2,
        updatedAt: '2026-11-20T11:00:00.000Z',
      });
      // Another booking's quote is its own.
      expect(await store.get('booking-2')).toBeNull();
      expect((await store.save('booking-2', quote(1), '2026-11-20T12:00:00.000Z')).version).toBe(1);
      expect((await store.get('booking-1'))?.version).toBe(2);
    });

    it('gives racing saves a version each', async () => {
      const saved = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => store.save('booking-1', quote(n * 100), '2026-11-20T10:00:00.000Z')),
      );
      expect(saved.map((s) => s.version).sort()).toEqual([1, 2, 3, 4, 5]);
      const last = saved.find((s) => s.version === 5)!;
      expect(await store.get('booking-1')).toEqual(last);
    });
  });
}
