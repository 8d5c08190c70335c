// The compatibility gate (docs/deploy.md, "The gate"): before a remote's version is kept, and so before it can go
// live, its mf-manifest.json is read against what the running shell needs. The shell writes its needs at build time
// into federation-requirements.json (scripts/webpack/federation-requirements-plugin.cjs): the version of each shared
// singleton it provides and requires, and, per remote, the federation name and the exposed modules it loads. A remote
// that would get a singleton it was not built for (the shell's copy is the one every remote gets), lacks a module the
// shell loads, or would fetch its chunks from somewhere else than its own folder is refused, with every mismatch named.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { fileIntegrity } from './unpack';

export const REQUIREMENTS_FILE = 'federation-requirements.json';
export const MANIFEST_FILE = 'mf-manifest.json';
/**
 * What a remote's build records of the packages it shares (SharedContentPlugin): per package its version and, for a
 * workspace package, whose version never changes, a hash of its content.
 */
export const SHARED_CONTENT_FILE = 'federation-shared.json';
const MAX_MANIFEST_BYTES = 2 * 1024 * 1024;

export interface SharedRequirement {
  /** The share key as configured: 'react', or a prefix ending in '/' ('react/', '@studio/shared/'). */
  key: string;
  /** The version the shell bundles and provides. */
  version: string;
  /** A workspace package's content hash (its version stays "1.0.0" whatever its code): the remote's must match. */
  contentHash?: string;
  /** The range the shell accepts from anyone else's copy. */
  requiredVersion: string;
  singleton: boolean;
}

export interface ShellRequirements {
  shared: SharedRequirement[];
  /** Per remote (its key in the runtime configuration): the federation name and the modules the shell loads. */
  remotes: Record<string, { name: string; exposes: string[] }>;
}

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

export interface RemoteManifest {
  name?: string;
  metaData?: {
    publicPath?: string;
    getPublicPath?: string;
    remoteEntry?: { name?: string; path?: string };
    /** Module Federation's own field for a server-side (node) entry; declared by a remote with a server entry. */
    ssrRemoteEntry?: { name?: string; path?: string };
  };
  shared?: Array<{ name?: string; version?: string; requiredVersion?: string | false; assets?: ManifestAssets }>;
  exposes?: Array<{ name?: string; path?: string; assets?: ManifestAssets }>;
}

/**
 * A smoke test of a remote's server entry (the app plugs in the sandbox's render of every public page); rejects with
 * what failed.
 */
export type ServerEntryCheck = (input: { remote: string; dir: string; entryFile: string }) => Promise<void>;

/** Smoke renders of one remote are under way and as many as may wait are waiting: the upload is refused (429). */
export class SmokeRendersBusy extends Error {}

/**
 * Runs a remote's smoke renders one at a time: each starts a renderer (a process, its memory bound and its CPU), so
 * parallel uploads must not start one each. At most `maxWaiting` wait behind the one under way; a call that may be
 * refused (`refuseWhenFull`: an upload) is refused past that with SmokeRendersBusy, one that may not (a switch, already
 * one at a time per remote) waits its turn.
 */
export function smokeRenderQueue(maxWaiting: number) {
  const queues = new Map<string, { tail: Promise<unknown>; inLine: number }>();
  return function run<T>(remote: string, task: () => Promise<T>, refuseWhenFull: boolean): Promise<T> {
    let queue = queues.get(remote);
    if (!queue) {
      queue = { tail: Promise.resolve(), inLine: 0 };
      queues.set(remote, queue);
    }
    if (refuseWhenFull && queue.inLine > maxWaiting) {
      return Promise.reject(
        new SmokeRendersBusy(
          `A version of ${remote} is being smoke-rendered and ${maxWaiting} more wait their turn: send this one again in a minute.`,
        ),
      );
    }
    const line = queue;
    line.inLine += 1;
    const run = line.tail.then(
      () => task(),
      () => task(),
    );
    line.tail = run.catch(() => undefined);
    return run.finally(() => {
      line.inLine -= 1;
      if (line.inLine === 0 && queues.get(remote) === line) queues.delete(remote);
    });
  };
}

export interface GateResult {
  ok: boolean;
  /** Every mismatch found, each naming what and why; empty when ok. */
  problems: string[];
  manifest?: RemoteManifest;
  /** The remote's shared packages and the versions it was built with (for the version's record). */
  shared: Record<string, string>;
  exposes: string[];
}

