// Paid online, in Chromium at 390x844 against the compiled server and the real `stripe` library pointed at
// the local stand-in of Stripe's API (server/test/stripe-stand-in.ts; no internet): the client's manage page of a
// confirmed booking shows the deposit from the quote, she pays on the stand-in's checkout page (which posts the signed
// webhook and sends her back, as Stripe Checkout does), and within a second her dashboard and the client's page show
// "Deposit paid".
import { randomBytes } from 'node:crypto';
import { formatCents } from '@studio/shared/domain/quote';
import { test, expect, collectConsoleErrors } from '../support/test';
import { startServer, type RunningServer } from '../support/server';
import { signInThroughOutbox } from '../support/sign-in';
import { adminApi, bookAsVisitor } from '../support/studio-api';
import { startStripeStandIn, type StripeStandIn } from '../../server/test/stripe-stand-in';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
let stripe: StripeStandIn;
let server: RunningServer;

test.beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
  server = await startServer({
    STRIPE_SECRET_KEY: 'sk_test_e2eStandInKeyForTheLocalStripe',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  });
  stripe.webhookUrl = `${server.url}/api/stripe/webhook`;
});
test.afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

test('a confirmed booking: the client pays the deposit on the stand-in checkout, both pages show "Deposit paid"', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const base = server.url;
  await page.goto(base);
  await signInThroughOutbox(page, base);

  // A visitor's UGC request, posted as the booking form posts it.
  const { id, name, token } = await bookAsVisitor(page.request, base, 'Pay Client');

  // She confirms it.
  const admin = await adminApi(page, base);
  expect((await admin.patch(`/api/admin/bookings/${id}`, { data: { status: 'Confirmed' } })).status()).toBe(200);
  // What the quote asks as the deposit, as the server computes it.
  const { depositCents } = (await (await admin.get(`/api/admin/bookings/${id}/payments`)).json()) as {
    depositCents: number;
  };
  await admin.dispose();
  expect(depositCents).toBeGreaterThan(0);
  const deposit = formatCents(depositCents);

  // Her dashboard at 390 px shows the confirmed booking.
  await page.goto(`${server.adminUrl}/admin`);
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText(`$0 of`)).toBeVisible();

  // The client opens her page on her phone.
  const phone = await browser.newContext({ viewport: PHONE });
  const client = await phone.newPage();
  const errors = collectConsoleErrors(client);
  await client.goto(`${base}/manage-booking#${token}`);
  await expect(client.getByTestId('payment-deposit')).toHaveText(deposit);
  const pay = client.getByRole('button', { name: `Pay the deposit · ${deposit}` });
  await expect(pay).toBeVisible();
  await pay.click();

  // Stripe's (stand-in) checkout, for the server's amount.
  await client.waitForURL(`${stripe.url}/pay/**`);
  await expect(client.getByRole('heading', { name: 'Stand-in checkout' })).toBeVisible();
  await expect(client.locator('#amount')).toHaveText((depositCents / 100).toFixed(2));
  await client.getByRole('button', { name: 'Pay' }).click();

  // Back on her page: the webhook has landed; within a second both pages say so.
  await client.waitForURL(`${base}/manage-booking?payment=done#${token}`);
  await expect(client.getByTestId('payment-states')).toContainText('Deposit paid', { timeout: 1000 });
  await expect(card.getByText('Deposit paid')).toBeVisible({ timeout: 1000 });
  expect(errors).toEqual([]);
  await client.screenshot({ path: test.info().outputPath('client-390.png'), fullPage: true });
  await page.screenshot({ path: test.info().outputPath('dashboard-390.png') });
  await phone.close();
});

test('without a Stripe key the client is offered no pay button; her "Record a payment" records a bank transfer', async ({
  page,
  browser,
  baseURL,
  adminURL,
}) => {
  test.setTimeout(120_000);
  // The run's shared server has no STRIPE_SECRET_KEY.
  const base = baseURL!;
  await page.goto(base);
  await signInThroughOutbox(page, base);
  const { id, name, token } = await bookAsVisitor(page.request, base, 'Hand Client');
  const admin = await adminApi(page, base);
  expect((await admin.patch(`/api/admin/bookings/${id}`, { data: { status: 'Confirmed' } })).status()).toBe(200);
  await admin.dispose();

  const phone = await browser.newContext({ viewport: PHONE });
  const client = await phone.newPage();
  await client.goto(`${base}/manage-booking#${token}`);
  await expect(client.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await expect(client.getByText('Pay by bank transfer or in cash, as agreed with her')).toBeVisible();
  await expect(client.getByRole('button', { name: /^Pay the/ })).toHaveCount(0);

  // She records the client's bank transfer: the amount starts at what is due, and she confirms it.
  await page.goto(`${adminURL}/admin`);
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: 'Record a payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a payment' });
  const amount = await dialog.getByRole('textbox', { name: 'Amount (USD)' }).inputValue();
  expect(Number(amount)).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('record-390.png') });
  await dialog.getByRole('button', { name: 'Record a payment' }).click();
  await expect(dialog.getByText(/^Record \$[\d,.]+ by bank transfer as the deposit\?/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Record it' }).click();
  await expect(card.getByText('Deposit paid')).toBeVisible();
  await client.reload();
  await expect(client.getByTestId('payment-states')).toContainText('Deposit paid');
  for (const [width, scheme] of [
    [390, 'dark'],
    [1280, 'light'],
    [1280, 'dark'],
  ] as const) {
    await client.setViewportSize({ width, height: 900 });
    await client.emulateMedia({ colorScheme: scheme });
    await client.screenshot({ path: test.info().outputPath(`client-${width}-${scheme}.png`), fullPage: true });
  }
  await phone.close();
});
