// A portfolio she shapes: in Chromium at 390 px she adds a runway show, uploads two photos into it at
// once (each row showing its own state), removes a print concept after a question, and saves once; a visitor's next
// load shows the show with its photos in the server-rendered page and no longer the concept, and a link on the
// portfolio leads to a project's page.
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { test, expect, collectConsoleErrors } from '../support/test';
import { startServer, type RunningServer } from '../support/server';
import { signInThroughOutbox } from '../support/sign-in';

const PHONE = { width: 390, height: 844 };
const SHOW = 'Desert Nights Gala';
const PHOTOS = ['Opening look in a copper gown', 'Closing look in white linen'];

let server: RunningServer;

test.beforeAll(async () => {
  // A server of its own: this spec changes the portfolio, which other specs read from the shared one.
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const photo = (shade: number) =>
  sharp({ create: { width: 1200, height: 1600, channels: 3, background: { r: shade, g: 120, b: 90 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

async function openPortfolio(page: Page) {
  await page.getByRole('tab', { name: 'Content' }).click();
  await page.getByRole('button', { name: 'Portfolio', exact: true }).click();
}

test('she adds a show with two photos at once, removes a concept, saves once; visitors see it', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const page = await admin.newPage();
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await signInThroughOutbox(page, server.url);
  await page.goto(`${server.adminUrl}/admin`);
  await openPortfolio(page);

  const save = page.getByRole('button', { name: 'Save portfolio' });
  await expect(save).toBeDisabled();
  await page.getByRole('textbox', { name: 'New show title' }).fill(SHOW);
  await page.getByRole('button', { name: 'Add runway show' }).click();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('textbox', { name: 'Subtitle (desert-nights-gala)' }).fill('Evening gowns under the stars');

  await page.getByRole('combobox', { name: 'Section' }).selectOption('runway/desert-nights-gala');
  const upload = page.getByRole('form', { name: 'Add photos and videos' });
  await upload.getByLabel('Files', { exact: true }).setInputFiles([
    { name: 'opening.jpg', mimeType: 'image/jpeg', buffer: await photo(180) },
    { name: 'closing.jpg', mimeType: 'image/jpeg', buffer: await photo(230) },
  ]);
  const queue = upload.getByRole('list', { name: 'Files to upload' });
  await expect(queue.getByRole('listitem')).toHaveCount(2);
  const alts = queue.getByRole('textbox', { name: 'Alt text (describes the photo)' });
  await alts.nth(0).fill(PHOTOS[0]!);
  await alts.nth(1).fill(PHOTOS[1]!);
  await upload.getByRole('button', { name: 'Upload 2 files' }).click();
  // Each copy of each photo is written before the server answers: tens of seconds on two shared cores.
  await expect(upload.getByText('Uploaded 2 files and added them to your portfolio.')).toBeVisible({
    timeout: 150_000,
  });
  await expect(queue.getByText('Uploaded', { exact: true })).toHaveCount(2);
  const list = page.getByRole('list', { name: 'Photos and videos in this section, in order' });
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: 'Remove Streetwear' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the print concept “Streetwear”?' });
  await dialog.getByRole('button', { name: 'Remove concept' }).click();
  await expect(page.getByRole('group', { name: 'Streetwear' })).toHaveCount(0);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await save.click();
  await expect(page.getByText('Saved. Visitors see it on their next page load.')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('admin-portfolio-390.png'), fullPage: false });
  expect(errors).toEqual([]);
  await admin.close();

  // A visitor's next load: the server-rendered runway page lists the show, the print page no longer the concept.
  const visitor = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const html = await (await visitor.request.get('/portfolio/runway?show=desert-nights-gala')).text();
  for (const alt of PHOTOS) expect(html).toContain(`Open ${alt} in the viewer`);
  const view = await visitor.newPage();
  await view.goto('/portfolio/runway');
  await expect(view.getByRole('link', { name: SHOW })).toBeVisible();
  await view.getByRole('link', { name: SHOW }).click();
  await expect(view.getByRole('heading', { level: 1, name: SHOW })).toBeVisible();
  for (const alt of PHOTOS) await expect(view.getByRole('button', { name: `Open ${alt} in the viewer` })).toBeVisible();
  await view.goto('/portfolio/print');
  await expect(view.getByRole('heading', { name: 'Editorial', exact: true })).toBeVisible();
  await expect(view.getByRole('link', { name: 'Streetwear' })).toHaveCount(0);
  expect((await visitor.request.get('/portfolio/print/streetwear')).status()).toBe(404);

  // A project's page, reached by a link: a project page no link leads to is one no visitor finds.
  await view.goto('/portfolio');
  const projects = view.getByRole('region', { name: 'Projects' });
  await projects.getByRole('link', { name: 'Monochrome Print Series' }).click();
  await expect(view).toHaveURL(/\/portfolio\/monochrome-print$/);
  await expect(view.getByRole('heading', { level: 1, name: 'Monochrome Print Series' })).toBeVisible();
  await visitor.close();
});
