// The build output (`npm run build`) is live until the first deploy of a remote. The first switch away from it keeps
// a copy of it as a version of its own, so that first deploy can be rolled back like any other.
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { cp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteMount } from '../../platform/config';
import type { DeploysStore } from './deploys-store';
import { checkRemoteBuild, MANIFEST_FILE, readShellRequirements } from './gate';
import type { RemoteName } from './remote-names';
import { contentVersion } from './unpack';

/** Who "deployed" the copy of the build output kept at the first switch away from it. */
export const BUILD_OUTPUT_DEPLOYER = 'the build output (npm run build)';

export interface BuildOutputVersionOptions {
  remote: RemoteName;
  /** The remote's build output. */
  mount: RemoteMount;
  /** The folder of the remote's versions, and a version's folder in it. */
  remoteRoot: string;
  versionDir: (version: string) => string;
  /** Whether a version's files are there whole. */
  hasFiles: (version: string) => boolean;
  shellDir: string;
  repo: DeploysStore;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Keeps the build output as a version before the first switch away from it: its files are copied (as an upload's are
 * renamed) into a version folder named by their content. Nothing when no build output is there (a site run from
 * sources), or it is no remote's build.
 */
export async function keepBuildOutput(options: BuildOutputVersionOptions): Promise<string | null> {
  const { remote, mount, remoteRoot, versionDir, hasFiles, shellDir, repo, now, log } = options;
  if (!existsSync(path.join(mount.dir, MANIFEST_FILE))) return null;
  const { version, files, bytes } = await contentVersion(mount.dir);
  if (!hasFiles(version)) {
    const incoming = path.join(remoteRoot, `.incoming-${randomUUID()}`);
    try {
      await cp(mount.dir, incoming, { recursive: true, dereference: true });
      await rm(versionDir(version), { recursive: true, force: true });
      await rename(incoming, versionDir(version));
    } finally {
      await rm(incoming, { recursive: true, force: true });
    }
  }
  // What it shares and exposes, for its record; the gate decides again whenever it is switched to.
  let summary: { shared: Record<string, string>; exposes: string[] } = { shared: {}, exposes: [] };
  try {
    summary = await checkRemoteBuild(remote, versionDir(version), readShellRequirements(shellDir));
  } catch (error) {
    log.warn({ remote, err: error }, 'the build output kept as a version could not be read by the gate');
  }
  // Dated when it was built, and before every upload (it was live before any of them): listed, and pruned, as the
  // oldest.
  const uploads = await repo.listVersions(remote);
  const createdAt = Math.min(
    statSync(path.join(mount.dir, MANIFEST_FILE)).mtimeMs,
    now().getTime(),
    ...uploads.map((v) => Date.parse(v.createdAt) - 1),
  );
  await repo.addVersion({
    remote,
    version,
    createdAt: new Date(createdAt).toISOString(),
    deployedBy: BUILD_OUTPUT_DEPLOYER,
    tokenLabel: '',
    summary: { files, bytes, shared: summary.shared, exposes: summary.exposes },
  });
  return version;
}
