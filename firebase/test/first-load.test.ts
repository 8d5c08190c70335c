// `npm run deploy:firebase -- --dry-run` end to end (everything but the calls to Google), and what a visitor's first
// page downloads from the build it makes. The Firebase home has no build of its own: the deploy builds the same web
// apps as the embedded home (into a folder of this test's own, STUDIO_WEB_DIST), the browser talks to the server
// through the http adapter in both homes, and the page is the server's. The first load is measured in a real
// Chromium against the server (run from its source) on that build, every request outside this machine refused.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

const ROOT = path.join(__dirname, '..', '..');
const DEPLOY = path.join(ROOT, 'firebase', 'scripts', 'deploy.mjs');
const HOSTING_DIR = path.join(ROOT, 'firebase', 'hosting');
const FUNCTIONS_DIR = path.join(ROOT, 'firebase', 'functions');
const CHROMIUM = '/usr/bin/chromium';
const PROJECT = 'demo-dry-run';
const ENV_FILE = path.join(FUNCTIONS_DIR, `.env.${PROJECT}`);
const MODEL_NAME = 'Dry Run Model';
const ORIGIN = `https://${PROJECT}.web.app`;

/** Code of the Firebase SDKs: none of it may reach a visitor's first page (sign-in loads Auth on its own). */
const SDK_MARKERS = { firestore: 'firestore.googleapis.com', auth: 'identitytoolkit', storage: 'firebasestorage' };
const HTTP_ADAPTER = '/api/portfolio/meta';

const CONFIG = [
  `MODEL_NAME="${MODEL_NAME}"`,
  'ADMIN_EMAIL=admin@example.com',
  `PUBLIC_ORIGIN=${ORIGIN}`,
  `ADMIN_ORIGIN=https://${PROJECT}-admin.web.app`,
  'SMTP_URL=smtps://user@smtp.example.com:465',
  `FIREBASE_WEB_CONFIG='{"apiKey":"demo-key","authDomain":"${PROJECT}.firebaseapp.com","projectId":"${PROJECT}","appId":"1:1:web:1"}'`,
  '',
].join('\n');

let web: string;
let dryRun: { status: number | null; stdout: string; stderr: string };

