// In a real Chromium against the production build, /security-test runs the kit's checks (all
// pass), flags a phishing phrase, and SecureForm blocks a suspicious submission with its warning; the page is its
// own chunk, which the home page never requests.
import { test, expect, collectConsoleErrors, recordScripts, waitForHydration } from '../support/test';

const SECURITY_TEST_CHUNK = /\/security-test\.[0-9a-f]+\.js$/;

test('Run Tests: every check passes in the browser', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/security-test');
  await expect(page.getByRole('heading', { level: 1, name: 'Security test' })).toBeVisible();

  await page.getByRole('button', { name: 'Run Tests' }).click();

  const summary = page.getByTestId('security-summary');
  await expect(summary).toHaveText('24 of 24 passed');
  const items = page.getByTestId('security-check');
  await expect(items).toHaveCount(24);
  for (const text of await items.allInnerTexts()) {
    expect(text).toContain('Pass');
    expect(text).not.toContain('Fail');
  }
  await expect(page.getByText('Flags each of the 19 phishing phrases')).toBeVisible();
  // The run is recorded in the page-wide monitor, and the CSRF token is where the http adapter keeps it.
  await expect(page.getByRole('region', { name: 'Security events' })).toContainText('Self-tests run: 24 of 24 passed');
  expect(await page.evaluate(() => sessionStorage.getItem('studio.csrf'))).toMatch(/^[0-9a-f]{64}$/);
  expect(errors).toEqual([]);
});

test('the phishing tester flags a phrase as it is typed', async ({ page }) => {
  await page.goto('/security-test');
  const input = page.getByLabel('Text to check');
  const result = page.getByTestId('phishing-result');

  await input.fill('Hi! Could we shoot in May?');
  await expect(result).toHaveText('No phishing phrases found.');

  await input.pressSequentially(' Urgent   ACTION required: claim your prize');
  await expect(result).toContainText('2 phishing phrases found:');
  await expect(result.getByRole('listitem')).toHaveText(['urgent action required', 'claim your prize']);
});

test('SecureForm blocks a suspicious submission with its warning', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/security-test');
  await page.getByLabel('Name').fill('Ann Lee');
  await page.getByLabel('Email').fill('ann@example.com');
  await page.getByLabel('Message').fill('Before the shoot, please verify your account here.');
  await page.getByRole('button', { name: 'Send' }).click();

  await expect(page.getByRole('alert')).toHaveText('Suspicious content detected. Your submission was blocked.');
  await expect(page.getByText(/^Accepted\./)).toHaveCount(0);
  const monitor = page.getByRole('region', { name: 'Security events' });
  await expect(monitor).toContainText('Submission blocked: suspicious content in "Message"');

  // Once the message is clean, the same form is accepted.
  await page.getByLabel('Message').fill('Are you free on 12 May?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByText('Accepted. A real form would now send these sanitised values; this demo sends nothing.'),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a CSP violation in the page shows in the security monitor', async ({ page }) => {
  await page.goto('/security-test');
  await expect(page.getByRole('button', { name: 'Run Tests' })).toBeVisible();
  // An inline script, which the site's CSP forbids: the browser blocks it and reports the violation.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__ran = true';
    document.body.append(script);
  });
  const monitor = page.getByRole('region', { name: 'Security events' });
  await expect(monitor).toContainText('CSP violation');
  await expect(monitor).toContainText('script-src-elem blocked inline');
  expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
});

test('the home page does not load the security-test chunk; /security-test does', async ({ page }) => {
  const js = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Services' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Photoshoot' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const home = (await js.settled()).map((s) => new URL(s.url).pathname);
  expect(home.length).toBeGreaterThan(0);
  expect(home.filter((p) => SECURITY_TEST_CHUNK.test(p))).toEqual([]);

  // Navigating in the app (no reload) fetches the chunk only now; the app runs from the first interaction.
  await waitForHydration(page);
  await page.evaluate(() => {
    history.pushState({}, '', '/security-test');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Security test' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const after = (await js.settled()).map((s) => new URL(s.url).pathname);
  expect(after.filter((p) => SECURITY_TEST_CHUNK.test(p))).toHaveLength(1);
});
