// `npm run deploy` and `npm run admin -- deploy-token`, run in-process against a real listening server:
// what they print, and what they change on the site.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, testOptions, type TestApp } from './helper';
import { insecureSiteProblem, runDeployCommand } from '../src/cli/deploy-commands';
import { runAdminCommand } from '../src/cli/admin-commands';
import { REQUIREMENTS_FILE } from '../src/features/deploys/gate';

const REQUIREMENTS = {
  shared: [{ key: 'react', version: '19.3.1', requiredVersion: '19.3.1', singleton: true }],
  remotes: {
    'public-site': { name: 'public_site', exposes: ['./app'] },
    'admin-app': { name: 'admin_app', exposes: ['./app'] },
  },
};

function buildFolder(text: string, reactVersion = '19.3.1'): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cli-build-'));
  writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name: 'public_site',
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
      shared: [{ name: 'react', version: reactVersion, requiredVersion: reactVersion }],
      exposes: [{ name: 'app', path: './app', assets: { js: { sync: ['app.js'], async: [] } } }],
    }),
  );
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${text} */`);
  writeFileSync(path.join(dir, 'app.js'), `/* ${text} */`);
  return dir;
}

let t: TestApp;
let site: string;
const dirs: string[] = [];
/** The public-site build output (what `npm run build` wrote), live before any deploy. */
let builtDir: string;
beforeEach(async () => {
  builtDir = buildFolder('built');
  dirs.push(builtDir);
  t = await build({
    remotes: {
      'public-site': { urlPath: '/remotes/public-site/', dir: builtDir },
      'admin-app': { urlPath: '/remotes/admin-app/', dir: path.join(builtDir, 'no-admin-build') },
    },
  });
  writeFileSync(path.join(t.dataDir, 'shell', REQUIREMENTS_FILE), JSON.stringify(REQUIREMENTS));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  site = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await t.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function admin(args: string[]) {
  const lines: string[] = [];
  const code = await runAdminCommand(args, {
    options: testOptions({ dataDir: t.dataDir }),
    print: (l) => lines.push(l),
  });
  return { code, lines };
}

async function deploy(args: string[], token: string) {
  const lines: string[] = [];
  const code = await runDeployCommand(args, {
    env: { STUDIO_URL: site, STUDIO_DEPLOY_TOKEN: token, STUDIO_DEPLOYER: 'Jo' },
    repoRoot: t.dataDir,
    print: (l) => lines.push(l),
  });
  return { code, lines };
}

test('deploy-token issues a token shown once; the deploy command uploads, goes live, and rolls back', async () => {
  const issued = await admin(['deploy-token', 'public-site', '--label', 'public-site CI']);
  expect(issued.code).toBe(0);
  const token = issued.lines.map((l) => l.trim()).find((l) => l.startsWith('studio_deploy_'))!;
  expect(token).toMatch(/^studio_deploy_[A-Za-z0-9_-]{43}$/);
  const listed = await admin(['deploy-token', 'public-site', '--list']);
  expect(listed.lines.join('\n')).toContain('public-site CI');
  expect(listed.lines.join('\n')).not.toContain(token);

  const v1Dir = buildFolder('v1');
  const v2Dir = buildFolder('v2');
  dirs.push(v1Dir, v2Dir);
  const first = await deploy(['public-site', v1Dir], token);
  expect(first.code).toBe(0);
  const v1 = /Version ([0-9a-f]{16}) passed the compatibility gate/.exec(first.lines.join('\n'))?.[1];
  expect(first.lines).toContainEqual(expect.stringContaining(`public-site ${v1} is live (was the build output)`));
  expect(first.lines.at(-1)).toBe('To go back: npm run deploy -- rollback public-site');

  const second = await deploy(['public-site', v2Dir], token);
  const v2 = /Version ([0-9a-f]{16})/.exec(second.lines.join('\n'))?.[1];
  expect(second.lines).toContain('To go back: npm run deploy -- rollback public-site');
  const repo = t.repos.storage.deploys;
  expect((await repo.live('public-site'))?.version).toBe(v2);

  const back = await deploy(['rollback', 'public-site'], token);
  expect(back.code).toBe(0);
  expect(back.lines[0]).toContain(`public-site ${v1} is live (was ${v2})`);
  expect((await repo.live('public-site'))?.version).toBe(v1);
  expect((await repo.history('public-site', 20))[0]).toMatchObject({
    switchedBy: 'Jo (token public-site CI)',
    kind: 'rollback',
  });

  const versions = await deploy(['versions', 'public-site'], token);
  expect(versions.lines[0]).toMatch(new RegExp(`^  ${v2}`));
  expect(versions.lines[1]).toMatch(new RegExp(`^\\* ${v1} .* Jo {2}\\(live\\)$`));
});

test('a refused build is reported with each mismatch, and nothing goes live; a revoked token is refused', async () => {
  const token = (await admin(['deploy-token', 'public-site'])).lines
    .map((l) => l.trim())
    .find((l) => l.startsWith('studio_'))!;
  const dir = buildFolder('react18', '18.3.1');
  dirs.push(dir);
  const refused = await deploy(['public-site', dir], token);
  expect(refused.code).toBe(1);
  expect(refused.lines.slice(1)).toEqual([
    'The upload was refused (422): public-site was refused by the compatibility gate:',
    "  - react: public-site requires 18.3.1, but the shell provides 19.3.1 (a singleton: every remote gets the shell's copy).",
    '  - react: public-site was built with 18.3.1, but the shell requires 19.3.1.',
  ]);
  expect(await t.repos.storage.deploys.live('public-site')).toBeNull();

  expect((await admin(['deploy-token', 'public-site', '--revoke'])).lines[0]).toContain(
    'Revoked 1 deploy token of public-site',
  );
  const good = buildFolder('ok');
  dirs.push(good);
  const afterRevoke = await deploy(['public-site', good], token);
  expect(afterRevoke.code).toBe(1);
  expect(afterRevoke.lines[1]).toBe(
    'The upload was refused (403): This deploy token does not allow deploying public-site.',
  );
});

test('the command explains a missing setting, an unknown remote and a folder that is not a build', async () => {
  const lines: string[] = [];
  const code = await runDeployCommand(['public-site'], { env: {}, repoRoot: t.dataDir, print: (l) => lines.push(l) });
  expect(code).toBe(2);
  expect(lines[0]).toBe('Set STUDIO_URL (the site to deploy to) first.');
  expect((await deploy(['shop'], 'x')).lines[0]).toBe(
    'There is no remote called shop: it is public-site or admin-app.',
  );
  const empty = mkdtempSync(path.join(tmpdir(), 'cli-empty-'));
  dirs.push(empty);
  expect((await deploy(['public-site', empty], 'x')).lines[0]).toBe(
    `${empty} has no mf-manifest.json: is it a remote's build folder?`,
  );
});

