// A consultation at 10:00 leaves the same day's 14:00 slot bookable; its invite has the time. In
// Chromium against the real server: she sets her consultation hours in the dashboard's availability tab (390 px), a
// client books the 10:00 slot through the form, she confirms, the client's invite starts at 10:00 in the studio's zone,
// and the next client's form offers 14:00 on that day but no longer 10:00. The editor and the form's time field are
// photographed at 390 and 1280 px, light and dark.
import type { Browser, Page } from '@playwright/test';
import { addCalendarDays, weekdayOf } from '@studio/shared/domain';
import { test, expect, collectConsoleErrors } from '../support/test';
import { signInThroughOutbox } from '../support/sign-in';
import { studioDay, STUDIO_ZONE } from '../support/studio-day';
import { storedBooking } from '../support/database';
import { startServer, type RunningServer } from '../support/server';
import { adminApi, readOutbox } from '../support/studio-api';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

// A server of its own: her weekly hours apply to every consultation on the site, so another spec's bookings would
// have to pick a time.
let server: RunningServer;
test.beforeEach(async () => {
  server = await startServer();
});
test.afterEach(async () => {
  await server.stop();
});

/** A client's photoshoot request through the form; `time` is the consultation slot she picks. */
async function bookThroughForm(
  browser: Browser,
  client: { name: string; email: string; consultation: string; time: string; shoot: string },
  check: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
  const page = await context.newPage();
  const errors = collectConsoleErrors(page);
  await page.goto('/book-me?selectedService=photoshoot&selectedTier=photoshoot-standard');
  await page.getByRole('textbox', { name: 'Full Name' }).fill(client.name);
  await page.getByRole('textbox', { name: 'Email Address' }).fill(client.email);
  await page.getByRole('textbox', { name: 'Project Description' }).fill('Portraits for a new book.');
  await page.locator('input[name="consultationDate"]').fill(client.consultation);
  await check(page);
  await page.getByRole('combobox', { name: 'Consultation Time' }).selectOption(client.time);
  await page.getByRole('textbox', { name: 'Consultation Location' }).fill('Studio downtown');
  await page.locator('input[name="date"]').fill(client.shoot);
  await page.getByRole('textbox', { name: 'Shoot Location' }).fill('Papago Park');
  await page.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
}

test('a consultation at 10:00 leaves the same day 14:00 slot bookable; its invite has the time', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Days the demo keeps open without slots of their own (it sets slots on day 5 and 6, blocks 10 to 12).
  const consultation = studioDay(3);
  const weekday = DAY_NAMES[weekdayOf(consultation)]!;

  // Her consultation hours, set on her phone: that weekday, 10:00 to 15:00, one hour each.
  await page.setViewportSize(PHONE);
  await page.goto(server.url);
  await signInThroughOutbox(page, server.url);
  await page.getByRole('tab', { name: 'Availability' }).click();
  const editor = page.getByRole('region', { name: 'Consultation hours' });
  await editor.getByRole('combobox', { name: 'Each consultation' }).selectOption('60');
  await editor.getByRole('checkbox', { name: weekday }).check();
  await editor.getByLabel(`${weekday} from`).fill('10:00');
  await editor.getByLabel(`${weekday} until`).fill('15:00');
  await expect(editor.getByText('5 slots, 10:00 AM - 3:00 PM')).toBeVisible();
  // Every control she taps is at least 44 px high.
  for (const control of [
    editor.getByRole('checkbox', { name: weekday }).locator('xpath=..'),
    editor.getByLabel(`${weekday} from`),
    editor.getByRole('combobox', { name: 'Each consultation' }),
    editor.getByRole('button', { name: 'Save hours' }),
  ]) {
    expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await editor.getByRole('button', { name: 'Save hours' }).click();
  await expect(editor.getByText('Saved.')).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await editor.screenshot({ path: test.info().outputPath(`consultation-hours-390-${scheme}.png`) });
  }
  await page.setViewportSize(LAPTOP);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: test.info().outputPath(`consultation-hours-1280-${scheme}.png`) });
  }

  // The first client takes 10:00.
  const first = { name: 'Dana Reyes', email: 'dana@example.com' };
  await bookThroughForm(
    browser,
    { ...first, consultation, time: '10:00-11:00', shoot: addCalendarDays(consultation, 1) },
    async (form) => {
      await expect(form.getByRole('combobox', { name: 'Consultation Time' }).locator('option')).toHaveText([
        'Choose a time',
        '10:00 AM - 11:00 AM',
        '11:00 AM - 12:00 PM',
        '12:00 PM - 1:00 PM',
        '1:00 PM - 2:00 PM',
        '2:00 PM - 3:00 PM',
      ]);
    },
  );
  const stored = storedBooking(first.name, server.dataDir);
  expect(stored).toMatchObject({ consultation_date: consultation, consultation_time: '10:00-11:00' });

  // She confirms it; the client's invite starts at 10:00 and ends at 11:00, in the studio's zone.
  const api = await adminApi(page, server.url);
  const confirmed = await api.patch(`/api/admin/bookings/${String(stored!.id)}`, {
    data: { status: 'Confirmed', message: '' },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  let invite = '';
  await expect(async () => {
    const mail = (await readOutbox(api, server.url)).find(
      (m) => m.recipient === first.email && m.subject.includes('onfirmed'),
    );
    expect(mail).toBeTruthy();
    expect(mail!.body).toContain('10:00 AM - 11:00 AM');
    invite = await (await api.get(`/api/dev/outbox/${mail!.id}/attachments/0`)).text();
  }).toPass({ timeout: 30_000 });
  const compact = consultation.replaceAll('-', '');
  expect(invite).toContain(`DTSTART;TZID=${STUDIO_ZONE}:${compact}T100000`);
  expect(invite).toContain(`DTEND;TZID=${STUDIO_ZONE}:${compact}T110000`);
  expect(invite).toContain(`TZID:${STUDIO_ZONE}`);
  await api.dispose();

  // The next client: the same day offers 14:00 but no longer 10:00.
  const second = { name: 'Sam Ortiz', email: 'sam@example.com' };
  const formShots = async (form: Page) => {
    const time = form.getByRole('combobox', { name: 'Consultation Time' });
    await expect(time.locator('option')).toHaveText([
      'Choose a time',
      '11:00 AM - 12:00 PM',
      '12:00 PM - 1:00 PM',
      '1:00 PM - 2:00 PM',
      '2:00 PM - 3:00 PM',
    ]);
    expect((await time.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    for (const viewport of [PHONE, LAPTOP]) {
      await form.setViewportSize(viewport);
      for (const scheme of ['light', 'dark'] as const) {
        await form.emulateMedia({ colorScheme: scheme });
        await form
          .locator('form.booking-form')
          .screenshot({ path: test.info().outputPath(`booking-time-${viewport.width}-${scheme}.png`) });
      }
    }
    await form.setViewportSize(PHONE);
  };
  await bookThroughForm(
    browser,
    { ...second, consultation, time: '14:00-15:00', shoot: addCalendarDays(consultation, 4) },
    formShots,
  );
  expect(storedBooking(second.name, server.dataDir)).toMatchObject({
    consultation_date: consultation,
    consultation_time: '14:00-15:00',
    status: 'New',
  });
});
