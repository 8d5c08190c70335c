// The Firebase home's sign-in keeps the firebase package out of a visitor's first load: a production build of the
// shell, served with the runtime config the server writes on that home (the web config), opened in a real Chromium
// with every request outside this machine refused. The first load of `/` fetches no script holding Firebase Auth, nor
// does the sign-in form, even when it asks for a link (the server makes and mails it: POST /api/auth/link); only
// /finishSignIn with Firebase's link, which spends it in the browser, fetches it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const ROOT = path.join(__dirname, '..', '..');
const CHROMIUM = '/usr/bin/chromium';
/** Firebase Auth's REST host, named in its code and nowhere else in the shell. */
const AUTH_MARKER = 'identitytoolkit';

function buildShell(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(ROOT, 'node_modules', '.bin', 'webpack'),
      ['-c', 'webpack.config.cjs', '--mode', 'production'],
      {
        cwd: path.join(ROOT, 'shell'),
        env: { ...process.env, STUDIO_OUT_DIR: outDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`shell build failed (${code}):\n${output}`)),
    );
  });
}

/** The shell's files, index.html with the Firebase home's runtime config for any route, and a 404 for the API. */
function serve(shellDir: string): Promise<Server> {
  const config = JSON.stringify({
    remotes: {
      'public-site': '/remotes/public-site/mf-manifest.json',
      'admin-app': '/remotes/admin-app/mf-manifest.json',
    },
    modelName: 'Ava Monroe',
    firebase: {
      webConfig: { apiKey: 'demo-api-key', authDomain: 'demo-studio.firebaseapp.com', projectId: 'demo-studio' },
    },
  });
  const index = readFileSync(path.join(shellDir, 'index.html'), 'utf8').replace(
    /<script id="studio-config" type="application\/json">[\s\S]*?<\/script>/,
    `<script id="studio-config" type="application/json">${config}</script>`,
  );
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const rel = url.pathname.slice(1);
    const file = path.join(shellDir, path.normalize(rel));
    if (rel && file.startsWith(shellDir) && existsSync(file)) {
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'application/json';
      response.writeHead(200, { 'Content-Type': type }).end(readFileSync(file));
    } else if (
      !path.extname(url.pathname) &&
      !url.pathname.startsWith('/api/') &&
      !url.pathname.startsWith('/remotes/')
    ) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(index);
    } else {
      response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message":"Not found"}');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe("the Firebase home's sign-in and a visitor's first load", () => {
  let out: string;
  let server: Server;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    out = mkdtempSync(path.join(tmpdir(), 'studio-sign-in-build-'));
    await buildShell(path.join(out, 'shell'));
    server = await serve(path.join(out, 'shell'));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
    });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    rmSync(out, { recursive: true, force: true });
  });

  /** A page that refuses every request leaving this machine and lists the scripts holding Firebase Auth. */
  async function open(url: string): Promise<{ page: Page; authScripts: () => Promise<string[]> }> {
    const page = await browser.newPage();
    await page.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
    const found: string[] = [];
    // Each script's body is read after its response event: the list is complete only once every read has finished
    // (on a loaded machine a read can end after the network is idle). A script that arrives after the test's last
    // look (a chunk prefetched while the page closes) cannot be read any more; it is outside what the test asserts.
    const reads: Array<Promise<void>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      reads.push(
        response.body().then(
          (body) => {
            if (body.toString('utf8').includes(AUTH_MARKER)) found.push(response.url());
          },
          (error: unknown) => {
            if (!page.isClosed()) throw error;
          },
        ),
      );
    });
    await page.goto(`${origin}${url}`);
    await page.waitForLoadState('networkidle');
    const authScripts = async () => {
      await page.waitForLoadState('networkidle');
      await Promise.all(reads);
      return [...found];
    };
    return { page, authScripts };
  }

  it('the first load of / fetches no Firebase, nor does the sign-in form asking for a link', async () => {
    const { page, authScripts } = await open('/');
    expect(await authScripts()).toEqual([]);
    // The hidden form opens on three quick clicks on the logo (docs/product.md §2).
    await page.locator('.navbar-logo').click({ clickCount: 3 });
    const form = page.getByRole('form', { name: 'Admin sign-in' });
    await form.waitFor();
    // Asking for a link goes to the server (which answers 404 here, so the form says it failed): the form's whole
    // path has run once its answer shows, and it fetched nothing of Firebase.
    await form.getByRole('textbox', { name: 'Email' }).fill('ava@example.com');
    await form.getByRole('button', { name: 'Send Link' }).click();
    await form.getByRole('alert').waitFor();
    expect(await authScripts()).toEqual([]);
    await page.close();
  }, 60_000);

  it("/finishSignIn with Firebase's link fetches it, and asks for the address on another device", async () => {
    const { page, authScripts } = await open('/finishSignIn?mode=signIn&oobCode=code&apiKey=demo-api-key');
    await page.getByRole('textbox', { name: 'Email' }).waitFor();
    expect((await authScripts()).length).toBeGreaterThan(0);
    await page.close();
  }, 60_000);
});