test('rolling back right after the first deploy returns to the build output, and says so', async () => {
  const token = (await admin(['deploy-token', 'public-site'])).lines
    .map((l) => l.trim())
    .find((l) => l.startsWith('studio_'))!;
  const v1Dir = buildFolder('v1');
  dirs.push(v1Dir);
  expect((await deploy(['public-site', v1Dir], token)).code).toBe(0);
  const back = await deploy(['rollback', 'public-site'], token);
  expect(back.code).toBe(0);
  const built = (await t.repos.storage.deploys.live('public-site'))!.version;
  expect(back.lines[0]).toMatch(
    new RegExp(`^public-site the build output \\(${built}\\) is live \\(was [0-9a-f]{16}\\)`),
  );
});

test('the token is never sent over plain http, except to this machine', async () => {
  const sent: string[] = [];
  const recording: typeof fetch = async (input) => {
    sent.push(String(input));
    return new Response('{}', { status: 500 });
  };
  for (const address of ['http://ava-monroe.com', 'http://192.168.1.20:8080', 'ftp://ava-monroe.com']) {
    const lines: string[] = [];
    const code = await runDeployCommand(['versions', 'public-site'], {
      env: { STUDIO_URL: address, STUDIO_DEPLOY_TOKEN: 'studio_deploy_x' },
      repoRoot: t.dataDir,
      print: (l) => lines.push(l),
      fetch: recording,
    });
    expect(code).toBe(2);
    expect(lines.join('\n')).toMatch(/Nothing was sent\.$/);
  }
  expect(sent).toEqual([]);
  expect(insecureSiteProblem('http://ava-monroe.com')).toBe(
    "STUDIO_URL is http://ava-monroe.com: the deploy token would travel in clear over http. Use the site's https:// address (plain http is only for localhost, 127.0.0.1 and ::1). Nothing was sent.",
  );
  for (const local of [
    'http://localhost:8080',
    'http://127.0.0.1:3000',
    'http://[::1]:8080',
    'https://ava-monroe.com',
  ]) {
    expect(insecureSiteProblem(local)).toBeUndefined();
  }
});

test('a site that does not answer is named with the reason, not a bare "fetch failed"', async () => {
  // A port nothing listens on: this server's, once it is closed.
  const closed = site;
  await t.app.close();
  const lines: string[] = [];
  const code = await runDeployCommand(['versions', 'public-site'], {
    env: { STUDIO_URL: closed, STUDIO_DEPLOY_TOKEN: 'studio_deploy_x' },
    repoRoot: t.dataDir,
    print: (l) => lines.push(l),
  });
  expect(code).toBe(1);
  expect(lines.join('\n')).toContain(
    `${closed} could not be reached: nothing answers at that address and port (is the server running?) (ECONNREFUSED)`,
  );
});
