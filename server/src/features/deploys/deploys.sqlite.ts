// The remotes' versions, which one is live, the switch history and the deploy tokens (migration 020). Storage only:
// the files, the gate and the pruning live in deploys/. A switch reads and writes in one transaction, so two switches
// racing each see the other whole and the history names the version each one replaced.
import type { Db } from '../../platform/sqlite/database';
import {
  SwitchError,
  type DeployToken,
  type DeploysStore,
  type LiveVersion,
  type StoredVersion,
  type SwitchRecord,
  type VersionSummary,
} from './deploys-store';

export { SwitchError };
export type { DeployToken, LiveVersion, StoredVersion, SwitchRecord, VersionSummary };

interface VersionRow {
  remote: string;
  version: string;
  createdAt: string;
  deployedBy: string;
  tokenLabel: string;
  summary: string;
}

const VERSION_COLUMNS =
  'remote, version, created_at AS createdAt, deployed_by AS deployedBy, token_label AS tokenLabel, summary';
const TOKEN_COLUMNS = 'id, remote, label, created_at AS createdAt, revoked_at AS revokedAt';

const toVersion = (row: VersionRow): StoredVersion => ({
  ...row,
  summary: JSON.parse(row.summary) as VersionSummary,
});

export function createDeploysRepository(db: Db): DeploysStore {
  const insertVersion = db.prepare(
    'INSERT OR IGNORE INTO remote_versions (remote, version, created_at, deployed_by, token_label, summary) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const versionOf = db.prepare(`SELECT ${VERSION_COLUMNS} FROM remote_versions WHERE remote = ? AND version = ?`);
  const versionsOf = db.prepare(
    `SELECT ${VERSION_COLUMNS} FROM remote_versions WHERE remote = ? ORDER BY created_at DESC, rowid DESC`,
  );
  const deleteVersion = db.prepare('DELETE FROM remote_versions WHERE remote = ? AND version = ?');
  const liveOf = db.prepare('SELECT remote, version, switched_at AS switchedAt FROM remote_live WHERE remote = ?');
  const allLive = db.prepare('SELECT remote, version, switched_at AS switchedAt FROM remote_live');
  const setLive = db.prepare(
    'INSERT INTO remote_live (remote, version, switched_at) VALUES (?, ?, ?) ON CONFLICT (remote) DO UPDATE SET version = excluded.version, switched_at = excluded.switched_at',
  );
  const insertSwitch = db.prepare(
    'INSERT INTO remote_switches (remote, from_version, to_version, switched_at, switched_by, kind) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const switchesOf = db.prepare(
    `SELECT remote, from_version AS fromVersion, to_version AS toVersion, switched_at AS switchedAt,
            switched_by AS switchedBy, kind
       FROM remote_switches WHERE remote = ? ORDER BY id DESC LIMIT ?`,
  );
  const lastSwitchTo = db.prepare(
    'SELECT from_version AS fromVersion FROM remote_switches WHERE remote = ? AND to_version = ? ORDER BY id DESC LIMIT 1',
  );

  const insertToken = db.prepare(
    'INSERT INTO deploy_tokens (id, remote, label, token_hash, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, NULL)',
  );
  const tokenByHash = db.prepare(`SELECT ${TOKEN_COLUMNS} FROM deploy_tokens WHERE token_hash = ?`);
  const tokensOf = db.prepare(`SELECT ${TOKEN_COLUMNS} FROM deploy_tokens WHERE remote = ? ORDER BY created_at, rowid`);
  const revokeOne = db.prepare('UPDATE deploy_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  const revokeAllOf = db.prepare('UPDATE deploy_tokens SET revoked_at = ? WHERE remote = ? AND revoked_at IS NULL');

  /** The version that was live before the current one: what a rollback without a version goes back to. */
  const previousOf = (remote: string): string | null => {
    const live = liveOf.get(remote) as LiveVersion | undefined;
    if (!live) return null;
    const row = lastSwitchTo.get(remote, live.version) as { fromVersion: string | null } | undefined;
    return row?.fromVersion ?? null;
  };

  const switchLive = db.transaction(
    (remote: string, version: string | null, by: string, kind: 'deploy' | 'rollback', at: string): SwitchRecord => {
      const target = version ?? previousOf(remote);
      if (target === null) throw new SwitchError('no-previous', `${remote} has no earlier version to roll back to.`);
      if (!versionOf.get(remote, target)) {
        throw new SwitchError('unknown-version', `${remote} has no version ${target}.`);
      }
      const current = liveOf.get(remote) as LiveVersion | undefined;
      const record: SwitchRecord = {
        remote,
        fromVersion: current?.version ?? null,
        toVersion: target,
        switchedAt: at,
        switchedBy: by,
        kind,
      };
      if (current?.version === target) return record;
      setLive.run(remote, target, at);
      insertSwitch.run(remote, record.fromVersion, target, at, by, kind);
      return record;
    },
  );

  return {
    async addVersion(version) {
      const result = insertVersion.run(
        version.remote,
        version.version,
        version.createdAt,
        version.deployedBy,
        version.tokenLabel,
        JSON.stringify(version.summary),
      );
      return result.changes === 1;
    },
    async getVersion(remote, version) {
      const row = versionOf.get(remote, version) as VersionRow | undefined;
      return row ? toVersion(row) : null;
    },
    listVersions: async (remote) => (versionsOf.all(remote) as VersionRow[]).map(toVersion),
    removeVersion: async (remote, version) => void deleteVersion.run(remote, version),
    live: async (remote) => (liveOf.get(remote) as LiveVersion | undefined) ?? null,
    allLive: async () => allLive.all() as LiveVersion[],
    previous: async (remote) => previousOf(remote),
    switchLive: async (remote, version, by, kind, at) => switchLive(remote, version, by, kind, at),
    history: async (remote, limit) => switchesOf.all(remote, limit) as SwitchRecord[],
    async addToken(record, tokenHash) {
      insertToken.run(record.id, record.remote, record.label, tokenHash, record.createdAt);
    },
    tokenByHash: async (tokenHash) => (tokenByHash.get(tokenHash) as DeployToken | undefined) ?? null,
    listTokens: async (remote) => tokensOf.all(remote) as DeployToken[],
    revokeToken: async (id, at) => revokeOne.run(at, id).changes,
    revokeTokensOf: async (remote, at) => revokeAllOf.run(at, remote).changes,
  };
}

export type DeploysRepository = DeploysStore;
