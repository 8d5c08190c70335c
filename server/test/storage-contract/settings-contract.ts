// The SettingsStore contract (server/src/features/settings/settings-store.ts), run on SQLite and on Firestore (see
// bookings-contract.ts). Each case gets an empty store of its own from `make`.
import type { QuoteSettings } from '@studio/shared/domain/quote';
import type { SettingsStore } from '../../src/features/settings/settings-store';
import type { Made } from './bookings-contract';

export function describeSettingsStoreContract(make: () => Promise<Made<SettingsStore>>): void {
  describe('SettingsStore contract', () => {
    let made: Made<SettingsStore>;
    let store: SettingsStore;
    beforeEach(async () => {
      made = await make();
      store = made.store;
    });
    afterEach(() => made.close());

    it('keeps her SMS switch until she forgets it', async () => {
      expect(await store.adminSmsValue()).toBeNull();
      await store.setAdminSmsValue(true);
      expect(await store.adminSmsValue()).toBe(true);
      await store.setAdminSmsValue(false);
      expect(await store.adminSmsValue()).toBe(false);
      await store.setAdminSmsValue(null);
      expect(await store.adminSmsValue()).toBeNull();
      await store.setAdminSmsValue(null);
      expect(await store.adminSmsValue()).toBeNull();
    });

    it('keeps the calendar feed hash until it is revoked, apart from the SMS switch', async () => {
      expect(await store.calendarFeedHash()).toBeNull();
      await store.setCalendarFeedHash('a'.repeat(64));
      await store.setAdminSmsValue(true);
      expect(await store.calendarFeedHash()).toBe('a'.repeat(64));
      await store.setCalendarFeedHash('b'.repeat(64));
      expect(await store.calendarFeedHash()).toBe('b'.repeat(64));
      await store.setCalendarFeedHash(null);
      expect(await store.calendarFeedHash()).toBeNull();
      expect(await store.adminSmsValue()).toBe(true);
    });

    it('keeps her daily digest choice, off until she turns it on', async () => {
      expect(await store.clientActionDigest()).toBe(false);
      await store.setClientActionDigest(true);
      expect(await store.clientActionDigest()).toBe(true);
      await store.setClientActionDigest(false);
      expect(await store.clientActionDigest()).toBe(false);
    });

    it('keeps her quote defaults whole, none until she saves them', async () => {
      expect(await store.quoteSettings()).toBeNull();
      const mine: QuoteSettings = {
        deposit: { kind: 'amount', amountCents: 12_550 },
        balanceDueDaysBefore: 3,
        cancellationLadder: [
          { hoursBefore: 96, percent: 10.5 },
          { hoursBefore: 24, percent: 100 },
        ],
        depositTrigger: 'signed',
      };
      await store.setQuoteSettings(mine);
      await store.setClientActionDigest(true);
      expect(await store.quoteSettings()).toEqual(mine);
      await store.setQuoteSettings({ ...mine, deposit: { kind: 'none' }, cancellationLadder: [] });
      expect(await store.quoteSettings()).toEqual({ ...mine, deposit: { kind: 'none' }, cancellationLadder: [] });
    });
  });
}
