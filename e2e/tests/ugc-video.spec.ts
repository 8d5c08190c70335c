// Videos she uploads: in Chromium at 390 px she uploads a short MP4 from her phone into the UGC section and
// into a project through the dashboard's upload list, and saves; a visitor's UGC section and the project's page play
// it with the browser's controls. The MP4 is made here by the server's own ffmpeg (@ffmpeg-installer/ffmpeg), with
// sound, its movie header last, as a phone writes it; no video file is kept in the repository.
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect, collectConsoleErrors } from '../support/test';
import { startServer, type RunningServer } from '../support/server';
import { signInThroughOutbox } from '../support/sign-in';

const PHONE = { width: 390, height: 844 };
const CLIP = 'Serum unboxing in the morning light';
const PROJECT_CLIP = 'Behind the scenes at the dunes';

let server: RunningServer;
let mp4: Buffer;

test.beforeAll(async () => {
  // A server of its own: this spec changes the portfolio and a project, which other specs read from the shared one.
  server = await startServer();
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-e2e-clip-'));
  try {
    const out = path.join(dir, 'clip.mp4');
    execFileSync(ffmpegInstaller.path, [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=360x640:rate=24:duration=2'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k'],
      ...['-metadata', 'location=+40.4461-079.9822/', '-f', 'mp4', out],
    ]);
    mp4 = readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
test.afterAll(async () => {
  await server?.stop();
});

/** Sends the clip through an upload list, titled, and waits until it is stored and saved (`outcome` says so). */
async function uploadClip(upload: Locator, title: string, outcome: string) {
  await upload
    .getByLabel('Files', { exact: true })
    .setInputFiles({ name: 'IMG_0042.mp4', mimeType: 'video/mp4', buffer: mp4 });
  const queue = upload.getByRole('list', { name: 'Files to upload' });
  await queue.getByRole('textbox', { name: 'Title' }).fill(title);
  await upload.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(upload.getByText(outcome)).toBeVisible({ timeout: 120_000 });
}

/** The clip on a public page: the browser's controls, its still first, and it plays (its time moves on). */
async function expectPlays(page: Page, title: string) {
  const video = page.getByLabel(title);
  await expect(video).toBeVisible();
  expect(
    await video.evaluate((v: HTMLVideoElement) => ({
      controls: v.controls,
      preload: v.preload,
      playsInline: v.playsInline,
      loop: v.loop,
    })),
  ).toEqual({ controls: true, preload: 'metadata', playsInline: true, loop: false });
  await expect(video).toHaveAttribute('src', /^\/media\/uploads\/[0-9a-f-]+\/video\.mp4$/);
  // Muted only here: a browser plays a clip with sound on a visitor's tap, which a script cannot give.
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.2);
  expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([360, 640]);
}

test('she uploads a short MP4 into UGC and into a project, saves; visitors play it on both pages', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const admin = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const page = await admin.newPage();
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await signInThroughOutbox(page, server.url);
  await page.goto(`${server.adminUrl}/admin`);
  await page.getByRole('tab', { name: 'Content' }).click();

  // UGC: the upload saves at once; a caption she adds after it is saved by the one Save.
  await page.getByRole('button', { name: 'Portfolio', exact: true }).click();
  await page.getByRole('combobox', { name: 'Section' }).selectOption('ugc');
  await uploadClip(
    page.getByRole('form', { name: 'Add photos and videos' }),
    CLIP,
    'Uploaded 1 file and added it to your portfolio.',
  );
  const list = page.getByRole('list', { name: 'Photos and videos in this section, in order' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('textbox', { name: 'Caption (optional)' }).fill('Filmed for a skincare launch');
  await page.getByRole('button', { name: 'Save portfolio' }).click();
  await expect(page.getByText('Saved. Visitors see it on their next page load.')).toBeVisible();

  // A project: its gallery is the same upload list, into projects/sonoran-editorial.
  await page.getByRole('button', { name: 'Projects', exact: true }).click();
  await page.getByRole('button', { name: 'Edit Sonoran Editorial' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Sonoran Editorial' });
  await uploadClip(
    dialog.getByRole('form', { name: 'Add photos and videos' }),
    PROJECT_CLIP,
    'Uploaded 1 file and saved.',
  );
  await page.screenshot({ path: test.info().outputPath('admin-project-390.png'), fullPage: false });
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  expect(errors).toEqual([]);
  await admin.close();

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
      const visitor = await browser.newContext({ viewport, colorScheme, baseURL: server.url });
      const view = await visitor.newPage();
      const viewErrors = collectConsoleErrors(view);
      // Instagram's embed script is not reachable here: an empty one stands in, and the reels stay links.
      await view.route('https://www.instagram.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
      );
      await view.goto('/portfolio/ugc');
      await expectPlays(view, CLIP);
      await expect(view.getByText('Filmed for a skincare launch')).toBeVisible();
      await view.evaluate(() => window.scrollTo(0, 0));
      await view.screenshot({
        path: test.info().outputPath(`ugc-${viewport.width}-${colorScheme}.png`),
        fullPage: true,
      });
      await view.goto('/portfolio/sonoran-editorial');
      await expectPlays(view, PROJECT_CLIP);
      await view.screenshot({
        path: test.info().outputPath(`project-${viewport.width}-${colorScheme}.png`),
        fullPage: true,
      });
      expect(viewErrors).toEqual([]);
      await visitor.close();
    }
  }
});
