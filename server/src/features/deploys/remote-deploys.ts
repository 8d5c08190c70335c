// Versioned deploys of the remotes on the embedded server (docs/deploy.md, "Deploying a remote on its own").
//
// An upload is unpacked into a hidden folder beside the versions, named by its content, checked by the gate, and
// renamed into DATA_DIR/remotes/<remote>/<version>: a version's folder appears whole or not at all, and never changes
// after (the same build uploaded again is the same folder). Which version is live is one record per remote in the
// storage (DeploysStore), read for every page: a switch is atomic, so each page gets the old version or the new one,
// whole, and keeps loading its chunks from that version's folder (publicPath 'auto') after the switch. Nothing
// deployed: the build output (`npm run build`) is live, as before this existed; the first switch away from it keeps a
// copy of it as a version of its own (build-output-version.ts), so the first deploy can be rolled back like any other.
//
// Everything that changes which versions exist or which one is live (the rename of an upload into place, a switch and
// the pruning after it) runs one at a time per remote (`serially`): two switches fired together never interleave, the
// second waits for the first and then switches from what the first made live, so its pruning sees the first's live
// version and never removes it. Waiting rather than refusing with 409 keeps two CI jobs that deploy at once both
// green, in the order they arrived, with a history that names what each replaced. The deploy API runs on SQLite only,
// in this one process (app.ts), so a lock in memory covers every switch.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteMount } from '../../platform/config';
import type { DeploysStore, LiveVersion, StoredVersion, SwitchRecord } from './deploys-store';
import { BUILD_OUTPUT_DEPLOYER, keepBuildOutput as keepBuildOutputOf } from './build-output-version';
import {
  checkRemoteBuild,
  MANIFEST_FILE,
  readShellRequirements,
  smokeRenderQueue,
  SmokeRendersBusy,
  type ServerEntryCheck,
} from './gate';
import { REMOTE_NAMES, versionUrlPath, type LocatedRemote, type RemoteName } from './remote-names';
import type { UploadLimits } from '../../platform/config';
import { contentVersion, unpackUpload, UploadRefused, VERSION_FORMAT } from './unpack';

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

/** Uploads of one remote that may wait for the smoke render under way; more are refused with 429. */
const MAX_WAITING_SMOKE_RENDERS = 2;

/** How many switches the deployments view shows. */
const HISTORY_LENGTH = 20;

/** Who made the switch away from a live version whose files were missing. */
const RECONCILE_BY = (version: string) => `the server (the files of ${version} were missing)`;

/** A switch to a version whose record is kept but whose files are not (a restore without them, a folder removed). */
export class VersionMissing extends Error {
  constructor(
    readonly remote: string,
    readonly version: string,
  ) {
    super(
      `${remote} ${version} cannot go live: its files are missing from the site (restored without them, or removed). Deploy that build again to bring it back.`,
    );
  }
}

