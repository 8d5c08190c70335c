// A device she marks as hers at sign-in is listed on her dashboard ("Your devices", by its browser's name,
// when added and last used), and signing one out there, after a confirmation, ends its session at once: that browser
// is signed out on its next request. Two browsers with their own cookies play her laptop and her phone; each sends
// a real browser's User-Agent, so the names are the ones she would see.
import type { Browser, Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { greenDot, signInThroughOutbox, tripleClickLogo } from '../support/sign-in';
import { startServer, type RunningServer } from '../support/server';

const LAPTOP_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const TRUST = 'This is my device: keep me signed in for 30 days';

// A server of its own: the sessions made here are no other spec's.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

async function device(browser: Browser, userAgent: string, width: number): Promise<Page> {
  const context = await browser.newContext({ userAgent, viewport: { width, height: width < 600 ? 844 : 900 } });
  return context.newPage();
}

const devicesSection = (page: Page) => page.getByRole('region', { name: 'Your devices' });

test('she lists her trusted devices and signs one out, which ends its session at once', async ({
  browser,
}, testInfo) => {
  const laptop = await device(browser, LAPTOP_UA, 1280);
  const phone = await device(browser, PHONE_UA, 390);

  await phone.goto(`${server.url}/`);
  await signInThroughOutbox(phone, server.url, { trustDevice: true });
  await laptop.goto(`${server.url}/`);
  await signInThroughOutbox(laptop, server.url, { trustDevice: true });

  // The phone's dashboard, opened again: both devices, the phone marked as this one.
  await phone.reload();
  const onPhone = devicesSection(phone);
  await expect(onPhone.getByRole('listitem')).toHaveCount(2);
  await expect(onPhone.getByRole('listitem').filter({ hasText: 'Safari on iPhone' })).toContainText('This device');

  const section = devicesSection(laptop);
  const items = section.getByRole('listitem');
  await expect(items).toHaveCount(2);
  // The most recently used first: the laptop, which is this device.
  await expect(items.nth(0)).toContainText('Chrome on Mac');
  await expect(items.nth(0)).toContainText('This device');
  await expect(items.nth(1)).toContainText('Safari on iPhone');
  await expect(items.nth(1)).toContainText(/Added \w{3} \d{1,2}, \d{4}, \d{2}:\d{2}/);
  await expect(items.nth(1)).toContainText(/Last used \w{3} \d{1,2}, \d{4}, \d{2}:\d{2}/);

  for (const [page, width] of [
    [laptop, 1280],
    [phone, 390],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await devicesSection(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`devices-${width}-${colorScheme}.png`) });
    }
  }

  // Signing out the phone asks first; Cancel keeps it.
  await section.getByRole('button', { name: 'Sign out Safari on iPhone' }).click();
  const dialog = laptop.getByRole('dialog', { name: 'Sign out this device?' });
  await expect(dialog).toContainText('“Safari on iPhone” will be signed out now and will need to sign in again.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(items).toHaveCount(2);

  await section.getByRole('button', { name: 'Sign out Safari on iPhone' }).click();
  await laptop.getByRole('dialog', { name: 'Sign out this device?' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(section.getByRole('status')).toHaveText('“Safari on iPhone” was signed out.');
  await expect(items).toHaveCount(1);
  await expect(items.nth(0)).toContainText('Chrome on Mac');

  // The phone's session ended on the server: its next request is a visitor's.
  const who = await phone.request.get(`${server.adminUrl}/api/auth/session`);
  expect((await who.json()).user).toBeNull();
  await phone.reload();
  await expect(greenDot(phone)).toHaveCount(0);
  // The laptop is still signed in.
  await laptop.reload();
  await expect(greenDot(laptop)).toBeVisible();
});

test('without the tick the session is not listed as a device', async ({ browser }, testInfo) => {
  // The sign-in form with its tick, as she sees it on a phone and a laptop.
  for (const width of [390, 1280]) {
    const form = await device(browser, LAPTOP_UA, width);
    for (const colorScheme of ['light', 'dark'] as const) {
      await form.emulateMedia({ colorScheme });
      await form.goto(`${server.url}/`);
      await tripleClickLogo(form);
      await expect(form.getByRole('checkbox', { name: TRUST })).not.toBeChecked();
      await form.screenshot({ path: testInfo.outputPath(`sign-in-form-${width}-${colorScheme}.png`) });
    }
  }
  const page = await device(browser, LAPTOP_UA, 1280);
  await page.goto(`${server.url}/`);
  await signInThroughOutbox(page, server.url);
  // Another test's devices may be listed; this browser is none of them.
  await expect(devicesSection(page).getByRole('heading', { name: 'Your devices' })).toBeVisible();
  await expect(devicesSection(page).getByText('This device')).toHaveCount(0);
});
