// Versioned deploys of the remotes. The deploy token rules, the upload's limits, the compatibility gate, the
// atomic switch and rollback, pruning, and the shell's HTML naming the live version. Real SQLite, real tarballs
// (node-tar), real files under DATA_DIR/remotes, driven through the HTTP API.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { c as tarCreate, Header } from 'tar';
import { build, ADMIN_EMAIL, withCsrf, type TestApp } from './helper';
import { issueDeployToken } from '../src/features/deploys/deploy-tokens';
import type { DeploysStore } from '../src/platform/storage/ports';
import { REQUIREMENTS_FILE, type ShellRequirements } from '../src/features/deploys/gate';

const SHELL_REQUIREMENTS: ShellRequirements = {
  shared: [
    { key: 'react', version: '19.3.1', requiredVersion: '19.3.1', singleton: true },
    { key: 'react/', version: '19.3.1', requiredVersion: '19.3.1', singleton: true },
    { key: 'react-dom', version: '19.3.1', requiredVersion: '19.3.1', singleton: true },
    { key: '@studio/shared/', version: '1.0.0', requiredVersion: '1.0.0', singleton: true },
  ],
  remotes: {
    'public-site': { name: 'public_site', exposes: ['./app'] },
    'admin-app': { name: 'admin_app', exposes: ['./app'] },
  },
};

interface BuildSpec {
  text?: string;
  name?: string;
  react?: { version: string; requiredVersion: string };
  exposes?: string[];
  publicPath?: string;
}

/** A remote's build folder shaped like webpack's: manifest, remoteEntry.js, the expose chunk and a lazy chunk. */
function remoteBuild(spec: BuildSpec = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'remote-build-'));
  const react = spec.react ?? { version: '19.3.1', requiredVersion: '19.3.1' };
  const exposes = spec.exposes ?? ['./app'];
  const manifest = {
    id: spec.name ?? 'public_site',
    name: spec.name ?? 'public_site',
    metaData: {
      name: spec.name ?? 'public_site',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: spec.publicPath ?? 'auto',
    },
    shared: [
      {
        name: 'react',
        version: react.version,
        requiredVersion: react.requiredVersion,
        assets: { js: { sync: [], async: [] } },
      },
      {
        name: 'react/jsx-runtime',
        version: react.version,
        requiredVersion: `^${react.version}`,
        assets: { js: { sync: [], async: [] } },
      },
      {
        name: '@studio/shared/router',
        version: '1.0.0',
        requiredVersion: '^1.0.0',
        assets: { js: { sync: [], async: [] } },
      },
    ],
    exposes: exposes.map((p) => ({
      name: p.replace('./', ''),
      path: p,
      assets: {
        js: { sync: ['__federation_expose_app.0123456789.js'], async: ['page.abcdef0123.js'] },
        css: { sync: [], async: [] },
      },
    })),
    remotes: [],
  };
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* entry ${spec.text ?? 'v1'} */`);
  writeFileSync(path.join(dir, '__federation_expose_app.0123456789.js'), `/* app ${spec.text ?? 'v1'} */`);
  writeFileSync(path.join(dir, 'page.abcdef0123.js'), `/* page ${spec.text ?? 'v1'} */`);
  return dir;
}

async function streamToBuffer(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What the deploy command sends: the folder's contents as a gzip tarball. */
async function tarball(dir: string, files: string[] = readdirSync(dir), preservePaths = false): Promise<Buffer> {
  return streamToBuffer(tarCreate({ gzip: true, cwd: dir, portable: true, preservePaths }, files));
}

/** A tarball of raw entries, for what a well-behaved archiver never writes. */
async function rawTarball(entries: Array<{ path: string; type: string; body?: string; linkpath?: string }>) {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? '');
    const header = new Header({
      path: entry.path,
      type: entry.type as 'File',
      size: entry.type === 'File' ? body.length : 0,
      mode: 0o644,
      mtime: new Date(0),
      linkpath: entry.linkpath ?? '',
    });
    const block = Buffer.alloc(512);
    header.encode(block, 0);
    blocks.push(block);
    if (entry.type === 'File' && body.length > 0) {
      const padded = Buffer.alloc(Math.ceil(body.length / 512) * 512);
      body.copy(padded);
      blocks.push(padded);
    }
  }
  blocks.push(Buffer.alloc(1024));
  return streamToBuffer(Readable.from([Buffer.concat(blocks)]).pipe(createGzip()));
}

let t: TestApp;
let deploys: DeploysStore;
const cleanup: string[] = [];

beforeEach(async () => {
  t = await build({
    deploys: { keep: 3, limits: { uploadBytes: 256 * 1024, unpackedBytes: 512 * 1024, files: 50 } },
    // No build output, whatever the checkout holds: the versions here are the uploads alone (the build output kept as
    // a version at the first deploy is deploy-integrity.test.ts's).
    remotes: {
      'public-site': { urlPath: '/remotes/public-site/', dir: path.join(tmpdir(), 'no-public-site-build') },
      'admin-app': { urlPath: '/remotes/admin-app/', dir: path.join(tmpdir(), 'no-admin-app-build') },
    },
  });
  writeFileSync(path.join(t.dataDir, 'shell', REQUIREMENTS_FILE), JSON.stringify(SHELL_REQUIREMENTS));
  deploys = t.repos.storage.deploys;
});
afterEach(async () => {
  await t.close();
  for (const dir of cleanup.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const tokenFor = async (remote: string, label = `${remote} CI`) =>
  (await issueDeployToken(deploys, remote, label, new Date().toISOString())).token;

function upload(remote: string, body: Buffer, token: string | undefined, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/deploy/${remote}/versions`,
    headers: {
      'content-type': 'application/gzip',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'x-studio-deployer': 'Jo from CI',
      ...headers,
    },
    payload: body,
  });
}