export function createRemoteDeploys(options: RemoteDeploysOptions) {
  const { repo, log } = options;
  const root = path.join(options.dataDir, 'remotes');
  const remoteRoot = (remote: RemoteName) => path.join(root, remote);
  const versionDir = (remote: RemoteName, version: string) => path.join(remoteRoot(remote), version);
  /** Whether a version's files are there whole (its folder appears by one rename, manifest included). */
  const hasFiles = (remote: RemoteName, version: string) =>
    existsSync(path.join(versionDir(remote, version), MANIFEST_FILE));

  // Versions a switch waiting in the queue names: a pruning before it never removes them (else the second of two
  // deploys fired together would find its version gone).
  const pending = new Map<RemoteName, string[]>();

  // One queue per remote: each task starts when the one before it has settled.
  const queues = new Map<RemoteName, Promise<unknown>>();
  function serially<T>(remote: RemoteName, task: () => Promise<T>): Promise<T> {
    const run = (queues.get(remote) ?? Promise.resolve()).then(task, task);
    queues.set(
      remote,
      run.catch(() => undefined),
    );
    return run;
  }

  // Unpacked uploads a crash or a stop left behind are never a version: gone at start.
  for (const remote of REMOTE_NAMES) {
    mkdirSync(remoteRoot(remote), { recursive: true });
    for (const name of readdirSync(remoteRoot(remote))) {
      if (name.startsWith('.incoming-')) rmSync(path.join(remoteRoot(remote), name), { recursive: true, force: true });
    }
  }

  const smokeRenders = smokeRenderQueue(MAX_WAITING_SMOKE_RENDERS);
  /**
   * The gate, its smoke render in the remote's queue and, given the version's integrity record, on the entry as it was
   * uploaded. An upload may be refused for a full queue (`refuseWhenBusy`); a switch waits.
   */
  const gate = async (
    remote: RemoteName,
    dir: string,
    { integrity, refuseWhenBusy }: { integrity: Record<string, string> | undefined; refuseWhenBusy: boolean },
  ) => {
    const check = options.serverEntryCheck;
    const result = await checkRemoteBuild(
      remote,
      dir,
      readShellRequirements(options.shellDir),
      check && ((input) => smokeRenders(remote, () => check(input), refuseWhenBusy)),
      integrity,
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

  /** The build output kept as a version before the first switch away from it (build-output-version.ts). */
  const keepBuildOutput = (remote: RemoteName) =>
    keepBuildOutputOf({
      remote,
      mount: options.remotes[remote],
      remoteRoot: remoteRoot(remote),
      versionDir: (version) => versionDir(remote, version),
      hasFiles: (version) => hasFiles(remote, version),
      shellDir: options.shellDir,
      repo,
      now: options.now,
      log,
    });

  /**
   * A live record whose files are gone (a folder removed by hand; a restore reconciles on its own, features/ops/restore.ts) is
   * switched away from before the next upload or switch, recorded in the history: to the version before it when its
   * files are there, else to the build output. So a redeploy of that very build is a switch the history and the deploy
   * command show, not a silent one. Not at start: on Firestore, where deploys are off, that would be a read on every
   * cold start for nothing.
   */
  async function reconcile(remote: RemoteName): Promise<void> {
    const live = await repo.live(remote);
    if (!live || hasFiles(remote, live.version)) return;
    const previous = await repo.previous(remote);
    const target =
      previous !== null && (await repo.getVersion(remote, previous)) && hasFiles(remote, previous)
        ? previous
        : await keepBuildOutput(remote);
    if (target === null || target === live.version) {
      log.warn({ remote, version: live.version }, 'the live version of a remote is missing and nothing can replace it');
      return;
    }
    await repo.switchLive(remote, target, RECONCILE_BY(live.version), 'rollback', options.now().toISOString());
    log.warn({ remote, missing: live.version, live: target }, 'the live version of a remote was missing: switched');
  }

  /** Prunes the remote's versions beyond `keep`, oldest first, never the live one or the one before it. */
  async function prune(remote: RemoteName): Promise<string[]> {
    const [live, previous, versions] = await Promise.all([
      repo.live(remote),
      repo.previous(remote),
      repo.listVersions(remote),
    ]);
    const protectedVersions = new Set([live?.version, previous, ...(pending.get(remote) ?? [])].filter(Boolean));
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
    /**
     * Whether a deploy token was ever issued (revoked ones too: the versions it deployed stay to roll back to). Until
     * then no team deploys to the site, and her dashboard shows no Deployments tab: a site without a team of its
     * own shows her nothing she cannot use.
     */
    hasTokens: async (): Promise<boolean> => {
      for (const remote of REMOTE_NAMES) if ((await repo.listTokens(remote)).length > 0) return true;
      return false;
    },
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
        const result = await gate(remote, incoming, { integrity, refuseWhenBusy: true });
        const target = versionDir(remote, version);
        // In the remote's queue: a pruning under way cannot remove the folder between this check and the record.
        const created = await serially(remote, async () => {
          await reconcile(remote);
          if (hasFiles(remote, version)) {
            // The same content is already here (uploaded before, or by a racing upload): the folder is immutable.
            await rm(incoming, { recursive: true, force: true });
          } else {
            // A folder without its manifest is no version (a restore or a hand left it half): replaced whole.
            await rm(target, { recursive: true, force: true });
            await rename(incoming, target);
          }
          return repo.addVersion({
            remote,
            version,
            createdAt: options.now().toISOString(),
            deployedBy: who.deployedBy,
            tokenLabel: who.tokenLabel,
            summary: { files, bytes, shared: result.shared, exposes: result.exposes, integrity },
          });
        });
        return { version, created, files, bytes };
      } catch (error) {
        const refusal =
          error instanceof SmokeRendersBusy ? new UploadRefused(error.message, 429) : (error as Error | undefined);
        // The deploy command prints the message; the log says why a CI job was turned away (the message is cut: an
        // entry's name in it is the uploader's).
        if (refusal instanceof UploadRefused)
          log.warn({ remote, status: refusal.status, reason: refusal.message.slice(0, 300) }, 'an upload was refused');
        throw refusal;
      } finally {
        await rm(incoming, { recursive: true, force: true });
      }
    },

    /**
     * Makes a kept version live (null: the one live before the current one). The gate runs again first, against the
     * shell as it is now (a shell upgraded since may no longer suit an old version). Then old versions are pruned.
     */
    switchLive: (
      remote: RemoteName,
      version: string | null,
      by: string,
      kind: 'deploy' | 'rollback',
    ): Promise<SwitchRecord> => {
      const waiting = pending.get(remote) ?? [];
      pending.set(remote, waiting);
      if (version !== null) waiting.push(version);
      let settled = false;
      /** Once: this switch no longer waits (it is done, or refused). */
      const settle = () => {
        if (settled || version === null) return;
        settled = true;
        waiting.splice(waiting.indexOf(version), 1);
      };
      return serially(remote, async () => {
        await reconcile(remote);
        const target = version ?? (await repo.previous(remote));
        if (target !== null && (await repo.getVersion(remote, target))) {
          const stored = await repo.getVersion(remote, target);
          if (!hasFiles(remote, target)) throw new VersionMissing(remote, target);
          await gate(remote, versionDir(remote, target), {
            integrity: stored?.summary.integrity,
            refuseWhenBusy: false,
          });
          // Leaving the build output for the first time: it is kept as a version, and the switch goes from it.
          if ((await repo.live(remote)) === null) {
            const built = await keepBuildOutput(remote);
            if (built !== null && built !== target) {
              await repo.switchLive(remote, built, BUILD_OUTPUT_DEPLOYER, 'deploy', options.now().toISOString());
            }
          }
        }
        const record = await repo.switchLive(remote, version, by, kind, options.now().toISOString());
        // Live now, and protected as such.
        settle();
        await prune(remote);
        return record;
      }).finally(settle);
    },

    prune: (remote: RemoteName) => serially(remote, () => prune(remote)),

    /**
     * The kept versions, which one is live and which were live before. `live` is what the site serves: a recorded
     * live version whose files are missing is not live (the build output is served, locatedAt). `missing` names the
     * recorded versions without files.
     */
    async list(remote: RemoteName): Promise<{
      live: string | null;
      previous: string | null;
      versions: StoredVersion[];
      missing: string[];
      history: SwitchRecord[];
    }> {
      const [live, previous, versions, history] = await Promise.all([
        repo.live(remote),
        repo.previous(remote),
        repo.listVersions(remote),
        repo.history(remote, HISTORY_LENGTH),
      ]);
      const missing = versions.map((v) => v.version).filter((v) => !hasFiles(remote, v));
      const served = live && !missing.includes(live.version) ? live.version : null;
      return { live: served, previous, versions, missing, history };
    },
  };
}

export type RemoteDeploys = ReturnType<typeof createRemoteDeploys>;
// An upload's refusal, which the deploy routes answer with.
export { UploadRefused };
