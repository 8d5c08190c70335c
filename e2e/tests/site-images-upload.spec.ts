// Her hero image and a service's image from her phone, on her origin at 390 px: the file input is reached and opened
// with the keyboard (a phone opens its camera roll there), the photo goes through the media pipeline, Save site
// details publishes it, and a visitor's home page then shows that very file, loaded. The editors are photographed
// at 390 and 1280 px, light and dark.
//
// The upload goes through POST /api/admin/media (server/src/features/media/), so this spec needs the media pipeline.
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { test, expect, collectConsoleErrors } from '../support/test';
import { startServer, type RunningServer } from '../support/server';
import { signInThroughOutbox } from '../support/sign-in';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };
const UPLOADED = /^\/media\/uploads\/[0-9a-f-]{36}\/\d+\.jpg$/;

let server: RunningServer;

test.beforeAll(async () => {
  // A server of its own: this spec changes the hero image and a service, which other specs read from the shared one.
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

/** A portrait photo as a phone takes it: 1200 x 1600, warm backdrop, a figure. */
const portrait = () =>
  sharp({ create: { width: 1200, height: 1600, channels: 3, background: { r: 201, g: 170, b: 140 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600"><circle cx="600" cy="560" r="230" fill="#6b4a3a"/><rect x="330" y="820" width="540" height="780" rx="120" fill="#2f2622"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 82 })
    .toBuffer();

async function openContent(page: Page, area: string) {
  await page.getByRole('tab', { name: 'Content' }).click();
  await page.getByRole('button', { name: area, exact: true }).click();
}

test('she uploads her hero image on her phone and saves; the home page shows that file', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const page = await admin.newPage();
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await signInThroughOutbox(page, server.url);
  await page.goto(`${server.adminUrl}/admin`);
  await openContent(page, 'Site details');

  const hero = page.getByRole('group', { name: 'Hero image' });
  await expect(hero.getByText('No photo of your own: visitors see the built-in image.')).toBeVisible();
  // By keyboard: the hidden file input takes the focus, its button shows it, and Enter opens the chooser.
  const input = hero.getByLabel('Upload a photo (hero image)');
  await page.getByRole('textbox', { name: 'Tagline' }).focus();
  await page.keyboard.press('Tab');
  await expect(input).toBeFocused();
  const button = hero.locator('label.btn');
  await expect(button).toHaveCSS('outline-style', 'solid');
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await portrait() });

  // The server writes every copy before it answers: seconds alone, tens of seconds on a shared machine.
  await expect(hero.getByText('Uploaded. Select Save site details to show it on your site.')).toBeVisible({
    timeout: 90_000,
  });
  const preview = hero.getByRole('img', { name: 'Hero image preview' });
  const url = (await preview.getAttribute('src')) ?? '';
  expect(url).toMatch(UPLOADED);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The upload control fits the phone's width; Replace and Remove are comfortable taps.
  await expect(button).toHaveText('Replace photo (hero image)');
  for (const control of [button, hero.getByRole('button', { name: 'Remove hero image' })]) {
    const box = await control.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  }

  await page.getByRole('button', { name: 'Save site details' }).click();
  await expect(page.getByText('Saved. Visitors see it on their next page load.')).toBeVisible();
  expect(errors).toEqual([]);
  await admin.close();

  // A visitor's fresh load of the home page: her photo, that stored file, loaded.
  const visitor = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const view = await visitor.newPage();
  await view.goto('/');
  const img = view.locator('.hero-media img');
  await expect(img).toHaveAttribute('src', url);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  await visitor.close();
});

test('the editors with her photos at 390 and 1280 px, light and dark', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const page = await admin.newPage();
  await page.goto('/');
  await signInThroughOutbox(page, server.url);
  await page.goto(`${server.adminUrl}/admin`);

  // A service's image, uploaded in its editor and saved with it.
  await openContent(page, 'Services');
  await page.getByRole('button', { name: 'Edit Photoshoot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Photoshoot' });
  await dialog
    .getByLabel('Upload a photo (image)')
    .setInputFiles({ name: 'IMG_2042.jpg', mimeType: 'image/jpeg', buffer: await portrait() });
  await expect(dialog.getByText('Uploaded. Select Save to show it on your site.')).toBeVisible({ timeout: 90_000 });
  for (const viewport of [PHONE, LAPTOP]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await dialog.getByRole('group', { name: 'Image' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`service-image-${viewport.width}-${colorScheme}.png`) });
    }
  }
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();

  await page.setViewportSize(PHONE);
  await openContent(page, 'Site details');
  const hero = page.getByRole('group', { name: 'Hero image' });
  await expect(hero).toBeVisible();
  for (const viewport of [PHONE, LAPTOP]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await hero.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`hero-image-${viewport.width}-${colorScheme}.png`) });
    }
  }
  await admin.close();
});