function goLive(remote: string, token: string, body: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/deploy/${remote}/live`,
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
}

async function deployBuild(spec: BuildSpec, token: string, remote = 'public-site') {
  const dir = remoteBuild(spec);
  cleanup.push(dir);
  const res = await upload(remote, await tarball(dir), token);
  expect(res.statusCode).toBe(200);
  const { version } = res.json() as { version: string };
  const live = await goLive(remote, token, { version, kind: 'deploy' });
  expect(live.statusCode).toBe(200);
  return version;
}

/** The public-site manifest URL the shell's HTML names right now. */
async function manifestUrlInHtml(): Promise<string> {
  const html = (await t.app.inject({ url: '/' })).body;
  const config = /<script id="studio-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  return (JSON.parse(config ?? '{}') as { remotes: Record<string, string> }).remotes['public-site'] ?? '';
}

describe('deploy tokens', () => {
  test("an upload without a token, with an unknown one, another remote's, or a revoked one is refused with 403; the admin session opens nothing", async () => {
    const body = await tarball(cleanupDir(remoteBuild()));
    const adminToken = await tokenFor('admin-app');
    const revoked = await tokenFor('public-site', 'old CI');
    await deploys.revokeTokensOf('public-site', new Date().toISOString());
    const session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;

    const refused = [
      await upload('public-site', body, undefined),
      await upload('public-site', body, `studio_deploy_${'A'.repeat(43)}`),
      await upload('public-site', body, adminToken),
      await upload('public-site', body, revoked),
      await t.app.inject(
        withCsrf({
          method: 'PUT',
          url: '/api/deploy/public-site/versions',
          headers: { 'content-type': 'application/gzip' },
          cookies: { studio_session: session },
          payload: body,
        }),
      ),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(refused[0]!.json().message).toContain('A deploy token for public-site is needed');
    expect(refused[2]!.json().message).toBe('This deploy token does not allow deploying public-site.');
    expect(readdirSync(path.join(t.dataDir, 'remotes', 'public-site'))).toEqual([]);

    // The same refusals on switching and listing.
    expect((await goLive('public-site', adminToken)).statusCode).toBe(403);
    const list = await t.app.inject({
      url: '/api/deploy/public-site/versions',
      headers: { authorization: `Bearer ${revoked}` },
    });
    expect(list.statusCode).toBe(403);
  });

  test("a remote's own token uploads, and the token is stored only as its hash", async () => {
    const token = await tokenFor('public-site');
    const res = await upload('public-site', await tarball(cleanupDir(remoteBuild())), token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      remote: 'public-site',
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
      created: true,
      files: 4,
    });
    const stored = t.repos.db.prepare('SELECT * FROM deploy_tokens').all();
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  test('a deploy token does not open the admin API', async () => {
    const token = await tokenFor('public-site');
    const res = await t.app.inject({ url: '/api/admin/deployments', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });
});

function cleanupDir(dir: string) {
  cleanup.push(dir);
  return dir;
}

describe('the upload', () => {
  let token: string;
  beforeEach(async () => {
    token = await tokenFor('public-site');
  });
  const folderIsEmpty = () => expect(readdirSync(path.join(t.dataDir, 'remotes', 'public-site'))).toEqual([]);

  test('a symlink in the archive is refused and nothing is kept', async () => {
    const dir = cleanupDir(remoteBuild());
    symlinkSync('/etc/passwd', path.join(dir, 'passwd'));
    const res = await upload('public-site', await tarball(dir), token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The upload holds "passwd", a SymbolicLink: a build holds only files and folders.');
    folderIsEmpty();
  });

  test('a path leading out of the folder is refused, and nothing is written outside it', async () => {
    const res = await upload(
      'public-site',
      await rawTarball([
        { path: 'mf-manifest.json', type: 'File', body: '{}' },
        { path: '../../escaped.txt', type: 'File', body: 'owned' },
      ]),
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The upload was refused: "../../escaped.txt" leads out of the build\'s folder.');
    expect(existsSync(path.join(t.dataDir, 'escaped.txt'))).toBe(false);
    expect(existsSync(path.join(t.dataDir, 'remotes', 'escaped.txt'))).toBe(false);
    folderIsEmpty();
  });

  test('an absolute path and a hard link are refused', async () => {
    const absolute = await upload(
      'public-site',
      await rawTarball([{ path: '/tmp/evil.js', type: 'File', body: 'x' }]),
      token,
    );
    expect(absolute.statusCode).toBe(400);
    expect(absolute.json().message).toContain('is an absolute path');
    const link = await upload(
      'public-site',
      await rawTarball([{ path: 'shadow', type: 'Link', linkpath: '/etc/shadow' }]),
      token,
    );
    expect(link.statusCode).toBe(400);
    expect(link.json().message).toContain('a Link: a build holds only files and folders');
    folderIsEmpty();
  });

  test('more files than the limit, more unpacked bytes than the limit, or a larger upload are refused with 413', async () => {
    const many = cleanupDir(remoteBuild());
    for (let i = 0; i < 60; i++) writeFileSync(path.join(many, `extra-${i}.js`), String(i));
    const tooMany = await upload('public-site', await tarball(many), token);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe('The upload holds more than 50 files.');

    // A gzip bomb in small: 1 MB of zeros compresses to about 1 KB, and unpacks past the 0.5 MB limit.
    const bomb = cleanupDir(remoteBuild());
    writeFileSync(path.join(bomb, 'zeros.bin'), Buffer.alloc(1024 * 1024));
    const unpacked = await upload('public-site', await tarball(bomb), token);
    expect(unpacked.statusCode).toBe(413);
    expect(unpacked.json().message).toBe('The upload unpacks to more than 0.5 MB.');

    const big = await upload('public-site', Buffer.alloc(300 * 1024, 1), token);
    expect(big.statusCode).toBe(413);
    folderIsEmpty();
  });

  test('something that is not a gzip tarball is refused', async () => {
    const res = await upload('public-site', Buffer.from('not a tarball at all'), token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The upload is not a gzip-compressed tar archive of a build.');
    folderIsEmpty();
  });

  test('the same build uploaded twice is the same version, kept once; a changed byte is another version', async () => {
    const dir = cleanupDir(remoteBuild());
    const first = (await upload('public-site', await tarball(dir), token)).json();
    const again = (await upload('public-site', await tarball(dir), token)).json();
    expect(again).toMatchObject({ version: first.version, created: false });
    const other = (await upload('public-site', await tarball(cleanupDir(remoteBuild({ text: 'v2' }))), token)).json();
    expect(other.version).not.toBe(first.version);
    expect(readdirSync(path.join(t.dataDir, 'remotes', 'public-site')).sort()).toEqual(
      [first.version, other.version].sort(),
    );
  });
});

describe('the compatibility gate', () => {
  let token: string;
  let v1: string;
  beforeEach(async () => {
    token = await tokenFor('public-site');
    v1 = await deployBuild({ text: 'v1' }, token);
  });

  async function refusedWith(spec: BuildSpec) {
    const res = await upload('public-site', await tarball(cleanupDir(remoteBuild(spec))), token);
    expect(res.statusCode).toBe(422);
    // Nothing kept, the live version unchanged, the shell still names it.
    expect(readdirSync(path.join(t.dataDir, 'remotes', 'public-site'))).toEqual([v1]);
    expect((await deploys.live('public-site'))?.version).toBe(v1);
    expect(await manifestUrlInHtml()).toBe(`/remotes/public-site/v/${v1}/mf-manifest.json`);
    return res.json() as { message: string; fieldErrors: { gate: string[] } };
  }

  test('a remote built with another React is refused, naming the package and both versions', async () => {
    const { message, fieldErrors } = await refusedWith({
      text: 'react18',
      react: { version: '18.3.1', requiredVersion: '^18.3.1' },
    });
    expect(message).toContain('public-site was refused by the compatibility gate');
    expect(fieldErrors.gate).toEqual([
      "react: public-site requires ^18.3.1, but the shell provides 19.3.1 (a singleton: every remote gets the shell's copy).",
      'react: public-site was built with 18.3.1, but the shell requires 19.3.1.',
      "react/jsx-runtime: public-site requires ^18.3.1, but the shell provides 19.3.1 (a singleton: every remote gets the shell's copy).",
      'react/jsx-runtime: public-site was built with 18.3.1, but the shell requires 19.3.1.',
    ]);
  });

  test('a remote without the exposed module the shell loads is refused, naming it', async () => {
    const { fieldErrors } = await refusedWith({ text: 'no-app', exposes: ['./home'] });
    expect(fieldErrors.gate).toContain('public-site does not expose ./app, which the shell loads (it exposes ./home).');
  });

  test("another remote's build, or one with a fixed publicPath, is refused", async () => {
    const other = await refusedWith({ text: 'admin', name: 'admin_app' });
    expect(other.fieldErrors.gate).toContain(
      'This is not a build of public-site: its federation name is "admin_app", the shell loads "public_site".',
    );
    const fixed = await refusedWith({ text: 'fixed', publicPath: '/remotes/public-site/' });
    expect(fixed.fieldErrors.gate[0]).toContain('Its publicPath is "/remotes/public-site/", not "auto"');
  });

  test('a build whose manifest names a file the upload lacks is refused', async () => {
    const dir = cleanupDir(remoteBuild({ text: 'truncated' }));
    rmSync(path.join(dir, 'page.abcdef0123.js'));
    const res = await upload('public-site', await tarball(dir), token);
    expect(res.statusCode).toBe(422);
    expect(res.json().fieldErrors.gate).toEqual([
      'Files its manifest names are not in the upload: page.abcdef0123.js.',
    ]);
  });
});

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

describe("the admin's Deployments view", () => {
  test('says whether a deploy token was ever issued: her dashboard shows the Deployments tab only then', async () => {
    const session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
    const tokens = async () =>
      (await t.app.inject({ url: '/api/admin/deployments', cookies: { studio_session: session } })).json().tokens;
    expect(await tokens()).toBe(false);
    await tokenFor('admin-app');
    expect(await tokens()).toBe(true);
    // Revoked, the versions it deployed are still there to roll back to: the view stays.
    await deploys.revokeTokensOf('admin-app', new Date().toISOString());
    expect(await tokens()).toBe(true);
  });

  test('lists every remote and rolls back to a kept version with her session', async () => {
    const token = await tokenFor('public-site');
    const v1 = await deployBuild({ text: 'v1' }, token);
    await deployBuild({ text: 'v2' }, token);
    const session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
    const list = await t.app.inject({ url: '/api/admin/deployments', cookies: { studio_session: session } });
    expect(list.statusCode).toBe(200);
    expect(
      list.json().remotes.map((r: { remote: string; versions: unknown[] }) => [r.remote, r.versions.length]),
    ).toEqual([
      ['public-site', 2],
      ['admin-app', 0],
    ]);
    const back = await t.app.inject(
      withCsrf({
        method: 'POST',
        url: '/api/admin/deployments/public-site/live',
        cookies: { studio_session: session },
        payload: { version: v1 },
      }),
    );
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ toVersion: v1, kind: 'rollback', switchedBy: ADMIN_EMAIL });
    expect(await manifestUrlInHtml()).toBe(`/remotes/public-site/v/${v1}/mf-manifest.json`);
  });
});
