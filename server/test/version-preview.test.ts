// An uploaded version is seen only behind her signed, expiring preview address (sandboxed, noindex, never
// cached), never on the site's origin; every deployed file is served only as it was uploaded (its SHA-384 recorded at
// upload), and the shell's HTML pins the live version's manifest and entry. Real uploads through the deploy API.
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { c as tarCreate } from 'tar';
import { ADMIN_EMAIL, build, withCsrf, type TestApp } from './helper';
import { issueDeployToken } from '../src/features/deploys/deploy-tokens';
import { REQUIREMENTS_FILE, type ShellRequirements } from '../src/features/deploys/gate';
import { PREVIEW_TTL_MS } from '../src/features/deploys/preview-links';

const SHELL_REQUIREMENTS: ShellRequirements = {
  shared: [],
  remotes: {
    'public-site': { name: 'public_site', exposes: ['./app'] },
    'admin-app': { name: 'admin_app', exposes: ['./app'] },
  },
};

let t: TestApp;
let token: string;
let work: string;
let clock: number;
let admin: string;
let stranger: string;

beforeEach(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'studio-preview-'));
  clock = Date.parse('2031-05-06T12:00:00Z');
  t = await build({ now: () => new Date(clock) });
  writeFileSync(path.join(t.dataDir, 'shell', REQUIREMENTS_FILE), JSON.stringify(SHELL_REQUIREMENTS));
  token = (await issueDeployToken(t.repos.storage.deploys, 'public-site', 'CI', new Date(clock).toISOString())).token;
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  stranger = (await t.repos.sessions.create('stranger@example.com')).id;
});

