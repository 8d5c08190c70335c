// A quote changed after the client paid, in Chromium against the compiled server: her quote dialog says what
// the client has paid, Save asks first, and a total below what was paid is refused with the server's message in the
// dialog, what she typed kept; she records a refund of the payment by hand on the booking's card, and the lower quote
// then saves. The dialog with its notice, the confirmation and the refund dialog are photographed at 390 and 1280 px,
// light and dark.
import { formatCents } from '@studio/shared/domain/quote';
import { test, expect, collectConsoleErrors } from '../support/test';
import { signInThroughOutbox } from '../support/sign-in';
import { adminApi, bookAsVisitor } from '../support/studio-api';

const SHOTS = [
  [390, 'light'],
  [390, 'dark'],
  [1280, 'light'],
  [1280, 'dark'],
] as const;

test.use({ viewport: { width: 390, height: 844 } });

test('after a payment her quote dialog says what was paid, asks before saving, and refuses a total below it', async ({
  page,
  baseURL,
  adminURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const errors = collectConsoleErrors(page);
  await page.goto(base);
  await signInThroughOutbox(page, base);
  const { id, name } = await bookAsVisitor(page.request, base, 'Paid Client');
  // The client paid the deposit by bank transfer, recorded by her.
  const admin = await adminApi(page, base);
  expect((await admin.patch(`/api/admin/bookings/${id}`, { data: { status: 'Confirmed' } })).status()).toBe(200);
  const due = (
    (await (await admin.get(`/api/admin/bookings/${id}/payments`)).json()) as { due: { amountCents: number } }
  ).due.amountCents;
  const recorded = await admin.post(`/api/admin/bookings/${id}/payments`, {
    data: { kind: 'deposit', method: 'bank transfer', amountCents: due },
  });
  expect(recorded.status()).toBe(200);
  await admin.dispose();
  const paid = formatCents(due);

  await page.goto(`${adminURL}/admin`);
  await page.getByRole('article', { name }).getByRole('button', { name: 'Quote' }).click();
  const dialog = page.getByRole('dialog', { name: `Quote · ${name}` });
  await expect(dialog.getByTestId('quote-paid')).toHaveText(
    `The client has paid ${paid} so far. Saving changes the balance due.`,
  );
  const base$ = dialog.getByLabel(/\(\$\)$/).first();
  const price = Number(await base$.inputValue());
  await base$.fill(String(price + 100));
  for (const [width, scheme] of SHOTS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await dialog.getByTestId('quote-paid').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`quote-paid-${width}-${scheme}.png`) });
  }

  await dialog.getByRole('button', { name: 'Save quote' }).click();
  const confirm = page.getByRole('dialog', { name: 'Change a paid quote?' });
  const total = Math.round((price + 100) * 100);
  await expect(confirm).toContainText(
    `The client has paid ${paid} so far. With this quote the total is ${formatCents(total)} and ${formatCents(total - due)} stays due.`,
  );
  for (const [width, scheme] of SHOTS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`quote-confirm-${width}-${scheme}.png`) });
  }
  await confirm.getByRole('button', { name: 'Save the new quote' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(dialog.getByTestId('quote-state')).toContainText('Saved · version 1');

  // Below what was paid: the server refuses, its message in the dialog, what she typed kept.
  const below = (due - 100) / 100;
  await base$.fill(String(below));
  await dialog.getByRole('button', { name: 'Save quote' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `The client has already paid ${paid}; this quote comes to ${formatCents(due - 100)}. A quote below what was paid would need a refund first: record it under the booking’s payments (Refund), then lower the quote.`,
  );
  await expect(base$).toHaveValue(String(below));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'light' });
  await dialog.getByRole('alert').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('quote-refused-390-light.png') });

  // The way out: she paid $1 back by bank transfer and records it on the card; the lower quote then saves.
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  const card = page.getByRole('article', { name });
  await card.getByText('Payments (1)').click();
  await card.getByRole('button', { name: `Refund the ${paid} deposit paid by bank transfer` }).click();
  const refund = page.getByRole('dialog', { name: 'Refund a payment' });
  await expect(refund).toContainText(`${paid} of it is left to refund.`);
  await refund.getByLabel('Amount (USD)').fill('1');
  for (const [width, scheme] of SHOTS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`refund-${width}-${scheme}.png`) });
  }
  await refund.getByRole('button', { name: 'Continue' }).click();
  await refund.getByRole('button', { name: 'Record the refund' }).click();
  await expect(refund).toHaveCount(0);
  await expect(card.getByRole('status')).toHaveText('Refund recorded.');
  await expect(card).toContainText(`${formatCents(due - 100)} of ${formatCents(total)} paid`);
  await expect(card).toContainText('$1 refunded');
  await page.setViewportSize({ width: 390, height: 844 });
  await card.getByText('Payments (1)').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('refunded-card-390-dark.png') });
  await card.getByRole('button', { name: 'Quote' }).click();
  await base$.fill(String(below));
  await dialog.getByRole('button', { name: 'Save quote' }).click();
  await confirm.getByRole('button', { name: 'Save the new quote' }).click();
  await expect(dialog.getByTestId('quote-state')).toContainText('Saved · version 2');
  // The refusal is an answer, not a page error: the console has only what the 409 itself logs.
  expect(errors.filter((e) => !/409/.test(e))).toEqual([]);
});
