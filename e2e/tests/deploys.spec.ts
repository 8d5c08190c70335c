// A remote deployed on its own to the running site, in a real Chromium. A visitor has / open;
// public-site v2 (another text) is deployed with `npm run deploy` while browser pages and HTTP clients load it; new loads
// show v2, the open page goes on working on v1, no request fails, no page mixes v1 and v2 chunks; `npm run deploy --
// rollback` brings v1 back in one step; the shell's files stay byte-identical throughout.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { test, expect, waitForHydration } from '../support/test';
import { REPO_ROOT, startServer, type RunningServer } from '../support/server';
import { studioCli } from '../support/studio-cli';

const run = promisify(execFile);
const VERSION_IN_URL = /\/remotes\/public-site\/v\/([0-9a-f]{16})\//;
const V1_HEADING = { name: 'Services', exact: true } as const;
const V2_TEXT = 'Services, redeployed';

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

/** Builds public-site from a copy of its sources with the services title changed, into `outDir`. */
async function buildPublicSiteV2(outDir: string) {
  const work = mkdtempSync(path.join(REPO_ROOT, 'public-site', '.rebuild-'));
  try {
    cpSync(path.join(REPO_ROOT, 'public-site', 'src'), path.join(work, 'src'), { recursive: true });
    const messagesFile = path.join(work, 'src', 'messages.ts');
    const original = readFileSync(messagesFile, 'utf8');
    const changed = original.replace("servicesTitle: 'Services'", `servicesTitle: '${V2_TEXT}'`);
    expect(changed).not.toBe(original);
    writeFileSync(messagesFile, changed);
    await run(
      process.execPath,
      [
        require.resolve('webpack-cli/bin/cli.js'),
        '-c',
        path.join(REPO_ROOT, 'public-site', 'webpack.config.cjs'),
        '--mode',
        'production',
      ],
      { cwd: REPO_ROOT, env: { ...process.env, STUDIO_OUT_DIR: outDir, STUDIO_APP_DIR: work } },
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** What one page requested: every URL, the remote versions among them, and anything that failed. */
function watch(page: Page) {
  const urls: string[] = [];
  const failures: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  page.on('requestfailed', (r) => failures.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.url()} ${r.status()}`);
  });
  page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
  return {
    urls,
    failures,
    versions: () => new Set(urls.map((u) => VERSION_IN_URL.exec(u)?.[1]).filter(Boolean)),
  };
}

let server: RunningServer;
let v2Dir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  v2Dir = mkdtempSync(path.join(tmpdir(), 'public-site-v2-'));
  await buildPublicSiteV2(v2Dir);
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(v2Dir, { recursive: true, force: true });
});

/**
 * HTTP clients doing what a page load does, without a browser, as fast as they can: the shell's HTML, then the
 * manifest it names, then the remoteEntry.js beside it. Counts the loads and anything not 200.
 */
function httpLoad(url: string, clients: number) {
  let stopped = false;
  const result = { loads: 0, failures: [] as string[], versions: new Set<string>() };
  const client = async () => {
    while (!stopped) {
      const html = await fetch(`${url}/`);
      const text = await html.text();
      const manifestUrl = /"public-site":"([^"]+)"/.exec(text)?.[1];
      if (html.status !== 200 || !manifestUrl) {
        result.failures.push(`/ ${html.status}`);
        continue;
      }
      const manifest = await fetch(`${url}${manifestUrl}`);
      const entry = await fetch(`${url}${manifestUrl.replace('mf-manifest.json', 'remoteEntry.js')}`);
      await Promise.all([manifest.arrayBuffer(), entry.arrayBuffer()]);
      if (manifest.status !== 200) result.failures.push(`${manifestUrl} ${manifest.status}`);
      if (entry.status !== 200) result.failures.push(`remoteEntry.js ${entry.status}`);
      const version = VERSION_IN_URL.exec(manifestUrl)?.[1];
      if (version) result.versions.add(version);
      result.loads += 1;
    }
  };
  const done = Promise.all(Array.from({ length: clients }, client));
  return {
    result,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** Loads / in fresh pages, one after another, until stopped; each page's record is kept. */
function loadLoop(browser: Browser, url: string) {
  const pages: Array<{ text: string; versions: Set<string | undefined>; failures: string[] }> = [];
  let stopped = false;
  const done = (async () => {
    const context = await browser.newContext();
    while (!stopped) {
      const page = await context.newPage();
      const seen = watch(page);
      await page.goto(url);
      const heading = page.getByRole('heading', { name: /^Services/ }).first();
      await expect(heading).toBeVisible();
      await page.waitForLoadState('networkidle');
      pages.push({ text: (await heading.textContent()) ?? '', versions: seen.versions(), failures: seen.failures });
      await page.close();
    }
    await context.close();
  })();
  return {
    pages,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

test('public-site v2 deployed with the command while pages load: new loads get v2 whole, the open page keeps v1, rollback is one step', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const shellDir = path.join(REPO_ROOT, 'shell', 'dist');
  const shellBefore = hashTree(shellDir);
  const mainJsBefore = Buffer.from(await (await fetch(`${server.url}/main.js`)).arrayBuffer());

  const issued = await studioCli('admin', ['deploy-token', 'public-site', '--label', 'public-site CI'], {
    DATA_DIR: server.dataDir,
  });
  const token = /studio_deploy_[A-Za-z0-9_-]{43}/.exec(issued)?.[0];
  expect(token).toBeDefined();
  const deployEnv = { STUDIO_URL: server.url, STUDIO_DEPLOY_TOKEN: token!, STUDIO_DEPLOYER: 'e2e' };

  // v1: today's build, deployed with the command.
  const v1Out = await studioCli('deploy', ['public-site', path.join(REPO_ROOT, 'public-site', 'dist')], deployEnv);
  const v1 = /Version ([0-9a-f]{16})/.exec(v1Out)?.[1];
  expect(v1Out).toContain(`public-site ${v1} is live (was the build output)`);

  // The visitor's open page, on v1, its app running (a server-rendered page loads the app on the first
  // interaction): from here on it navigates in the app, on v1's files.
  const visitor = watch(page);
  await page.goto(`${server.url}/`);
  await expect(page.getByRole('heading', V1_HEADING)).toBeVisible();
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  expect([...visitor.versions()]).toEqual([v1]);

  // Load: browser page loads one after another, and four HTTP clients loading / and its remote as fast as they can.
  const loads = loadLoop(browser, `${server.url}/`);
  const http = httpLoad(server.url, 4);
  await expect.poll(() => loads.pages.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

  const v2Out = await studioCli('deploy', ['public-site', v2Dir], deployEnv);
  const v2 = /Version ([0-9a-f]{16})/.exec(v2Out)?.[1];
  expect(v2).not.toBe(v1);
  expect(v2Out).toContain(`public-site ${v2} is live (was ${v1})`);

  // New loads show v2.
  await expect
    .poll(() => loads.pages.filter((p) => p.text === V2_TEXT).length, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(2);
  await loads.stop();
  await http.stop();

  // No request of the load failed, and no page mixed versions: each named exactly one, and once one page had v2,
  // every later page had v2 too.
  for (const p of loads.pages) {
    expect(p.failures).toEqual([]);
    expect(p.versions.size).toBe(1);
    const [version] = [...p.versions];
    expect(version).toBe(p.text === V2_TEXT ? v2 : v1);
  }
  const firstV2 = loads.pages.findIndex((p) => p.text === V2_TEXT);
  expect(loads.pages.slice(firstV2).every((p) => p.text === V2_TEXT)).toBe(true);
  expect(http.result.failures).toEqual([]);
  expect([...http.result.versions].sort()).toEqual([v1, v2].sort());
  console.log(
    `Deploy under load: ${loads.pages.length} browser page loads (${loads.pages.length - firstV2} on v2), ` +
      `${http.result.loads} HTTP loads (HTML, manifest, remoteEntry.js), none failed`,
  );

  // The open page keeps working on v1: it navigates, loading v1's lazy chunks from v1's folder.
  const before = visitor.urls.length;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolio' }).click();
  await expect(page.getByRole('heading', { name: 'Portfolio', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', V1_HEADING)).toBeVisible();
  expect(visitor.urls.slice(before).some((u) => u.includes(`/remotes/public-site/v/${v1}/`))).toBe(true);
  expect([...visitor.versions()]).toEqual([v1]);
  expect(visitor.failures).toEqual([]);

  // Rollback: one command, and the next load is v1 again.
  const back = await studioCli('deploy', ['rollback', 'public-site'], deployEnv);
  expect(back).toContain(`public-site ${v1} is live (was ${v2})`);
  const fresh = await browser.newPage();
  const freshSeen = watch(fresh);
  await fresh.goto(`${server.url}/`);
  await expect(fresh.getByRole('heading', V1_HEADING)).toBeVisible();
  await fresh.waitForLoadState('networkidle');
  expect([...freshSeen.versions()]).toEqual([v1]);
  expect(freshSeen.failures).toEqual([]);
  await fresh.close();

  // The shell never changed: its build folder and the bytes it is served with.
  expect(hashTree(shellDir)).toEqual(shellBefore);
  const mainJsAfter = Buffer.from(await (await fetch(`${server.url}/main.js`)).arrayBuffer());
  expect(mainJsAfter.equals(mainJsBefore)).toBe(true);
});
