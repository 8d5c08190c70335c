// A production build with STUDIO_BACKEND=firebase: it succeeds, and a visitor's first load of `/` (measured in a
// real Chromium, every request outside this machine refused) carries firestore/lite and neither the full Firestore
// SDK, Firebase Auth, nor the http adapter. The full SDK and Auth must still be in the build, as lazy chunks.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

const ROOT = path.join(__dirname, '..', '..');
const CHROMIUM = '/usr/bin/chromium';

/** Strings only one piece of code contains (checked against the SDK builds by hand; see firebase/README.md). */
const MARKERS = {
  firestoreLite: 'firestore/lite',
  fullFirestore: 'WebChannel',
  auth: 'identitytoolkit',
  httpAdapter: '/api/portfolio/meta',
};

const FIREBASE_ENV = {
  STUDIO_BACKEND: 'firebase',
  FIREBASE_API_KEY: 'demo-api-key',
  FIREBASE_AUTH_DOMAIN: 'demo-studio.firebaseapp.com',
  FIREBASE_PROJECT_ID: 'demo-studio',
  FIREBASE_STORAGE_BUCKET: 'demo-studio.appspot.com',
  FIREBASE_MESSAGING_SENDER_ID: '1',
  FIREBASE_APP_ID: '1:1:web:1',
};

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

function buildApp(app: string, outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(ROOT, 'node_modules', '.bin', 'webpack'),
      ['-c', 'webpack.config.cjs', '--mode', 'production'],
      {
        cwd: path.join(ROOT, app),
        env: { ...process.env, ...FIREBASE_ENV, STUDIO_OUT_DIR: outDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${app} build failed (${code}):\n${output}`)),
    );
  });
}

/** Serves the shell at / (index.html with the runtime config for any route) and public-site under /remotes/. */
function serve(shellDir: string, publicDir: string): Promise<Server> {
  const config = JSON.stringify({
    remotes: {
      'public-site': '/remotes/public-site/mf-manifest.json',
      'admin-app': '/remotes/admin-app/mf-manifest.json',
    },
    modelName: 'Ava Monroe',
    backend: 'firebase',
  });
  const index = readFileSync(path.join(shellDir, 'index.html'), 'utf8').replace(
    /<script id="studio-config" type="application\/json">[\s\S]*?<\/script>/,
    `<script id="studio-config" type="application/json">${config}</script>`,
  );
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const [dir, rel] = url.pathname.startsWith('/remotes/public-site/')
      ? [publicDir, url.pathname.slice('/remotes/public-site/'.length)]
      : [shellDir, url.pathname.slice(1)];
    const file = path.join(dir, path.normalize(rel));
    if (rel && file.startsWith(dir) && existsSync(file)) {
      response.writeHead(200, { 'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
      response.end(readFileSync(file));
    } else if (!path.extname(url.pathname)) {
      response.writeHead(200, { 'Content-Type': CONTENT_TYPES['.html'] });
      response.end(index);
    } else {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const containing = (dir: string, marker: string) =>
  readdirSync(dir).filter((f) => f.endsWith('.js') && readFileSync(path.join(dir, f), 'utf8').includes(marker));

describe('the firebase build', () => {
  let out: string;
  let server: Server | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    out = mkdtempSync(path.join(tmpdir(), 'studio-firebase-build-'));
    await Promise.all([
      buildApp('shell', path.join(out, 'shell')),
      buildApp('public-site', path.join(out, 'public-site')),
    ]);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    rmSync(out, { recursive: true, force: true });
  });

  it('holds the firebase adapter only, in the shell: lite, and full Firestore and Auth as separate lazy chunks', () => {
    // The remotes reach the backend through the shell's BackendProvider, so public-site bundles no adapter at all.
    const remote = path.join(out, 'public-site');
    for (const marker of Object.values(MARKERS)) expect(containing(remote, marker)).toEqual([]);
    for (const app of ['shell']) {
      const dir = path.join(out, app);
      expect(containing(dir, MARKERS.httpAdapter)).toEqual([]);
      expect(containing(dir, MARKERS.firestoreLite).length).toBeGreaterThan(0);
      // The full SDK is built (for the admin's live queries) but never into the chunk that carries lite.
      const full = containing(dir, MARKERS.fullFirestore);
      expect(full.length).toBeGreaterThan(0);
      expect(full.filter((f) => containing(dir, MARKERS.firestoreLite).includes(f))).toEqual([]);
      expect(containing(dir, MARKERS.auth).length).toBeGreaterThan(0);
    }
  });

  it("a visitor's first load of / has firestore/lite and neither full Firestore, Auth nor the http adapter", async () => {
    server = await serve(path.join(out, 'shell'), path.join(out, 'public-site'));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const page = await browser.newPage();
    const outside: string[] = [];
    // Firestore's own hosts are refused: the page must render its error state, and nothing may leave the machine.
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(origin)) return route.continue();
      outside.push(route.request().url());
      return route.abort();
    });
    const scripts: Array<{ url: string; body: string }> = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push({ url: response.url(), body: (await response.body()).toString('utf8') });
      }
    });
    await page.goto(`${origin}/`);
    await page.waitForLoadState('networkidle');
    // The home page asked Firestore for the services (through firestore/lite's REST call).
    expect(outside.some((u) => u.includes('firestore.googleapis.com'))).toBe(true);

    const has = (marker: string) => scripts.filter((s) => s.body.includes(marker)).map((s) => s.url);
    expect(has(MARKERS.firestoreLite).length).toBeGreaterThan(0);
    expect(has(MARKERS.fullFirestore)).toEqual([]);
    expect(has(MARKERS.auth)).toEqual([]);
    expect(has(MARKERS.httpAdapter)).toEqual([]);

    const gzipBytes = scripts.reduce((n, s) => n + gzipSync(Buffer.from(s.body), { level: 9 }).length, 0);
    console.log(`firebase build, first load of /: ${scripts.length} scripts, ${gzipBytes} bytes gzip`);
    console.log(scripts.map((s) => `${s.url} ${gzipSync(Buffer.from(s.body), { level: 9 }).length}`).join('\n'));
    // Measured 229,796 bytes with firebase app + firestore/lite at 34 KB of it; the budget leaves room for content.
    expect(gzipBytes).toBeLessThan(240 * 1024);
  }, 60_000);
});
