// The PasskeysStore contract (passkeys-store.ts): one user handle per address however many ask at once, her passkeys in
// the order she added them with their keys byte for byte, a counter update that only one of two racing uses wins, and
// recovery codes spent once.
import type { PasskeysStore, StoredPasskey } from '../../src/features/auth/passkeys-store';
import { freshStoreEach, hex64, together, type MakeStore } from './contract-kit-b';

const EMAIL = 'admin@example.com';

const passkey = (
  id: string,
  createdAt: string,
  over: Partial<StoredPasskey> = {},
): Omit<StoredPasskey, 'lastUsedAt'> => ({
  id,
  name: `Key ${id}`,
  createdAt,
  email: EMAIL,
  // Every byte value, so a store that mangles binary (text encoding, sign) is caught.
  publicKey: new Uint8Array(Array.from({ length: 256 }, (_, i) => (i * 7 + id.length) % 256)),
  counter: 0,
  transports: ['internal', 'hybrid'],
  ...over,
});

export function describePasskeysStoreContract(make: MakeStore<PasskeysStore>) {
  describe('PasskeysStore contract', () => {
    const store = freshStoreEach(make);

    it('keeps the first user handle of an address, each address its own', async () => {
      expect(await store().userHandle(EMAIL, 'handle-1')).toBe('handle-1');
      expect(await store().userHandle(EMAIL, 'handle-2')).toBe('handle-1');
      expect(await store().userHandle('other@example.com', 'handle-3')).toBe('handle-3');
    });

    it('answers one handle to five first asks racing', async () => {
      const handles = await together(5, (i) => store().userHandle(EMAIL, `candidate-${i}`));
      expect(new Set(handles).size).toBe(1);
      expect(await store().userHandle(EMAIL, 'later')).toBe(handles[0]);
    });

    it('stores passkeys and lists hers oldest first (the first added first on a tie)', async () => {
      const later = passkey('cred-B', '2026-11-21T10:05:00.000Z');
      const tieFirst = passkey('cred-C', '2026-11-21T10:00:00.000Z');
      const tieSecond = passkey('cred-A', '2026-11-21T10:00:00.000Z');
      expect(await store().add(later)).toEqual({
        id: 'cred-B',
        name: 'Key cred-B',
        createdAt: later.createdAt,
        lastUsedAt: null,
      });
      await store().add(tieFirst);
      await store().add(tieSecond);
      await store().add(passkey('cred-other', '2026-11-21T09:00:00.000Z', { email: 'other@example.com' }));

      expect((await store().list(EMAIL)).map((p) => p.id)).toEqual(['cred-C', 'cred-A', 'cred-B']);
      expect(await store().count(EMAIL)).toBe(3);
      expect(await store().count('nobody@example.com')).toBe(0);
      const credentials = await store().credentialsOf(EMAIL);
      expect(credentials.map((c) => c.id)).toEqual(['cred-C', 'cred-A', 'cred-B']);
      expect(credentials[2]).toEqual({ ...later, lastUsedAt: null });
    });

    it('finds a passkey by its id with its public key byte for byte; null for an unknown id', async () => {
      const stored = passkey('AbC_-123', '2026-11-21T10:00:00.000Z');
      await store().add(stored);
      const found = await store().find('AbC_-123');
      expect(found).toEqual({ ...stored, lastUsedAt: null });
      expect(found?.publicKey).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(found!.publicKey).equals(Buffer.from(stored.publicKey))).toBe(true);
      expect(await store().find('abc_-123')).toBeNull();
    });

    it('refuses a second passkey with the same id', async () => {
      await store().add(passkey('dup', '2026-11-21T10:00:00.000Z'));
      // Any rejection: better-sqlite3's errors are made in the realm of the first test file that loaded its addon, so
      // in a later file of the same worker they are not `instanceof Error` there and toThrow() would not see them.
      await expect(store().add(passkey('dup', '2026-11-21T10:01:00.000Z'))).rejects.toHaveProperty('message');
      expect(await store().count(EMAIL)).toBe(1);
    });

    it('records a use only from the counter it was checked against', async () => {
      await store().add(passkey('k1', '2026-11-21T10:00:00.000Z', { counter: 4 }));
      expect(await store().recordUse('k1', 3, 9, '2026-11-21T11:00:00.000Z')).toBe(false);
      expect(await store().recordUse('k1', 4, 5, '2026-11-21T11:00:00.000Z')).toBe(true);
      expect(await store().find('k1')).toMatchObject({ counter: 5, lastUsedAt: '2026-11-21T11:00:00.000Z' });
      expect(await store().recordUse('k1', 4, 6, '2026-11-21T11:01:00.000Z')).toBe(false);
      expect(await store().recordUse('missing', 0, 1, '2026-11-21T11:01:00.000Z')).toBe(false);
    });

    it('lets one of five uses racing with the same counter win', async () => {
      await store().add(passkey('k2', '2026-11-21T10:00:00.000Z', { counter: 10 }));
      const results = await together(5, (i) => store().recordUse('k2', 10, 11 + i, '2026-11-21T11:00:00.000Z'));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await store().find('k2'))?.counter).toBe(11 + results.indexOf(true));
    });

    it('removes her passkey, not another address’s', async () => {
      await store().add(passkey('k3', '2026-11-21T10:00:00.000Z'));
      expect(await store().remove('other@example.com', 'k3')).toBe(false);
      expect(await store().find('k3')).not.toBeNull();
      expect(await store().remove(EMAIL, 'k3')).toBe(true);
      expect(await store().find('k3')).toBeNull();
      expect(await store().remove(EMAIL, 'k3')).toBe(false);
    });

    it('removes every passkey and recovery code of every address, answering how many passkeys went', async () => {
      await store().add(passkey('k4', '2026-11-21T10:00:00.000Z'));
      await store().add(passkey('k5', '2026-11-21T10:00:00.000Z', { email: 'other@example.com' }));
      await store().replaceRecoveryCode(EMAIL, hex64('c1'), '2026-11-21T10:00:00.000Z');
      await store().replaceRecoveryCode('other@example.com', hex64('c2'), '2026-11-21T10:00:00.000Z');
      expect(await store().removeEverything()).toBe(2);
      expect(await store().count(EMAIL)).toBe(0);
      expect(await store().count('other@example.com')).toBe(0);
      expect(await store().hasRecoveryCode(EMAIL)).toBe(false);
      expect(await store().hasRecoveryCode('other@example.com')).toBe(false);
      expect(await store().removeEverything()).toBe(0);
    });

    it('spends her recovery code once, and only hers', async () => {
      expect(await store().hasRecoveryCode(EMAIL)).toBe(false);
      await store().replaceRecoveryCode(EMAIL, hex64('d1'), '2026-11-21T10:00:00.000Z');
      expect(await store().hasRecoveryCode(EMAIL)).toBe(true);
      expect(await store().spendRecoveryCode('other@example.com', hex64('d1'), '2026-11-21T10:01:00.000Z')).toBe(false);
      expect(await store().spendRecoveryCode(EMAIL, hex64('d2'), '2026-11-21T10:01:00.000Z')).toBe(false);
      expect(await store().spendRecoveryCode(EMAIL, hex64('d1'), '2026-11-21T10:01:00.000Z')).toBe(true);
      expect(await store().hasRecoveryCode(EMAIL)).toBe(false);
      expect(await store().spendRecoveryCode(EMAIL, hex64('d1'), '2026-11-21T10:02:00.000Z')).toBe(false);
    });

    it('keeps only the newest unused code', async () => {
      await store().replaceRecoveryCode(EMAIL, hex64('e1'), '2026-11-21T10:00:00.000Z');
      await store().replaceRecoveryCode(EMAIL, hex64('e2'), '2026-11-21T10:01:00.000Z');
      expect(await store().spendRecoveryCode(EMAIL, hex64('e1'), '2026-11-21T10:02:00.000Z')).toBe(false);
      expect(await store().spendRecoveryCode(EMAIL, hex64('e2'), '2026-11-21T10:02:00.000Z')).toBe(true);
    });

    it('lets one of five spends of the same code racing succeed', async () => {
      await store().replaceRecoveryCode(EMAIL, hex64('f1'), '2026-11-21T10:00:00.000Z');
      const spent = await together(5, () => store().spendRecoveryCode(EMAIL, hex64('f1'), '2026-11-21T10:01:00.000Z'));
      expect(spent.filter(Boolean)).toHaveLength(1);
    });

    it('drops every code of hers, used or not, and no one else’s', async () => {
      await store().replaceRecoveryCode(EMAIL, hex64('a1'), '2026-11-21T10:00:00.000Z');
      await store().spendRecoveryCode(EMAIL, hex64('a1'), '2026-11-21T10:01:00.000Z');
      await store().replaceRecoveryCode(EMAIL, hex64('a2'), '2026-11-21T10:02:00.000Z');
      await store().replaceRecoveryCode('other@example.com', hex64('a3'), '2026-11-21T10:00:00.000Z');
      await store().dropRecoveryCodes(EMAIL);
      expect(await store().hasRecoveryCode(EMAIL)).toBe(false);
      expect(await store().spendRecoveryCode(EMAIL, hex64('a2'), '2026-11-21T10:03:00.000Z')).toBe(false);
      expect(await store().hasRecoveryCode('other@example.com')).toBe(true);
      // A dropped used code's hash may be stored again (it is gone, not just spent).
      await store().replaceRecoveryCode(EMAIL, hex64('a1'), '2026-11-21T10:04:00.000Z');
      expect(await store().spendRecoveryCode(EMAIL, hex64('a1'), '2026-11-21T10:05:00.000Z')).toBe(true);
    });
  });
}
