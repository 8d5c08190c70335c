// Her portfolio's unsaved changes are not lost without a word, in Chromium on her origin: leaving the editor by a
// dashboard tab or by the navigation bar's Home (on her origin a link to the public origin) asks first in the
// dashboard's dialog, where Stay (or Escape) keeps her caption and Leave goes with no second question from the
// browser; a reload asks the browser's own question (beforeunload), with an unsaved caption and while a file is
// still uploading, and dismissing it keeps the page as it was. The dialog is photographed at 390 and 1280 px, light
// and dark.
import sharp from 'sharp';
import type { Dialog, Page, Route } from '@playwright/test';
import { test, expect, collectConsoleErrors } from '../support/test';
import { startServer, type RunningServer } from '../support/server';
import { signInThroughOutbox } from '../support/sign-in';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const CAPTION = 'Golden hour on the studio roof';

let server: RunningServer;
test.beforeAll(async () => {
  // A server of its own: a Leave that went wrong would change the portfolio other specs read.
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

async function openPortfolio(page: Page) {
  await page.getByRole('tab', { name: 'Content' }).click();
  await page.getByRole('button', { name: 'Portfolio', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save portfolio' })).toBeVisible();
}

const captionOf = (page: Page) =>
  page
    .getByRole('list', { name: 'Photos and videos in this section, in order' })
    .getByRole('textbox', { name: 'Caption (optional)' })
    .first();
const question = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });
const home = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' });

test('leaving the portfolio with an unsaved caption asks; Stay keeps it; a reload asks the browser first', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const page = await admin.newPage();
  const errors = collectConsoleErrors(page);
  const browserQuestions: Dialog[] = [];
  page.on('dialog', (dialog) => {
    browserQuestions.push(dialog);
    // Answered by the steps below; one nobody expects is dismissed, so the page stays.
    if (dialog.type() !== 'beforeunload') void dialog.dismiss();
  });
  await page.goto('/');
  await signInThroughOutbox(page, server.url);
  await page.goto(`${server.adminUrl}/admin`);
  await openPortfolio(page);
  await expect(page.getByText('All changes saved')).toBeVisible();

  const caption = captionOf(page);
  await caption.fill(CAPTION);
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // Another tab of the dashboard: asked in the page; focus is in the dialog; Escape stays.
  await page.getByRole('tab', { name: /^Bookings/ }).click();
  await expect(question(page)).toBeVisible();
  await expect(question(page)).toContainText('Your portfolio has changes you have not saved.');
  await expect(question(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question(page)).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
  await expect(caption).toHaveValue(CAPTION);

  // The navigation bar's Home: asked in the page too (a phone's browser never asks before a page goes); Stay.
  await home(page).click();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Stay' }).click();
  await expect(question(page)).toBeHidden();
  expect(page.url()).toBe(`${server.adminUrl}/admin`);
  await expect(caption).toHaveValue(CAPTION);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  expect(browserQuestions).toEqual([]);

  // A reload (as closing the tab or typing an address): the browser's own question. Dismissed, nothing is lost.
  const asked = page.waitForEvent('dialog');
  // The page's own reload, as her browser's button does; the call stays open while the browser asks.
  void page.evaluate(() => window.location.reload()).catch(() => undefined);
  const beforeUnload = await asked;
  expect(beforeUnload.type()).toBe('beforeunload');
  await beforeUnload.dismiss();
  await expect(caption).toHaveValue(CAPTION);
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // Leave: she goes, and the browser does not ask a second time.
  const asksBefore = browserQuestions.length;
  await home(page).click();
  await question(page).getByRole('button', { name: 'Leave' }).click();
  await page.waitForURL(`${server.url}/`);
  expect(browserQuestions).toHaveLength(asksBefore);
  expect(errors).toEqual([]);
  await admin.close();
});

test('a reload while a file uploads asks the browser first; staying, the file is added', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const page = await admin.newPage();
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await signInThroughOutbox(page, server.url);
  await page.goto(`${server.adminUrl}/admin`);
  await openPortfolio(page);
  // The upload is held on its way until the test lets it go.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const sent = new Promise<void>((resolve) => (arrived = resolve));
  await page.route('**/api/admin/media', async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    arrived();
    await held;
    await route.continue();
  });
  const upload = page.getByRole('form', { name: 'Add photos and videos' });
  const photo = await sharp({
    create: { width: 800, height: 1000, channels: 3, background: { r: 200, g: 120, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  await upload
    .getByLabel('Files', { exact: true })
    .setInputFiles({ name: 'copper.jpg', mimeType: 'image/jpeg', buffer: photo });
  await upload.getByRole('textbox', { name: 'Alt text (describes the photo)' }).fill('A look in copper');
  await upload.getByRole('button', { name: 'Upload 1 file' }).click();
  await sent;
  // Nothing else changed, a file on its way: the bar does not say "All changes saved", and Save says why it waits.
  await expect(page.getByText('Upload in progress')).toBeVisible();
  await expect(page.getByText('All changes saved')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save portfolio' })).toBeDisabled();
  await expect(page.getByText('Wait for uploads to finish')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('save-bar-while-uploading-390.png') });
  await page.setViewportSize(LAPTOP);
  await page.screenshot({ path: test.info().outputPath('save-bar-while-uploading-1280.png') });

  const asked = page.waitForEvent('dialog');
  void page.evaluate(() => window.location.reload()).catch(() => undefined);
  const beforeUnload = await asked;
  expect(beforeUnload.type()).toBe('beforeunload');
  await beforeUnload.dismiss();
  release();
  await expect(upload.getByText('Uploaded 1 file and added it to your portfolio.')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('All changes saved')).toBeVisible();
  const list = page.getByRole('list', { name: 'Photos and videos in this section, in order' });
  await expect(list.getByRole('textbox', { name: 'Alt text (describes the photo)' }).last()).toHaveValue(
    'A look in copper',
  );
  expect(errors).toEqual([]);
  await admin.close();
});

test('the question at 390 and 1280 px, light and dark', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const page = await admin.newPage();
  await page.goto('/');
  await signInThroughOutbox(page, server.url);
  await page.goto(`${server.adminUrl}/admin`);
  await openPortfolio(page);
  await captionOf(page).fill(CAPTION);
  for (const viewport of [PHONE, LAPTOP]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.getByRole('tab', { name: /^Bookings/ }).click();
      const dialog = question(page);
      await expect(dialog).toBeVisible();
      // Both choices on the screen, each a comfortable tap.
      for (const name of ['Stay', 'Leave']) {
        const box = await dialog.getByRole('button', { name }).boundingBox();
        expect(box, name).not.toBeNull();
        expect(box!.height).toBeGreaterThanOrEqual(44);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      }
      await page.screenshot({ path: test.info().outputPath(`leave-question-${viewport.width}-${colorScheme}.png`) });
      await dialog.getByRole('button', { name: 'Stay' }).click();
      await expect(dialog).toBeHidden();
    }
  }
  await expect(captionOf(page)).toHaveValue(CAPTION);
  await admin.close();
});
