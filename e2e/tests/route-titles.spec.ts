// Every route of the registry (with sample parameters, and ids naming no content) answers the
// status its metadata gives, and the browser, after a client navigation to it, shows the same title and description
// the server wrote into the page: both come from the registry's metadata (shared/src/route-meta.ts).
import type { Page } from '@playwright/test';
import { ROUTES, type RouteId } from '@studio/shared/routes';
import { test, expect, waitForHydration } from '../support/test';

// Addresses for each route of the registry, with the status the server must answer (a new route needs a line here).
const SAMPLES: { [K in RouteId]: Array<[path: string, status: 200 | 404]> } = {
  home: [['/', 200]],
  portfolio: [['/portfolio', 200]],
  portfolioSection: [
    ['/portfolio/runway', 200],
    ['/portfolio/sonoran-editorial', 200],
    ['/portfolio/backstage', 404],
  ],
  printConcept: [
    ['/portfolio/print/editorial', 200],
    ['/portfolio/print/nope', 404],
  ],
  compCardPrint: [['/portfolio/comp-card/print', 200]],
  about: [['/about', 200]],
  booking: [['/book-me', 200]],
  service: [
    ['/service/photoshoot', 200],
    ['/service/nope', 404],
  ],
  securityTest: [['/security-test', 200]],
  manageBooking: [['/manage-booking', 200]],
  admin: [['/admin', 200]],
  finishSignIn: [['/finishSignIn', 200]],
};
const UNKNOWN: Array<[string, 404]> = [['/no-such-page', 404]];

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (html: string) => html.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

function headOf(html: string) {
  return {
    title: unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    description: unescape(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? ''),
  };
}

/** A client-side navigation, as a link would make it: the router takes the new address without a page load. */
async function navigateInPage(page: Page, path: string) {
  await page.evaluate((to) => {
    // Cleared first, so only a title the new page sets can pass.
    document.title = '';
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('every registry route: the server status and head, and the same title and description after client navigation', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const cases = [...Object.values(SAMPLES).flat(), ...UNKNOWN];
  expect(Object.keys(SAMPLES)).toEqual(Object.keys(ROUTES));

  const served = [];
  for (const [path, status] of cases) {
    const res = await request.get(path);
    expect(`${path} ${res.status()}`).toBe(`${path} ${status}`);
    const head = headOf(await res.text());
    expect(head.title).not.toBe('');
    if (status === 404) expect(head.title).toMatch(/^Page not found — /);
    else expect(head.title).not.toMatch(/^Page not found/);
    served.push({ path, ...head });
  }
  // Each page of the site has a title of its own.
  const found = served.filter((s, i) => cases[i]![1] === 200).map((s) => s.title);
  expect(new Set(found).size).toBe(found.length);

  await page.goto('/');
  await waitForHydration(page);
  // From the end, so the first navigation leaves '/' (a navigation to the address already shown changes nothing).
  for (const { path, title, description } of served.reverse()) {
    await navigateInPage(page, path);
    await expect.poll(() => page.title(), { message: `title after navigating to ${path}` }).toBe(title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
    expect(new URL(page.url()).pathname).toBe(path);
  }
});
