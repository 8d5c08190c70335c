// What the deploy integrity tests share (deploy-integrity*.test.ts): a listening app whose build output is the first
// version, build folders and their tarballs, the deploy API's calls with a deploy token, and a backup taken now.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { c as tarCreate } from 'tar';
import { build, type TestApp } from './helper';
import { issueDeployToken } from '../src/features/deploys/deploy-tokens';
import { type ShellRequirements } from '../src/features/deploys/gate';
import { takeBackup } from '../src/features/ops/backup';

export const REQUIREMENTS: ShellRequirements = {
  shared: [{ key: 'react', version: '19.3.1', requiredVersion: '19.3.1', singleton: true }],
  remotes: {
    'public-site': { name: 'public_site', exposes: ['./app'] },
    'admin-app': { name: 'admin_app', exposes: ['./app'] },
  },
};

const scratch: string[] = [];
export const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};

/** A public-site build folder as webpack writes it: manifest, remoteEntry.js and the exposed module's chunk. */
export function remoteBuild(text: string): string {
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

export async function tarball(dir: string): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of tarCreate({ gzip: true, cwd: dir, portable: true }, readdirSync(dir))) {
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

export let t: TestApp;
export let site: string;
export let token: string;
/** The public-site build output (what `npm run build` wrote), live before any deploy. */
export let builtDir: string;

export async function start(dataDir?: string, keep = 3) {
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

/** Closes each test's app and removes its folders after it. */
export function cleanUpAfterEach(): void {
  afterEach(async () => {
    await t?.close();
    for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
    builtDir = undefined as unknown as string;
  });
}

/** The address the requests come from (x-forwarded-for, the server trusting its proxy). */
let from = '10.0.0.1';
/** The requests from now on come from `address`. */
export const comeFrom = (address: string) => {
  from = address;
};
export const auth = () => ({ authorization: `Bearer ${token}`, 'x-forwarded-for': from });

export async function upload(dir: string): Promise<string> {
  const res = await fetch(`${site}/api/deploy/public-site/versions`, {
    method: 'PUT',
    headers: { ...auth(), 'content-type': 'application/gzip' },
    body: await tarball(dir),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { version: string }).version;
}

export function goLive(body: { version?: string; kind?: 'deploy' | 'rollback' }) {
  return fetch(`${site}/api/deploy/public-site/live`, {
    method: 'POST',
    headers: { ...auth(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function versions() {
  const res = await fetch(`${site}/api/deploy/public-site/versions`, { headers: auth() });
  return (await res.json()) as {
    live: string | null;
    previous: string | null;
    versions: Array<{ version: string; live: boolean; missing: boolean; deployedBy: string }>;
  };
}

/** The public-site manifest the shell's HTML names, fetched as a browser would: its URL and its status. */
export async function servedManifest(): Promise<{ url: string; status: number; body: string }> {
  const html = await (await fetch(`${site}/`)).text();
  const config = /<script id="studio-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  const url = (JSON.parse(config ?? '{}') as { remotes: Record<string, string> }).remotes['public-site'] ?? '';
  const res = await fetch(`${site}${url}`);
  return { url, status: res.status, body: await res.text() };
}

export const remoteDir = (version: string, dataDir = t.dataDir) =>
  path.join(dataDir, 'remotes', 'public-site', version);

export function backupNow() {
  return takeBackup({ db: t.repos.db, dataDir: t.dataDir, backupDir: tempDir('integrity-backups-'), kind: 'manual' });
}
