// Subresource integrity of the deployed versions (docs/deploy.md, "Previews and integrity"). Each file's SHA-384 is
// recorded with its version at upload (unpack.ts, contentVersion); from then on the record, not the disk, says what the
// version is:
// - the server serves a version's file only when it is in the record and its bytes still hash to it (a file changed,
//   replaced or added on disk after the upload is refused, whoever served it: every file, chunks and styles included);
// - the shell's HTML pins the manifest and the remote entry the browser loads (runtime configuration `integrity`, used
//   by the shell's federation plugin for the manifest's fetch() and the entry's <script>), so a browser refuses them
//   too if they differ from what was uploaded, wherever they come from.
// A file is hashed once per state on disk: the check is kept against its inode, size, mtime and ctime, and any write
// to the file changes its ctime. Versions uploaded before the record existed carry none and are served unchecked.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DeploysStore } from './deploys-store';
import { MANIFEST_FILE, type RemoteManifest } from './gate';
import type { LocatedRemote, RemoteName } from './remote-names';
import { fileIntegrity } from './unpack';

/** What the check of one requested file found. */
export type ServeCheck =
  /** In the record, and its bytes (and those of any precompressed copy beside it) hash to it. */
  | { ok: true }
  /** A version with no record (uploaded before integrity was recorded): served as before. */
  | { ok: true; unpinned: true }
  /** Not a file of the upload (a folder, a name added later): answered as missing. */
  | { ok: false; reason: 'unrecorded' }
  /** A file of the upload whose bytes changed on disk since: refused, and logged. */
  | { ok: false; reason: 'changed'; file: string };

// Copies @fastify/static sends in place of a file for a client that accepts them (preCompressed).
const PRECOMPRESSED = ['.br', '.gz'];
/** Records kept in memory: every served and previewed version of both remotes fits many times over. */
const MAX_RECORDS = 32;
const MAX_VERIFIED = 50_000;

export function createVersionIntegrity({
  repo,
  versionDir,
}: {
  repo: Pick<DeploysStore, 'getVersion'>;
  versionDir: (remote: RemoteName, version: string) => string;
}) {
  // A version's record never changes (its files are its name), so it is read from the storage once.
  const records = new Map<string, Promise<Record<string, string> | null>>();
  // File path -> the stat signature it last hashed right at.
  const verified = new Map<string, string>();
  // A version's pins, read from its manifest once it was checked; the manifest is checked again on every use.
  const pinned = new Map<string, Record<string, string>>();

  function recordOf(remote: RemoteName, version: string): Promise<Record<string, string> | null> {
    const key = `${remote}/${version}`;
    let record = records.get(key);
    if (!record) {
      if (records.size >= MAX_RECORDS) records.clear();
      record = repo.getVersion(remote, version).then((v) => v?.summary.integrity ?? null);
      // A failed read is not remembered.
      record.catch(() => records.delete(key));
      records.set(key, record);
    }
    return record;
  }

  /** 'ok', 'missing' (not on disk) or 'changed'. */
  async function hashMatches(file: string, expected: string): Promise<'ok' | 'missing' | 'changed'> {
    let info;
    try {
      info = await stat(file);
    } catch {
      return 'missing';
    }
    if (!info.isFile()) return 'changed';
    const signature = `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
    if (verified.get(file) === signature) return 'ok';
    if ((await fileIntegrity(file)) !== expected) {
      verified.delete(file);
      return 'changed';
    }
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(file, signature);
    return 'ok';
  }

  const exists = (file: string) =>
    stat(file).then(
      () => true,
      () => false,
    );

  return {
    recordOf,

    /** Whether `name` (relative to the version's folder, '/'-separated, decoded) may be served. */
    async check(remote: RemoteName, version: string, name: string): Promise<ServeCheck> {
      const record = await recordOf(remote, version);
      if (!record) return { ok: true, unpinned: true };
      const dir = versionDir(remote, version);
      const expected = Object.hasOwn(record, name) ? record[name] : undefined;
      if (!expected) return { ok: false, reason: 'unrecorded' };
      if ((await hashMatches(path.join(dir, name), expected)) !== 'ok')
        return { ok: false, reason: 'changed', file: name };
      // The static server may send `name.br` or `name.gz` instead: each must be the uploaded one too.
      for (const suffix of PRECOMPRESSED) {
        const copy = `${name}${suffix}`;
        const copyExpected = Object.hasOwn(record, copy) ? record[copy] : undefined;
        if (copyExpected) {
          if ((await hashMatches(path.join(dir, copy), copyExpected)) === 'changed')
            return { ok: false, reason: 'changed', file: copy };
        } else if (await exists(path.join(dir, copy))) {
          return { ok: false, reason: 'changed', file: copy };
        }
      }
      return { ok: true };
    },

    /**
     * The pins the shell's HTML carries for a version served at `urlPath`: its manifest's URL and its remote entry's
     * URL, each to its recorded integrity. Empty for a version without a record, or whose manifest no longer matches
     * it (its files are refused anyway).
     */
    async pins(remote: RemoteName, version: string, urlPath: string): Promise<Record<string, string>> {
      const record = await recordOf(remote, version);
      const manifestSri = record?.[MANIFEST_FILE];
      if (!record || !manifestSri) return {};
      const manifestFile = path.join(versionDir(remote, version), MANIFEST_FILE);
      if ((await hashMatches(manifestFile, manifestSri)) !== 'ok') return {};
      const key = `${remote}/${version}/${urlPath}`;
      const known = pinned.get(key);
      if (known) return known;
      const pins: Record<string, string> = { [`${urlPath}${MANIFEST_FILE}`]: manifestSri };
      try {
        const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as RemoteManifest;
        const entry = manifest.metaData?.remoteEntry;
        if (entry?.name) {
          const name = path.posix.normalize(path.posix.join(entry.path ?? '', entry.name)).replace(/^\/+/, '');
          const entrySri = Object.hasOwn(record, name) ? record[name] : undefined;
          if (entrySri) pins[`${urlPath}${name}`] = entrySri;
        }
      } catch {
        // A manifest that is not JSON pins itself only (the gate never lets one through).
      }
      if (pinned.size >= MAX_RECORDS * 2) pinned.clear();
      pinned.set(key, pins);
      return pins;
    },
  };
}

export type VersionIntegrity = ReturnType<typeof createVersionIntegrity>;

/** The remotes' locations for one page with their pins (none for the build output, which was never uploaded). */
export async function withPins(
  integrity: VersionIntegrity,
  located: Record<RemoteName, LocatedRemote>,
): Promise<Record<RemoteName, LocatedRemote & { integrity: Record<string, string> }>> {
  const pinsOf = async (remote: RemoteName) => {
    const { version, urlPath } = located[remote];
    return version === null ? {} : integrity.pins(remote, version, urlPath);
  };
  const [site, admin] = await Promise.all([pinsOf('public-site'), pinsOf('admin-app')]);
  return {
    'public-site': { ...located['public-site'], integrity: site },
    'admin-app': { ...located['admin-app'], integrity: admin },
  };
}