function deploy(args: string[], env: NodeJS.ProcessEnv = {}) {
  const run = spawnSync(process.execPath, [DEPLOY, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...process.env, FIREBASE_PROJECT: '', STUDIO_FIREBASERC: '/nonexistent/.firebaserc', ...env },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

beforeAll(() => {
  web = mkdtempSync(path.join(tmpdir(), 'studio-firebase-web-'));
  writeFileSync(ENV_FILE, CONFIG);
  dryRun = deploy(['--project', PROJECT, '--dry-run'], { STUDIO_WEB_DIST: web });
}, 300_000);

afterAll(() => {
  rmSync(ENV_FILE, { force: true });
  rmSync(web, { recursive: true, force: true });
});

describe('npm run deploy:firebase checks before it builds', () => {
  it('without a project id it says where to put one, and builds nothing', () => {
    const run = deploy(['--dry-run']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('No Firebase project id. Name it with `npm run deploy:firebase -- --project <id>`');
    expect(run.stdout).not.toMatch(/web build|app function/);
  });

  it('without the project’s configuration it names the file to write, and builds nothing', () => {
    const run = deploy(['--project', 'demo-unconfigured', '--dry-run']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'No configuration for demo-unconfigured: copy firebase/functions/.env.example to firebase/functions/.env.demo-unconfigured',
    );
    expect(run.stdout).not.toMatch(/web build|app function/);
  });

  it('names every missing value at once; Twilio only when SMS is configured', () => {
    const file = path.join(FUNCTIONS_DIR, '.env.demo-incomplete');
    try {
      writeFileSync(file, 'MODEL_NAME=\nPUBLIC_ORIGIN=http://insecure.example\n');
      const run = deploy(['--project', 'demo-incomplete', '--dry-run']);
      expect(run.status).toBe(1);
      for (const name of [
        'MODEL_NAME',
        'ADMIN_EMAIL',
        'PUBLIC_ORIGIN',
        'ADMIN_ORIGIN',
        'SMTP_URL',
        'FIREBASE_WEB_CONFIG',
      ]) {
        expect(run.stderr).toContain(`  - ${name}:`);
      }
      expect(run.stderr).not.toContain('TWILIO');
      expect(run.stdout).not.toMatch(/web build|app function/);

      writeFileSync(file, `${CONFIG.replaceAll(PROJECT, 'demo-incomplete')}SMS_ENABLED=true\n`);
      const sms = deploy(['--project', 'demo-incomplete', '--dry-run']);
      expect(sms.status).toBe(1);
      expect(sms.stderr).toContain('  - TWILIO_ACCOUNT_SID:');
      expect(sms.stderr).toContain('  - TWILIO_FROM:');
    } finally {
      rmSync(file, { force: true });
    }
  });
});

describe('the dry run', () => {
  it('builds everything, asks for no Twilio value with SMS off, and stops before the Google calls', () => {
    expect(dryRun.stderr).not.toMatch(/needs:|failed/);
    expect(dryRun.status).toBe(0);
    expect(dryRun.stdout).toContain(
      `Deploying the Firebase home to ${PROJECT} (firebase/functions/.env.${PROJECT}; SMS off)`,
    );
    // Each Hosting target names its site before the deploy: the public pages and her account's own origin.
    expect(dryRun.stdout).toContain(
      `dry run: not run: firebase target:apply hosting public ${PROJECT} --project ${PROJECT}`,
    );
    expect(dryRun.stdout).toContain(
      `dry run: not run: firebase target:apply hosting admin ${PROJECT}-admin --project ${PROJECT}`,
    );
    expect(dryRun.stdout).toContain(
      `dry run: everything is built; not run: firebase deploy --only firestore:rules,firestore:indexes,storage,functions,hosting --project ${PROJECT}`,
    );
  });

  it('Hosting gets browser files only; the function gets the server and the files it renders pages from', () => {
    const published = readdirSync(HOSTING_DIR, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(HOSTING_DIR, path.join(e.parentPath, e.name)));
    expect(published).toEqual(
      expect.arrayContaining(['main.js', 'remotes/public-site/mf-manifest.json', 'robots.txt']),
    );
    expect(published.filter((f) => /(^|\/)ssr\/|^index\.html$|\.(br|gz)$/.test(f))).toEqual([]);
    expect(readFileSync(path.join(HOSTING_DIR, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const f of [
      'lib/index.js',
      'site/shell/index.html',
      'site/shell/ssr/index.js',
      'site/public-site/ssr/index.js',
    ])
      expect(existsSync(path.join(FUNCTIONS_DIR, f))).toBe(true);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('a visitor’s first load of the build', () => {
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  let dataDir: string;

  afterAll(async () => {
    await browser?.close();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is the server’s page with her name, and carries the http adapter and no Firebase SDK', async () => {
    expect(dryRun.status).toBe(0);
    dataDir = mkdtempSync(path.join(tmpdir(), 'studio-first-load-'));
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    server = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [path.join(ROOT, 'server', 'src', 'server.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: origin,
        DATA_DIR: dataDir,
        SHELL_DIR: path.join(web, 'shell'),
        PUBLIC_SITE_DIR: path.join(web, 'public-site'),
        ADMIN_APP_DIR: path.join(web, 'admin-app'),
        MODEL_NAME,
        LOG_LEVEL: 'warn',
        RENDER_IMAGES_AT_START: 'false',
      },
      stdio: 'ignore',
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ok = await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline || server.exitCode !== null) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

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
    expect(await page.title()).toContain(MODEL_NAME);
    expect(outside).toEqual([]);

    const gzipOf = (list: typeof scripts) =>
      list.reduce((n, s) => n + gzipSync(Buffer.from(s.body), { level: 9 }).length, 0);
    // Islands: before any interaction the page runs only the island loader, as on the embedded home.
    const beforeInteraction = gzipOf(scripts);
    console.log(`first load of / before interaction: ${scripts.length} scripts, ${beforeInteraction} bytes gzip`);
    expect(beforeInteraction).toBeLessThan(20 * 1024);

    // The first interaction with an island (the logo, focused as a keyboard visitor would) loads the app.
    await page.locator('header a.navbar-logo').focus();
    // Hydrated: React owns the logo (its props key on the element), so every file of the app has arrived.
    await page.waitForFunction(
      () => {
        const logo = document.querySelector('header a.navbar-logo');
        return logo !== null && Object.keys(logo).some((key) => key.startsWith('__reactProps$'));
      },
      undefined,
      { timeout: 30_000 },
    );
    await page.waitForLoadState('networkidle');
    const has = (marker: string) => scripts.filter((s) => s.body.includes(marker)).map((s) => s.url);
    for (const marker of Object.values(SDK_MARKERS)) expect(has(marker)).toEqual([]);
    expect(has(HTTP_ADAPTER).length).toBeGreaterThan(0);

    const gzipBytes = gzipOf(scripts);
    console.log(`first load of / once the app has loaded: ${scripts.length} scripts, ${gzipBytes} bytes gzip`);
    // Measured 137,209 bytes (the browser-side Firestore build was 229,796); a little room for content.
    expect(gzipBytes).toBeLessThan(160 * 1024);
  }, 120_000);
});
