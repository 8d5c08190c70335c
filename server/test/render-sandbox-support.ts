// What the sandboxed renderer's tests share: a test app whose shell has a server entry and the shell's federation
// requirements, a public-site deploy token, public-site builds whose server entry is given as source, the deploy
// API's upload and switch, and the renderers running for a folder.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { c as tarCreate } from 'tar';
import type { BuildOverrides } from '../src/app/app';
import { issueDeployToken } from '../src/features/deploys/deploy-tokens';
import { REQUIREMENTS_FILE, type ShellRequirements } from '../src/features/deploys/gate';
import { build, type TestApp } from './helper';

const SHELL_REQUIREMENTS: ShellRequirements = {
  shared: [],
  remotes: {
    'public-site': { name: 'public_site', exposes: ['./app'] },
    'admin-app': { name: 'admin_app', exposes: ['./app'] },
  },
};

export type SandboxApp = Awaited<ReturnType<typeof sandboxApp>>;

export async function sandboxApp(overrides: BuildOverrides = {}) {
  const work = mkdtempSync(path.join(tmpdir(), 'studio-sandbox-'));
  const t: TestApp = await build(overrides);
  const shellDir = path.join(t.dataDir, 'shell');
  writeFileSync(path.join(shellDir, REQUIREMENTS_FILE), JSON.stringify(SHELL_REQUIREMENTS));
  mkdirSync(path.join(shellDir, 'ssr'));
  writeFileSync(
    path.join(shellDir, 'ssr', 'index.js'),
    'exports.shellFrame = ({ url, publicSite }) => `<nav>at ${url}</nav>${publicSite}`;',
  );
  const token = (await issueDeployToken(t.repos.storage.deploys, 'public-site', 'CI', new Date().toISOString())).token;

  /** A public-site build whose manifest declares `ssr/index.js` with the given source as its server entry. */
  async function buildWith(entrySource: string, label: string): Promise<Buffer> {
    const dir = mkdtempSync(path.join(work, 'build-'));
    const manifest = {
      name: 'public_site',
      metaData: {
        remoteEntry: { name: 'remoteEntry.js', path: '' },
        ssrRemoteEntry: { name: 'index.js', path: 'ssr' },
        publicPath: 'auto',
      },
      shared: [],
      exposes: [{ name: 'app', path: './app', assets: { js: { sync: [], async: [] } } }],
    };
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
    writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${label} */`);
    mkdirSync(path.join(dir, 'ssr'));
    writeFileSync(path.join(dir, 'ssr', 'index.js'), entrySource);
    const chunks: Buffer[] = [];
    for await (const chunk of tarCreate({ gzip: true, cwd: dir, portable: true }, readdirSync(dir)))
      chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  const upload = (body: Buffer) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/deploy/public-site/versions',
      headers: { 'content-type': 'application/gzip', authorization: `Bearer ${token}`, 'x-studio-deployer': 'CI' },
      payload: body,
    });

  const goLive = (version: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/deploy/public-site/live',
      headers: { authorization: `Bearer ${token}` },
      payload: { version, kind: 'deploy' },
    });

  async function deploy(entrySource: string, label: string): Promise<string> {
    const uploaded = await upload(await buildWith(entrySource, label));
    expect(uploaded.statusCode).toBe(200);
    const { version } = uploaded.json() as { version: string };
    expect((await goLive(version)).statusCode).toBe(200);
    return version;
  }

  /** The public-site manifest the shell's HTML names: which version is live. */
  async function liveManifest(): Promise<string> {
    const html = (await t.app.inject({ url: '/' })).body;
    const config = /<script id="studio-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
    return (JSON.parse(config ?? '{}') as { remotes: Record<string, string> }).remotes['public-site'] ?? '';
  }

  return {
    t,
    token,
    work,
    buildWith,
    upload,
    goLive,
    deploy,
    liveManifest,
    async close() {
      await t.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** The running renderers: the processes whose command line names the sandbox's child script and `dir`. */
export function renderersFor(dir: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return cmdline.includes('render-sandbox-child.cjs') && cmdline.includes(dir);
      } catch {
        return false;
      }
    })
    .map(Number);
}
