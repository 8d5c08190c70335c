// Her dashboard on a phone, in Chromium at 390x844 against the compiled server: the first request's card
// is within the first screen; every control of the bookings view is at least 44 px tall; the Deployments tab shows
// only once a deploy token exists; the dashboard's outline (a skeleton), not a blank page, shows while its code and
// its first data load.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import { test, expect } from '../support/test';
import { signInThroughOutbox } from '../support/sign-in';
import { REPO_ROOT, startServer, type RunningServer } from '../support/server';

const run = promisify(execFile);
const PHONE = { width: 390, height: 844 };

// A server of its own: a deploy token issued here would show the Deployments tab to every other spec's admin.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});
test.use({ viewport: PHONE });

/** A visitor's request through the public API, with the double-submit CSRF pair a browser page would send. */
async function book(request: APIRequestContext, name: string) {
  const services = (await (await request.get(`${server.url}/api/services`)).json()) as Array<{
    id: string;
    tiers: Array<{ id: string }>;
  }>;
  const csrf = randomBytes(32).toString('hex');
  const response = await request.post(`${server.url}/api/bookings`, {
    headers: { Origin: server.url, 'Idempotency-Key': `e2e-${csrf.slice(0, 16)}` },
    data: {
      name,
      email: 'dana@example.com',
      phone: '',
      serviceId: 'others',
      serviceTierId: services.find((s) => s.id === 'others')?.tiers[0]?.id ?? '',
      date: '',
      consultationDate: '',
      consultationLocation: '',
      location: 'Phoenix',
      description: 'Launch event for a skincare brand.',
      smsOptIn: false,
    },
  });
  expect(response.status()).toBe(201);
}

/** The boxes of the bookings view's visible controls (a checkbox counts by its label, the target a finger hits). */
async function controlHeights(panel: Locator) {
  return panel.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('button, input, select, textarea')]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => {
        const target =
          el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? el.closest('label') : el;
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.id;
        return {
          control: `${el.tagName.toLowerCase()} ${name || el.getAttribute('type')}`,
          height: target?.getBoundingClientRect().height ?? 0,
        };
      }),
  );
}

const bookingsPanel = (page: Page) => page.getByRole('tabpanel', { name: /Bookings/ });

test('at 390x844 the first request is in the first screen, every control is 44 px tall, Deployments only with a deploy token', async ({
  page,
}) => {
  test.setTimeout(90_000);
  for (const name of ['Ivy Chen', 'Noor Haddad', 'Dana Reyes']) await book(page.request, name);
  await page.goto(`${server.url}/`);
  await signInThroughOutbox(page, server.url);

  // Newest first: Dana's card, whole, within the first screen, with the page at its top.
  const first = bookingsPanel(page).getByRole('article').first();
  await expect(first.getByRole('heading', { level: 3 })).toHaveText('Dana Reyes');
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await first.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);

  // Compact: empty fields are not listed; Details opens the rest, and says it is open.
  const details = first.getByRole('button', { name: 'Details' });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await expect(first.getByText('Launch event for a skincare brand.')).toBeHidden();
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(first.getByText('Launch event for a skincare brand.')).toBeVisible();
  await expect(first.getByText('Phoenix')).toBeVisible();
  await expect(first.getByText('Consultation date')).toHaveCount(0);

  const heights = await controlHeights(bookingsPanel(page));
  expect(heights.length).toBeGreaterThan(5);
  expect(heights.filter((c) => c.height < 44)).toEqual([]);

  // No deploy token: no Deployments tab.
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');
  await expect(tabs).toHaveText(['Bookings', 'Availability', 'Content'].map((t) => new RegExp(`^${t}`)));
  await expect(page.getByRole('tab', { name: 'Deployments' })).toHaveCount(0);

  // A team's deploy token, issued with the host's command as docs/deploy.md says: the tab is there on the next visit.
  await run(
    process.execPath,
    [path.join(REPO_ROOT, 'server', 'dist', 'cli', 'admin.js'), 'deploy-token', 'public-site', '--label', 'CI'],
    { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: server.dataDir } },
  );
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Deployments' })).toBeVisible();
  // Every tab on the phone's width, none cut off or hidden behind a sideways scroll.
  const bar = page.getByRole('tablist', { name: 'Dashboard sections' });
  const fit = await bar.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    tabs: [...el.querySelectorAll('[role="tab"]')].map((t) => t.getBoundingClientRect().right),
  }));
  expect(fit.scroll).toBeLessThanOrEqual(fit.client);
  expect(fit.tabs.filter((right) => right > PHONE.width)).toEqual([]);
  expect((await controlHeights(bookingsPanel(page))).filter((c) => c.height < 44)).toEqual([]);
});

test("/admin shows the dashboard's outline before any script has run, and while its first data is on the way", async ({
  page,
}) => {
  await page.goto(`${server.url}/`);
  await signInThroughOutbox(page, server.url);

  // The shell's script held: what shows is the page's HTML alone, and it is the outline, not a blank page.
  let releaseScript!: () => void;
  const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
  await page.route(/\/main\.[0-9a-f]+\.js$|\/main\.js$/, async (route: Route) => {
    await scriptHeld;
    await route.continue();
  });
  // The dashboard's first data held too, until the outline has been seen.
  let releaseData!: () => void;
  const dataHeld = new Promise<void>((resolve) => (releaseData = resolve));
  await page.route('**/api/admin/bookings?*', async (route: Route) => {
    await dataHeld;
    await route.continue();
  });

  await page.goto(`${server.adminUrl}/admin`, { waitUntil: 'commit' });
  await expect(page.getByTestId('admin-skeleton')).toBeVisible();
  releaseScript();

  // The dashboard's code runs; its list waits for the held answer and shows the cards' outline meanwhile.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('bookings-skeleton')).toBeVisible();
  await expect(bookingsPanel(page).getByRole('article')).toHaveCount(0);
  releaseData();
  await expect(bookingsPanel(page).getByRole('article').first()).toBeVisible();
  await expect(page.getByTestId('bookings-skeleton')).toHaveCount(0);
  await expect(page.getByTestId('admin-skeleton')).toHaveCount(0);
});
