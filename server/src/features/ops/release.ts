// Which release this is (the health route, the start-up log, the update and the migrate tool name it): the root
// package.json's version and the git commit it was built from, as "1.0.0+d859e24". The build writes them into the
// build output (server/dist/release.json, scripts/build-server.mjs), so a release tarball, which has no .git, still
// knows them; run from source (tsx, jest) they are read from the checkout itself.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../../platform/server-root';

export const RELEASE_FILE = 'release.json';

export interface ReleaseInfo {
  /** The root package.json's version. */
  version: string;
  /** The short commit hash it was built from; 'unknown' outside a git checkout. */
  commit: string;
}

/** "1.0.0+d859e24": the version with the commit as semver build metadata. */
export const releaseName = (release: ReleaseInfo): string => `${release.version}+${release.commit}`;

const versionIn = (folder: string): string | undefined => {
  try {
    return (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
};

function fromCheckout(repoRoot: string): ReleaseInfo {
  // Bundled elsewhere (the Firebase home's function, whose package is firebase/functions), the repository's
  // package.json is not above the code: the nearest package's version, or none, rather than a failing health check.
  const version = versionIn(repoRoot) ?? versionIn(SERVER_ROOT) ?? 'unknown';
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // Not a checkout (or no git): the version alone still says which release.
  }
  return { version, commit };
}

let cached: ReleaseInfo | undefined;

/** This code's release: dist/release.json when compiled, else the checkout's package.json and HEAD. */
export function currentRelease(): ReleaseInfo {
  if (cached) return cached;
  const recorded = path.join(SERVER_ROOT, 'dist', RELEASE_FILE);
  // Source runs (src/) read the checkout even when an older build's dist/ lies beside them.
  const compiled = !__filename.endsWith('.ts') && existsSync(recorded);
  cached = compiled
    ? (JSON.parse(readFileSync(recorded, 'utf8')) as ReleaseInfo)
    : fromCheckout(path.dirname(SERVER_ROOT));
  return cached;
}
