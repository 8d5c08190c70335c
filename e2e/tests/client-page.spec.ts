// The client's page, in Chromium at 390 px against the production build and the real server: a client opens
// the manage link from her mail, reads her request as waiting for her reply (never the dashboard's "New"), moves the
// consultation to another day through the booking form's calendar, and once the admin confirms it downloads it as a
// calendar file, organised by the model's public address. The page is photographed at 390 and 1280 px, light and dark.
import { randomBytes } from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { isDateAvailable, type PublicAvailability } from '@studio/shared/domain';
import { formatLongDate, formatSlot } from '@studio/shared/domain/studio-time';
import { test, expect, collectConsoleErrors, waitForHydration } from '../support/test';
import { signInThroughOutbox } from '../support/sign-in';
import { ADMIN_EMAIL, adminUrlOf, startServer } from '../support/server';
import { readOutbox } from '../support/studio-api';
import { studioDay } from '../support/studio-day';

const PHONE = { width: 390, height: 844 };

interface OutboxMessage {
  recipient: string;
  body: string;
}

/** The admin's API on her origin with her session and that origin as Origin, as her dashboard would send it. */
async function adminApi(page: Page, base: string): Promise<APIRequestContext> {
  const admin = adminUrlOf(base);
  const session = (await page.context().cookies(admin)).find((c) => c.name === 'studio_session')?.value;
  expect(session).toBeTruthy();
  return playwrightRequest.newContext({
    baseURL: admin,
    extraHTTPHeaders: { Cookie: `studio_session=${session}`, Origin: admin },
  });
}

