// The booking form in a real Chromium against the production build and the real server: bookings go through end to
// end and are in the database, unavailable dates are refused with the message of docs/product.md §5, the suggestion
// fills a free date, the form resets 3 s after 'Thank You!', and the page's one copy of the availability serves check
// plus suggestion (embedded in the server-rendered page: no availability request at all).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, collectConsoleErrors, waitForHydration } from '../support/test';
import { studioDay } from '../support/studio-day';
import { storedBooking } from '../support/database';

// Days counted from the studio's today, as the server and its demo seed count them.
const day = studioDay;

/** A name the kit accepts (letters only) and no other test uses. */
function uniqueName(prefix: string): string {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `${prefix} ${letters}`;
}

function countAvailabilityRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/availability') seen.push(r.url());
  });
  return seen;
}

const submit = (page: Page) => page.getByRole('button', { name: 'Send Booking Request' }).click();

test('a photoshoot booking goes through and is stored with the server-set fields', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const name = uniqueName('Photo Client');
  await page.goto('/book-me?selectedService=photoshoot&selectedTier=photoshoot-standard');
  await expect(page.getByRole('combobox', { name: 'Service Type' })).toHaveValue('photoshoot');
  await expect(page.getByRole('combobox', { name: 'Service Package' })).toHaveValue('photoshoot-standard');

  await page.getByRole('textbox', { name: 'Full Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email Address' }).fill('photo.client@example.com');
  // As autofill writes it; stored in E.164.
  await page.getByRole('textbox', { name: 'Phone' }).fill('(602) 555-0100');
  await page.locator('input[name="consultationDate"]').fill(day(2));
  await page.getByRole('textbox', { name: 'Consultation Location' }).fill('Studio downtown');
  await page.locator('input[name="date"]').fill(day(3));
  await page.getByRole('textbox', { name: 'Shoot Location' }).fill('Papago Park');
  await page.getByRole('textbox', { name: 'Project Description' }).fill('Spring lookbook, three looks.');
  await page.getByRole('checkbox', { name: /Send me text messages/ }).check();
  await submit(page);

  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(storedBooking(name)).toMatchObject({
    email: 'photo.client@example.com',
    phone: '+16025550100',
    service_id: 'photoshoot',
    service: 'Photoshoot',
    service_price: '$450',
    service_tier: 'Standard Session',
    service_tier_id: 'photoshoot-standard',
    payment_schedule: '50% upfront, 50% upon completion',
    consultation_date: day(2),
    consultation_location: 'Studio downtown',
    date: day(3),
    location: 'Papago Park',
    sms_opt_in: 1,
    status: 'New',
  });
  expect(errors).toEqual([]);
});

test('a UGC booking goes through and is stored; the form resets 3 s after Thank You!', async ({ page }) => {
  const name = uniqueName('Brand Manager');
  await page.goto('/book-me');
  await page.getByRole('textbox', { name: 'Full Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email Address' }).fill('brand@example.com');
  await page.getByRole('combobox', { name: 'Service Type' }).selectOption('usergeneratedcontent');
  await page.getByRole('combobox', { name: 'Service Package' }).selectOption('ugc-weekly');
  await page.getByRole('textbox', { name: 'Project Description' }).fill('Three videos a week for a skincare launch.');
  await submit(page);

  const thanks = page.getByRole('heading', { name: 'Thank You!' });
  await expect(thanks).toBeVisible();
  const shownAt = Date.now();
  expect(storedBooking(name)).toMatchObject({
    service: 'User-Generated Content',
    service_tier: 'Weekly Content',
    payment_schedule: 'Monthly in advance',
    date: '',
    status: 'New',
  });

  await expect(thanks).toBeHidden({ timeout: 10_000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_500);
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Service Type' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Project Description' })).toHaveValue('');
  // The fresh form keeps the reference of what she sent and says where its confirmation went.
  await expect(
    page.getByText(/Your last request \(reference [0-9A-Z]{8}\) was sent\. Please check your e-mail/),
  ).toBeVisible();
});

test('where the admin set time slots for a date, the visitor picks a free one and it is stored', async ({ page }) => {
  const name = uniqueName('Slot Client');
  await page.goto('/book-me');
  await page.getByRole('textbox', { name: 'Full Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email Address' }).fill('slot@example.com');
  await page.getByRole('combobox', { name: 'Service Type' }).selectOption('usergeneratedcontent');
  await page.getByRole('combobox', { name: 'Service Package' }).selectOption('ugc-weekly');
  await page.getByRole('textbox', { name: 'Project Description' }).fill('One morning of filming.');
  // The demo offers 09:00-12:00 on day 5 (13:00-17:00 is closed).
  await page.locator('input[name="date"]').fill(day(5));
  const time = page.getByRole('combobox', { name: 'Time' });
  await expect(time.locator('option')).toHaveText(['Choose a time', '9:00 AM - 12:00 PM']);
  await submit(page);
  await expect(page.getByText('Please choose one of the times offered on this date.')).toBeVisible();
  await time.selectOption('09:00-12:00');
  await submit(page);
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(storedBooking(name)).toMatchObject({ date: day(5), time: '09:00-12:00' });
});

