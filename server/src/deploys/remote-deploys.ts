// Versioned deploys of the remotes on the embedded server (docs/deploy.md, "Deploying a remote on its own").
//
// An upload is unpacked into a hidden folder beside the versions, named by its content, checked by the gate, and
// renamed into DATA_DIR/remotes/<remote>/<version>: a version's folder appears whole or not at all, and never changes
// after (the same build uploaded again is the same folder). Which version is live is one record per remote in the
// storage (DeploysStore), read for every page: a switch is atomic, so each page gets the old version or the new one,
// whole, and keeps
// loading its chunks from that version's folder (publicPath 'auto') after the switch. Nothing deployed: the build
// output (`npm run build`) is live, as before this existed.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteMount } from '../config';
import type { DeploysStore, LiveVersion, StoredVersion, SwitchRecord } from '../repositories/ports';
import { checkRemoteBuild, MANIFEST_FILE, readShellRequirements, type ServerEntryCheck } from './gate';
import { contentVersion, unpackUpload, UploadRefused, VERSION_FORMAT, type UploadLimits } from './unpack';

export type RemoteName = 'public-site' | 'admin-app';
export const REMOTE_NAMES: readonly RemoteName[] = ['public-site', 'admin-app'];
export const isRemoteName = (name: string): name is RemoteName => (REMOTE_NAMES as readonly string[]).includes(name);

/** Where a remote is served from right now: the live version's folder, or the build output when none is live. */
export interface LocatedRemote {
  version: string | null;
  /** URL path of its files, ending in '/'. */
  urlPath: string;
  dir: string;
}