afterEach(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** A public-site build (no server entry): manifest, entry, a chunk and a page that would read her bookings. */
async function buildOf(label: string): Promise<Buffer> {
  const dir = mkdtempSync(path.join(work, 'build-'));
  const manifest = {
    name: 'public_site',
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
    shared: [],
    exposes: [{ name: 'app', path: './app', assets: { js: { sync: ['app.0123abcd.js'], async: [] } } }],
  };
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* entry ${label} */`);
  writeFileSync(path.join(dir, 'app.0123abcd.js'), `/* app ${label} */`);
  writeFileSync(path.join(dir, 'steal.html'), '<script>fetch("/api/admin/bookings")</script>');
  const chunks: Buffer[] = [];
  for await (const chunk of tarCreate({ gzip: true, cwd: dir, portable: true }, readdirSync(dir)))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function upload(label: string): Promise<string> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/deploy/public-site/versions',
    headers: { 'content-type': 'application/gzip', authorization: `Bearer ${token}`, 'x-studio-deployer': 'CI' },
    payload: await buildOf(label),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { version: string }).version;
}

async function goLive(version: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/deploy/public-site/live',
    headers: { authorization: `Bearer ${token}` },
    payload: { version, kind: 'deploy' },
  });
  expect(res.statusCode).toBe(200);
}

const askPreview = (version: string, session: string | null = admin) =>
  t.app.inject(
    withCsrf({
      method: 'POST',
      url: `/api/admin/deployments/public-site/versions/${version}/preview`,
      payload: {},
      cookies: session ? { studio_session: session } : {},
    }),
  );

const open = (url: string, session?: string) =>
  t.app.inject({ url, cookies: session ? { studio_session: session } : {} });

/** The runtime configuration a page carries. */
const configOf = (html: string) =>
  JSON.parse(/<script id="studio-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as {
    remotes: Record<string, string>;
    integrity?: Record<string, string>;
  };

const sri = (bytes: Buffer | string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

describe('a preview of an uploaded version', () => {
  test('works for her only, sandboxed, noindex and uncached, while the version stays off the site', async () => {
    await goLive(await upload('live'));
    const version = await upload('next');
    // Never live: not on the site's origin, HTML included.
    for (const file of ['remoteEntry.js', 'mf-manifest.json', 'steal.html'])
      expect((await open(`/remotes/public-site/v/${version}/${file}`, admin)).statusCode).toBe(404);

    // Only the admin gets an address: a visitor 401, another signed-in user 403.
    expect((await askPreview(version, null)).statusCode).toBe(401);
    expect((await askPreview(version, stranger)).statusCode).toBe(403);
    const asked = await askPreview(version);
    expect(asked.statusCode).toBe(200);
    const { url, expiresAt } = asked.json() as { url: string; expiresAt: string };
    expect(Date.parse(expiresAt)).toBe(clock + PREVIEW_TTL_MS);

    // The page, with her session: the shell with this version of the public site, and the preview's headers.
    const page = await open(url, admin);
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/^sandbox allow-scripts/);
    expect(csp).not.toContain('allow-same-origin');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['cache-control']).toBe('no-store');
    const manifestUrl = configOf(page.body).remotes['public-site']!;
    expect(manifestUrl).toMatch(/^\/preview\/[^/]+\/mf-manifest\.json$/);
    const base = manifestUrl.replace(/mf-manifest\.json$/, '');

    // The version's files load from there (the sandboxed page sends no cookies), with the same headers.
    const entry = await open(`${base}remoteEntry.js`);
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toBe('/* entry next */');
    expect(String(entry.headers['content-security-policy'])).toMatch(/^sandbox allow-scripts/);
    expect(entry.headers['x-robots-tag']).toContain('noindex');
    expect(entry.headers['cache-control']).toBe('no-store');
    // An HTML file of the build opens sandboxed, so its script cannot use her session.
    expect(String((await open(`${base}steal.html`)).headers['content-security-policy'])).toMatch(/^sandbox /);

    // Not for a visitor or another user, even with the address.
    expect((await open(url)).statusCode).toBe(401);
    expect((await open(url, stranger)).statusCode).toBe(403);
    // The live site is unchanged.
    expect(configOf((await open('/')).body).remotes['public-site']).not.toContain(version);

    // Expired: neither the page nor its files.
    clock += PREVIEW_TTL_MS;
    expect((await open(url, admin)).statusCode).toBe(404);
    expect((await open(`${base}remoteEntry.js`)).statusCode).toBe(404);
  });

  test('a forged or altered address is refused', async () => {
    await goLive(await upload('live'));
    const version = await upload('next');
    const other = await upload('other');
    const { url } = (await askPreview(version)).json() as { url: string };
    const tokenOf = (u: string) => decodeURIComponent(u.split('studio-preview=')[1] ?? '');
    const good = tokenOf(url);
    const [remote, , expires, signature] = good.split('.') as [string, string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const forged = [
      `${remote}.${other}.${expires}.${signature}`, // another version under her signature
      `${remote}.${version}.${Number(expires) + 3_600_000}.${signature}`, // a later expiry
      `${remote}.${version}.${expires}.${flipped}`, // an altered signature
      `admin-app.${version}.${expires}.${signature}`, // another remote
      `${remote}.${version}.${expires}.${'A'.repeat(43)}`,
    ];
    for (const bad of forged) {
      expect((await open(`/?studio-preview=${encodeURIComponent(bad)}`, admin)).statusCode).toBe(404);
      expect((await open(`/preview/${bad}/remoteEntry.js`)).statusCode).toBe(404);
    }
    expect((await open(`/preview/${good}/remoteEntry.js`)).statusCode).toBe(200);
  });
});

describe('subresource integrity', () => {
  test("the live version's manifest and entry are pinned in the shell's HTML with what was uploaded", async () => {
    const version = await upload('pinned');
    await goLive(version);
    const dir = path.join(t.dataDir, 'remotes', 'public-site', version);
    const page = (await open('/')).body;
    const base = `/remotes/public-site/v/${version}/`;
    expect(configOf(page).integrity).toEqual({
      [`${base}mf-manifest.json`]: sri(readFileSync(path.join(dir, 'mf-manifest.json'))),
      [`${base}remoteEntry.js`]: sri('/* entry pinned */'),
    });
  });

  test('a file changed, replaced or added on disk after the upload is refused by the server', async () => {
    const version = await upload('good');
    await goLive(version);
    const dir = path.join(t.dataDir, 'remotes', 'public-site', version);
    const url = (file: string) => `/remotes/public-site/v/${version}/${file}`;
    expect((await open(url('app.0123abcd.js'))).body).toBe('/* app good */');
    expect((await open(url('remoteEntry.js'))).statusCode).toBe(200);

    // Same length, other bytes, after it was served (and checked) once.
    writeFileSync(path.join(dir, 'app.0123abcd.js'), '/* app evil */');
    const changed = await open(url('app.0123abcd.js'));
    expect(changed.statusCode).toBe(500);
    expect(changed.body).not.toContain('evil');
    appendFileSync(path.join(dir, 'remoteEntry.js'), ';fetch("/api/admin/bookings")');
    expect((await open(url('remoteEntry.js'))).statusCode).toBe(500);
    // A precompressed copy slipped in beside a file would be sent instead of it to a browser that accepts it.
    writeFileSync(path.join(dir, 'mf-manifest.json.br'), 'not the upload');
    expect(
      (await t.app.inject({ url: url('mf-manifest.json'), headers: { 'accept-encoding': 'br' } })).statusCode,
    ).toBe(500);
    // A file that was never uploaded is not there.
    mkdirSync(path.join(dir, 'extra'));
    writeFileSync(path.join(dir, 'extra', 'added.js'), 'alert(1)');
    expect((await open(url('extra/added.js'))).statusCode).toBe(404);
    // The preview serves nothing changed either.
    const { url: previewUrl } = (await askPreview(version)).json() as { url: string };
    const base = configOf((await open(previewUrl, admin)).body).remotes['public-site']!.replace(
      /mf-manifest\.json$/,
      '',
    );
    expect((await open(`${base}app.0123abcd.js`)).statusCode).toBe(500);
  });
});
