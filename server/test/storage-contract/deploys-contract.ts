// The DeploysStore contract (deploys-store.ts): versions kept once and listed newest first, the live pointer switched
// with its history in one step (switches racing form one unbroken chain), rollbacks to the version live before, and
// deploy tokens kept by hash, listed oldest first and revoked once.
import {
  SwitchError,
  type DeployToken,
  type DeploysStore,
  type StoredVersion,
} from '../../src/features/deploys/deploys-store';
import { freshStoreEach, hex64, together, type MakeStore } from './contract-kit-b';

const REMOTE = 'public-site';
const at = (minute: number) => `2026-11-21T10:${String(minute).padStart(2, '0')}:00.000Z`;
const v = (n: number) => n.toString(16).padStart(16, '0');

const version = (n: number, createdAt = at(n), over: Partial<StoredVersion> = {}): StoredVersion => ({
  remote: REMOTE,
  version: v(n),
  createdAt,
  deployedBy: 'ava@laptop',
  tokenLabel: 'ci',
  summary: { files: 12 + n, bytes: 34_567, shared: { react: '19.2.0', 'react-dom': '19.2.0' }, exposes: ['./App'] },
  ...over,
});

const token = (id: string, createdAt: string, remote = REMOTE): DeployToken => ({
  id,
  remote,
  label: `label ${id}`,
  createdAt,
  revokedAt: null,
});

