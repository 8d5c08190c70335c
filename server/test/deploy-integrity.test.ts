// The remote deploys stay consistent. Two switches fired together never leave a live version without its
// files; the build output is a version, so the first deploy can be rolled back; a backup keeps the live and previous
// versions, and a restore reconciles what the database records with the files it restored (a version without files
// is missing, never live, and no switch goes to it). Real SQLite, a real listening server, real files and tarballs.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { c as tarCreate } from 'tar';
import { build, type TestApp } from './helper';
import { issueDeployToken } from '../src/features/deploys/deploy-tokens';
import { BUILD_OUTPUT_DEPLOYER } from '../src/features/deploys/build-output-version';
import { REQUIREMENTS_FILE, type ShellRequirements } from '../src/features/deploys/gate';
import { takeBackup } from '../src/features/ops/backup';
import { describeBackup } from '../src/features/ops/backup-contents';
import { restoreBackup, restoreReport } from '../src/features/ops/restore';

const REQUIREMENTS: ShellRequirements = {
  shared: [{ key: 'react', version: '19.3.1', requiredVersion: '19.3.1', singleton: true }],
  remotes: {
    'public-site': { name: 'public_site', exposes: ['./app'] },
    'admin-app': { name: 'admin_app', exposes: ['./app'] },
  },
};

const scratch: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};

