// Islands: a public page is the server's HTML and the island loader; React, the federation
// runtime and the public-site remote load with the first interaction with an island, which then works as before,
// with no hydration warning; and every public page reads fully with JavaScript off.
import type { Page } from '@playwright/test';
import { test, expect, appLoaded, waitForHydration } from '../support/test';
import { BOOKING_ROUTE, STATIC_ROUTES } from '../support/public-routes';
import { logo } from '../support/sign-in';
import { studioDay } from '../support/studio-day';
import { storedBooking } from '../support/database';

const EMBED_SCRIPT = 'https://www.instagram.com/embed.js';

/** Fails on a console error, an uncaught error, or any message about hydration (a mismatch is logged as one). */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /hydrat|did not match/i.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

const mainScriptRequested = (requested: string[]) => requested.some((u) => new URL(u).pathname === '/main.js');

function trackRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  return requested;
}

test('the theme toggle works with no app loaded, names the theme in force from the first paint, and hands over to React', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, colorScheme: 'light' });
  const page = await context.newPage();
  const problems = watchHydration(page);
  const requested = trackRequests(page);
  await page.goto('/');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  expect(await background()).not.toBe(light);
  // The sun shows in the dark theme, the moon in the light one, by the stylesheet.
  await expect(page.locator('.theme-toggle .theme-icon-sun')).toBeVisible();
  await expect(page.locator('.theme-toggle .theme-icon-moon')).toBeHidden();

  // Reloaded: the remembered theme and the toggle's name are right before any app code runs.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await expect(page.locator('.theme-toggle .theme-icon-sun')).toBeVisible();
  expect(mainScriptRequested(requested)).toBe(false);

  // Once another island has loaded the app, React's toggle takes over the same button.
  await waitForHydration(page, '.theme-toggle');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});

test("the logo's three quick clicks open the sign-in form on a page that had loaded no app", async ({
  page,
  adminURL,
}) => {
  const problems = watchHydration(page);
  await page.goto('/portfolio');
  expect(await appLoaded(page)).toBe(false);
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
  });
  await logo(page).click({ clickCount: 3 });
  // The clicks were held while the app loaded, then given to React: the logo's link home is the client router's (no
  // page load lost the gesture), and the form is open.
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  // The form's first way in has the focus, as when the app was there before the gesture.
  await expect(page.getByRole('form', { name: 'Admin sign-in' }).locator(':focus')).toHaveCount(1);
  // The gesture's one page load is her origin's sign-in (the public origin holds no sign-in of its own).
  expect(new URL(page.url()).pathname).toBe('/admin');
  expect(documents).toEqual([`${adminURL}/admin`]);
  expect(problems).toEqual([]);
});

test("on a phone, the logo's three taps made while the app's script is still on its way open the sign-in form once it arrives", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, hasTouch: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const problems = watchHydration(page);
  // The app's script is held until the three taps are made: a slow phone's network, made certain.
  let scriptAsked!: () => void;
  const asked = new Promise<void>((resolve) => (scriptAsked = resolve));
  let releaseScript!: () => void;
  const held = new Promise<void>((resolve) => (releaseScript = resolve));
  await page.route(/\/main\.[0-9a-f]+\.js$|\/main\.js$/, async (route) => {
    scriptAsked();
    await held;
    await route.continue();
  });
  await page.goto('/portfolio');
  expect(await appLoaded(page)).toBe(false);

  await logo(page).tap();
  await asked;
  await logo(page).tap();
  await logo(page).tap();
  // Nothing answers yet: no form without React, and the held taps have not navigated the page away.
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/portfolio');

  releaseScript();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/admin');
  expect(problems).toEqual([]);
  await context.close();
});

test('the image viewer opens on the first tap of an unhydrated page, and swipes', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, hasTouch: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const problems = watchHydration(page);
  await page.goto('/portfolio/print/editorial');
  expect(await appLoaded(page)).toBe(false);
  await page
    .getByRole('button', { name: /in the viewer$/ })
    .first()
    .tap();
  const dialog = page.getByRole('dialog', { name: 'Image viewer' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('1 / 3')).toBeVisible();

  // A leftward stroke on the stage is "next", as on a phone.
  const stage = dialog.locator('.viewer-stage');
  const box = (await stage.boundingBox())!;
  const y = box.y + box.height / 2;
  await stage.dispatchEvent('touchstart', {
    touches: [{ identifier: 1, clientX: box.x + box.width - 40, clientY: y }],
    changedTouches: [{ identifier: 1, clientX: box.x + box.width - 40, clientY: y }],
  });
  await stage.dispatchEvent('touchend', {
    touches: [],
    changedTouches: [{ identifier: 1, clientX: box.x + 40, clientY: y }],
  });
  await expect(dialog.getByText('2 / 3')).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});

