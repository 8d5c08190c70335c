// The remotes a team deploys on its own, and where one is served from: the names every part of the deploys feature
// (the API, previews, integrity, the served files) and the command line share.
import type { RemoteMount } from '../../platform/config';

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

/** The URL path of a deployed version's files, beside the remote's build output. */
export const versionUrlPath = (mount: RemoteMount, version: string) => `${mount.urlPath}v/${version}/`;
