// The test object every spec imports: baseURL is the server the global setup started.
import { test as base, expect, type Page, type Request } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { resolveLocalhostNames } from './localhost-names';

// Her origin is admin.localhost: the specs' own requests reach it as the browser does.
resolveLocalhostNames();

export const test = base.extend<{ adminURL: string }>({
  // Read at fixture time: the global setup sets it after the config was first evaluated.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  /** Her origin on the shared server: her dashboard and her API (/api/admin, /api/auth) answer only there. */
  adminURL: async ({}, use) => {
    const url = process.env.E2E_ADMIN_URL;
    if (!url) throw new Error('E2E_ADMIN_URL is not set: the global setup starts the server and sets it.');
    await use(url);
  },
});

export { expect };

/** Fails the test on any console error or uncaught page error. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Records the JavaScript a page load requests, with each file's gzip size (compressed here, deterministically). */
export function recordScripts(page: Page) {
  const scripts: Array<{ url: string; gzipBytes: number }> = [];
  const pending: Array<Promise<void>> = [];
  page.on('requestfinished', (request: Request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const response = await request.response();
        const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
        scripts.push({ url: request.url(), gzipBytes: gzipSync(body, { level: 9 }).length });
      })(),
    );
  });
  return {
    scripts,
    settled: () => Promise.all(pending).then(() => scripts),
    totalGzip: () => scripts.reduce((n, s) => n + s.gzipBytes, 0),
  };
}

/**
 * The scripts a server-rendered public page loads before any interaction: the island loader alone. The
 * shell's app (main.js) comes with the first interaction with an island.
 */
export const appLoaded = (page: Page) =>
  page.evaluate(() => [...document.scripts].some((s) => new URL(s.src || location.href).pathname === '/main.js'));

/**
 * Waits until React has taken over the page: the page's first heading carries React's fiber (a node still waiting for
 * its code does not). A server-rendered public page hydrates on the first interaction with one of its islands:
 * when its app has not started loading, the logo (an island on every page) gets the keyboard's focus first, as
 * when a visitor tabs to it, and gives it back. A click before hydration does nothing, as it would for a visitor.
 */
export async function waitForHydration(page: Page, selector = 'main h1, main h2'): Promise<void> {
  if (!(await appLoaded(page))) {
    await page.locator('header a.navbar-logo').focus();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  }
  await page.waitForFunction((s) => {
    const node = document.querySelector(s);
    return !!node && Object.keys(node).some((k) => k.startsWith('__reactFiber$'));
  }, selector);
}
