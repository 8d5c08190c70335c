// The SessionsStore contract (sessions-store.ts): sign-in link tokens are spent once, by the e-mail they were issued
// for, before they expire, even when redeemed concurrently; sessions are stored, touched, ended and purged by their
// times, and all of an e-mail's but one are ended together (a new passkey ends every other session, so one opened
// before it stops working).
import type { SessionsStore } from '../../src/features/auth/sessions-store';
import { freshStoreEach, hex64, together, type MakeStore } from './contract-kit-b';

const T0 = Date.parse('2026-11-21T10:00:00Z');
const MIN = 60_000;
const EMAIL = 'admin@example.com';

export function describeSessionsStoreContract(make: MakeStore<SessionsStore>) {
  describe('SessionsStore contract', () => {
    const store = freshStoreEach(make);

    describe('sign-in link tokens', () => {
      it('spends a token once, for its e-mail, before it expires', async () => {
        await store().addSignInToken(hex64('a1'), EMAIL, T0 + 15 * MIN);
        expect(await store().redeemSignInToken(hex64('a1'), EMAIL, T0 + MIN)).toBe(true);
        expect(await store().redeemSignInToken(hex64('a1'), EMAIL, T0 + 2 * MIN)).toBe(false);
      });

      it('refuses a token for another e-mail without spending it', async () => {
        await store().addSignInToken(hex64('a2'), EMAIL, T0 + 15 * MIN);
        expect(await store().redeemSignInToken(hex64('a2'), 'someone@example.com', T0 + MIN)).toBe(false);
        expect(await store().redeemSignInToken(hex64('a2'), EMAIL, T0 + MIN)).toBe(true);
      });

      it('refuses a token at or after its expiry, and one never issued', async () => {
        await store().addSignInToken(hex64('a3'), EMAIL, T0 + 15 * MIN);
        expect(await store().redeemSignInToken(hex64('a3'), EMAIL, T0 + 15 * MIN)).toBe(false);
        expect(await store().redeemSignInToken(hex64('a3'), EMAIL, T0 + 15 * MIN - 1)).toBe(true);
        expect(await store().redeemSignInToken(hex64('ff'), EMAIL, T0)).toBe(false);
      });

      it('lets exactly one of ten concurrent redeems spend the token', async () => {
        await store().addSignInToken(hex64('a4'), EMAIL, T0 + 15 * MIN);
        const results = await together(10, () => store().redeemSignInToken(hex64('a4'), EMAIL, T0 + MIN));
        expect(results.filter(Boolean)).toHaveLength(1);
      });

      it('purges the tokens that expired before the given time, and only those', async () => {
        await store().addSignInToken(hex64('b1'), EMAIL, T0);
        await store().addSignInToken(hex64('b2'), EMAIL, T0 + MIN);
        await store().purgeSignInTokens(T0 + MIN);
        // Redeemed at a time both were still valid: only the purged one is gone.
        expect(await store().redeemSignInToken(hex64('b1'), EMAIL, T0 - MIN)).toBe(false);
        expect(await store().redeemSignInToken(hex64('b2'), EMAIL, T0 - MIN)).toBe(true);
      });
    });

    describe('sessions', () => {
      const session = (seed: string, createdAt = T0, lastSeenAt = createdAt, expiresAt = lastSeenAt + 120 * MIN) => ({
        idHash: hex64(seed),
        email: EMAIL,
        createdAt,
        lastSeenAt,
        trusted: false,
        device: '',
        expiresAt,
      });

      it('stores a session and answers it by its hash; null for an unknown one', async () => {
        await store().addSession(session('c1'));
        expect(await store().getSession(hex64('c1'))).toEqual(session('c1'));
        expect(await store().getSession(hex64('c2'))).toBeNull();
      });

      it('touches a session, and touching an unknown one creates nothing', async () => {
        await store().addSession(session('c3'));
        await store().touchSession(hex64('c3'), T0 + 5 * MIN, T0 + 125 * MIN);
        expect(await store().getSession(hex64('c3'))).toEqual(session('c3', T0, T0 + 5 * MIN));
        await store().touchSession(hex64('c4'), T0 + 5 * MIN, T0 + 125 * MIN);
        expect(await store().getSession(hex64('c4'))).toBeNull();
      });

      it('ends a session once: true, then false', async () => {
        await store().addSession(session('c5'));
        expect(await store().deleteSession(hex64('c5'))).toBe(true);
        expect(await store().getSession(hex64('c5'))).toBeNull();
        expect(await store().deleteSession(hex64('c5'))).toBe(false);
      });

      it('purges the sessions expired at the given time, keeping the rest', async () => {
        await store().addSession(session('d1', T0 - 60 * MIN, T0, T0 - MIN)); // expired before
        await store().addSession(session('d2', T0 - 10 * MIN, T0 - 30 * MIN, T0)); // expires exactly then
        await store().addSession(session('d3', T0 - 50 * MIN, T0 - 20 * MIN, T0 + 1)); // still alive
        await store().purgeSessions(T0);
        expect(await store().getSession(hex64('d1'))).toBeNull();
        expect(await store().getSession(hex64('d2'))).toBeNull();
        expect(await store().getSession(hex64('d3'))).toEqual(session('d3', T0 - 50 * MIN, T0 - 20 * MIN, T0 + 1));
      });

      it('keeps a trusted device with its name, and purges it by its own expiry', async () => {
        const phone = { ...session('f1', T0 - 20 * 24 * 60 * MIN, T0), trusted: true, device: 'Safari on iPhone' };
        phone.expiresAt = T0 + 30 * 24 * 60 * MIN;
        await store().addSession(phone);
        await store().purgeSessions(T0 + 10 * 24 * 60 * MIN);
        expect(await store().getSession(hex64('f1'))).toEqual(phone);
        await store().touchSession(hex64('f1'), T0 + MIN, T0 + 40 * 24 * 60 * MIN);
        await store().purgeSessions(T0 + 35 * 24 * 60 * MIN);
        expect(await store().getSession(hex64('f1'))).toMatchObject({ trusted: true, lastSeenAt: T0 + MIN });
        await store().purgeSessions(T0 + 40 * 24 * 60 * MIN);
        expect(await store().getSession(hex64('f1'))).toBeNull();
      });

      it("lists an e-mail's sessions and no one else's", async () => {
        await store().addSession(session('g1'));
        await store().addSession({ ...session('g2'), trusted: true, device: 'Chrome on Android' });
        await store().addSession({ ...session('g3'), email: 'someone@example.com' });
        const listed = await store().listSessions(EMAIL);
        expect(listed.map((s) => s.idHash).sort()).toEqual([hex64('g1'), hex64('g2')].sort());
        expect(listed.find((s) => s.idHash === hex64('g2'))).toEqual({
          ...session('g2'),
          trusted: true,
          device: 'Chrome on Android',
        });
        expect(await store().listSessions('nobody@example.com')).toEqual([]);
      });

      it("ends every other session of the e-mail, keeps the one named and another e-mail's, answers what it ended", async () => {
        for (const seed of ['e1', 'e2', 'e3']) await store().addSession(session(seed));
        const stranger = { ...session('e4'), email: 'someone@example.com' };
        await store().addSession(stranger);
        expect((await store().deleteOtherSessions(EMAIL, hex64('e2'))).sort()).toEqual(
          [hex64('e1'), hex64('e3')].sort(),
        );
        expect(await store().getSession(hex64('e1'))).toBeNull();
        expect(await store().getSession(hex64('e3'))).toBeNull();
        expect(await store().getSession(hex64('e2'))).toEqual(session('e2'));
        expect(await store().getSession(hex64('e4'))).toEqual(stranger);
        // Nothing left to end: an empty answer.
        expect(await store().deleteOtherSessions(EMAIL, hex64('e2'))).toEqual([]);
      });
    });
  });
}
