// One studio today: the booking form's date limits are the studio's (its TIMEZONE), whatever zone the
// visitor's browser is in. A visitor in Berlin or Auckland is often a day ahead of the studio in Phoenix; the form
// once counted from the browser's day and refused a date the server accepts. The server's limits are read from its
// own answer (/api/availability names its day and notice), and the day it names is checked against the tests' own
// count of the studio's day (support/studio-day.ts, the helper the other specs count the seed's days with).
import {
  earliestBookableDate,
  nextAvailableDate,
  suggestionStart,
  type PublicAvailability,
} from '@studio/shared/domain';
import { calendarDayIn, FIRST_WEEKDAY } from '@studio/shared/domain/studio-time';
import { test, expect, waitForHydration } from '../support/test';
import { studioToday } from '../support/studio-day';

const WEEKDAY_HEADERS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];

// One of these two is on another calendar day than the studio at any moment (25 hours apart), so one describe always
// runs where the browser's day and the studio's differ, whatever the hour of the run.
const OTHER_DAY_ZONE =
  ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((zone) => calendarDayIn(zone, new Date()) !== studioToday()) ??
  'Pacific/Kiritimati';

for (const [zone, mustDiffer] of [
  ['Europe/Berlin', false],
  ['Pacific/Auckland', false],
  [OTHER_DAY_ZONE, true],
] as const) {
  test.describe(`a visitor whose browser is in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test("the form's min date, first selectable calendar day and suggestion are the server's, from the studio's day", async ({
      page,
      request,
    }) => {
      const availability = (await (await request.get('/api/availability')).json()) as PublicAvailability;
      // The server's day is the studio's, as the tests count it.
      expect(availability.today).toBe(studioToday());
      const earliest = earliestBookableDate(availability.today!, availability);
      const firstFree = nextAvailableDate(earliest, availability, 366);
      const suggested = nextAvailableDate(suggestionStart(availability.today!, availability), availability);
      expect(firstFree).not.toBeNull();

      await page.goto('/book-me?selectedService=usergeneratedcontent&selectedTier=ugc-single');
      await waitForHydration(page);
      if (mustDiffer) {
        // The browser really is on another day than the studio: a form counting from its day would differ.
        const browserDay = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
        expect(browserDay).not.toBe(availability.today);
      }
      const date = page.locator('input[name="date"]');
      await expect(date).toHaveAttribute('min', earliest);

      await page.getByRole('button', { name: 'Show calendar' }).click();
      const calendar = page.getByRole('group', { name: 'Calendar for Preferred Date' });
      await expect(calendar).toBeVisible();
      const firstSelectable = calendar.locator('[data-day]:not([data-outside]):not([data-disabled])').first();
      await expect(firstSelectable).toHaveAttribute('data-day', firstFree!);
      // Weeks start on the studio's first weekday, the day her own calendar on the dashboard starts them.
      await expect(calendar.locator('thead th').first()).toHaveText(WEEKDAY_HEADERS[FIRST_WEEKDAY]!);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Suggest next available date for Preferred Date' }).click();
      await expect(date).toHaveValue(suggested!);
    });
  });
}
