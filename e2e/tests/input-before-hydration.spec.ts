// What a visitor on a phone does before an island's script has taken over is the state the island starts from: a
// service chosen, a calendar asked for, the logo's gesture. The test holds back every script of the page but the
// head's (/theme-init.js, a blocking script: without it the phone would show nothing to tap), as a slow first visit
// does, then lets them through: the island loader (/islands.js), the app and the public-site remote's files.
import type { Page } from '@playwright/test';
import { test, expect, collectConsoleErrors } from '../support/test';
import { logo } from '../support/sign-in';

test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

/**
 * Holds every script request but the head script's (and the island loader's when `loader` is 'arrived') until
 * `release()`; `held` lists their paths.
 */
async function holdScripts(page: Page, loader: 'held' | 'arrived') {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  const passes = loader === 'held' ? ['/theme-init.js'] : ['/theme-init.js', '/islands.js'];
  await page.route(
    (url) => url.pathname.endsWith('.js') && !passes.includes(url.pathname),
    async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    },
  );
  return { release, held };
}

/** The page as it paints, with its island loader still on its way (the deferred loader holds back its load event). */
async function openHeld(page: Page, path: string) {
  const scripts = await holdScripts(page, 'held');
  await page.goto(path, { waitUntil: 'commit' });
  await expect.poll(() => scripts.held).toContain('/islands.js');
  return scripts;
}

const uniqueName = (prefix: string) =>
  `${prefix} ${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

test('Photoshoot chosen before the form has its script shows its package and consultation fields once it arrives', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const scripts = await openHeld(page, '/book-me');
  const name = uniqueName('Early Client');
  const service = page.getByRole('combobox', { name: 'Service Type' });
  await service.tap();
  await service.selectOption('photoshoot');
  await page.getByRole('textbox', { name: 'Full Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email Address' }).fill('early.client@example.com');
  // All of it before any of the island's script: the loader itself is still held.
  expect(scripts.held).not.toContain('/main.js');
  await expect(page.getByRole('combobox', { name: 'Service Package' })).toHaveCount(0);

  scripts.release();
  await expect(page.getByRole('combobox', { name: 'Service Package' })).toBeVisible();
  await expect(page.locator('input[name="consultationDate"]')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Shoot Location' })).toBeVisible();
  await expect(service).toHaveValue('photoshoot');
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue(name);

  // The form is React's now: what was chosen before it came is its state, so the package it asks for next is the
  // chosen service's own.
  await page.getByRole('combobox', { name: 'Service Package' }).selectOption('photoshoot-standard');
  await expect(page.getByRole('combobox', { name: 'Service Package' })).toHaveValue('photoshoot-standard');
  expect(errors).toEqual([]);
});

for (const loader of ['held', 'arrived'] as const) {
  test(`two quick taps on "Show calendar" while the form's script is on its way are one: the calendar ends open (island loader ${loader})`, async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    const path = '/book-me?selectedService=usergeneratedcontent&selectedTier=ugc-single';
    let scripts: Awaited<ReturnType<typeof holdScripts>>;
    if (loader === 'held') scripts = await openHeld(page, path);
    else {
      scripts = await holdScripts(page, loader);
      await page.goto(path);
    }
    const show = page.getByRole('button', { name: 'Show calendar' });
    // Enabled once the page is parsed, by the head script: the tap is kept, not lost on a disabled button.
    await expect(show).toBeEnabled();
    await show.tap();
    if (loader === 'arrived') await expect.poll(() => scripts.held).toContain('/main.js');
    await show.tap();
    expect(scripts.held.some((p) => p.startsWith('/remotes/'))).toBe(false);

    scripts.release();
    const calendar = page.getByRole('group', { name: 'Calendar for Preferred Date' });
    await expect(calendar).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hide calendar' })).toHaveAttribute('aria-expanded', 'true');
    // Every held tap has been answered (nothing is left to load), and the calendar is still open.
    await page.waitForLoadState('networkidle');
    await expect(calendar).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('the logo tapped three times before any island script has arrived opens the sign-in form once it does', async ({
  page,
  baseURL,
  adminURL,
}) => {
  const errors = collectConsoleErrors(page);
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
  });
  const scripts = await openHeld(page, '/portfolio');
  await logo(page).tap();
  await logo(page).tap();
  await logo(page).tap();
  // Held, not followed: the link home did not load a page, and nothing answers yet.
  expect(new URL(page.url()).pathname).toBe('/portfolio');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  expect(scripts.held).not.toContain('/main.js');

  scripts.release();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/admin');
  // The gesture's one page load is her origin's sign-in.
  expect(documents).toEqual([`${baseURL}/portfolio`, `${adminURL}/admin`]);
  expect(errors).toEqual([]);
});