/** The gate refused the version: every mismatch, for the deploy command to print. */
export class GateRefused extends Error {
  constructor(
    readonly remote: string,
    readonly problems: string[],
  ) {
    super(`${remote} was refused by the compatibility gate:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  }
}

export interface RemoteDeploysOptions {
  dataDir: string;
  shellDir: string;
  remotes: Record<RemoteName, RemoteMount>;
  /** Versions kept per remote (the live one and the one before it are kept besides, whatever their age). */
  keep: number;
  limits: UploadLimits;
  repo: DeploysStore;
  /** The clock a version's record and a switch are stamped with. */
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  serverEntryCheck?: ServerEntryCheck;
}

export interface UploadResult {
  version: string;
  /** False when this very build was uploaded before (same content, same version). */
  created: boolean;
  files: number;
  bytes: number;
}

/** How many switches the deployments view shows. */
const HISTORY_LENGTH = 20;

export const versionUrlPath = (mount: RemoteMount, version: string) => `${mount.urlPath}v/${version}/`;

export function createRemoteDeploys(options: RemoteDeploysOptions) {
  const { repo, log } = options;
  const root = path.join(options.dataDir, 'remotes');
  const remoteRoot = (remote: RemoteName) => path.join(root, remote);
  const versionDir = (remote: RemoteName, version: string) => path.join(remoteRoot(remote), version);

  // Unpacked uploads a crash or a stop left behind are never a version: gone at start.
  for (const remote of REMOTE_NAMES) {
    mkdirSync(remoteRoot(remote), { recursive: true });
    for (const name of readdirSync(remoteRoot(remote))) {
      if (name.startsWith('.incoming-')) rmSync(path.join(remoteRoot(remote), name), { recursive: true, force: true });
    }
  }

  const gate = async (remote: RemoteName, dir: string) => {
    const result = await checkRemoteBuild(
      remote,
      dir,
      readShellRequirements(options.shellDir),
      options.serverEntryCheck,
    );
    if (!result.ok) throw new GateRefused(remote, result.problems);
    return result;
  };

  /** Where the remote is served from, given the version the storage names live (null: none). */
  function locatedAt(remote: RemoteName, live: LiveVersion | null): LocatedRemote {
    const mount = options.remotes[remote];
    if (live && VERSION_FORMAT.test(live.version)) {
      const dir = versionDir(remote, live.version);
      if (existsSync(path.join(dir, MANIFEST_FILE)))
        return { version: live.version, urlPath: versionUrlPath(mount, live.version), dir };
      // A data folder restored without its remotes/ (or a folder removed by hand): the site keeps working.
      log.warn({ remote, version: live.version }, 'the live version of a remote is missing; serving the build output');
    }
    return { version: null, urlPath: mount.urlPath, dir: mount.dir };
  }

  const located = async (remote: RemoteName): Promise<LocatedRemote> => locatedAt(remote, await repo.live(remote));

  /** Prunes the remote's versions beyond `keep`, oldest first, never the live one or the one before it. */
  async function prune(remote: RemoteName): Promise<string[]> {
    const [live, previous, versions] = await Promise.all([
      repo.live(remote),
      repo.previous(remote),
      repo.listVersions(remote),
    ]);
    const protectedVersions = new Set([live?.version, previous].filter(Boolean));
    const removable = versions.slice(options.keep).filter((v) => !protectedVersions.has(v.version));
    for (const { version } of removable) {
      await repo.removeVersion(remote, version);
      await rm(versionDir(remote, version), { recursive: true, force: true });
    }
    if (removable.length > 0)
      log.info({ remote, pruned: removable.map((v) => v.version) }, 'pruned old remote versions');
    return removable.map((v) => v.version);
  }

  return {
    located,
    /** Every remote's location, read once (one read of the storage): one page names one version of each remote throughout. */
    async snapshot(): Promise<Record<RemoteName, LocatedRemote>> {
      const live = await repo.allLive();
      const liveOf = (remote: RemoteName) => live.find((l) => l.remote === remote) ?? null;
      return {
        'public-site': locatedAt('public-site', liveOf('public-site')),
        'admin-app': locatedAt('admin-app', liveOf('admin-app')),
      };
    },
    versionDir,
    remoteRoot,
    /** The versions whose files the site's origin serves: the live one and the one before it. */
    servedVersions: async (remote: RemoteName): Promise<string[]> =>
      [(await repo.live(remote))?.version, await repo.previous(remote)].filter(
        (v): v is string => typeof v === 'string',
      ),

    /**
     * Unpacks, names, gates and keeps an uploaded build. Rejects with UploadRefused (the archive) or GateRefused (the
     * build); in both cases nothing is kept.
     */
    async upload(
      remote: RemoteName,
      source: Readable,
      who: { deployedBy: string; tokenLabel: string },
    ): Promise<UploadResult> {
      const incoming = path.join(remoteRoot(remote), `.incoming-${randomUUID()}`);
      mkdirSync(incoming);
      try {
        await unpackUpload(source, incoming, options.limits);
        const { version, files, bytes, integrity } = await contentVersion(incoming);
        const result = await gate(remote, incoming);
        const target = versionDir(remote, version);
        if (existsSync(target)) {
          // The same content is already here (uploaded before, or by a racing upload): the folder is immutable.
          await rm(incoming, { recursive: true, force: true });
        } else {
          try {
            await rename(incoming, target);
          } catch (error) {
            if (!existsSync(target)) throw error;
          }
        }
        const created = await repo.addVersion({
          remote,
          version,
          createdAt: options.now().toISOString(),
          deployedBy: who.deployedBy,
          tokenLabel: who.tokenLabel,
          summary: { files, bytes, shared: result.shared, exposes: result.exposes, integrity },
        });
        return { version, created, files, bytes };
      } finally {
        await rm(incoming, { recursive: true, force: true });
      }
    },

    /**
     * Makes a kept version live (null: the one live before the current one). The gate runs again first, against the
     * shell as it is now (a shell upgraded since may no longer suit an old version). Then old versions are pruned.
     */
    async switchLive(
      remote: RemoteName,
      version: string | null,
      by: string,
      kind: 'deploy' | 'rollback',
    ): Promise<SwitchRecord> {
      const target = version ?? (await repo.previous(remote));
      if (target !== null && (await repo.getVersion(remote, target)) && existsSync(versionDir(remote, target))) {
        await gate(remote, versionDir(remote, target));
      }
      const record = await repo.switchLive(remote, version, by, kind, options.now().toISOString());
      await prune(remote);
      return record;
    },

    prune,

    async list(remote: RemoteName): Promise<{
      live: string | null;
      previous: string | null;
      versions: StoredVersion[];
      history: SwitchRecord[];
    }> {
      const [live, previous, versions, history] = await Promise.all([
        repo.live(remote),
        repo.previous(remote),
        repo.listVersions(remote),
        repo.history(remote, HISTORY_LENGTH),
      ]);
      return { live: live?.version ?? null, previous, versions, history };
    },
  };
}

export type RemoteDeploys = ReturnType<typeof createRemoteDeploys>;
export { UploadRefused };
