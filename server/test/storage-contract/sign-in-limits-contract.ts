// The SignInLimitsStore contract (sign-in-limits-store.ts): fixed windows per key that count every attempt, concurrent
// ones too.
import type { SignInLimitsStore } from '../../src/features/auth/sign-in-limits-store';
import { freshStoreEach, together, type MakeStore } from './contract-kit-b';

const T0 = Date.parse('2026-11-21T10:00:00Z');
const HOUR = 60 * 60_000;

export function describeSignInLimitsStoreContract(make: MakeStore<SignInLimitsStore>) {
  describe('SignInLimitsStore contract', () => {
    const store = freshStoreEach(make);

    it('counts attempts in a window that starts at the first', async () => {
      expect(await store().hit('ip:203.0.113.5', HOUR, T0)).toEqual({ count: 1, endsAt: T0 + HOUR });
      expect(await store().hit('ip:203.0.113.5', HOUR, T0 + 10)).toEqual({ count: 2, endsAt: T0 + HOUR });
      expect(await store().hit('ip:203.0.113.5', HOUR, T0 + HOUR - 1)).toEqual({ count: 3, endsAt: T0 + HOUR });
    });

    it('starts a fresh window once the last one has passed', async () => {
      await store().hit('email:a@example.com', HOUR, T0);
      await store().hit('email:a@example.com', HOUR, T0 + 1);
      expect(await store().hit('email:a@example.com', HOUR, T0 + HOUR)).toEqual({ count: 1, endsAt: T0 + 2 * HOUR });
    });

    it('keeps each key apart', async () => {
      await store().hit('ip:203.0.113.5', HOUR, T0);
      expect(await store().hit('ip:203.0.113.6', HOUR, T0)).toEqual({ count: 1, endsAt: T0 + HOUR });
    });

    it('counts every one of six attempts made at once', async () => {
      const counts = await together(6, () => store().hit('ip:198.51.100.1', HOUR, T0));
      expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(await store().hit('ip:198.51.100.1', HOUR, T0)).toEqual({ count: 7, endsAt: T0 + HOUR });
    });

    it('forgets the counters whose window began at or before the given time', async () => {
      await store().hit('old', HOUR, T0);
      await store().hit('new', HOUR, T0 + 1);
      await store().purgeOlderThan(T0);
      // Asked with a longer window, a kept counter would still count: only the forgotten one starts again.
      expect(await store().hit('old', 10 * HOUR, T0 + 2)).toEqual({ count: 1, endsAt: T0 + 2 + 10 * HOUR });
      expect(await store().hit('new', 10 * HOUR, T0 + 2)).toEqual({ count: 2, endsAt: T0 + 1 + 10 * HOUR });
    });
  });
}
