// Videos straight from her phone: in Chromium at 390 px she picks two .MOV files from disk on her dashboard, named as
// an iPhone names them (Chromium gives 'IMG_0042.MOV' no type at all, where 'clip.mov' is video/quicktime), one H.264 as an
// iPhone set to Most Compatible films, one HEVC as an iPhone films by default (when the installed ffmpeg has libx265;
// Chromium on Linux cannot play HEVC, so only a conversion makes it play). Each row asks for a title, never alt text;
// she uploads both into UGC; a visitor's UGC section plays each as an MP4. The movies are made here by the server's
// own ffmpeg (@ffmpeg-installer/ffmpeg); no video file is kept in the repository.
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, collectConsoleErrors } from '../support/test';
import { startServer, type RunningServer } from '../support/server';
import { signInThroughOutbox } from '../support/sign-in';

const PHONE = { width: 390, height: 844 };
const FFMPEG = ffmpegInstaller.path;
const HEVC = /^\s*V\S*\s+libx265\s/m.test(execFileSync(FFMPEG, ['-hide_banner', '-encoders'], { encoding: 'utf8' }));

let server: RunningServer;
let dir: string;
const clips: Array<{ file: string; title: string }> = [];

/** A 2 s portrait movie from a phone, with sound, where it was filmed in its metadata. */
function movie(name: string, video: string[]) {
  const file = path.join(dir, name);
  execFileSync(FFMPEG, [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', 'testsrc=duration=2:size=360x640:rate=24'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
    ...video,
    ...['-c:a', 'aac', '-b:a', '64k', '-metadata', 'location=+40.4461-079.9822/', '-f', 'mov', file],
  ]);
  return file;
}

test.beforeAll(async () => {
  // A server of its own: this spec changes the portfolio, which other specs read from the shared one.
  server = await startServer();
  dir = mkdtempSync(path.join(tmpdir(), 'studio-e2e-mov-'));
  clips.push({
    file: movie('IMG_0042.MOV', ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']),
    title: 'Serum unboxing, filmed on her phone',
  });
  if (HEVC)
    clips.push({
      file: movie('IMG_0043.MOV', [
        ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'],
        ...['-pix_fmt', 'yuv420p'],
      ]),
      title: 'Morning routine, filmed in HEVC',
    });
});
test.afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The clip on the public page: an MP4 its <video> can play, and does (its time moves on). */
async function expectPlays(page: Page, title: string) {
  const video = page.getByLabel(title);
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute('src', /^\/media\/uploads\/[0-9a-f-]+\/video\.mp4$/);
  expect(await video.evaluate((v: HTMLVideoElement) => v.canPlayType('video/mp4'))).not.toBe('');
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.2);
  expect(
    await video.evaluate((v: HTMLVideoElement) => [v.readyState >= 2, v.error, v.videoWidth, v.videoHeight]),
  ).toEqual([true, null, 360, 640]);
}

test('she uploads .mov files from her phone into UGC, each asked for a title; visitors play them', async ({
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
  await page.getByRole('button', { name: 'Portfolio', exact: true }).click();
  await page.getByRole('combobox', { name: 'Section' }).selectOption('ugc');

  const upload = page.getByRole('form', { name: 'Add photos and videos' });
  // Files from disk: the browser, not the test, says what type each is.
  await upload.getByLabel('Files', { exact: true }).setInputFiles(clips.map((c) => c.file));
  const queue = upload.getByRole('list', { name: 'Files to upload' });
  await expect(queue.getByRole('listitem')).toHaveCount(clips.length);
  // Videos: a title each, and no alt text asked for.
  await expect(queue.getByRole('textbox', { name: 'Title', exact: true })).toHaveCount(clips.length);
  await expect(queue.getByRole('textbox', { name: /Alt text/ })).toHaveCount(0);
  for (const [i, clip] of clips.entries())
    await queue.getByRole('textbox', { name: 'Title', exact: true }).nth(i).fill(clip.title);
  await upload.getByRole('button', { name: `Upload ${clips.length} file${clips.length === 1 ? '' : 's'}` }).click();
  await expect(
    upload.getByText(
      clips.length === 1
        ? 'Uploaded 1 file and added it to your portfolio.'
        : `Uploaded ${clips.length} files and added them to your portfolio.`,
    ),
  ).toBeVisible({ timeout: 120_000 });
  expect(errors).toEqual([]);
  await admin.close();

  const visitor = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const view = await visitor.newPage();
  const viewErrors = collectConsoleErrors(view);
  // Instagram's embed script is not reachable here: an empty one stands in, and the reels stay links.
  await view.route('https://www.instagram.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
  await view.goto('/portfolio/ugc');
  for (const clip of clips) await expectPlays(view, clip.title);
  await view.screenshot({ path: test.info().outputPath('ugc-mov-390.png'), fullPage: true });
  expect(viewErrors).toEqual([]);
  await visitor.close();
});
