// The admin's whole visit in a real Chromium. Sign in through the link in the outbox, see a
// visitor's booking arrive live, confirm it, export its contract (the print window is captured and read), add and
// delete a period, a range and a slot and see what visitors get follow, and sign out with the logo gesture. Along the
// way it shows the one auth store shared by the shell and the admin-app remote.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { studioDay } from '../support/studio-day';
import { greenDot, signInThroughOutbox, tripleClickLogo } from '../support/sign-in';

interface PublicAvailability {
  periods: Array<{ startDate: string; endDate: string }>;
  unavailable: Array<{ startDate: string; endDate: string }>;
  slots: Array<{ date: string; startTime: string; endTime: string }>;
}

const isoDay = studioDay;

async function publicAvailability(request: APIRequestContext, baseURL: string): Promise<PublicAvailability> {
  return (await (await request.get(`${baseURL}/api/availability`)).json()) as PublicAvailability;
}

/** A visitor's booking through the public API, with the double-submit CSRF pair a browser page would send. */
async function bookAsVisitor(request: APIRequestContext, baseURL: string, name: string) {
  const csrf = randomBytes(32).toString('hex');
  return request.post(`${baseURL}/api/bookings`, {
    headers: { Origin: baseURL, 'Idempotency-Key': `e2e-${csrf.slice(0, 16)}` },
    data: {
      name,
      email: 'dana@example.com',
      phone: '',
      serviceId: 'others',
      serviceTierId: await firstTierOf(request, baseURL, 'others'),
      date: '',
      consultationDate: '',
      consultationLocation: '',
      location: 'Phoenix',
      description: 'Launch event for a skincare brand.',
      smsOptIn: false,
    },
  });
}

async function firstTierOf(request: APIRequestContext, baseURL: string, serviceId: string): Promise<string> {
  const services = (await (await request.get(`${baseURL}/api/services`)).json()) as Array<{
    id: string;
    tiers: Array<{ id: string }>;
  }>;
  return services.find((s) => s.id === serviceId)?.tiers[0]?.id ?? '';
}

/** What the booking form says of a date, as a visitor opening /book-me now sees it. */
async function bookingFormSays(visitorPage: Page, date: string): Promise<string> {
  await visitorPage.goto('/book-me');
  await visitorPage.getByLabel('Service Type').selectOption('others');
  await visitorPage.locator('input[name="date"]').fill(date);
  const note = visitorPage.getByText(/^This date is (available\.|not available\. Please choose another one\.)$/);
  await expect(note).toBeVisible();
  return (await note.textContent()) ?? '';
}

const AVAILABLE = 'This date is available.';
const UNAVAILABLE = 'This date is not available. Please choose another one.';

