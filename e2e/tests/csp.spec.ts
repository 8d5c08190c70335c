// Every route of the site, as a visitor and as the admin, runs under the server's
// Content-Security-Policy (no inline script allowed) with no CSP violation and no console error.
import type { Page } from '@playwright/test';
import { test, expect, collectConsoleErrors } from '../support/test';
import { signInThroughOutbox } from '../support/sign-in';
import { openDatabase } from '../support/database';

const VISITOR_ROUTES = [
  '/',
  '/portfolio',
  '/portfolio/comp-card',
  '/portfolio/digitals',
  '/portfolio/runway',
  '/portfolio/print',
  '/portfolio/print/editorial',
  '/portfolio/ugc',
  '/portfolio/sonoran-editorial',
  '/service/photoshoot',
  '/about',
  '/book-me',
  '/security-test',
  '/finishSignIn',
  '/admin',
  '/no-such-page',
];

async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  // The reels' embed script is a third party this machine cannot reach; serve an empty one so the page is judged on
  // its own behaviour (the UGC page's offline fallback has its own test).
  await page.route('https://www.instagram.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

test('every route as a visitor: the CSP holds, nothing is blocked, no console error', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const violations = await watchCsp(page);
  for (const route of VISITOR_ROUTES) {
    const response = await page.goto(route);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main')).not.toBeEmpty();
    expect(await violations(), route).toEqual([]);
  }
  // The one expected console line: Chromium reports the 404 status the server gives an unknown address.
  expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
  expect(errors.filter((e) => e.includes('status of 404'))).toHaveLength(1);
});

const XSS_NAME = '<img src=x onerror="window.__pwned=1">';

/** A stored booking whose text is HTML: the server refuses such input, so it stands for old or foreign data. */
function insertHtmlBooking() {
  const db = openDatabase(process.env.E2E_DATA_DIR!);
  try {
    const now = new Date().toISOString();
    db.prepare(
      `INSERT INTO booking_requests (id, name, email, service_id, service, description, status, created_at, updated_at)
       VALUES (?, ?, 'x@example.com', 'others', 'Other Projects', ?, 'Confirmed', ?, ?)`,
    ).run(`csp-${Date.now()}`, XSS_NAME, '<script>window.__pwned=2</script>', now, now);
  } finally {
    db.close();
  }
}

test('the admin dashboard: the CSP holds, stored HTML shows as text, no console error', async ({
  page,
  baseURL,
  adminURL,
}) => {
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page);
  const violations = await watchCsp(page);
  insertHtmlBooking();
  await page.goto('/');
  await signInThroughOutbox(page, baseURL!);
  await page.goto(`${adminURL}/admin`);
  await expect(page.getByRole('tab', { name: /bookings/i })).toBeVisible();
  await expect(page.getByText(XSS_NAME).first()).toBeVisible();
  // The card shows its description once opened (the cards are compact until then).
  await page.getByRole('article', { name: XSS_NAME }).first().getByRole('button', { name: 'Details' }).click();
  await expect(page.getByText('<script>window.__pwned=2</script>').first()).toBeVisible();
  expect(await page.locator('main img[src="x"]').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await page.getByRole('tab', { name: /availability/i }).click();
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
});
