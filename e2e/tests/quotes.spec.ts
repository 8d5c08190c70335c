// Her quote on a phone, in Chromium at 390x844 against the compiled server: she opens a UGC booking's
// quote, adds 90-day paid usage, sets a 50% deposit, saves and sees the total; the contract she then generates lists
// the usage line and the deposit. The quote panel is photographed at 390 and 1280 px, light and dark.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { test, expect, collectConsoleErrors } from '../support/test';
import { signInThroughOutbox } from '../support/sign-in';
import { startServer, type RunningServer } from '../support/server';

// A server of its own: it signs in through its own outbox.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});
test.use({ viewport: { width: 390, height: 844 } });

async function book(request: APIRequestContext, name: string): Promise<void> {
  const services = (await (await request.get(`${server.url}/api/services`)).json()) as Array<{
    id: string;
    tiers: Array<{ id: string }>;
  }>;
  const csrf = randomBytes(32).toString('hex');
  const res = await request.post(`${server.url}/api/bookings`, {
    headers: { Origin: server.url, 'Idempotency-Key': `e2e-${csrf.slice(0, 16)}` },
    data: {
      name,
      email: 'jordan@example.com',
      phone: '',
      serviceId: 'usergeneratedcontent',
      serviceTierId: services.find((s) => s.id === 'usergeneratedcontent')?.tiers[0]?.id ?? '',
      date: '',
      consultationDate: '',
      consultationLocation: 'Video call',
      location: 'Phoenix',
      description: 'Spring launch videos.',
      smsOptIn: false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('she adds 90-day paid usage and a 50% deposit on a phone; the contract lists both', async ({ page }) => {
  test.setTimeout(120_000);
  const base = server.url;
  const errors = collectConsoleErrors(page);
  const name = `Jordan Lee ${Date.now()}`;
  await page.goto(`${base}/`);
  await signInThroughOutbox(page, base);
  await book(page.request, name);
  await page.getByRole('link', { name: 'Admin' }).click();
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: 'Quote' }).click();

  const dialog = page.getByRole('dialog', { name: `Quote · ${name}` });
  const base$ = dialog.getByLabel(/\(\$\)$/).first();
  await expect(base$).not.toHaveValue('');
  const basePrice = Number(await base$.inputValue());
  await dialog.getByRole('button', { name: '+ Usage rights' }).click();
  const usage = dialog.getByRole('group', { name: 'Usage rights (line 1)' });
  await expect(usage.getByLabel('Paid social ads')).toBeChecked();
  await usage.getByLabel('Term').selectOption('90');
  await usage.getByLabel('Territory').fill('Worldwide');
  await usage.getByLabel('Amount ($)').fill('500.50');
  await dialog.getByLabel('A share of the total').check();
  await dialog.getByLabel('Deposit (% of the total)').fill('50');

  // A wrong amount is named beside its field, and nothing is saved.
  await usage.getByLabel('Amount ($)').fill('five hundred');
  await expect(usage.getByRole('alert')).toHaveText('Type an amount in dollars, like 350 or 350.50');
  await usage.getByLabel('Amount ($)').fill('500.50');

  const total = Math.round(basePrice * 100) + 50_050;
  const dollars = (cents: number) =>
    `$${Math.floor(cents / 100).toLocaleString('en-US')}${cents % 100 ? `.${String(cents % 100).padStart(2, '0')}` : ''}`;
  await expect(dialog.getByTestId('quote-total')).toContainText(dollars(total));
  await expect(dialog.getByTestId('quote-deposit')).toContainText(
    `Deposit ${dollars(Math.floor((total * 5000 + 5000) / 10000))}`,
  );
  await dialog.getByRole('button', { name: 'Save quote' }).click();
  await expect(dialog.getByTestId('quote-state')).toContainText('Saved · version 1');

  for (const [width, scheme] of [
    [390, 'light'],
    [390, 'dark'],
    [1280, 'light'],
    [1280, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`quote-${width}-${scheme}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The contract carries the quote: the usage line and the deposit.
  await card.getByRole('combobox').selectOption('Confirmed');
  await page.getByRole('dialog').getByRole('button', { name: 'Save and e-mail client' }).click();
  await card.getByRole('button', { name: 'Generate Contract' }).click();
  const contract = page.getByRole('dialog', { name: 'Generate contract' });
  const deal = contract.getByRole('region', { name: 'The deal (from the booking)' });
  await expect(deal).toContainText('Usage rights (Paid social ads · 90 days · Worldwide): $500.50');
  await expect(deal).toContainText(`Deposit: ${dollars(Math.floor((total * 5000 + 5000) / 10000))}`);
  expect(errors).toEqual([]);
});
