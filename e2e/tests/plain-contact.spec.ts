// With no availability /book-me shows her contact form, and without JavaScript it posts as a plain form:
// the visitor sees the thank-you page rendered by the server, and her mail is in the outbox.
import { test, expect } from '../support/test';
import { ADMIN_EMAIL, startServer, type RunningServer } from '../support/server';
import { readOutbox } from '../support/studio-api';

let server: RunningServer;
// A server of its own, without the demo's dates: nothing is bookable.
test.beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'false' });
});
test.afterAll(async () => {
  await server?.stop();
});

test('without JavaScript her contact form sends the message and answers with the thank-you page', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/book-me');
  const form = page.getByRole('form', { name: 'Message' });
  await form.getByRole('textbox', { name: 'Your Name' }).fill('Rosa Diaz');
  await form.getByRole('textbox', { name: 'Your Email' }).fill('rosa.nojs@example.com');
  await form.getByRole('textbox', { name: 'Your Message' }).fill('Are you free for a lookbook in June?');
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    form.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  expect(answer.status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Thank you! Your message is on its way' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Message' })).toHaveCount(0);

  const mail = (await readOutbox(page.request, server.url)).find(
    (m) => m.channel === 'mail' && m.subject === 'Message from Rosa Diaz (nothing was bookable)',
  );
  expect(mail?.recipient).toBe(ADMIN_EMAIL);
  expect(mail?.body).toContain('Are you free for a lookbook in June?');
  expect(mail?.body).toContain('rosa.nojs@example.com');
  // Another message: the link brings the empty form back, without JavaScript too.
  await page.getByRole('link', { name: 'Write another message' }).click();
  await expect(page.getByRole('form', { name: 'Message' }).getByRole('textbox', { name: 'Your Name' })).toHaveValue('');
  await context.close();
});