export class RequirementsMissing extends Error {}

/** The shell's requirements, read from its build; throws RequirementsMissing when the shell was not built with them. */
export function readShellRequirements(shellDir: string): ShellRequirements {
  const file = path.join(shellDir, REQUIREMENTS_FILE);
  if (!existsSync(file)) {
    throw new RequirementsMissing(
      `The shell's ${REQUIREMENTS_FILE} is missing (${shellDir}): run \`npm run build\` so the gate knows what the shell needs.`,
    );
  }
  return JSON.parse(readFileSync(file, 'utf8')) as ShellRequirements;
}

/** The shell's share entry a remote's shared package falls under: the same key, or a prefix key. */
function requirementFor(name: string, shared: SharedRequirement[]): SharedRequirement | undefined {
  return (
    shared.find((s) => s.key === name) ??
    shared.filter((s) => s.key.endsWith('/') && name.startsWith(s.key)).sort((a, b) => b.key.length - a.key.length)[0]
  );
}

const assetsOf = (assets: ManifestAssets | undefined) => [
  ...(assets?.js?.sync ?? []),
  ...(assets?.js?.async ?? []),
  ...(assets?.css?.sync ?? []),
  ...(assets?.css?.async ?? []),
];

/** Whether `file` (relative, from the manifest) names a file inside `dir`. */
function fileIn(dir: string, file: string): boolean {
  const resolved = path.resolve(dir, file.replace(/^\.?\//, ''));
  if (!resolved.startsWith(dir + path.sep)) return false;
  return existsSync(resolved) && statSync(resolved).isFile();
}

export interface SharedContent {
  packages: Record<string, { version?: string; contentHash?: string }>;
}

/** The remote's federation-shared.json; null when the build has none (or it is not readable as one). */
function readSharedContent(dir: string): SharedContent | null {
  const file = path.join(dir, SHARED_CONTENT_FILE);
  if (!existsSync(file) || statSync(file).size > MAX_MANIFEST_BYTES) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<SharedContent>;
    return typeof parsed.packages === 'object' && parsed.packages !== null ? { packages: parsed.packages } : null;
  } catch {
    return null;
  }
}

function readManifest(dir: string): RemoteManifest | string {
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file)) return `The build has no ${MANIFEST_FILE} at its top level: is this a remote's build folder?`;
  if (statSync(file).size > MAX_MANIFEST_BYTES) return `Its ${MANIFEST_FILE} is larger than a manifest can be.`;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return `Its ${MANIFEST_FILE} is not an object.`;
    return parsed as RemoteManifest;
  } catch {
    return `Its ${MANIFEST_FILE} is not valid JSON.`;
  }
}

/**
 * Checks the build in `dir` as a version of `remote`. Never throws for a bad build: every problem is in the result.
 * `serverEntryCheck` runs only when the manifest declares a server entry, and, given the version's integrity record
 * (each file's SHA-384 as uploaded), only on an entry whose bytes still match it. Throws SmokeRendersBusy when the
 * check says so (the upload is sent again later, not refused for what it is).
 */
