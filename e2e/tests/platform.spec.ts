// The federated platform in a real Chromium: / loads no file of admin-app, a remote that cannot load offers Retry, a
// client route is the shell rendered by the remote, and a public-site deployed on its own changes what / shows.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, collectConsoleErrors, recordScripts, waitForHydration } from '../support/test';
import { REPO_ROOT, startServer } from '../support/server';

// Its size budget is budgets.spec.ts's, one per public route, of the script before any interaction.

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
  // And once the first interaction has loaded the app and the public-site remote: still nothing of admin-app.
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  expect(requested.some((u) => u.includes('/remotes/public-site/remoteEntry.js'))).toBe(true);
  expect(requested.filter((u) => u.includes('/remotes/admin-app/'))).toEqual([]);
  expect(errors).toEqual([]);
});

test('a remote that cannot be loaded shows the retry message, and Retry works once it can be', async ({ page }) => {
  let blocked = true;
  await page.route('**/remotes/public-site/**', (route) => (blocked ? route.abort('failed') : route.continue()));
  await page.goto('/');
  // The page reads without the remote until the first interaction with an island asks for it.
  await page.locator('header a.navbar-logo').focus();
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
      // The remote's code, which comes with the first interaction, is the new version's too.
      await waitForHydration(page);
      const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
      expect(loaded.some((u) => /\/remotes\/public-site-next\/.*remoteEntry\.js$/.test(u))).toBe(true);
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
