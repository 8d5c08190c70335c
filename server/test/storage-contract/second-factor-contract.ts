// The SecondFactorStore contract (second-factor-store.ts): passkey steps count their wrong answers exactly, even
// concurrently; a challenge is one per owner and purpose, and of several takes racing only one gets it.
import type { SecondFactorStore } from '../../src/features/auth/second-factor-store';
import { freshStoreEach, hex64, together, type MakeStore } from './contract-kit-b';

const T0 = Date.parse('2026-11-21T10:00:00Z');
const MIN = 60_000;
const EMAIL = 'admin@example.com';

export function describeSecondFactorStoreContract(make: MakeStore<SecondFactorStore>) {
  describe('SecondFactorStore contract', () => {
    const store = freshStoreEach(make);
    const owner = hex64('0e');

    it('opens a step and answers it; null for an unknown or deleted one', async () => {
      await store().addStep(hex64('a1'), EMAIL, T0 + 5 * MIN);
      expect(await store().getStep(hex64('a1'))).toEqual({ email: EMAIL, expiresAt: T0 + 5 * MIN });
      expect(await store().getStep(hex64('a2'))).toBeNull();
      await store().deleteStep(hex64('a1'));
      expect(await store().getStep(hex64('a1'))).toBeNull();
    });

    it('counts wrong answers one by one; null for no such step', async () => {
      await store().addStep(hex64('b1'), EMAIL, T0 + 5 * MIN);
      expect(await store().recordStepFailure(hex64('b1'))).toBe(1);
      expect(await store().recordStepFailure(hex64('b1'))).toBe(2);
      expect(await store().recordStepFailure(hex64('b2'))).toBeNull();
      expect(await store().getStep(hex64('b2'))).toBeNull();
    });

    it('counts every one of five wrong answers given at once', async () => {
      await store().addStep(hex64('b3'), EMAIL, T0 + 5 * MIN);
      const counts = await together(5, () => store().recordStepFailure(hex64('b3')));
      expect([...counts].sort()).toEqual([1, 2, 3, 4, 5]);
      expect(await store().recordStepFailure(hex64('b3'))).toBe(6);
    });

    it('purges the steps expired at or before the given time', async () => {
      await store().addStep(hex64('c1'), EMAIL, T0);
      await store().addStep(hex64('c2'), EMAIL, T0 + 1);
      await store().purgeSteps(T0);
      expect(await store().getStep(hex64('c1'))).toBeNull();
      expect(await store().getStep(hex64('c2'))).toEqual({ email: EMAIL, expiresAt: T0 + 1 });
    });

    it('keeps one challenge per owner and purpose, the latest put', async () => {
      await store().putChallenge(owner, 'registration', 'first', T0 + MIN);
      await store().putChallenge(owner, 'registration', 'second', T0 + 2 * MIN);
      await store().putChallenge(owner, 'authentication', 'other purpose', T0 + MIN);
      await store().putChallenge(hex64('0f'), 'registration', 'other owner', T0 + MIN);
      expect(await store().takeChallenge(owner, 'registration')).toEqual({
        challenge: 'second',
        expiresAt: T0 + 2 * MIN,
      });
      expect(await store().takeChallenge(owner, 'authentication')).toEqual({
        challenge: 'other purpose',
        expiresAt: T0 + MIN,
      });
      expect(await store().takeChallenge(hex64('0f'), 'registration')).toEqual({
        challenge: 'other owner',
        expiresAt: T0 + MIN,
      });
    });

    it('spends a challenge by its first take, expired or not', async () => {
      await store().putChallenge(owner, 'authentication', 'stale', T0 - MIN);
      expect(await store().takeChallenge(owner, 'authentication')).toEqual({ challenge: 'stale', expiresAt: T0 - MIN });
      expect(await store().takeChallenge(owner, 'authentication')).toBeNull();
    });

    it('gives a challenge to exactly one of ten takes racing', async () => {
      await store().putChallenge(owner, 'authentication', 'once', T0 + MIN);
      const taken = await together(10, () => store().takeChallenge(owner, 'authentication'));
      expect(taken.filter((t) => t !== null)).toEqual([{ challenge: 'once', expiresAt: T0 + MIN }]);
    });

    it('deletes a challenge, and purges those expired at or before the given time', async () => {
      await store().putChallenge(owner, 'registration', 'deleted', T0 + MIN);
      await store().deleteChallenge(owner, 'registration');
      expect(await store().takeChallenge(owner, 'registration')).toBeNull();

      await store().putChallenge(owner, 'registration', 'expired', T0);
      await store().putChallenge(owner, 'authentication', 'live', T0 + 1);
      await store().purgeChallenges(T0);
      expect(await store().takeChallenge(owner, 'registration')).toBeNull();
      expect(await store().takeChallenge(owner, 'authentication')).toEqual({ challenge: 'live', expiresAt: T0 + 1 });
    });

    it('clears every step and every challenge', async () => {
      await store().addStep(hex64('d1'), EMAIL, T0 + MIN);
      await store().addStep(hex64('d2'), 'other@example.com', T0 + MIN);
      await store().putChallenge(owner, 'registration', 'r', T0 + MIN);
      await store().putChallenge(hex64('d1'), 'authentication', 'a', T0 + MIN);
      await store().clear();
      expect(await store().getStep(hex64('d1'))).toBeNull();
      expect(await store().getStep(hex64('d2'))).toBeNull();
      expect(await store().takeChallenge(owner, 'registration')).toBeNull();
      expect(await store().takeChallenge(hex64('d1'), 'authentication')).toBeNull();
    });
  });
}
