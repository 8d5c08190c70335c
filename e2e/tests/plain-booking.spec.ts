// With no availability /book-me has no booking form (her contact form instead); with
// JavaScript off the footer is there, and a booking posted by the plain form is stored and answered with a page,
// a refused one with the field's message and what was entered kept.
import { test, expect } from '../support/test';
import { startServer, type RunningServer } from '../support/server';
import { storedBooking } from '../support/database';

/** A name no other test uses (letters only, as the kit wants). */
const uniqueName = (prefix: string) =>
  `${prefix} ${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

const UGC_SINGLE = '/book-me?selectedService=usergeneratedcontent&selectedTier=ugc-single';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the footer is on the page', async ({ page }) => {
    await page.goto('/book-me');
    // By its element: inside the shell's <main>, a <footer> is not exposed as the page's contentinfo landmark.
    const footer = page.locator('footer[aria-label="Contact and social links"]');
    await expect(footer).toBeVisible();
    await expect(footer.getByRole('link', { name: /^E-mail: / })).toHaveAttribute('href', /^mailto:/);
    await expect(footer.getByRole('link', { name: 'Instagram' })).toBeVisible();
  });

  test('a booking posted by the plain form is stored and answered with a confirmation page', async ({ page }) => {
    const name = uniqueName('Plain Client');
    await page.goto(UGC_SINGLE);
    const send = page.getByRole('button', { name: 'Send Booking Request' });
    await expect(send).toBeEnabled();
    await page.getByRole('textbox', { name: 'Full Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Email Address' }).fill('plain.client@example.com');
    await page.getByRole('textbox', { name: 'Project Description' }).fill('Two product videos, no script.');
    const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), send.click()]);
    expect(answer.status()).toBe(201);
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect(page.getByText(/Your last request \(reference \S+\) was sent/)).toBeVisible();
    expect(storedBooking(name)).toMatchObject({
      email: 'plain.client@example.com',
      service_id: 'usergeneratedcontent',
      service_tier_id: 'ugc-single',
      status: 'New',
    });
  });

  test('a field error comes back on the page with the entered values kept; nothing is stored', async ({ page }) => {
    const name = uniqueName('Typo Client');
    await page.goto(UGC_SINGLE);
    await page.getByRole('textbox', { name: 'Full Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Email Address' }).fill('not-an-address');
    await page.getByRole('textbox', { name: 'Project Description' }).fill('Kept as typed.');
    await page.getByRole('checkbox', { name: /Send me text messages/ }).check();
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Send Booking Request' }).click(),
    ]);
    expect(answer.status()).toBe(400);
    const email = page.getByRole('textbox', { name: 'Email Address' });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/\S/);
    await expect(email).toHaveValue('not-an-address');
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue(name);
    await expect(page.getByRole('textbox', { name: 'Project Description' })).toHaveValue('Kept as typed.');
    await expect(page.getByRole('combobox', { name: 'Service Package' })).toHaveValue('ugc-single');
    await expect(page.getByRole('checkbox', { name: /Send me text messages/ })).toBeChecked();
    await expect(page.getByRole('alert')).toContainText('Please correct the highlighted fields.');
    expect(storedBooking(name)).toBeUndefined();
  });
});

test.describe('with no availability', () => {
  let server: RunningServer;
  // A server of its own, without the demo's dates.
  test.beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`/book-me shows her contact form and no booking form (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto('/book-me');
      await expect(page.getByRole('heading', { name: 'No Availability Set' })).toBeVisible();
      await expect(page.getByRole('form', { name: 'Message' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send Booking Request' })).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveCount(0);
      await context.close();
    });
  }
});
