// The SmsLogStore contract (sms-log-store.ts): reservations within rolling limits, none taken beyond them even when
// sends race, and a released reservation no longer counts.
import type { SmsLimit, SmsLogStore } from '../../src/features/messaging/sms-log-store';
import { freshStoreEach, together, type MakeStore } from './contract-kit-b';

const T0 = Date.parse('2026-11-21T10:00:00Z');
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export function describeSmsLogStoreContract(make: MakeStore<SmsLogStore>) {
  describe('SmsLogStore contract', () => {
    const store = freshStoreEach(make);
    const limits: SmsLimit[] = [
      { windowMs: HOUR, max: 2 },
      { windowMs: DAY, max: 3 },
    ];

    it('reserves within the limits and refuses beyond them', async () => {
      const first = await store().reserve('b1', 'booking-confirmation', T0, limits);
      const second = await store().reserve('b2', 'status-update', T0 + 1, limits);
      expect(first).toEqual(expect.any(String));
      expect(second).toEqual(expect.any(String));
      expect(second).not.toBe(first);
      expect(await store().reserve('b3', 'reminder', T0 + 2, limits)).toBeNull();
    });

    it('counts only the messages inside each rolling window', async () => {
      await store().reserve('b1', 'reminder', T0, limits);
      await store().reserve('b1', 'reminder', T0 + 1, limits);
      // One hour after the first, it has left the hour's window (after at - windowMs): the hour allows one more.
      expect(await store().reserve('b1', 'reminder', T0 + HOUR, limits)).toEqual(expect.any(String));
      // The day's limit of three is reached now, whatever the hour says.
      expect(await store().reserve('b1', 'reminder', T0 + 3 * HOUR, limits)).toBeNull();
      expect(await store().reserve('b1', 'reminder', T0 + DAY + 1, limits)).toEqual(expect.any(String));
    });

    it('frees the slot of a released reservation', async () => {
      await store().reserve('b1', 'reminder', T0, limits);
      const failed = await store().reserve('b2', 'reminder', T0 + 1, limits);
      await store().release(failed!);
      expect(await store().reserve('b3', 'reminder', T0 + 2, limits)).toEqual(expect.any(String));
      expect(await store().reserve('b4', 'reminder', T0 + 3, limits)).toBeNull();
    });

    it('lets five sends racing take no more than the limit', async () => {
      const taken = await together(5, (i) => store().reserve(`b${i}`, 'status-update', T0, limits));
      expect(taken.filter((id) => id !== null)).toHaveLength(2);
      expect(new Set(taken.filter((id) => id !== null)).size).toBe(2);
    });
  });
}
