// Deploys of the remotes: the atomic switch, rollback, pruning, and the shell's HTML naming the live version.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REQUIREMENTS_FILE, type ShellRequirements } from '../src/features/deploys/gate';
import {
  deployBuild,
  deploys,
  goLive,
  manifestUrlInHtml,
  SHELL_REQUIREMENTS,
  t,
  tokenFor,
  useDeploysApp,
} from './deploys-support';

useDeploysApp();

describe('switching and rolling back', () => {
  let token: string;
  beforeEach(async () => {
    token = await tokenFor('public-site');
  });

  test('before any deploy the shell names the build output; after one, the live version, whose files are immutable', async () => {
    expect(await manifestUrlInHtml()).toBe('/remotes/public-site/mf-manifest.json');
    const v1 = await deployBuild({ text: 'v1' }, token);
    expect(await manifestUrlInHtml()).toBe(`/remotes/public-site/v/${v1}/mf-manifest.json`);
    const html = await t.app.inject({ url: '/' });
    expect(html.headers['cache-control']).toBe('no-cache');

    const manifest = await t.app.inject({ url: `/remotes/public-site/v/${v1}/mf-manifest.json` });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const chunk = await t.app.inject({ url: `/remotes/public-site/v/${v1}/page.abcdef0123.js` });
    expect(chunk.body).toBe('/* page v1 */');
    // An upload being unpacked is never served, nor anything outside a version folder.
    mkdirSync(path.join(t.dataDir, 'remotes', 'public-site', '.incoming-x'));
    writeFileSync(path.join(t.dataDir, 'remotes', 'public-site', '.incoming-x', 'a.js'), 'x');
    expect((await t.app.inject({ url: '/remotes/public-site/v/.incoming-x/a.js' })).statusCode).toBe(404);
  });

  test('a new version goes live in one step, the old one stays served for pages that have it open, and rollback brings it back', async () => {
    const v1 = await deployBuild({ text: 'v1' }, token);
    const v2 = await deployBuild({ text: 'v2' }, token);
    expect(await manifestUrlInHtml()).toBe(`/remotes/public-site/v/${v2}/mf-manifest.json`);
    // A page opened on v1 still loads v1's lazy chunks after the switch.
    expect((await t.app.inject({ url: `/remotes/public-site/v/${v1}/page.abcdef0123.js` })).body).toBe('/* page v1 */');

    const rollback = await goLive('public-site', token, { kind: 'rollback' });
    expect(rollback.statusCode).toBe(200);
    expect(rollback.json()).toMatchObject({ fromVersion: v2, toVersion: v1, kind: 'rollback' });
    expect(await manifestUrlInHtml()).toBe(`/remotes/public-site/v/${v1}/mf-manifest.json`);

    const list = await t.app.inject({
      url: '/api/deploy/public-site/versions',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.json()).toMatchObject({
      live: v1,
      previous: v2,
      versions: [
        { version: v2, live: false, deployedBy: 'Jo from CI', tokenLabel: 'public-site CI' },
        { version: v1, live: true },
      ],
    });
    expect(list.json().history.map((h: { kind: string; toVersion: string }) => [h.kind, h.toVersion])).toEqual([
      ['rollback', v1],
      ['deploy', v2],
      ['deploy', v1],
    ]);
  });

  test('an unknown version is 404 and nothing to roll back to is 409; the live version does not change', async () => {
    const v1 = await deployBuild({ text: 'v1' }, token);
    expect((await goLive('public-site', token, { version: 'ffffffffffffffff' })).statusCode).toBe(404);
    const nothing = await goLive('public-site', token, { kind: 'rollback' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('public-site has no earlier version to roll back to.');
    expect((await deploys.live('public-site'))?.version).toBe(v1);
  });

  test('a switch to a version the shell no longer suits is refused by the gate again', async () => {
    const v1 = await deployBuild({ text: 'v1' }, token);
    await deployBuild({ text: 'v2' }, token);
    // The shell was upgraded since v1 was deployed.
    const upgraded: ShellRequirements = {
      ...SHELL_REQUIREMENTS,
      shared: SHELL_REQUIREMENTS.shared.map((s) =>
        s.key.startsWith('react') ? { ...s, version: '20.0.0', requiredVersion: '20.0.0' } : s,
      ),
    };
    writeFileSync(path.join(t.dataDir, 'shell', REQUIREMENTS_FILE), JSON.stringify(upgraded));
    const res = await goLive('public-site', token, { version: v1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().fieldErrors.gate).toContain(
      'react: public-site was built with 19.3.1, but the shell requires 20.0.0.',
    );
    expect((await deploys.live('public-site'))?.version).not.toBe(v1);
  });

  test('the switch is one transaction: concurrent switches leave one live version and a history naming what each replaced', async () => {
    const versions = [];
    for (const text of ['a', 'b', 'c']) versions.push(await deployBuild({ text }, token));
    const switches = await Promise.all(
      [...versions, ...versions].map((version) => goLive('public-site', token, { version })),
    );
    expect(switches.every((s) => s.statusCode === 200)).toBe(true);
    const history = await deploys.history('public-site', 100);
    // Each recorded switch starts from the version the one before it went to: no lost or interleaved update.
    for (let i = 0; i < history.length - 1; i++) expect(history[i]!.fromVersion).toBe(history[i + 1]!.toVersion);
    expect(history[0]!.toVersion).toBe((await deploys.live('public-site'))?.version);
  });

  test('old versions are pruned beyond the setting, never the live one or the one before it', async () => {
    const versions: string[] = [];
    for (const text of ['1', '2', '3', '4', '5']) versions.push(await deployBuild({ text }, token));
    // keep = 3: the two oldest are gone, files and record.
    const kept = readdirSync(path.join(t.dataDir, 'remotes', 'public-site')).sort();
    expect(kept).toEqual(versions.slice(2).sort());
    expect((await t.app.inject({ url: `/remotes/public-site/v/${versions[0]}/remoteEntry.js` })).statusCode).toBe(404);

    // Roll back to the oldest kept (3), then deploy a new one: 3 is now the previous version and is kept although
    // three newer ones (6, 5, 4) fill the setting.
    await goLive('public-site', token, { version: versions[2]! });
    const v6 = await deployBuild({ text: '6' }, token);
    expect(readdirSync(path.join(t.dataDir, 'remotes', 'public-site')).sort()).toEqual(
      [...versions.slice(2), v6].sort(),
    );
    const v7 = await deployBuild({ text: '7' }, token);
    const v8 = await deployBuild({ text: '8' }, token);
    expect(readdirSync(path.join(t.dataDir, 'remotes', 'public-site')).sort()).toEqual([v6, v7, v8].sort());
    expect((await deploys.live('public-site'))?.version).toBe(v8);
    expect((await deploys.listVersions('public-site')).map((v) => v.version)).toEqual([v8, v7, v6]);
  });
});
