// Tapping a day on her calendar blocks or frees it. In Chromium against a server of its own: with a period
// open, Enter on a day blocks it at once and the server keeps it (the unavailable days' list and a reload show it),
// Space frees it again; a tap does the same on a phone.
import type { Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { signInThroughOutbox } from '../support/sign-in';
import { startServer, type RunningServer } from '../support/server';
import { studioDay, studioToday } from '../support/studio-day';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const panelOf = (page: Page) => page.getByRole('tabpanel', { name: 'Availability' });
const dayCell = (page: Page, date: string) => panelOf(page).locator(`[data-date="${date}"]`);

/** Opens the Availability tab on the month of `date`. */
async function openMonthOf(page: Page, date: string) {
  await page.getByRole('tab', { name: 'Availability' }).click();
  if (date.slice(0, 7) !== studioToday().slice(0, 7))
    await panelOf(page).getByRole('button', { name: 'Next month' }).click();
  await expect(dayCell(page, date)).toBeVisible();
}

test('Enter on a day blocks it, Space frees it; the server keeps each', async ({ page }, testInfo) => {
  await page.goto(`${server.url}/`);
  await signInThroughOutbox(page, server.url);
  const day = studioDay(2);

  await page.getByRole('tab', { name: 'Availability' }).click();
  const panel = panelOf(page);
  await panel.getByRole('button', { name: 'Add period' }).click();
  const modal = page.getByRole('dialog', { name: 'Add availability period' });
  await modal.getByLabel('Start date').fill(studioDay(1));
  await modal.getByLabel('End date').fill(studioDay(10));
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toHaveCount(0);

  await openMonthOf(page, day);
  await expect(panel.getByText('Tap a day to block or free it.')).toBeVisible();
  const button = dayCell(page, day).getByRole('button');
  await expect(dayCell(page, day)).toHaveAttribute('data-state', 'available');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(dayCell(page, day)).toHaveAttribute('data-state', 'blocked');
  await expect(button).toHaveAccessibleName(/, blocked\. Free this day$/);
  // As the unavailable days' list writes a day ("Nov 29, 2026"); the demo data may list others.
  const listed = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const unavailableDays = panel.getByRole('region', { name: 'Unavailable days' });
  await expect(unavailableDays.getByText(listed, { exact: true })).toHaveCount(1);

  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await panel.locator('.availability-calendar').scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`calendar-${width}-${colorScheme}.png`) });
    }
  }

  // Kept by the server: a reload shows it blocked.
  await page.reload();
  await openMonthOf(page, day);
  await expect(dayCell(page, day)).toHaveAttribute('data-state', 'blocked');

  await dayCell(page, day).getByRole('button').focus();
  await page.keyboard.press('Space');
  await expect(dayCell(page, day)).toHaveAttribute('data-state', 'available');
  await expect(unavailableDays.getByText(listed, { exact: true })).toHaveCount(0);
  await page.reload();
  await openMonthOf(page, day);
  await expect(dayCell(page, day)).toHaveAttribute('data-state', 'available');
});