test('the admin signs in by link, works the dashboard live, and signs out with the logo gesture', async ({
  page,
  browser,
  baseURL,
  adminURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  await page.goto('/');
  await expect(greenDot(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  // A stranger's address is refused by the server and no mail goes out.
  await tripleClickLogo(page);
  await page.getByRole('textbox', { name: 'Email' }).fill('stranger@example.com');
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('form', { name: 'Admin sign-in' }).getByRole('alert')).toHaveText(
    'Access denied. Only authorized users can sign in.',
  );
  await tripleClickLogo(page);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);

  // Sign in: the shell reads the shared auth store (green dot, Admin link) ...
  await signInThroughOutbox(page, base);
  // (Her origin runs no public-site code and the public origin never gets her cookies, so the public pages never
  // show her admin-only links: the shell's store is shared with admin-app alone.)
  await page.getByRole('link', { name: 'Admin' }).click();
  // ... and the admin-app remote reads the same store (it renders the dashboard, not the refusal).
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Booking requests' })).toBeVisible();

  // A visitor books in a second browser context; the request appears without a reload.
  const clientName = `Dana Whitfield ${Date.now()}`;
  const visitor = await browser.newContext({ baseURL: base });
  const visitorPage = await visitor.newPage();
  const booked = await bookAsVisitor(visitor.request, base, clientName);
  expect(booked.status(), await booked.text()).toBe(201);
  const card = page.getByRole('article', { name: clientName });
  // docs/product.md: a visitor's new request shows within 2 s without reload.
  await expect(card).toBeVisible({ timeout: 2_000 });
  // Newest first.
  await expect(page.getByRole('article').first()).toHaveAccessibleName(clientName);

  // Confirm it: the colour turns blue and Generate Contract appears.
  const status = card.getByRole('combobox');
  await expect(status).toHaveValue('New');
  await expect(card.getByRole('button', { name: 'Generate Contract' })).toHaveCount(0);
  await status.selectOption('Confirmed');
  // Confirming e-mails the client: the dialog shows the mail first.
  await page.getByRole('dialog').getByRole('button', { name: 'Save and e-mail client' }).click();
  await expect(status).toHaveValue('Confirmed');
  await expect(status).toHaveAttribute('data-color', 'blue');
  // The newest page of the list (read a page at a time) holds it.
  const bookingsAfter = (await (await page.request.get(`${adminURL}/api/admin/bookings`)).json()) as {
    items: Array<{ name: string; status: string }>;
  };
  expect(bookingsAfter.items.find((b) => b.name === clientName)?.status).toBe('Confirmed');

  // Generate the contract: the print window is captured and read.
  await card.getByRole('button', { name: 'Generate Contract' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate contract' });
  await expect(dialog.getByLabel('Client name')).toHaveValue(clientName);
  await expect(dialog.getByLabel('Timeline (weeks)')).toHaveValue('4');
  await expect(dialog.getByLabel('Governing law (state)')).toHaveValue('Arizona');
  const [printWindow] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('button', { name: 'Export' }).click(),
  ]);
  await printWindow.waitForLoadState();
  const contractText = await printWindow.locator('body').innerText();
  expect(contractText).toContain(clientName);
  expect(contractText).toContain('Payment is due within 7 days of invoice.');
  expect(contractText).toContain('Late payments accrue interest at 1.5% monthly');
  expect(contractText).toContain('survives for 3 years');
  expect(contractText).toContain('30 days written notice');
  expect(contractText).toContain('binding arbitration in the State of Arizona');
  await printWindow.close();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Availability: add and delete a period, a range and a slot; what visitors get follows each change.
  await page.getByRole('tab', { name: 'Availability' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Availability' });
  const periodStart = isoDay(200);
  const periodEnd = isoDay(210);
  const rangeDay = isoDay(205);
  const slotDay = isoDay(206);

  await panel.getByRole('button', { name: 'Add period' }).click();
  let modal = page.getByRole('dialog', { name: 'Add availability period' });
  await modal.getByLabel('Start date').fill(periodStart);
  await modal.getByLabel('End date').fill(periodEnd);
  await modal.getByLabel('Notes').fill('E2E period');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toHaveCount(0);
  await expect(panel.getByRole('listitem').filter({ hasText: 'E2E period' })).toBeVisible();
  await expect
    .poll(async () => (await publicAvailability(page.request, base)).periods.some((p) => p.startDate === periodStart))
    .toBe(true);
  // The booking form follows: a day inside the new period is now bookable.
  expect(await bookingFormSays(visitorPage, rangeDay)).toBe(AVAILABLE);

  await panel.getByRole('button', { name: 'Add unavailable days' }).click();
  modal = page.getByRole('dialog', { name: 'Add unavailable days' });
  await modal.getByLabel('Start date').fill(rangeDay);
  await modal.getByLabel('End date').fill(rangeDay);
  await modal.getByLabel('Reason').fill('E2E range');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toHaveCount(0);
  await expect(panel.getByRole('listitem').filter({ hasText: 'E2E range' })).toBeVisible();
  await expect
    .poll(async () => (await publicAvailability(page.request, base)).unavailable.some((r) => r.startDate === rangeDay))
    .toBe(true);
  expect(await bookingFormSays(visitorPage, rangeDay)).toBe(UNAVAILABLE);

  await panel.getByRole('button', { name: 'Add time slot' }).click();
  modal = page.getByRole('dialog', { name: 'Add time slot' });
  await modal.getByLabel('Date').fill(slotDay);
  await expect(modal.getByLabel('Start time')).toHaveValue('09:00');
  await expect(modal.getByLabel('End time')).toHaveValue('17:00');
  await modal.getByLabel('Notes').fill('E2E slot');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toHaveCount(0);
  await expect(panel.getByRole('listitem').filter({ hasText: 'E2E slot' })).toBeVisible();
  await expect
    .poll(async () =>
      (await publicAvailability(page.request, base)).slots.some((s) => s.date === slotDay && s.startTime === '09:00'),
    )
    .toBe(true);

  for (const [note, check] of [
    ['E2E slot', (a: PublicAvailability) => a.slots.some((s) => s.date === slotDay)],
    ['E2E range', (a: PublicAvailability) => a.unavailable.some((r) => r.startDate === rangeDay)],
    ['E2E period', (a: PublicAvailability) => a.periods.some((p) => p.startDate === periodStart)],
  ] as const) {
    const item = panel.getByRole('listitem').filter({ hasText: note });
    // A delete asks first, then offers Undo.
    await item.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(panel.getByText(note)).toHaveCount(0);
    await expect.poll(async () => check(await publicAvailability(page.request, base))).toBe(false);
    if (note === 'E2E period') {
      await panel.getByRole('status').getByRole('button', { name: 'Undo' }).click();
      await expect(panel.getByRole('listitem').filter({ hasText: note })).toBeVisible();
      await expect.poll(async () => check(await publicAvailability(page.request, base))).toBe(true);
      await panel
        .getByRole('listitem')
        .filter({ hasText: note })
        .getByRole('button', { name: /^Delete/ })
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
      await expect.poll(async () => check(await publicAvailability(page.request, base))).toBe(false);
    }
  }
  // With the period gone, the booking form refuses a day in it again.
  expect(await bookingFormSays(visitorPage, isoDay(203))).toBe(UNAVAILABLE);
  await visitor.close();

  // Sign out from inside admin-app: the remote writes the shared store and the shell's green dot goes.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(greenDot(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  // Sign in again, then sign out with the logo gesture: three quick clicks, the dot goes, home after 1 s.
  await signInThroughOutbox(page, base);
  await page.getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await tripleClickLogo(page);
  await expect(greenDot(page)).toHaveCount(0);
  await expect(page).toHaveURL(`${base}/`);
  const session = (await (await page.request.get(`${adminURL}/api/auth/session`)).json()) as { user: unknown };
  expect(session.user).toBeNull();
  // The dashboard is closed to the signed-out browser.
  await page.goto(`${adminURL}/admin`);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You do not have permission to access this page.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
});
