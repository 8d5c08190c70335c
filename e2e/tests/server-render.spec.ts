// The public pages are rendered on the server, read without JavaScript, and the browser takes
// the server's HTML over (hydration) without a warning, an error, a layout shift or a second fetch of their data.
import { test, expect, collectConsoleErrors, waitForHydration } from '../support/test';

const PAGES: Array<{ path: string; heading: RegExp | string; texts: string[] }> = [
  {
    path: '/',
    heading: 'Ava Monroe',
    texts: ['Photoshoot', 'Starting from $250', 'User-Generated Content', 'Brand Events &amp; Promotions'],
  },
  { path: '/portfolio', heading: 'Portfolio', texts: ['Runway', 'Comp Card', 'Digitals', 'Print'] },
  { path: '/portfolio/comp-card', heading: 'Comp Card', texts: ['Comp Card'] },
  { path: '/about', heading: 'About Ava', texts: ['I am a freelance model and UGC creator'] },
  { path: '/service/photoshoot', heading: 'Photoshoot', texts: ['Mini Session', '$250', 'Standard Session', '$450'] },
  { path: '/book-me', heading: 'Book a Session', texts: ['Full Name', 'Email Address', 'Service Type', 'Photoshoot'] },
];

test.describe('HTML as the server sends it', () => {
  for (const { path, texts } of PAGES) {
    test(`${path} carries its content and its data before any script runs`, async ({ request, baseURL }) => {
      const response = await request.get(`${baseURL}${path}`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const root = html.slice(html.indexOf('<div id="root">'));
      for (const text of texts) expect(root).toContain(text);
      expect(html).toContain('<script id="studio-data" type="application/json">');
      // The page's largest image (its LCP candidate) is fetched at high priority from the HTML's first bytes.
      if (path !== '/book-me') expect(html).toMatch(/<link rel="preload"[^>]*as="image"[^>]*fetchpriority="high"/i);
      expect(html).not.toContain('needs JavaScript');
    });
  }

  test('the portfolio lists its categories with their counts', async ({ request, baseURL }) => {
    const html = await (await request.get(`${baseURL}/portfolio`)).text();
    // Each category card names how many pieces it holds (the counts come from the content, not from a script).
    expect(html).toMatch(/Runway[\s\S]*?\d+\s*(<!-- -->)?\s*(items|looks|shows|pieces|images)/i);
  });

  test('an unknown address answers 404 with the styled not-found page', async ({ request, baseURL }) => {
    const response = await request.get(`${baseURL}/no-such-page`);
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html.slice(html.indexOf('<div id="root">'))).toMatch(/not found/i);
    expect(html).toContain('/remotes/public-site/ssr/styles.');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const { path, heading } of PAGES) {
    test(`${path} reads as a complete, styled page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      // The public site's stylesheet is there without its script: the navbar lays out in a row, cards are styled.
      const styled = await page.evaluate(() => getComputedStyle(document.querySelector('.navbar-links')!).display);
      expect(styled).toBe('flex');
      // In what the page shows, a <noscript>'s text included (getByText skips it).
      await expect(page.locator('body')).not.toContainText(/needs JavaScript/, { useInnerText: true });
    });
  }
});

test.describe('with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    // Layout shifts from the first paint on (an init script runs before the page's own; the CSP does not apply).
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) w.__cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
  });

  for (const { path, heading } of PAGES) {
    test(`${path} hydrates without a warning, an error, a layout shift or a refetch`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning' || /hydrat/i.test(m.text())) warnings.push(m.text());
      });
      const api: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/')) api.push(r.url());
      });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      // Hydrated: the navbar's link is the client router's (no new document is requested).
      const documents: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'document') documents.push(r.url());
      });
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(api).toEqual([]);
      expect(errors).toEqual([]);
      expect(warnings.filter((w) => /hydrat|did not match|server/i.test(w))).toEqual([]);
      expect(cls).toBeLessThanOrEqual(0.02);
      // Another page of the navbar (About, or Portfolio from /about), opened by the client router.
      const [link, next] = path === '/about' ? ['Portfolio', 'Portfolio'] : ['About', 'About Ava'];
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
      const nextHeading = page.getByRole('heading', { level: 1, name: next, exact: true });
      await expect(nextHeading).toBeVisible();
      // Focus follows the navigation to the new page's heading.
      await expect(nextHeading).toBeFocused();
      expect(documents).toEqual([]);
    });
  }
});
