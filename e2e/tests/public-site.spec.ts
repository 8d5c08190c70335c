// Every public route at a phone and a desktop width, light and dark, with no console error and
// no serious or critical accessibility violation; the carousel; the theme toggle across reloads without a flash.
import AxeBuilder from '@axe-core/playwright';
import type { ConsoleMessage, Page } from '@playwright/test';
import { test, expect, waitForHydration } from '../support/test';

const EMBED_SCRIPT = 'https://www.instagram.com/embed.js';

interface RouteCase {
  path: string;
  /** A heading the page shows once loaded. */
  heading: string | RegExp;
  /** A request the route makes on purpose that the server answers with 404 (logged by Chromium itself). */
  expected404?: string;
}

const ROUTES: RouteCase[] = [
  { path: '/', heading: 'Photoshoot' },
  { path: '/portfolio', heading: 'Portfolio' },
  { path: '/portfolio/comp-card', heading: 'Comp Card' },
  { path: '/portfolio/digitals', heading: 'Digitals' },
  { path: '/portfolio/runway', heading: 'Phoenix Fashion Week' },
  { path: '/portfolio/runway?show=scottsdale-couture', heading: 'Scottsdale Couture Night' },
  { path: '/portfolio/print', heading: 'Editorial' },
  { path: '/portfolio/print/editorial', heading: 'Editorial' },
  { path: '/portfolio/ugc', heading: 'UGC' },
  { path: '/portfolio/sonoran-editorial', heading: 'Sonoran Editorial' },
  { path: '/service/photoshoot', heading: 'Photoshoot' },
  { path: '/about', heading: 'About Ava' },
  // An id that is neither a section nor a project: the server answers the page with 404 ('Section not found' is
  // rendered there, so the browser makes no project look-up of its own).
  { path: '/portfolio/backstage', heading: 'Section not found', expected404: '/portfolio/backstage' },
  { path: '/no-such-page', heading: 'Page not found', expected404: '/no-such-page' },
];

/** Console errors and page errors, minus the 404 of a look-up the route makes on purpose. */
function watchConsole(page: Page, allowed404: () => string | undefined) {
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() !== 'error') return;
    const allowed = allowed404();
    if (allowed && m.text().includes('404') && m.location().url.endsWith(allowed)) return;
    errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * This machine has no internet: Chromium logs any failed third-party request as a console error on its own, which
 * no page code can silence. The sweep serves Instagram's embed script as an empty file (it loads and embeds
 * nothing, so the reels stay links); the offline behaviour itself is checked in its own test below.
 */