/** A public-site build folder as webpack writes it: manifest, remoteEntry.js and the exposed module's chunk. */
function remoteBuild(text: string): string {
  const dir = tempDir('integrity-build-');
  writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name: 'public_site',
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
      shared: [{ name: 'react', version: '19.3.1', requiredVersion: '19.3.1' }],
      exposes: [{ name: 'app', path: './app', assets: { js: { sync: ['app.js'], async: [] } } }],
    }),
  );
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* entry ${text} */`);
  writeFileSync(path.join(dir, 'app.js'), `/* app ${text} */`);
  return dir;
}

async function tarball(dir: string): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of tarCreate({ gzip: true, cwd: dir, portable: true }, readdirSync(dir))) {
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

let t: TestApp;
let site: string;
let token: string;
/** The public-site build output (what `npm run build` wrote), live before any deploy. */
let builtDir: string;

async function start(dataDir?: string, keep = 3) {
  builtDir ??= remoteBuild('built');
  t = await build({
    ...(dataDir ? { dataDir } : {}),
    // Each round of the switches test comes from its own address (x-forwarded-for): the deploy API's rate limit
    // (60 a minute per address) would otherwise stop it.
    trustProxy: ['127.0.0.1'],
    deploys: { keep, limits: { uploadBytes: 256 * 1024, unpackedBytes: 512 * 1024, files: 50 } },
    remotes: {
      'public-site': { urlPath: '/remotes/public-site/', dir: builtDir },
      'admin-app': { urlPath: '/remotes/admin-app/', dir: path.join(builtDir, 'no-admin-build') },
    },
  });
  writeFileSync(path.join(t.dataDir, 'shell', 'federation-requirements.json'), JSON.stringify(REQUIREMENTS));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  site = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  token = (await issueDeployToken(t.repos.storage.deploys, 'public-site', 'CI', new Date().toISOString())).token;
}

afterEach(async () => {
  await t?.close();
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
  builtDir = undefined as unknown as string;
});

/** The address the requests come from (x-forwarded-for, the server trusting its proxy). */
let from = '10.0.0.1';
const auth = () => ({ authorization: `Bearer ${token}`, 'x-forwarded-for': from });

async function upload(dir: string): Promise<string> {
  const res = await fetch(`${site}/api/deploy/public-site/versions`, {
    method: 'PUT',
    headers: { ...auth(), 'content-type': 'application/gzip' },
    body: await tarball(dir),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { version: string }).version;
}

function goLive(body: { version?: string; kind?: 'deploy' | 'rollback' }) {
  return fetch(`${site}/api/deploy/public-site/live`, {
    method: 'POST',
    headers: { ...auth(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function versions() {
  const res = await fetch(`${site}/api/deploy/public-site/versions`, { headers: auth() });
  return (await res.json()) as {
    live: string | null;
    previous: string | null;
    versions: Array<{ version: string; live: boolean; missing: boolean; deployedBy: string }>;
  };
}

/** The public-site manifest the shell's HTML names, fetched as a browser would: its URL and its status. */
async function servedManifest(): Promise<{ url: string; status: number; body: string }> {
  const html = await (await fetch(`${site}/`)).text();
  const config = /<script id="studio-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  const url = (JSON.parse(config ?? '{}') as { remotes: Record<string, string> }).remotes['public-site'] ?? '';
  const res = await fetch(`${site}${url}`);
  return { url, status: res.status, body: await res.text() };
}

const remoteDir = (version: string, dataDir = t.dataDir) => path.join(dataDir, 'remotes', 'public-site', version);

describe('switches', () => {
  test('two switches fired together, 20 times over, never leave the live version without its files', async () => {
    // keep = 1: every switch prunes all but the newest, the live and the previous version, the harshest setting.
    await start(undefined, 1);
    const builds = ['a', 'b', 'c', 'd', 'e'].map(remoteBuild);
    for (let round = 0; round < 20; round++) {
      from = `10.0.1.${round + 1}`;
      // Four builds uploaded (again, when pruned), then the two older ones switched to at once: each switch's
      // pruning has the other's version among those past the setting.
      const uploaded: string[] = [];
      for (let i = 0; i < 4; i++) uploaded.push(await upload(builds[(round + i) % builds.length]!));
      const [x, y] = uploaded as [string, string];
      const answers = await Promise.all([goLive({ version: x }), goLive({ version: y })]);
      // One after the other: the second waits for the first and replaced it. Or, when the first had pruned the
      // second's version before the second arrived, the second is refused, naming it, and changes nothing.
      const bodies = (await Promise.all(answers.map((a) => a.json()))) as Array<{
        fromVersion: string;
        toVersion: string;
        message?: string;
      }>;
      const statuses = answers.map((a) => a.status);
      const live = (await t.repos.storage.deploys.live('public-site'))!.version;
      const records = bodies.filter((_, i) => statuses[i] === 200);
      expect(records.length).toBeGreaterThan(0);
      bodies.forEach((body, i) => {
        if (statuses[i] !== 200)
          expect([statuses[i], body.message]).toEqual([404, `public-site has no version ${[x, y][i]}.`]);
      });
      const last = records.find((r) => r.toVersion === live)!;
      expect(last).toBeDefined();
      if (records.length === 2) expect(records.find((r) => r !== last)!.toVersion).toBe(last.fromVersion);
      expect(existsSync(path.join(remoteDir(live), 'mf-manifest.json'))).toBe(true);
      const served = await servedManifest();
      expect(served.url).toBe(`/remotes/public-site/v/${live}/mf-manifest.json`);
      expect(served.status).toBe(200);
      // The version before it stays too, for pages that loaded it.
      expect(existsSync(path.join(remoteDir(last.fromVersion), 'mf-manifest.json'))).toBe(true);
    }
  }, 60_000);
});

describe('the build output is a version', () => {
  test('rolling back right after the first deploy returns to the build output, served whole', async () => {
    await start();
    const v1 = await upload(remoteBuild('v1'));
    const first = await goLive({ version: v1, kind: 'deploy' });
    expect(first.status).toBe(200);
    const { fromVersion } = (await first.json()) as { fromVersion: string };
    expect(fromVersion).toMatch(/^[0-9a-f]{16}$/);
    expect((await versions()).versions.find((v) => v.version === fromVersion)).toMatchObject({
      deployedBy: BUILD_OUTPUT_DEPLOYER,
      live: false,
      missing: false,
    });

    const back = await goLive({ kind: 'rollback' });
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ fromVersion: v1, toVersion: fromVersion, kind: 'rollback' });
    const served = await servedManifest();
    expect(served.url).toBe(`/remotes/public-site/v/${fromVersion}/mf-manifest.json`);
    expect(served.body).toBe(readFileSync(path.join(builtDir, 'mf-manifest.json'), 'utf8'));
    expect(await (await fetch(`${site}/remotes/public-site/v/${fromVersion}/app.js`)).text()).toBe('/* app built */');
  });
});

function backupNow() {
  return takeBackup({ db: t.repos.db, dataDir: t.dataDir, backupDir: tempDir('integrity-backups-'), kind: 'manual' });
}

describe('backups and restores keep the remotes consistent', () => {
  test('a restore of a backup taken before a deploy brings back the version live then, with its files', async () => {
    await start();
    const v1 = await upload(remoteBuild('v1'));
    expect((await goLive({ version: v1 })).status).toBe(200);
    const backup = await backupNow();
    // The live version and the one before it (the build output) are in the backup.
    const builtVersion = (await versions()).previous!;
    expect(backup.manifest.remotes).toEqual({ 'public-site': [v1, builtVersion] });
    const v2 = await upload(remoteBuild('v2'));
    expect((await goLive({ version: v2 })).status).toBe(200);
    await t.close();

    const target = tempDir('integrity-restored-');
    const result = restoreBackup({ backup: backup.path, dataDir: target, backupDir: tempDir('integrity-aside-') });
    expect(result.remotes).toEqual([{ remote: 'public-site', live: v1, missing: [] }]);
    expect(restoreReport(backup.path, result)).toContain(`public-site: ${v1} is live, as the backup recorded.`);

    await start(target);
    const list = await versions();
    expect(list.live).toBe(v1);
    expect(list.versions.every((v) => !v.missing)).toBe(true);
    const served = await servedManifest();
    expect(served.url).toBe(`/remotes/public-site/v/${v1}/mf-manifest.json`);
    expect(served.status).toBe(200);
    // Rollback goes where the backup's history says: the build output.
    expect(await (await goLive({ kind: 'rollback' })).json()).toMatchObject({ toVersion: builtVersion });
  });

  test('a backup without the live files: the restore switches away and says so; the version shows missing, a rollback to it is refused, and deploying it again is a switch it reports', async () => {
    await start();
    const v1 = await upload(remoteBuild('v1'));
    await goLive({ version: v1 });
    const v2Dir = remoteBuild('v2');
    const v2 = await upload(v2Dir);
    await goLive({ version: v2 });
    const backup = await backupNow();
    const builtVersion = (await t.repos.storage.deploys.history('public-site', 10)).at(-1)!.toVersion;
    // As a backup taken before backups held the remotes: the live version's files are not in it.
    rmSync(path.join(backup.path, 'remotes', 'public-site', v2), { recursive: true });
    await t.close();

    const target = tempDir('integrity-restored-');
    const result = restoreBackup({ backup: backup.path, dataDir: target, backupDir: tempDir('integrity-aside-') });
    // Missing: v2, and the build output (the backup holds the live and the previous version only).
    expect(result.remotes).toEqual([{ remote: 'public-site', live: v1, replaced: v2, missing: [v2, builtVersion] }]);
    const report = restoreReport(backup.path, result);
    expect(report).toContain(
      `public-site: the backup recorded ${v2} live but holds none of its files; switched to ${v1} (recorded in its history).`,
    );
    expect(report.join('\n')).toContain(`have no files in the backup and are shown as missing`);

    await start(target);
    const list = await versions();
    expect(list.live).toBe(v1);
    expect(list.versions.find((v) => v.version === v2)).toMatchObject({ live: false, missing: true });
    expect((await servedManifest()).url).toBe(`/remotes/public-site/v/${v1}/mf-manifest.json`);

    const refused = await goLive({ version: v2, kind: 'rollback' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain('its files are missing');
    expect((await t.repos.storage.deploys.live('public-site'))?.version).toBe(v1);

    // The same build deployed again: its files come back, and going live is a real, reported switch.
    expect(await upload(v2Dir)).toBe(v2);
    expect(await (await goLive({ version: v2 })).json()).toMatchObject({ fromVersion: v1, toVersion: v2 });
    expect((await versions()).versions.find((v) => v.version === v2)).toMatchObject({ live: true, missing: false });
  });

  test('a live version whose folder was removed by hand is switched away from before the next switch, in the history', async () => {
    await start(tempDir('integrity-data-'));
    const v1 = await upload(remoteBuild('v1'));
    await goLive({ version: v1 });
    const v2 = await upload(remoteBuild('v2'));
    await goLive({ version: v2 });
    const dataDir = t.dataDir;
    await t.close();
    rmSync(remoteDir(v2, dataDir), { recursive: true });

    await start(dataDir);
    // Listed as it is served: v2 is missing, so the build output is live, not v2.
    expect(await versions()).toMatchObject({ live: null });
    // The next switch first records the switch away from v2 (to v1, the version before it), then finds v1 live.
    await goLive({ version: v1 });
    expect((await t.repos.storage.deploys.history('public-site', 1))[0]).toMatchObject({
      fromVersion: v2,
      toVersion: v1,
      switchedBy: `the server (the files of ${v2} were missing)`,
    });
  });
});

describe('a backup while media is deleted', () => {
  function addMedia(id: string) {
    const dir = path.join(t.dataDir, 'media', 'uploads', id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'w640.webp'), `copy of ${id}`);
    mkdirSync(path.join(t.dataDir, 'media-originals'), { recursive: true });
    writeFileSync(path.join(t.dataDir, 'media-originals', `${id}.jpeg`), `original of ${id}`);
    return t.repos.storage.media.insert({
      id,
      kind: 'image',
      format: 'jpeg',
      section: 'portfolio',
      alt: id,
      width: 640,
      height: 480,
      bytes: 10,
      item: { id, type: 'image', url: `/media/uploads/${id}/w640.webp`, name: id } as never,
      createdAt: new Date().toISOString(),
    });
  }

  test('an item deleted between the database snapshot and the file copy is left out of the backup whole', async () => {
    await start();
    const kept = '11111111-1111-4111-8111-111111111111';
    const deleted = '22222222-2222-4222-8222-222222222222';
    await addMedia(kept);
    await addMedia(deleted);
    const db = t.repos.db;
    // The deletion lands right after the snapshot, before the files are copied: the row first, then its files, as
    // media-store.ts removes an item.
    const during = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'backup') return Reflect.get(target, key, receiver) as unknown;
        return async (...args: Parameters<typeof db.backup>) => {
          const result = await target.backup(...args);
          await t.repos.storage.media.delete(deleted);
          rmSync(path.join(t.dataDir, 'media', 'uploads', deleted), { recursive: true });
          rmSync(path.join(t.dataDir, 'media-originals', `${deleted}.jpeg`));
          return result;
        };
      },
    });
    const backup = await takeBackup({
      db: during,
      dataDir: t.dataDir,
      backupDir: tempDir('integrity-backups-'),
      kind: 'manual',
    });
    const Database = (await import('better-sqlite3')).default;
    const copy = new Database(path.join(backup.path, 'studio.sqlite'), { readonly: true });
    const ids = (copy.prepare('SELECT id FROM media ORDER BY id').all() as Array<{ id: string }>).map((r) => r.id);
    copy.close();
    expect(ids).toEqual([kept]);
    for (const id of ids) expect(existsSync(path.join(backup.path, 'media', 'uploads', id, 'w640.webp'))).toBe(true);
    expect(describeBackup(backup.manifest)).toMatch(/integrity ok\.$/);
  });

  test('an item whose files are missing on the site itself is named, and the backup does not say "integrity ok"', async () => {
    await start();
    const lost = '33333333-3333-4333-8333-333333333333';
    await addMedia(lost);
    rmSync(path.join(t.dataDir, 'media', 'uploads', lost), { recursive: true });
    const backup = await backupNow();
    expect(backup.manifest.media.rowsWithoutFiles).toEqual([lost]);
    expect(describeBackup(backup.manifest)).not.toContain('integrity ok');
    expect(describeBackup(backup.manifest)).toContain(lost);
  });
});

describe('the gate compares what the shared libraries really are', () => {
  const SHELL_CONTENT = 'aaaaaaaaaaaaaaaa';
  /** A shell whose @studio/shared (version "1.0.0", as always) has the content SHELL_CONTENT. */
  const requirementsWithWorkspace: ShellRequirements = {
    ...REQUIREMENTS,
    shared: [
      ...REQUIREMENTS.shared,
      {
        key: '@studio/shared/',
        version: '1.0.0',
        contentHash: SHELL_CONTENT,
        requiredVersion: '1.0.0',
        singleton: true,
      },
    ],
  };

  /** A build that shares @studio/shared/router, recording `content` as its @studio/shared (none: no record). */
  function builtAgainst(text: string, content?: string): string {
    const dir = remoteBuild(text);
    const manifestFile = path.join(dir, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { shared: unknown[] };
    manifest.shared.push({ name: '@studio/shared/router', version: '1.0.0', requiredVersion: '^1.0.0' });
    writeFileSync(manifestFile, JSON.stringify(manifest));
    if (content !== undefined) {
      writeFileSync(
        path.join(dir, 'federation-shared.json'),
        JSON.stringify({ packages: { '@studio/shared': { version: '1.0.0', contentHash: content } } }),
      );
    }
    return dir;
  }

  async function uploadAnswer(dir: string) {
    const res = await fetch(`${site}/api/deploy/public-site/versions`, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'application/gzip' },
      body: await tarball(dir),
    });
    return { status: res.status, body: (await res.json()) as { fieldErrors?: { gate?: string[] } } };
  }

  test('a remote built against other code of a workspace package, or without saying which, is refused', async () => {
    await start();
    writeFileSync(path.join(t.dataDir, 'shell', REQUIREMENTS_FILE), JSON.stringify(requirementsWithWorkspace));

    const other = await uploadAnswer(builtAgainst('other', 'bbbbbbbbbbbbbbbb'));
    expect(other.status).toBe(422);
    expect(other.body.fieldErrors?.gate).toEqual([
      `@studio/shared: public-site was built against other code of this workspace package (content bbbbbbbbbbbbbbbb) than the shell (content ${SHELL_CONTENT}), though both say 1.0.0: rebuild it from the shell's commit.`,
    ]);
    const unrecorded = await uploadAnswer(builtAgainst('unrecorded'));
    expect(unrecorded.status).toBe(422);
    expect(unrecorded.body.fieldErrors?.gate?.[0]).toContain('no federation-shared.json');
    expect(readdirSync(path.join(t.dataDir, 'remotes', 'public-site'))).toEqual([]);

    const same = await uploadAnswer(builtAgainst('same', SHELL_CONTENT));
    expect(same.status).toBe(200);
  });

  test("the build records a workspace package's content, which changes with its code; a registry package's version is its own", () => {
    // The build's own helper (scripts/webpack), over a workspace laid out as npm links it: node_modules/<name> is a
    // link to the package's folder.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const plugin = require('../../scripts/webpack/federation-requirements-plugin.cjs') as {
      workspaceContentHash: (name: string, dir: string) => string | undefined;
    };
    const root = tempDir('integrity-workspace-');
    const pkg = path.join(root, 'kit');
    mkdirSync(path.join(pkg, 'src'), { recursive: true });
    writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: '@x/kit', version: '1.0.0' }));
    writeFileSync(path.join(pkg, 'src', 'index.ts'), 'export const a = 1;');
    mkdirSync(path.join(root, 'node_modules', '@x'), { recursive: true });
    symlinkSync(pkg, path.join(root, 'node_modules', '@x', 'kit'), 'dir');
    const registry = path.join(root, 'node_modules', 'lib');
    mkdirSync(registry);
    writeFileSync(path.join(registry, 'package.json'), JSON.stringify({ name: 'lib', version: '2.1.0' }));

    const before = plugin.workspaceContentHash('@x/kit', root);
    expect(before).toMatch(/^[0-9a-f]{16}$/);
    // A test file is not the package's content; its code is.
    writeFileSync(path.join(pkg, 'src', 'index.test.ts'), 'test');
    expect(plugin.workspaceContentHash('@x/kit', root)).toBe(before);
    writeFileSync(path.join(pkg, 'src', 'index.ts'), 'export const a = 2;');
    expect(plugin.workspaceContentHash('@x/kit', root)).not.toBe(before);
    expect(plugin.workspaceContentHash('lib', root)).toBeUndefined();
  });
});