test('an unavailable date shows the docs/product.md §5 message; the suggestion fills a free date; no availability request', async ({
  page,
}) => {
  const availabilityRequests = countAvailabilityRequests(page);
  const name = uniqueName('Date Checker');
  await page.goto('/book-me?selectedService=usergeneratedcontent&selectedTier=ugc-single');
  await page.getByRole('textbox', { name: 'Full Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email Address' }).fill('dates@example.com');
  await page.getByRole('textbox', { name: 'Project Description' }).fill('One video.');

  // The seed blocks today+10..12.
  const blocked = day(11);
  await page.locator('input[name="date"]').fill(blocked);
  await expect(page.getByText('This date is not available. Please choose another one.')).toBeVisible();
  await submit(page);
  await expect(page.getByRole('alert')).toHaveText(
    `The following dates are not available: ${blocked}. Please select different dates.`,
  );
  expect(storedBooking(name)).toBeUndefined();

  await page.getByRole('button', { name: 'Suggest next available date for Preferred Date' }).click();
  const suggested = await page.locator('input[name="date"]').inputValue();
  expect(suggested).not.toBe('');
  expect(suggested).not.toBe(blocked);
  await expect(page.getByText('This date is available.')).toBeVisible();

  await submit(page);
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(storedBooking(name)).toMatchObject({ date: suggested, status: 'New' });
  // The availability came with the server-rendered page (embedded data): the check and the suggestion ask nothing.
  expect(availabilityRequests).toHaveLength(0);
});

test("a 60-character name gets the schema's message and sends nothing; 50 characters go through", async ({ page }) => {
  const bookingPosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/bookings') bookingPosts.push(r.url());
  });
  // One name limit, LIMITS.name = 50 (docs/product.md §5), for the form, the shared schema and the server.
  const fifty = `${uniqueName('Long Name')} ${'abcdefghij'.repeat(4)}`.slice(0, 50);
  const sixty = `${fifty}klmnopqrst`;
  expect([fifty.length, sixty.length]).toEqual([50, 60]);

  await page.goto('/book-me?selectedService=usergeneratedcontent&selectedTier=ugc-single');
  const fullName = page.getByRole('textbox', { name: 'Full Name' });
  await fullName.fill(sixty);
  await page.getByRole('textbox', { name: 'Email Address' }).fill('long.name@example.com');
  await page.getByRole('textbox', { name: 'Project Description' }).fill('One video.');
  await submit(page);

  // The field's error, word for word; the kit's warning about a long name stands beside it, as a warning only.
  await expect(page.locator(`[id="${await fullName.getAttribute('id')}-error"]`)).toHaveText(
    'Must be 50 characters or less',
  );
  await expect(fullName).toHaveAttribute('aria-invalid', 'true');
  await expect(fullName).toBeFocused();

  // Requests leave in order: had the refused submit sent anything, it would be recorded before this one.
  await fullName.fill(fifty);
  await submit(page);
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(bookingPosts).toHaveLength(1);
  expect(storedBooking(sixty)).toBeUndefined();
  expect(storedBooking(fifty)).toMatchObject({ name: fifty, status: 'New' });
});

test('the calendar shows unavailable days before picking and picks with the keyboard', async ({ page }) => {
  await page.goto('/book-me?selectedService=usergeneratedcontent');
  await page.getByRole('button', { name: 'Show calendar' }).click();
  const calendar = page.getByRole('group', { name: 'Calendar for Preferred Date' });
  await expect(calendar).toBeVisible();
  // today+6 has only an unavailable time slot in the seed. The calendar opens on the month of the first day that can
  // be booked, so today+6 may be on the next page; a month's grid also holds the next month's first days as hidden
  // cells, which do not count.
  const blocked = calendar.locator(`[data-day="${day(6)}"]:not([data-outside])`);
  if ((await blocked.count()) === 0) await calendar.getByRole('button', { name: /next month/i }).click();
  await expect(blocked).toHaveAttribute('data-disabled', 'true');

  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(page.getByRole('button', { name: 'Show calendar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(calendar).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(page.locator('input[name="date"]')).not.toHaveValue('');
});

test('the booking form has no detectable accessibility violations', async ({ page }) => {
  await page.goto('/book-me?selectedService=photoshoot');
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toBeVisible();
  const results = await new AxeBuilder({ page }).include('.booking-page').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test("the home page does not load the booking form's chunks", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Photoshoot' })).toBeVisible();
  // The app and the remote, as the first interaction loads them.
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /\/(booking|booking-date-picker)\.[0-9a-f]+\.js$/.test(s))).toEqual([]);

  await page.goto('/book-me');
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toBeVisible();
  // The form's code comes with its first touch.
  await page.getByRole('textbox', { name: 'Full Name' }).focus();
  await expect.poll(() => scripts.some((s) => /\/booking\.[0-9a-f]+\.js$/.test(s))).toBe(true);
  await waitForHydration(page, 'form.booking-form');
  await page.waitForLoadState('networkidle');
  // The calendar is loaded only when it is opened.
  expect(scripts.some((s) => /\/booking-date-picker\.[0-9a-f]+\.js$/.test(s))).toBe(false);
});
