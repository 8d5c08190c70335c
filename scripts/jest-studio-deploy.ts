// A remote deployed to the UI projects' server (jest-studio-server.ts) through its real deploy API, with a token of
// its own: what the admin's Deployments view then lists.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { c as tarCreate } from 'tar';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Studio } from './jest-studio-server';

/** A remote's build folder as webpack writes it (manifest, entry, the exposed module), `text` making it unique. */
function remoteBuild(remote: 'public-site' | 'admin-app', text: string): string {
  const name = remote.replace('-', '_');
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-ui-remote-'));
  const manifest = {
    id: name,
    name,
    metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
    shared: [{ name: 'react', version: '19.3.1', requiredVersion: '19.3.1', assets: { js: { sync: [], async: [] } } }],
    exposes: [
      {
        name: 'app',
        path: './app',
        assets: { js: { sync: ['__federation_expose_app.0123456789.js'], async: [] }, css: { sync: [], async: [] } },
      },
    ],
    remotes: [],
  };
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* entry ${text} */`);
  writeFileSync(path.join(dir, '__federation_expose_app.0123456789.js'), `/* app ${text} */`);
  return dir;
}

/** Uploads a build of `remote` made unique by `text` and switches to it; answers the version. */
export async function deployRemote(
  s: Studio,
  remote: 'public-site' | 'admin-app',
  { text, by, tokenLabel }: { text: string; by: string; tokenLabel: string },
): Promise<string> {
  const storage = s.modules.storage.sqliteStorageOn(s.db);
  const { token } = await s.modules.deployTokens.issueDeployToken(
    storage.deploys,
    remote,
    tokenLabel,
    new Date().toISOString(),
  );
  const dir = remoteBuild(remote, text);
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of tarCreate({ gzip: true, cwd: dir, portable: true }, readdirSync(dir)))
      chunks.push(chunk as Buffer);
    const auth = { authorization: `Bearer ${token}` };
    const uploaded = await fetch(`${s.baseUrl}/api/deploy/${remote}/versions`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/gzip', 'x-studio-deployer': by },
      body: Buffer.concat(chunks),
    });
    if (!uploaded.ok) throw new Error(`upload refused: ${await uploaded.text()}`);
    const { version } = (await uploaded.json()) as { version: string };
    const live = await fetch(`${s.baseUrl}/api/deploy/${remote}/live`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ version, by, kind: 'deploy' }),
    });
    if (!live.ok) throw new Error(`going live refused: ${await live.text()}`);
    return version;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
