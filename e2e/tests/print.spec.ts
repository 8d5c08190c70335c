// Printing: a brand saving her rates or her story as a PDF gets the page itself, on the paper it prints on; only the
// comp card's own print page becomes the card, two 8.5 x 5.5 in sides. Chromium's print output (page.pdf) is read for
// its page size and, with pdf.js, its words; what print media shows is asked of the page.
import type { Page } from '@playwright/test';
import { pdfText } from '../support/pdf-text';
import { test, expect } from '../support/test';

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

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

for (const route of ['/', '/about', '/service/photoshoot']) {
  test(`${route} as a PDF carries her name and the page's own words`, async ({ page }) => {
    await page.goto(route);
    const name = flat(await page.locator('.navbar-logo').innerText());
    const heading = flat(await page.locator('main h1').first().innerText());
    // The page's first sentence set as prose (letter-spaced labels come out of a PDF a glyph at a time).
    const lead = await page.locator('main p').evaluateAll((ps) =>
      ps
        .filter((p) => getComputedStyle(p).letterSpacing === 'normal')
        .map((p) => (p as HTMLElement).innerText.replace(/\s+/g, ' ').trim())
        .find((text) => text.length > 60),
    );
    expect(lead).toBeTruthy();
    expect(name).not.toBe('');
    // A line that breaks after a hyphen ("scroll-stopping") comes out of the PDF as "scroll- stopping".
    const all = pdfText(await page.pdf({ preferCSSPageSize: true })).all.replace(/-\s/g, '-');
    expect(all).toContain(name);
    expect(all).toContain(heading);
    expect(all).toContain(lead!.slice(0, 60));
  });
}

test('a visitor whose screen is dark prints ink on white, without the screen-only controls', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/service/photoshoot');
  const screenText = await page.locator('main h1').evaluate((el) => getComputedStyle(el).color);
  await page.emulateMedia({ colorScheme: 'dark', media: 'print' });
  const paper = await page.locator('main h1').evaluate((el) => ({
    text: getComputedStyle(el).color,
    page: getComputedStyle(document.body).backgroundColor,
  }));
  // The dark theme's text is light; on paper it would be grey on white.
  expect(screenText).not.toBe(paper.text);
  expect(paper).toEqual({ text: 'rgb(31, 26, 23)', page: 'rgb(255, 255, 255)' });
  await expect(page.locator('.navbar nav')).toBeHidden();
  await expect(page.locator('.theme-toggle').first()).toBeHidden();
});

test('the comp card as a PDF carries her name and her measurements', async ({ page }) => {
  await page.goto('/portfolio/comp-card/print');
  await expect(page.locator('.comp-print-stats')).toBeVisible();
  const name = flat(await page.locator('.comp-print-name').first().innerText());
  const { all, pages } = pdfText(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  expect(pages).toBe(2);
  expect(all.toLowerCase()).toContain(name.toLowerCase());
  for (const value of await page.locator('.comp-print-stats dd').allInnerTexts()) expect(all).toContain(flat(value));
});

test('the comp card prints on A5 sides when A5 is chosen, with the script off too', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/portfolio/comp-card/print');
  await page.getByRole('navigation', { name: 'Card size' }).getByRole('link', { name: 'A5' }).click();
  await expect(page).toHaveURL(/\/portfolio\/comp-card\/print\?paper=a5$/);
  await expect(page.getByRole('link', { name: 'A5' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Prints on two sides of an A5 card (210 × 148 mm)')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  // A5 landscape: 210 x 148 mm, 595 x 420 points.
  expect(await pageSizes(page)).toEqual(['595x420', '595x420']);
  const name = flat(await page.locator('.comp-print-name').first().innerText());
  expect(pdfText(await page.pdf({ preferCSSPageSize: true })).all.toLowerCase()).toContain(name.toLowerCase());
  await context.close();
});

test('the comp card print page prints the card alone, on 8.5 x 5.5 in sides', async ({ page }) => {
  await page.goto('/portfolio/comp-card/print');
  await page.emulateMedia({ media: 'print' });
  expect(await printed(page, '.comp-print-side')).toBe(true);
  expect(await printed(page, '.comp-print-toolbar h1')).toBe(false);
  expect(await pageSizes(page)).toEqual(['612x396', '612x396']);
});
