// Her content from the dashboard: in Chromium at 390 px, the admin changes a tier's price, uploads a JPEG carrying
// GPS EXIF into the comp card with alt text, moves it first with the keyboard, and fills in her measurements; a
// visitor's fresh load then shows the new price, that image first with that alt text and a srcset up to 2400 px, and
// the measurements, and no public variant of the image holds any EXIF (read from the bytes the server sends).
//
// The upload goes through POST /api/admin/media (server/src/features/media/), so this spec needs the media pipeline.
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { test, expect, collectConsoleErrors } from '../support/test';
import { startServer, type RunningServer } from '../support/server';
import { signInThroughOutbox } from '../support/sign-in';

const PHONE = { width: 390, height: 844 };
const ALT = 'Ava in a linen shirt against a white wall, looking over her shoulder';
const NEW_PRICE = '$275';
const STATS = {
  Height: `5'11"`,
  Bust: '33"',
  Waist: '25"',
  Hips: '36"',
  Dress: '4',
  Shoe: '9',
  Hair: 'Auburn',
  Eyes: 'Green',
};

let server: RunningServer;

test.beforeAll(async () => {
  // A server of its own: this spec changes prices and the comp card, which other specs read from the shared one.
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

/** A 3000 x 2000 JPEG shot "in Phoenix": its EXIF holds the camera and the GPS position that must not leak. */
async function jpegWithGps(): Promise<Buffer> {
  const jpeg = await sharp({
    create: { width: 3000, height: 2000, channels: 3, background: { r: 196, g: 172, b: 150 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000"><circle cx="1500" cy="900" r="520" fill="#5a4236"/><rect x="900" y="1300" width="1200" height="700" fill="#2f2622"/></svg>',
        ),
      },
    ])
    .withExif({
      IFD0: { Make: 'StudioTestCam', Model: 'GPS-1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '33/1 26/1 54/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '112/1 4/1 26/1',
      },
    })
    .jpeg({ quality: 80 })
    .toBuffer();
  // The test's own premise: the file does carry GPS data.
  const meta = await sharp(jpeg).metadata();
  expect(meta.exif?.includes(Buffer.from('StudioTestCam'))).toBe(true);
  return jpeg;
}

async function openContent(page: Page, area: string) {
  await page.getByRole('tab', { name: 'Content' }).click();
  await page.getByRole('button', { name: area, exact: true }).click();
}

test('the admin edits price, comp card photo and measurements on a phone; a visitor sees them', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const page = await admin.newPage();
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await signInThroughOutbox(page, server.url);
  await page.goto(`${server.adminUrl}/admin`);

  // A tier's price.
  await openContent(page, 'Services');
  await page.getByRole('button', { name: 'Edit Photoshoot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Photoshoot' });
  const firstTier = dialog.getByRole('group', { name: 'Tier 1' });
  const tierName = await firstTier.getByRole('textbox', { name: 'Tier name' }).inputValue();
  await firstTier.getByRole('textbox', { name: 'Price' }).fill(NEW_PRICE);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${tierName}: ${NEW_PRICE}`)).toBeVisible();

  // The photo, into the comp card, with its alt text; then first, by keyboard.
  await openContent(page, 'Portfolio');
  await expect(page.getByRole('combobox', { name: 'Section' })).toHaveValue('comp-card');
  const list = page.getByRole('list', { name: 'Photos and videos in this section, in order' });
  const before = await list.getByRole('listitem').count();
  const upload = page.getByRole('form', { name: 'Add photos and videos' });
  await upload
    .getByLabel('Files', { exact: true })
    .setInputFiles({ name: 'phoenix.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps() });
  await upload.getByRole('textbox', { name: 'Alt text (describes the photo)' }).fill(ALT);
  await upload.getByRole('button', { name: 'Upload 1 file', exact: true }).click();
  // The server writes 18 copies (AVIF, WebP and JPEG at six widths) before it answers: seconds on a quiet machine,
  // tens of seconds on two cores shared with other test runs.
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded' })).toContainText('added it to your portfolio', {
    timeout: 90_000,
  });
  await expect(list.getByRole('listitem')).toHaveCount(before + 1);

  const handle = page.getByRole('button', { name: `Reorder ${ALT}, position ${before + 1} of ${before + 1}` });
  await handle.focus();
  await page.keyboard.press('Home');
  await expect(page.getByRole('button', { name: `Reorder ${ALT}, position 1 of ${before + 1}` })).toBeFocused();
  await page.getByRole('button', { name: 'Save portfolio', exact: true }).click();
  await expect(page.getByText('Saved. Visitors see it on their next page load.')).toBeVisible();

  // Her measurements.
  await openContent(page, 'Comp card');
  for (const [label, value] of Object.entries(STATS))
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  await page.getByRole('button', { name: 'Save measurements' }).click();
  await expect(page.getByText('Saved. Visitors see it on their next page load.')).toBeVisible();
  expect(errors).toEqual([]);
  await admin.close();

  // A visitor's fresh load.
  const visitor = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const view = await visitor.newPage();
  await view.goto('/service/photoshoot');
  await expect(view.getByRole('row', { name: new RegExp(tierName) })).toContainText(NEW_PRICE);

  await view.goto('/portfolio/comp-card');
  const gallery = view.getByRole('list', { name: 'Comp Card' });
  const first = gallery.getByRole('listitem').first();
  await expect(first.getByRole('button', { name: `Open ${ALT} in the viewer` })).toBeVisible();
  const srcset = (await first.locator('img').getAttribute('srcset')) ?? '';
  const widths = [...srcset.matchAll(/ (\d+)w/g)].map((m) => Number(m[1]));
  expect(Math.max(...widths)).toBe(2400);
  const stats = view.getByRole('definition');
  for (const [label, value] of Object.entries(STATS)) {
    await expect(view.getByText(label, { exact: true })).toBeVisible();
    await expect(stats.filter({ hasText: value }).first()).toBeVisible();
  }
  // The viewer shows the image itself with the alt text.
  await first.getByRole('button').click();
  await expect(view.getByRole('dialog').getByRole('img', { name: ALT })).toBeVisible();

  // Every public copy, read as bytes: no EXIF block at all, so no GPS position, no camera.
  const src = (await first.locator('img').getAttribute('src')) ?? '';
  const webp = srcset.split(',').map((part) => part.trim().split(' ')[0] ?? '');
  const avif = webp.map((url) => url.replace(/\.webp$/, '.avif'));
  for (const url of [src, ...webp, ...avif]) {
    const response = await view.request.get(url);
    expect(response.status(), url).toBe(200);
    const bytes = await response.body();
    expect(bytes.includes(Buffer.from('Exif\0\0')), `${url} holds an EXIF block`).toBe(false);
    expect(bytes.includes(Buffer.from('StudioTestCam')), `${url} names the camera`).toBe(false);
    expect((await sharp(bytes).metadata()).exif, url).toBeUndefined();
  }
  await visitor.close();
});
