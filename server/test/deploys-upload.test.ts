// Deploys of the remotes: the upload's limits and what an archive may not hold, and the compatibility gate.
import { readdirSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import {
  type BuildSpec,
  cleanupDir,
  deployBuild,
  deploys,
  manifestUrlInHtml,
  rawTarball,
  remoteBuild,
  t,
  tarball,
  tokenFor,
  upload,
  useDeploysApp,
} from './deploys-support';

useDeploysApp();

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
