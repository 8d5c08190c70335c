// The page passes: each route's cold load in Chromium at a phone profile, and Lighthouse's mobile preset.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROME, CHROME_ARGS, CPU_SLOWDOWN, PHONE, RUNS, log, median } from './bench-settings.mjs';
import { freePort, waitFor } from './processes.mjs';

const require = createRequire(import.meta.url);

/** Chromium as the browser passes drive it. */
export function launchChromium() {
  const { chromium } = require('playwright-core');
  return chromium.launch({ executablePath: CHROME, args: CHROME_ARGS });
}

/** A fresh context (cold cache) and its page at the phone profile, the CPU slowed CPU_SLOWDOWN times through CDP. */
export async function phonePage(browser) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

/**
 * One cold load of a route. Nothing here is an interaction: no pointer, touch, key, scroll or focus reaches the page, so
 * the scripts counted are those it loads before a visitor's first interaction, each body gzip-compressed at
 * level 9 as e2e/support/test.ts (recordScripts) counts them for the budget tests.
 */
async function measureRoute(browser, base, route) {
  const { context, page } = await phonePage(browser);
  const scripts = [];
  let imageBytes = 0;
  let requests = 0;
  const pending = [];
  // Requests can finish after the measurement (a late image, a prefetch): once it is taken, they are not read, and
  // every read still under way is awaited before the context closes. Reading a response of a closed context was the
  // bench's crash ('Target page, context or browser has been closed').
  let recording = true;
  page.on('requestfinished', (request) => {
    if (!recording) return;
    requests += 1;
    pending.push(
      (async () => {
        try {
          const response = await request.response();
          const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
          if (request.resourceType() === 'script')
            scripts.push({ url: request.url(), gzip: gzipSync(body, { level: 9 }).length });
          if (request.resourceType() === 'image')
            imageBytes += (await request.sizes().catch(() => null))?.responseBodySize ?? body.length;
        } catch {
          // The page went away mid-read: the request is counted, its body is not.
        }
      })(),
    );
  });
  await page.goto(`${base}${route}`, { waitUntil: 'load' });
  // With 4x CPU the network can be idle while main.js still runs: wait until the remote has drawn the page (no
  // loading state left in <main>), then for the network to settle.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => document.querySelector('main') && !document.querySelector('main .page-loading'),
    null,
    {
      timeout: 30_000,
    },
  );
  await page.waitForLoadState('networkidle');
  // LCP is final at the first input; reading it after the network is idle gives the candidate a user would see.
  // A buffered observer gets every candidate so far in its first callback.
  const lcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
        setTimeout(() => resolve(0), 3000);
      }),
  );
  recording = false;
  await Promise.allSettled(pending);
  await context.close();
  const jsGzip = scripts.reduce((n, s) => n + s.gzip, 0);
  return {
    route,
    jsGzipBytes: jsGzip,
    jsRequests: scripts.length,
    requests,
    imageBytes,
    lcpMs: Math.round(lcp),
    scripts,
  };
}

export async function browserPass(base, routes) {
  const browser = await launchChromium();
  try {
    // A throw-away load of each route warms the server (SQLite pages, file cache, the images those pages use) so
    // what is measured is a visitor's cold browser against a warm server.
    for (const route of routes) await measureRoute(browser, base, route);
    const out = [];
    for (const route of routes) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await measureRoute(browser, base, route));
      // The bytes and requests are the same every run; LCP varies on a shared machine: its median is reported.
      out.push({ ...runs[0], lcpMs: median(runs.map((r) => r.lcpMs)), lcpRunsMs: runs.map((r) => r.lcpMs) });
    }
    return out;
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run of a page (mobile preset); a trace that comes back unusable is taken again, up to 3 times. */
async function lighthouseRun(lighthouse, port, base, route) {
  let lhr;
  // A trace can come back unusable (NO_NAVSTART and the like, more often on a busy machine): run that page again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    // The default configuration is Lighthouse's mobile preset (Moto G Power, simulated slow 4G, 4x CPU).
    lhr = (
      await lighthouse(`${base}${route}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
    ).lhr;
    if (!lhr.runtimeError) break;
    log(`lighthouse ${route}: ${lhr.runtimeError.code}, again`);
  }
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
    fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
    cls: Number((lhr.audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)),
    runtimeError: lhr.runtimeError?.code,
  };
}

export async function lighthousePass(base, routes) {
  const { default: lighthouse } = await import('lighthouse');
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-chrome-'));
  const chrome = spawn(
    CHROME,
    [...CHROME_ARGS, '--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: 'ignore',
    },
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/json/version`, chrome, () => 'chromium did not start');
    const out = [];
    for (const route of routes) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await lighthouseRun(lighthouse, port, base, route));
      const ok = runs.filter((r) => !r.runtimeError);
      const use = ok.length > 0 ? ok : runs;
      const mid = (key) => median(use.map((r) => r[key]));
      out.push({
        route,
        runs: use.length,
        score: mid('score'),
        lcpMs: mid('lcpMs'),
        fcpMs: mid('fcpMs'),
        tbtMs: mid('tbtMs'),
        cls: mid('cls'),
        scores: runs.map((r) => r.score),
        runtimeError: ok.length > 0 ? undefined : runs[0].runtimeError,
      });
      log(`lighthouse ${route}: median of ${use.length}: ${out.at(-1).score}, LCP ${out.at(-1).lcpMs} ms`);
    }
    return out;
  } finally {
    await new Promise((resolve) => {
      if (chrome.exitCode !== null) return resolve();
      chrome.once('exit', resolve);
      chrome.kill('SIGTERM');
    });
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  }
}
