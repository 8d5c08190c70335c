// What the deploy tests share (deploys*.test.ts): a remote's build folder shaped like webpack's, tarballs of it (and of
// what no archiver writes), each test's app with its deploys store, and the deploy API's calls.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { c as tarCreate, Header } from 'tar';
import { build, type TestApp } from './helper';
import { issueDeployToken } from '../src/features/deploys/deploy-tokens';
import type { DeploysStore } from '../src/features/deploys/deploys-store';
import { REQUIREMENTS_FILE, type ShellRequirements } from '../src/features/deploys/gate';

export const SHELL_REQUIREMENTS: ShellRequirements = {
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

export interface BuildSpec {
  text?: string;
  name?: string;
  react?: { version: string; requiredVersion: string };
  exposes?: string[];
  publicPath?: string;
}

/** A remote's build folder shaped like webpack's: manifest, remoteEntry.js, the expose chunk and a lazy chunk. */
export function remoteBuild(spec: BuildSpec = {}): string {
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
export async function tarball(dir: string, files: string[] = readdirSync(dir), preservePaths = false): Promise<Buffer> {
  return streamToBuffer(tarCreate({ gzip: true, cwd: dir, portable: true, preservePaths }, files));
}

/** A tarball of raw entries, for what a well-behaved archiver never writes. */
export async function rawTarball(entries: Array<{ path: string; type: string; body?: string; linkpath?: string }>) {
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

export let t: TestApp;
export let deploys: DeploysStore;
const cleanup: string[] = [];

/** Builds each test's app on a fresh DATA_DIR, with small upload limits and the shell's requirements, and closes it. */
export function useDeploysApp(): void {
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
}

export const tokenFor = async (remote: string, label = `${remote} CI`) =>
  (await issueDeployToken(deploys, remote, label, new Date().toISOString())).token;

export function upload(remote: string, body: Buffer, token: string | undefined, headers: Record<string, string> = {}) {
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

export function goLive(remote: string, token: string, body: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/deploy/${remote}/live`,
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
}

export async function deployBuild(spec: BuildSpec, token: string, remote = 'public-site') {
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
export async function manifestUrlInHtml(): Promise<string> {
  const html = (await t.app.inject({ url: '/' })).body;
  const config = /<script id="studio-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  return (JSON.parse(config ?? '{}') as { remotes: Record<string, string> }).remotes['public-site'] ?? '';
}

export function cleanupDir(dir: string) {
  cleanup.push(dir);
  return dir;
}