async function stubEmbedScript(page: Page, requested: string[] = []) {
  await page.route(`${EMBED_SCRIPT}*`, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// In groups of five routes, so each test stays well inside its time limit on a slow machine.
const ROUTE_GROUPS = [ROUTES.slice(0, 5), ROUTES.slice(5, 10), ROUTES.slice(10)];

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    ROUTE_GROUPS.forEach((group) => {
      test(`public routes ${group.map((r) => r.path).join(' ')} at ${width} px in ${colorScheme} mode: no console error, no serious axe violation`, async ({
        browser,
        baseURL,
      }) => {
        test.setTimeout(120_000);
        const context = await browser.newContext({
          baseURL,
          colorScheme,
          viewport: { width, height: width === 390 ? 844 : 900 },
        });
        const page = await context.newPage();
        let current: RouteCase | undefined;
        const errors = watchConsole(page, () => current?.expected404);
        await stubEmbedScript(page);
        const report: string[] = [];
        for (const route of group) {
          current = route;
          const response = await page.goto(route.path);
          // The server answers an address no route knows, or whose content does not exist, with a 404 (the same page,
          // showing the not-found screen).
          expect(response?.status(), route.path).toBe(route.expected404 === route.path ? 404 : 200);
          await expect(page.getByRole('heading', { name: route.heading }).first()).toBeVisible();
          await page.waitForLoadState('load');
          const violations = await seriousViolations(page);
          if (violations.length) report.push(`${route.path}:\n  ${violations.join('\n  ')}`);
          // The page has no horizontal scroll at this width.
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${route.path} scrolls sideways`).toBeLessThanOrEqual(0);
        }
        expect(report).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });
    });
  }
}

test('the carousel opens, wraps from the last image to the first, counts, and closes on Escape', async ({ page }) => {
  const errors = watchConsole(page, () => undefined);
  await page.goto('/portfolio/print/editorial');
  await waitForHydration(page);
  const tiles = page.getByRole('button', { name: /in the viewer$/ });
  await expect(tiles).toHaveCount(3);
  const last = tiles.nth(2);
  await last.click();
  const dialog = page.getByRole('dialog', { name: 'Image viewer' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('3 / 3')).toBeVisible();
  await dialog.getByRole('button', { name: 'Next image' }).click();
  await expect(dialog.getByText('1 / 3')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByText('3 / 3')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByText('2 / 3')).toBeVisible();
  // Focus stays in the dialog.
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(last).toBeFocused();
  expect(errors).toEqual([]);
});

test('the carousel code is not part of the home page load', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Photoshoot' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const home = new Set(scripts);

  await page.goto('/portfolio/comp-card');
  await expect(page.getByRole('button', { name: /in the viewer$/ }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const beforeOpening = scripts.length;
  await page
    .getByRole('button', { name: /in the viewer$/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // Opening the viewer fetched its own chunk, which the home page never asked for.
  const viewerChunks = scripts.slice(beforeOpening);
  expect(viewerChunks.length).toBeGreaterThan(0);
  expect(viewerChunks.filter((u) => home.has(u))).toEqual([]);
});

test('videos are muted, loop, play inline and toggle on tap under a TAP TO PLAY overlay', async ({ page }) => {
  await page.goto('/portfolio/digitals');
  const video = page.locator('video').first();
  await expect(video).toHaveJSProperty('muted', true);
  await expect(video).toHaveJSProperty('loop', true);
  await expect(video).toHaveAttribute('playsinline', '');
  await expect(page.getByText('TAP TO PLAY').first()).toBeVisible();
  await page
    .getByRole('button', { name: /^TAP TO PLAY \(/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: /^Pause video:/ }).first()).toBeVisible();
  await expect(video).toHaveJSProperty('paused', false);
  await page
    .getByRole('button', { name: /^Pause video:/ })
    .first()
    .click();
  await expect(video).toHaveJSProperty('paused', true);
});

test('the UGC page alone requests the embed script; offline it shows the reels as links and waits to be online', async ({
  page,
}) => {
  const requested: string[] = [];
  await stubEmbedScript(page, requested);
  const errors = watchConsole(page, () => undefined);
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { name: 'UGC' })).toBeVisible();
  await page.goto('/portfolio/runway');
  await expect(page.getByRole('heading', { name: 'Phoenix Fashion Week' })).toBeVisible();
  expect(requested).toEqual([]);

  // The browser says it is offline (the site itself is still reachable, so the page can load its metadata). Set for
  // every page from here on: the portfolio's links are page loads until an island has loaded the app.
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false }),
  );
  await page.evaluate(() =>
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false }),
  );
  await page
    .getByRole('link', { name: 'Back to Portfolio' })
    .or(page.getByRole('link', { name: 'Portfolio' }))
    .first()
    .click();
  await page.getByRole('link', { name: 'UGC' }).click();
  const links = page.getByRole('link', { name: /Watch reel \d on Instagram/ });
  await expect(links).toHaveCount(3);
  await expect(links.first()).toHaveAttribute('href', /^https:\/\/www\.instagram\.com\/reel\//);
  // Near the reels, still offline: nothing is asked for.
  await links.last().scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  expect(requested).toEqual([]);

  // Back online: the page asks for the script, once.
  await page.evaluate(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true });
    window.dispatchEvent(new Event('online'));
  });
  await expect.poll(() => requested.length).toBe(1);
  await expect(links).toHaveCount(3);
  expect(errors).toEqual([]);
});

test('the theme toggle persists across reloads and is applied before the app script runs', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, colorScheme: 'light' });
  // Records <html data-theme> when parsing ends, before any deferred script (the app) runs.
  await context.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { themeAtParse: string | null }).themeAtParse =
          document.documentElement.getAttribute('data-theme');
      }
    });
  });
  const page = await context.newPage();
  const errors = watchConsole(page, () => undefined);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Photoshoot' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { themeAtParse: string | null }).themeAtParse)).toBeNull();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const lightBackground = await background();

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const darkBackground = await background();
  expect(darkBackground).not.toBe(lightBackground);

  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { themeAtParse: string | null }).themeAtParse)).toBe('dark');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  expect(await background()).toBe(darkBackground);

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { themeAtParse: string | null }).themeAtParse)).toBe('light');
  expect(errors).toEqual([]);
  await context.close();
});