test('a booking with the calendar goes through from a page that had loaded no app', async ({ page }) => {
  const problems = watchHydration(page);
  const requested = trackRequests(page);
  await page.goto('/book-me?selectedService=usergeneratedcontent&selectedTier=ugc-single');
  await expect(page.getByRole('combobox', { name: 'Service Type' })).toHaveValue('usergeneratedcontent');
  const name = `Island Client ${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  expect(mainScriptRequested(requested)).toBe(false);
  // Her name is the first thing she types: the touch loads the app, and what she typed before it took over stays.
  await page.getByRole('textbox', { name: 'Full Name' }).fill(name);
  // The calendar's click opens the calendar once the app has it.
  await page.getByRole('button', { name: 'Show calendar' }).click();
  const calendar = page.getByRole('group', { name: 'Calendar for Preferred Date' });
  await expect(calendar).toBeVisible();
  expect(mainScriptRequested(requested)).toBe(true);
  expect(requested.some((u) => /\/booking-date-picker\.[0-9a-f]+\.js$/.test(u))).toBe(true);
  // A free day: today+3 is free in the demo seed (booking.spec.ts books it).
  let free = calendar.locator(`[data-day="${studioDay(3)}"]:not([data-outside])`);
  if ((await free.count()) === 0) {
    await calendar.getByRole('button', { name: /next month/i }).click();
    free = calendar.locator(`[data-day="${studioDay(3)}"]:not([data-outside])`);
  }
  await free.click();
  await expect(calendar).toBeHidden();
  await expect(page.locator('input[name="date"]')).toHaveValue(studioDay(3));

  await page.getByRole('textbox', { name: 'Email Address' }).fill('island.client@example.com');
  await page.getByRole('textbox', { name: 'Project Description' }).fill('One video for a product launch.');
  await page.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a tick given as the first touch shows at once and is sent with the booking once the app has the form', async ({
  page,
}) => {
  const problems = watchHydration(page);
  const requested = trackRequests(page);
  await page.goto('/book-me?selectedService=usergeneratedcontent&selectedTier=ugc-single');
  const sms = page.getByRole('checkbox', { name: /Send me text messages/ });
  await expect(sms).not.toBeChecked();
  expect(mainScriptRequested(requested)).toBe(false);
  // check() fails unless the click ticks the box there and then, before the app it starts loading has arrived.
  await sms.check();
  await waitForHydration(page, 'input[name="smsOptIn"]');
  await expect(sms).toBeChecked();

  const name = `Tick Client ${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  await page.getByRole('textbox', { name: 'Full Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email Address' }).fill('tick.client@example.com');
  await page.getByRole('textbox', { name: 'Phone' }).fill('(602) 555-0142');
  // A day with no time slots in the demo seed (the calendar test above books it too).
  await page.locator('input[name="date"]').fill(studioDay(3));
  await page.getByRole('textbox', { name: 'Project Description' }).fill('Two videos for a spring launch.');
  await page.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(storedBooking(name)).toMatchObject({ sms_opt_in: 1, phone: '+16025550142' });
  expect(problems).toEqual([]);
});

test('a video tile plays on the first tap of an unhydrated page; Instagram reels load their player when near', async ({
  page,
}) => {
  const problems = watchHydration(page);
  await page.goto('/portfolio/digitals');
  expect(await appLoaded(page)).toBe(false);
  await page
    .getByRole('button', { name: /^TAP TO PLAY \(/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: /^Pause video:/ }).first()).toBeVisible();
  await expect(page.locator('video').first()).toHaveJSProperty('paused', false);

  const embeds: string[] = [];
  await page.route(`${EMBED_SCRIPT}*`, (route) => {
    embeds.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  await page.goto('/portfolio/ugc');
  await expect(page.getByRole('link', { name: /Watch reel \d on Instagram/ })).toHaveCount(3);
  await page
    .getByRole('link', { name: /Watch reel \d on Instagram/ })
    .first()
    .scrollIntoViewIfNeeded();
  await expect.poll(() => embeds.length).toBe(1);
  expect(await appLoaded(page)).toBe(false);
  expect(problems).toEqual([]);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  for (const { path, heading } of [...STATIC_ROUTES, BOOKING_ROUTE]) {
    test(`${path} reads fully: heading, text, images and the navigation`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const link of ['Home', 'Portfolio', 'About', 'Book']) {
        await expect(nav.getByRole('link', { name: link, exact: true })).toHaveAttribute('href', /^\//);
      }
      const text = await page.locator('main').innerText();
      expect(text.trim().length, `${path} has text`).toBeGreaterThan(40);
      // Every image the page shows at once is loaded (no image waits for a script).
      const images = page.locator('main img:visible');
      const count = await images.count();
      for (let i = 0; i < Math.min(count, 4); i++) {
        await images.nth(i).scrollIntoViewIfNeeded();
        await expect
          .poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
      }
      // In what the page shows, a <noscript>'s text included (getByText skips it).
      await expect(page.locator('body')).not.toContainText(/needs JavaScript/, { useInnerText: true });
    });
  }
});

test('between public pages, plain links load the next page, prerendered when the visitor is about to follow one', async ({
  page,
}) => {
  const problems = watchHydration(page);
  const speculative: string[] = [];
  page.context().on('request', (r) => {
    const purpose = r.headers()['sec-purpose'] ?? '';
    if (purpose.includes('prefetch')) speculative.push(`${new URL(r.url()).pathname} ${purpose}`);
  });
  const response = await page.goto('/');
  expect(response?.headers()['speculation-rules']).toBe('"/speculation-rules.json"');
  const about = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true });
  await about.hover();
  await expect.poll(() => speculative.some((s) => s.startsWith('/about '))).toBe(true);
  await about.click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Ava' })).toBeVisible();
  expect(await appLoaded(page)).toBe(false);
  // Nothing of the admin, the sign-in link or the API is ever fetched ahead.
  expect(speculative.filter((s) => /^\/(admin|finishSignIn|api\/)/.test(s))).toEqual([]);
  expect(problems).toEqual([]);
});