async function shots(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`${name}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a client moves her consultation through the calendar and, once confirmed, adds it to her calendar', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const stamp = randomBytes(4).toString('hex');
  const email = `client.page.${stamp}@example.com`;
  const client = await browser.newContext({ viewport: PHONE, baseURL: base, acceptDownloads: true });
  const page = await client.newPage();
  const errors = collectConsoleErrors(page);

  // Free days far ahead, without time slots: the consultation, the day she moves it to, the shoot after both.
  const open = (await (await page.request.get(`${base}/api/availability`)).json()) as PublicAvailability;
  const free = Array.from({ length: 120 }, (_, i) => studioDay(i + 40)).filter(
    (d) => isDateAvailable(d, open) && !open.slots.some((s) => s.date === d),
  );
  const pick = Math.floor(Math.random() * 20);
  const [consultation, target, shoot] = [free[pick]!, free[pick + 3]!, free[pick + 10]!];
  const csrf = randomBytes(32).toString('hex');
  const booked = await page.request.post(`${base}/api/bookings`, {
    headers: { Origin: base, 'Idempotency-Key': `e2e-${csrf.slice(0, 16)}` },
    data: {
      name: `Page Client ${stamp}`,
      email,
      phone: '',
      serviceId: 'photoshoot',
      serviceTierId: 'photoshoot-standard',
      date: shoot,
      consultationDate: consultation,
      consultationLocation: 'Studio downtown',
      location: 'Papago Park',
      description: 'Portraits for a new book.',
      smsOptIn: false,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const id = ((await booked.json()) as { id: string }).id;
  let link = '';
  await expect(async () => {
    const outbox = (await (await page.request.get(`${base}/api/dev/outbox`)).json()) as OutboxMessage[];
    const mail = outbox.find((m) => m.recipient === email);
    link = /https?:\/\/\S+\/manage-booking#[A-Za-z0-9_-]{43}/.exec(mail?.body ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass();

  // Her request, in her words; nothing to add to a calendar yet.
  await page.goto(link);
  await waitForHydration(page);
  const status = page.getByTestId('manage-status');
  await expect(status).toHaveText('Waiting for her reply');
  await expect(page.getByText('New', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add to calendar' })).toHaveCount(0);

  // She moves the consultation with the keyboard-ready calendar of the booking form.
  await page.getByRole('radio', { name: 'The consultation' }).check();
  await page.getByRole('button', { name: 'Show calendar' }).click();
  const calendar = page.getByRole('group', { name: 'Calendar for New consultation date' });
  await expect(calendar).toBeVisible();
  const day = calendar.locator(`[data-day="${target}"]:not([data-outside]) button`);
  for (let i = 0; i < 6 && (await day.count()) === 0; i += 1) {
    await calendar.getByRole('button', { name: /next month/i }).click();
  }
  await day.click();
  await expect(calendar).toBeHidden();
  await expect(page.locator('#manage-move-date')).toHaveValue(target);
  await expect(page.getByText('This date is available.')).toBeVisible();
  await shots(page, 'client-page-move-390');
  await page.getByRole('button', { name: 'Ask to move' }).click();
  await expect(page.getByRole('status')).toHaveText('Your request to move the consultation has been sent.');
  await expect(page.getByTestId('manage-consultation')).toContainText(
    `You asked to move it to ${formatLongDate(target)}.`,
  );
  await expect(page.getByTestId('manage-shoot')).not.toContainText('You asked');
  await expect(status).toHaveText('Waiting for her reply');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // She confirms it on her dashboard.
  const admin = await browser.newContext({ baseURL: base });
  const adminPage = await admin.newPage();
  await adminPage.goto('/');
  await signInThroughOutbox(adminPage, base);
  const api = await adminApi(adminPage, base);
  expect((await api.patch(`/api/admin/bookings/${id}`, { data: { status: 'Confirmed' } })).status()).toBe(200);

  // Confirmed: Add to calendar downloads her booking's calendar file.
  await page.reload();
  await expect(status).toHaveText('Confirmed');
  const add = page.getByRole('button', { name: 'Add to calendar' });
  await add.focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^booking-[A-Z0-9]{8}\.ics$/);
  const ics = (await (await download.createReadStream()).toArray()).join('').replace(/\r\n[ \t]/g, '');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain('METHOD:PUBLISH');
  expect(ics).toContain(`DTSTART;VALUE=DATE:${consultation.replace(/-/g, '')}`);
  expect(ics).toContain(`DTSTART;VALUE=DATE:${shoot.replace(/-/g, '')}`);
  expect(ics).toMatch(/^ORGANIZER;CN=[^\r\n]*:mailto:[^\r\n]+$/m);
  expect(ics).not.toContain(ADMIN_EMAIL);
  await shots(page, 'client-page-confirmed-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shots(page, 'client-page-confirmed-1280');

  expect(errors).toEqual([]);
  await api.dispose();
  await admin.close();
  await client.close();
});

test('a client moves her consultation to a free time of another day; accepted, it is at that time', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A server of its own: her weekly hours apply to every consultation on the site (consultation-slots.spec.ts).
  const server = await startServer();
  try {
    const base = server.url;
    const admin = await browser.newContext({ baseURL: base });
    const adminPage = await admin.newPage();
    await adminPage.goto('/');
    await signInThroughOutbox(adminPage, base);
    const api = await adminApi(adminPage, base);
    // Every day 10:00 and 14:00, so the days below have slots whatever weekday they fall on.
    const slots = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
      { weekday, startTime: '10:00', endTime: '11:00' },
      { weekday, startTime: '14:00', endTime: '15:00' },
    ]);
    expect((await api.put('/api/admin/availability/weekly', { data: { slots } })).status()).toBe(204);

    // Days the demo keeps open without slots of their own (it sets slots on day 5 and 6, blocks 10 to 12).
    const [consultation, target, shoot] = [studioDay(14), studioDay(17), studioDay(25)];
    const email = 'slot.mover@example.com';
    const csrf = randomBytes(32).toString('hex');
    const booked = await adminPage.request.post(`${base}/api/bookings`, {
      headers: { Origin: base, 'Idempotency-Key': `e2e-${csrf.slice(0, 16)}` },
      data: {
        name: 'Slot Mover',
        email,
        phone: '',
        serviceId: 'photoshoot',
        serviceTierId: 'photoshoot-standard',
        date: shoot,
        consultationDate: consultation,
        consultationTime: '10:00-11:00',
        consultationLocation: 'Studio downtown',
        location: 'Papago Park',
        description: 'Portraits for a new book.',
        smsOptIn: false,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const id = ((await booked.json()) as { id: string }).id;
    let link = '';
    await expect(async () => {
      const mail = (await readOutbox(adminPage.request, base)).find((m) => m.recipient === email);
      link = /https?:\/\/\S+\/manage-booking#[A-Za-z0-9_-]{43}/.exec(mail?.body ?? '')?.[0] ?? '';
      expect(link).not.toBe('');
    }).toPass();

    const client = await browser.newContext({ viewport: PHONE, baseURL: base });
    const page = await client.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(link);
    await waitForHydration(page);
    await page.getByRole('radio', { name: 'The consultation' }).check();
    await page.locator('#manage-move-date').fill(target);
    // The day's free times, as the booking form offers them; one is needed.
    const time = page.getByRole('combobox', { name: 'New consultation time' });
    await expect(time.locator('option')).toHaveText(['Choose a time', '10:00 AM - 11:00 AM', '2:00 PM - 3:00 PM']);
    await page.getByRole('button', { name: 'Ask to move' }).click();
    await expect(page.getByText('New consultation time is required')).toBeVisible();
    await time.selectOption('14:00-15:00');
    await shots(page, 'client-page-move-time-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shots(page, 'client-page-move-time-1280');
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Ask to move' }).click();
    await expect(page.getByTestId('manage-consultation')).toContainText(
      `You asked to move it to ${formatLongDate(target)} at ${formatSlot('14:00-15:00')}.`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // She accepts: the consultation is at the new day and time.
    expect((await api.post(`/api/admin/bookings/${id}/accept-reschedule`, { data: {} })).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('manage-consultation')).toHaveText(
      `${formatLongDate(target)}, ${formatSlot('14:00-15:00')}`,
    );
    expect(errors).toEqual([]);
    await api.dispose();
    await admin.close();
    await client.close();
  } finally {
    await server.stop();
  }
});