export function describeDeploysStoreContract(make: MakeStore<DeploysStore>) {
  describe('DeploysStore contract', () => {
    const store = freshStoreEach(make);
    const addVersions = async (...ns: number[]) => {
      for (const n of ns) await store().addVersion(version(n));
    };

    it('keeps a version once: the first record stays', async () => {
      expect(await store().addVersion(version(1))).toBe(true);
      expect(await store().addVersion(version(1, at(30), { deployedBy: 'someone else' }))).toBe(false);
      expect(await store().getVersion(REMOTE, v(1))).toEqual(version(1));
      expect(await store().getVersion(REMOTE, v(2))).toBeNull();
      expect(await store().getVersion('admin-app', v(1))).toBeNull();
    });

    it('lists a remote’s versions newest first (the later stored first on a tie), and removes one', async () => {
      await store().addVersion(version(1, at(5)));
      await store().addVersion(version(2, at(9)));
      await store().addVersion(version(3, at(5)));
      await store().addVersion({ ...version(4), remote: 'admin-app' });
      expect((await store().listVersions(REMOTE)).map((x) => x.version)).toEqual([v(2), v(3), v(1)]);
      await store().removeVersion(REMOTE, v(3));
      expect((await store().listVersions(REMOTE)).map((x) => x.version)).toEqual([v(2), v(1)]);
      expect(await store().listVersions('nothing')).toEqual([]);
    });

    it('has nothing live before the first switch', async () => {
      expect(await store().live(REMOTE)).toBeNull();
      expect(await store().allLive()).toEqual([]);
      expect(await store().previous(REMOTE)).toBeNull();
      expect(await store().history(REMOTE, 20)).toEqual([]);
    });

    it('switches the live version and records each switch, newest first', async () => {
      await addVersions(1, 2);
      expect(await store().switchLive(REMOTE, v(1), 'ava', 'deploy', at(10))).toEqual({
        remote: REMOTE,
        fromVersion: null,
        toVersion: v(1),
        switchedAt: at(10),
        switchedBy: 'ava',
        kind: 'deploy',
      });
      await store().switchLive(REMOTE, v(2), 'ci', 'deploy', at(11));
      expect(await store().live(REMOTE)).toEqual({ remote: REMOTE, version: v(2), switchedAt: at(11) });
      expect(await store().allLive()).toEqual([{ remote: REMOTE, version: v(2), switchedAt: at(11) }]);
      expect(await store().previous(REMOTE)).toBe(v(1));
      expect(await store().history(REMOTE, 20)).toEqual([
        { remote: REMOTE, fromVersion: v(1), toVersion: v(2), switchedAt: at(11), switchedBy: 'ci', kind: 'deploy' },
        { remote: REMOTE, fromVersion: null, toVersion: v(1), switchedAt: at(10), switchedBy: 'ava', kind: 'deploy' },
      ]);
      expect(await store().history(REMOTE, 1)).toHaveLength(1);
      expect(await store().history('admin-app', 20)).toEqual([]);
    });

    it('changes and records nothing when switching to the version already live', async () => {
      await addVersions(1);
      await store().switchLive(REMOTE, v(1), 'ava', 'deploy', at(10));
      expect(await store().switchLive(REMOTE, v(1), 'ava', 'deploy', at(12))).toEqual({
        remote: REMOTE,
        fromVersion: v(1),
        toVersion: v(1),
        switchedAt: at(12),
        switchedBy: 'ava',
        kind: 'deploy',
      });
      expect(await store().live(REMOTE)).toEqual({ remote: REMOTE, version: v(1), switchedAt: at(10) });
      expect(await store().history(REMOTE, 20)).toHaveLength(1);
    });

    it('rolls back to the version live before, and then forward again', async () => {
      await addVersions(1, 2);
      await store().switchLive(REMOTE, v(1), 'ava', 'deploy', at(10));
      await store().switchLive(REMOTE, v(2), 'ava', 'deploy', at(11));
      expect(await store().switchLive(REMOTE, null, 'ava', 'rollback', at(12))).toMatchObject({
        fromVersion: v(2),
        toVersion: v(1),
        kind: 'rollback',
      });
      expect(await store().previous(REMOTE)).toBe(v(2));
      expect(await store().switchLive(REMOTE, null, 'ava', 'rollback', at(13))).toMatchObject({
        fromVersion: v(1),
        toVersion: v(2),
      });
    });

    it('refuses an unknown version or a rollback with nothing before, changing nothing', async () => {
      await expect(store().switchLive(REMOTE, null, 'ava', 'rollback', at(10))).rejects.toMatchObject({
        reason: 'no-previous',
      });
      await addVersions(1);
      await store().switchLive(REMOTE, v(1), 'ava', 'deploy', at(10));
      await expect(store().switchLive(REMOTE, null, 'ava', 'rollback', at(11))).rejects.toBeInstanceOf(SwitchError);
      await expect(store().switchLive(REMOTE, v(9), 'ava', 'deploy', at(12))).rejects.toMatchObject({
        reason: 'unknown-version',
      });
      // A version removed since cannot be rolled back to either.
      await addVersions(2);
      await store().switchLive(REMOTE, v(2), 'ava', 'deploy', at(13));
      await store().removeVersion(REMOTE, v(1));
      await expect(store().switchLive(REMOTE, null, 'ava', 'rollback', at(14))).rejects.toMatchObject({
        reason: 'unknown-version',
      });
      expect(await store().live(REMOTE)).toEqual({ remote: REMOTE, version: v(2), switchedAt: at(13) });
      expect(await store().history(REMOTE, 20)).toHaveLength(2);
    });

    it('orders five switches racing into one chain: each replaced the version the one before made live', async () => {
      await addVersions(1, 2, 3, 4, 5, 6);
      await store().switchLive(REMOTE, v(1), 'ava', 'deploy', at(10));
      await together(5, (i) => store().switchLive(REMOTE, v(2 + i), `deployer ${i}`, 'deploy', at(11)));
      const history = (await store().history(REMOTE, 20)).reverse();
      expect(history).toHaveLength(6);
      for (let i = 1; i < history.length; i++) expect(history[i]!.fromVersion).toBe(history[i - 1]!.toVersion);
      expect((await store().live(REMOTE))?.version).toBe(history[5]!.toVersion);
      expect(new Set(history.map((h) => h.toVersion)).size).toBe(6);
    });

    it('keeps tokens by hash, lists a remote’s oldest first, revoked ones too', async () => {
      await store().addToken(token('t2', at(5)), hex64('a2'));
      await store().addToken(token('t1', at(1)), hex64('a1'));
      await store().addToken(token('t3', at(5)), hex64('a3'));
      await store().addToken(token('t4', at(0), 'admin-app'), hex64('a4'));
      expect(await store().tokenByHash(hex64('a1'))).toEqual(token('t1', at(1)));
      expect(await store().tokenByHash(hex64('ff'))).toBeNull();
      expect((await store().listTokens(REMOTE)).map((t) => t.id)).toEqual(['t1', 't2', 't3']);
      expect(await store().revokeToken('t2', at(20))).toBe(1);
      expect(await store().revokeToken('t2', at(21))).toBe(0);
      expect(await store().revokeToken('no-such-token', at(21))).toBe(0);
      expect(await store().tokenByHash(hex64('a2'))).toEqual({ ...token('t2', at(5)), revokedAt: at(20) });
      expect((await store().listTokens(REMOTE)).map((t) => t.revokedAt)).toEqual([null, at(20), null]);
    });

    it('revokes every unrevoked token of a remote, and only those', async () => {
      await store().addToken(token('t1', at(1)), hex64('b1'));
      await store().addToken(token('t2', at(2)), hex64('b2'));
      await store().addToken(token('t3', at(3), 'admin-app'), hex64('b3'));
      await store().revokeToken('t1', at(10));
      expect(await store().revokeTokensOf(REMOTE, at(20))).toBe(1);
      expect((await store().listTokens(REMOTE)).map((t) => t.revokedAt)).toEqual([at(10), at(20)]);
      expect((await store().listTokens('admin-app')).map((t) => t.revokedAt)).toEqual([null]);
      expect(await store().revokeTokensOf(REMOTE, at(30))).toBe(0);
    });
  });
}
