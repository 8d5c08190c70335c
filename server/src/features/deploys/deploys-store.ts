// The deploys store: versions, which is live, the switch history, deploy tokens: what the server asks of this storage,
// honoured by deploys.sqlite.ts and deploys.firestore.ts alike and proved on both by the storage contract
// (server/test/storage-contract/). The rules every store keeps (Promises, atomic calls, no clock, secrets only as
// hashes): platform/storage/storage-port.ts.

export interface VersionSummary {
  files: number;
  bytes: number;
  /** Shared singleton name -> the version the remote was built with. */
  shared: Record<string, string>;
  exposes: string[];
  /**
   * File name (relative, '/'-separated) -> its subresource-integrity value (`sha384-…`), taken at upload: the server
   * serves only these files with these contents, and the shell pins the manifest and entry. Absent on versions
   * uploaded before it was recorded.
   */
  integrity?: Record<string, string>;
}

export interface StoredVersion {
  remote: string;
  version: string;
  createdAt: string;
  deployedBy: string;
  tokenLabel: string;
  summary: VersionSummary;
}

export interface LiveVersion {
  remote: string;
  version: string;
  switchedAt: string;
}

export interface SwitchRecord {
  remote: string;
  fromVersion: string | null;
  toVersion: string;
  switchedAt: string;
  switchedBy: string;
  kind: 'deploy' | 'rollback';
}

export interface DeployToken {
  id: string;
  remote: string;
  label: string;
  createdAt: string;
  revokedAt: string | null;
}

/** Why switchLive refused: the version is not stored, or a rollback has nothing to go back to. */
export class SwitchError extends Error {
  constructor(
    readonly reason: 'unknown-version' | 'no-previous',
    message: string,
  ) {
    super(message);
  }
}

export interface DeploysStore {
  /** Records a version unless (remote, version) is stored already (the first record stays). true when it was new. */
  addVersion(version: StoredVersion): Promise<boolean>;
  getVersion(remote: string, version: string): Promise<StoredVersion | null>;
  /** Newest first (createdAt, then the later stored first). */
  listVersions(remote: string): Promise<StoredVersion[]>;
  removeVersion(remote: string, version: string): Promise<void>;
  live(remote: string): Promise<LiveVersion | null>;
  allLive(): Promise<LiveVersion[]>;
  /** The version live before the current one (the fromVersion of the latest switch to it); null when none. */
  previous(remote: string): Promise<string | null>;
  /**
   * Atomic: makes `version` live (null: previous(remote)) at `at` and records the switch in the history. Rejects with
   * SwitchError('no-previous') or SwitchError('unknown-version') and changes nothing. Switching to the version already
   * live changes and records nothing, and answers the record it would have written.
   */
  switchLive(
    remote: string,
    version: string | null,
    by: string,
    kind: 'deploy' | 'rollback',
    at: string,
  ): Promise<SwitchRecord>;
  /** The latest `limit` switches of the remote, newest first. */
  history(remote: string, limit: number): Promise<SwitchRecord[]>;
  /** Stores a token's record with the SHA-256 of the token (the token itself is shown once, never stored). */
  addToken(record: DeployToken, tokenHash: string): Promise<void>;
  tokenByHash(tokenHash: string): Promise<DeployToken | null>;
  /** The remote's tokens, oldest first, revoked ones too. */
  listTokens(remote: string): Promise<DeployToken[]>;
  /** Revokes the token at `at` unless it is revoked already; answers how many were revoked (0 or 1). */
  revokeToken(id: string, at: string): Promise<number>;
  /** Revokes every unrevoked token of the remote at `at`; answers how many. */
  revokeTokensOf(remote: string, at: string): Promise<number>;
}