export async function checkRemoteBuild(
  remote: string,
  dir: string,
  requirements: ShellRequirements,
  serverEntryCheck?: ServerEntryCheck,
  integrity?: Record<string, string>,
): Promise<GateResult> {
  const manifestOrProblem = readManifest(dir);
  if (typeof manifestOrProblem === 'string')
    return { ok: false, problems: [manifestOrProblem], shared: {}, exposes: [] };
  const manifest = manifestOrProblem;
  const problems: string[] = [];
  const wanted = requirements.remotes[remote];
  if (!wanted)
    return { ok: false, problems: [`The shell does not load a remote called ${remote}.`], shared: {}, exposes: [] };

  // 1. The right remote at all.
  if (manifest.name !== wanted.name) {
    problems.push(
      `This is not a build of ${remote}: its federation name is "${manifest.name ?? '(none)'}", the shell loads "${wanted.name}".`,
    );
  }

  // 2. Its chunks load from its own folder: a fixed publicPath would fetch them from wherever it was built for.
  const publicPath = manifest.metaData?.publicPath;
  if (publicPath !== 'auto' || manifest.metaData?.getPublicPath) {
    problems.push(
      `Its publicPath is ${JSON.stringify(manifest.metaData?.getPublicPath ?? publicPath)}, not "auto": its chunks would not load from the version's own folder.`,
    );
  }

  // 3. The shared singletons: the shell's copy is the one the remote gets, and the remote's must suit the shell. A
  //    workspace package's version says nothing (always "1.0.0"): its content hash must be the shell's.
  const shared: Record<string, string> = {};
  const sharedContent = readSharedContent(dir);
  const contentChecked = new Set<string>();
  for (const entry of manifest.shared ?? []) {
    if (!entry.name) continue;
    if (entry.version) shared[entry.name] = entry.version;
    const requirement = requirementFor(entry.name, requirements.shared);
    if (!requirement?.singleton) continue;
    const pkg = requirement.key.replace(/\/$/, '');
    if (requirement.contentHash && !contentChecked.has(pkg)) {
      contentChecked.add(pkg);
      const built = sharedContent?.packages[pkg]?.contentHash;
      if (!sharedContent) {
        problems.push(
          `${pkg}: the build does not record which content of this workspace package it was built with (no ${SHARED_CONTENT_FILE}): rebuild it with this repository's build.`,
        );
      } else if (built !== requirement.contentHash) {
        problems.push(
          `${pkg}: ${remote} was built against other code of this workspace package (content ${built ?? 'not recorded'}) than the shell (content ${requirement.contentHash}), though both say ${requirement.version}: rebuild it from the shell's commit.`,
        );
      }
      if (built) shared[pkg] = `${entry.version ?? requirement.version} (content ${built})`;
    }
    const required = entry.requiredVersion;
    if (typeof required === 'string' && required !== '*' && !semver.satisfies(requirement.version, required)) {
      problems.push(
        `${entry.name}: ${remote} requires ${required}, but the shell provides ${requirement.version} (a singleton: every remote gets the shell's copy).`,
      );
    }
    if (entry.version && !semver.satisfies(entry.version, requirement.requiredVersion)) {
      problems.push(
        `${entry.name}: ${remote} was built with ${entry.version}, but the shell requires ${requirement.requiredVersion}.`,
      );
    }
  }

  // 4. What the shell loads from it.
  const exposes = (manifest.exposes ?? []).map((e) => e.path ?? `./${e.name ?? ''}`);
  for (const expose of wanted.exposes) {
    if (!exposes.includes(expose)) {
      problems.push(
        `${remote} does not expose ${expose}, which the shell loads (it exposes ${exposes.length ? exposes.join(', ') : 'nothing'}).`,
      );
    }
  }

  // 5. Every file the manifest names is in the upload (a truncated or hand-edited build is refused here, not by
  //    a visitor's browser).
  const entry = manifest.metaData?.remoteEntry;
  const named = [
    ...(entry?.name ? [path.posix.join(entry.path ?? '', entry.name)] : []),
    ...(manifest.exposes ?? []).flatMap((e) => assetsOf(e.assets)),
    ...(manifest.shared ?? []).flatMap((s) => assetsOf(s.assets)),
  ];
  if (!entry?.name) problems.push('Its manifest names no remoteEntry.');
  const missing = [...new Set(named)].filter((file) => !fileIn(dir, file));
  if (missing.length > 0) {
    problems.push(
      `Files its manifest names are not in the upload: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}.`,
    );
  }

  // 6. A server entry, when it declares one: present, and (once server rendering checks it) renders '/'.
  const server = manifest.metaData?.ssrRemoteEntry;
  if (server?.name) {
    const entryFile = path.posix.join(server.path ?? '', server.name);
    if (!fileIn(dir, entryFile)) {
      problems.push(`Its server entry ${entryFile} is not in the upload.`);
    } else if (serverEntryCheck && problems.length === 0) {
      const uploaded = integrity && (Object.hasOwn(integrity, entryFile) ? integrity[entryFile] : 'not recorded');
      if (uploaded !== undefined && (await fileIntegrity(path.resolve(dir, entryFile))) !== uploaded) {
        problems.push(`Its server entry ${entryFile} is not the file that was uploaded: it changed on disk since.`);
      } else {
        try {
          await serverEntryCheck({ remote, dir, entryFile: path.resolve(dir, entryFile) });
        } catch (error) {
          if (error instanceof SmokeRendersBusy) throw error;
          problems.push(`Its server entry failed the smoke render: ${(error as Error).message}`);
        }
      }
    }
  }

  return { ok: problems.length === 0, problems, manifest, shared, exposes };
}
