// The remote deploys stay consistent. Two switches fired together never leave a live version without its
// files; the build output is a version, so the first deploy can be rolled back; a backup keeps the live and previous
// versions, and a restore reconciles what the database records with the files it restored (a version without files
// is missing, never live, and no switch goes to it). Real SQLite, a real listening server, real files and tarballs.
// Here the switches, the build output as a version and the gate; backups and restores are in
// deploy-integrity-backups.test.ts.
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUILD_OUTPUT_DEPLOYER } from '../src/features/deploys/build-output-version';
import { REQUIREMENTS_FILE, type ShellRequirements } from '../src/features/deploys/gate';
import {
  auth,
  builtDir,
  cleanUpAfterEach,
  comeFrom,
  goLive,
  remoteBuild,
  remoteDir,
  REQUIREMENTS,
  servedManifest,
  site,
  start,
  t,
  tarball,
  tempDir,
  upload,
  versions,
} from './deploy-integrity-support';

cleanUpAfterEach();

describe('switches', () => {
  test('two switches fired together, 20 times over, never leave the live version without its files', async () => {
    // keep = 1: every switch prunes all but the newest, the live and the previous version, the harshest setting.
    await start(undefined, 1);
    const builds = ['a', 'b', 'c', 'd', 'e'].map(remoteBuild);
    for (let round = 0; round < 20; round++) {
      comeFrom(`10.0.1.${round + 1}`);
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
