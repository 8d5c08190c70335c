// Issue 2 "Done when": the federated platform in a real Chromium.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, collectConsoleErrors, recordScripts } from '../support/test';
import { REPO_ROOT, startServer } from '../support/server';

// 130.7 KB measured before the architecture issue, plus the 3 KB it allowed the data layer (133.7 KB), plus 0.7 KB
// for the routes, the footer's loader and the hydration that the content, booking-lifecycle and server-rendering
// issues added to the shell and the remote's entry (134.3 KB measured when they landed), plus 0.1 KB for the
// booking lifecycle's second part: the http adapter's status Undo, move, search count and contact calls, and the
// remote entry's map naming the contact form's own chunk (134.43 KB measured). The shell's three timing constants
// then moved to their own subpath, so the first load no longer carries every field limit and contract constant
// (134.52 -> 134.00 KB measured): the budget follows it down. The Firebase home's sign-in (the form's branch that asks
// Firebase Auth for the link, the finish page's second link form, both loading the firebase package only on use)
// added 0.22 KB (134.22 KB measured). Issues 26 and 27 then added 3.3 KB, nearly all to the shell's main.js: the
// federation runtime's integrity plugin (the live entry and manifest pinned), the titles from the route registry set
// on every client navigation, the studio's day and first weekday from the page's configuration, her name from Site
// details, and "Sign in with passkey" first in the sign-in form (137.52 KB measured). The rest of issue 27 and issue 29
// added 0.94 KB to the shell: the sign-in form's "This is my device" choice carried through the link and passkey
// steps, and its words when the mail could not be sent (138.46 KB measured): 0.14 KB of headroom above it.
// Performance II (islands: no framework code before interaction on static routes) replaces this budget.
const FIRST_LOAD_BUDGET_KB = 138.6;

test('the first load of / shows the seeded services and requests no file of admin-app', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  const js = recordScripts(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Photoshoot' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Brand Events & Promotions' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const scripts = await js.settled();

  expect(requested.filter((u) => u.includes('/remotes/admin-app/'))).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
  const kb = js.totalGzip() / 1024;
  console.log(
    `First load of /: ${scripts.length} JS requests, ${kb.toFixed(2)} KB gzip (budget ${FIRST_LOAD_BUDGET_KB} KB)`,
  );
  expect(kb).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
  expect(errors).toEqual([]);
});

test('a remote that cannot be loaded shows the retry message, and Retry works once it can be', async ({ page }) => {
  let blocked = true;
  await page.route('**/remotes/public-site/**', (route) => (blocked ? route.abort('failed') : route.continue()));
  await page.goto('/');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This part of the site could not be loaded.');
  await expect(alert).toContainText('Check your connection, then try again.');

  blocked = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Photoshoot' })).toBeVisible();
  await expect(page.getByText('This part of the site could not be loaded.')).toHaveCount(0);
});

test('a client route is answered with the shell and rendered by the remote', async ({ page, baseURL }) => {
  const response = await page.request.get(`${baseURL}/portfolio/runway`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  expect(await response.text()).toContain('<div id="root">');
});

function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else out[path.relative(dir, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

test('a public-site rebuilt on its own and deployed under the running server changes what / shows, in the server-rendered HTML too, while the shell stays byte-identical', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const shellDir = path.join(REPO_ROOT, 'shell', 'dist');
  const shellBefore = hashTree(shellDir);

  // Rebuild only public-site, from a copy of its sources with one text changed, into a separate folder.
  const work = mkdtempSync(path.join(REPO_ROOT, 'public-site', '.rebuild-'));
  const outDir = mkdtempSync(path.join(tmpdir(), 'public-site-next-'));
  const liveDir = mkdtempSync(path.join(tmpdir(), 'public-site-live-'));
  try {
    cpSync(path.join(REPO_ROOT, 'public-site', 'src'), path.join(work, 'src'), { recursive: true });
    const messagesFile = path.join(work, 'src', 'messages.ts');
    const original = readFileSync(messagesFile, 'utf8');
    const changed = original.replace("servicesTitle: 'Services'", "servicesTitle: 'Services, redeployed'");
    expect(changed).not.toBe(original);
    writeFileSync(messagesFile, changed);
    execFileSync(
      process.execPath,
      [
        require.resolve('webpack-cli/bin/cli.js'),
        '-c',
        path.join(REPO_ROOT, 'public-site', 'webpack.config.cjs'),
        '--mode',
        'production',
      ],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, STUDIO_OUT_DIR: outDir, STUDIO_APP_DIR: work },
        stdio: 'pipe',
      },
    );

    // The server runs on a deployed copy of today's public-site; the new build replaces it under the running server.
    cpSync(path.join(REPO_ROOT, 'public-site', 'dist'), liveDir, { recursive: true });
    const server = await startServer({ PUBLIC_SITE_DIR: liveDir, PUBLIC_SITE_PATH: '/remotes/public-site-next/' });
    const rootOf = async () => {
      const html = await (await page.request.get(`${server.url}/`)).text();
      return html.slice(html.indexOf('<div id="root">'));
    };
    try {
      const before = await rootOf();
      expect(before).toContain('>Services</h2>');
      expect(before).not.toContain('Services, redeployed');

      rmSync(liveDir, { recursive: true, force: true });
      cpSync(outDir, liveDir, { recursive: true });
      // The server-rendered HTML follows the new public-site at once: its server entry is the deployed one.
      expect(await rootOf()).toContain('>Services, redeployed</h2>');

      await page.goto(`${server.url}/`);
      await expect(page.getByRole('heading', { name: 'Services, redeployed' })).toBeVisible();
      const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
      expect(loaded.some((u) => u.includes('/remotes/public-site-next/'))).toBe(true);
    } finally {
      await server.stop();
    }
    expect(hashTree(shellDir)).toEqual(shellBefore);
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
    rmSync(liveDir, { recursive: true, force: true });
  }
});
