// Printing: a brand saving her rates or her story as a PDF gets the page itself, on the paper it prints on; only the
// comp card's own print page becomes the card, two 8.5 x 5.5 in sides. Chromium's print output (page.pdf) is read for
// its page size, and what print media shows is asked of the page.
import type { Page } from '@playwright/test';
import { test, expect } from '../support/test';

/** Each page's size in points, as the PDF's MediaBox entries say. */
async function pageSizes(page: Page): Promise<string[]> {
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  return [...pdf.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map(
    ([, w, h]) => `${Math.round(Number(w))}x${Math.round(Number(h))}`,
  );
}

/** Whether print media shows the element (not hidden by a print rule). */
const printed = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).visibility === 'visible');

for (const route of ['/', '/about', '/service/photoshoot', '/portfolio/comp-card', '/book-me']) {
  test(`${route} prints as itself: its heading and text on Letter pages`, async ({ page }) => {
    await page.goto(route);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('main h1').first()).toBeVisible();
    expect(await printed(page, 'main h1')).toBe(true);
    expect(await printed(page, 'main p')).toBe(true);
    const sizes = await pageSizes(page);
    expect(sizes.length).toBeGreaterThan(0);
    // US Letter, Chromium's default paper here: 612 x 792 points.
    expect(new Set(sizes)).toEqual(new Set(['612x792']));
  });
}

test('the comp card print page prints the card alone, on 8.5 x 5.5 in sides', async ({ page }) => {
  await page.goto('/portfolio/comp-card/print');
  await page.emulateMedia({ media: 'print' });
  expect(await printed(page, '.comp-print-side')).toBe(true);
  expect(await printed(page, '.comp-print-toolbar h1')).toBe(false);
  expect(await pageSizes(page)).toEqual(['612x396', '612x396']);
});
