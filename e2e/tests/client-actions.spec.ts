// Client actions reach her, in Chromium at 390 px against the compiled server: a client cancels a Confirmed booking
// from her manage link, and the admin's mail arrives naming the booking (client, service, date) with a link to it
// while her dashboard's badge counts it; the same for a move request and a signed contract. Opening the list clears
// the badge, and the mail's link opens that booking in her dashboard. The badge is photographed in light and dark.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { isDateAvailable, type PublicAvailability } from '@studio/shared/domain';
import { formatLongDate } from '@studio/shared/domain/studio-time';
import { test, expect, collectConsoleErrors } from '../support/test';
import { signInThroughOutbox } from '../support/sign-in';
import { ADMIN_EMAIL, startServer, type RunningServer } from '../support/server';
import { adminApi, readOutbox, type OutboxMessage } from '../support/studio-api';

const PHONE = { width: 390, height: 844 };

// A server of its own: the badge counts every client action on the site, so another spec's would change the count.
let server: RunningServer;
test.beforeEach(async () => {
  server = await startServer();
});
test.afterEach(async () => {
  await server.stop();
});

const outbox = (request: APIRequestContext): Promise<OutboxMessage[]> => readOutbox(request, server.url);

/** A photoshoot request on `date`, booked through the API; answers its id and the client's manage link. */
async function book(request: APIRequestContext, name: string, email: string, date: string) {
  const csrf = randomBytes(32).toString('hex');
  const res = await request.post(`${server.url}/api/bookings`, {
    headers: { Origin: server.url, 'Idempotency-Key': `e2e-${csrf.slice(0, 16)}` },
    data: {
      name,
      email,
      phone: '',
      serviceId: 'photoshoot',
      serviceTierId: 'photoshoot-standard',
      date,
      consultationDate: date,
      consultationLocation: 'Studio downtown',
      location: 'Papago Park',
      description: 'Portraits for a new book.',
      smsOptIn: false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { id: string }).id;
  let link = '';
  await expect(async () => {
    const mail = (await outbox(request)).find((m) => m.recipient === email);
    link = /https?:\/\/\S+\/manage-booking#[A-Za-z0-9_-]{43}/.exec(mail?.body ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass();
  return { id, link };
}

/** Her mail whose subject starts so, once it has arrived. */
async function mailToHer(request: APIRequestContext, subjectStart: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect(async () => {
    found = (await outbox(request)).find((m) => m.recipient === ADMIN_EMAIL && m.subject.startsWith(subjectStart));
    expect(found, `a mail to her: ${subjectStart}`).toBeTruthy();
  }).toPass();
  return found!;
}

test('each client action mails her naming the booking while her dashboard badge counts it', async ({ browser }) => {
  test.setTimeout(180_000);
  const base = server.url;
  const admin = await browser.newContext({ viewport: PHONE, baseURL: base });
  const page = await admin.newPage();
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await signInThroughOutbox(page, base);
  await page.goto(`${server.adminUrl}/admin`);
  await expect(page.getByRole('heading', { name: 'Booking requests' })).toBeVisible();
  const activity = page.getByRole('button', { name: /^Client activity/ });
  await expect(activity).toBeVisible();
  await expect(page.getByTestId('client-actions-count')).toHaveCount(0);
  const api = await adminApi(page, server.url);

  // Free days far ahead, without time slots.
  const open = (await (await page.request.get(`${base}/api/availability`)).json()) as PublicAvailability;
  const free = Array.from({ length: 120 }, (_, i) => format(addDays(new Date(), i + 40), 'yyyy-MM-dd')).filter(
    (d) => isDateAvailable(d, open) && !open.slots.some((s) => s.date === d),
  );
  const [first, second, target] = [free[0]!, free[1]!, free.at(-1)!];
  const stamp = Date.now().toString(36);
  const client = await browser.newContext({ viewport: PHONE, baseURL: base });
  let clientPage = await client.newPage();

  // 1. A Confirmed booking, cancelled by the client from her manage link.
  const cancelName = `Cancel Client ${stamp}`;
  const cancelled = await book(page.request, cancelName, `cancel.${stamp}@example.com`, first);
  expect((await api.patch(`/api/admin/bookings/${cancelled.id}`, { data: { status: 'Confirmed' } })).status()).toBe(
    200,
  );
  await clientPage.goto(cancelled.link);
  await expect(clientPage.getByTestId('manage-status')).toHaveText('Confirmed');
  await clientPage.getByRole('button', { name: 'Cancel request' }).click();
  await clientPage.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(clientPage.getByTestId('manage-status')).toHaveText('Cancelled');

  const cancelMail = await mailToHer(page.request, `${cancelName} cancelled their booking`);
  expect(cancelMail.subject).toContain('Photoshoot');
  expect(cancelMail.subject).toContain(formatLongDate(first));
  expect(cancelMail.body).toContain(`Open the booking: ${server.adminUrl}/admin/bookings/${cancelled.id}`);
  expect(cancelMail.body).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  await expect(activity).toHaveAccessibleName(/1 client action you have not seen/);

  // 2. A move request.
  const moveName = `Move Client ${stamp}`;
  const moved = await book(page.request, moveName, `move.${stamp}@example.com`, second);
  // A page of its own: the manage page reads its token from the fragment once, and a new fragment is no new load.
  clientPage = await client.newPage();
  await clientPage.goto(moved.link);
  await clientPage.locator('#manage-move-date').fill(target);
  await clientPage.getByRole('button', { name: 'Ask to move' }).click();
  await expect(clientPage.getByRole('status')).toHaveText('Your request to move the date has been sent.');
  const moveMail = await mailToHer(page.request, `${moveName} asked to move their booking`);
  expect(moveMail.subject).toContain(formatLongDate(second));
  expect(moveMail.body).toContain(`Asked to move to: ${formatLongDate(target)}`);
  expect(moveMail.body).toContain(`${server.adminUrl}/admin/bookings/${moved.id}`);
  await expect(activity).toHaveAccessibleName(/2 client actions you have not seen/);

  // 3. A contract sent for the moved booking, opened and signed by the client.
  const draft = await api.post(`/api/admin/bookings/${moved.id}/contracts`, {
    data: {
      form: {
        clientName: moveName,
        modelName: 'Ava Monroe',
        effectiveDate: format(new Date(), 'yyyy-MM-dd'),
        serviceType: 'Photoshoot',
        timeline: '4',
        governingLaw: 'Arizona',
      },
      paperSize: 'letter',
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const contractId = ((await draft.json()) as { id: string }).id;
  expect((await api.post(`/api/admin/contracts/${contractId}/send`, { data: {} })).status()).toBe(200);
  const signMail = (await outbox(page.request)).find(
    (m) => m.recipient === `move.${stamp}@example.com` && m.subject.startsWith('Please review and sign'),
  );
  const signLink = /https?:\/\/\S+\/contracts\/sign\/[A-Za-z0-9_-]{43}/.exec(signMail?.body ?? '')?.[0];
  expect(signLink).toBeTruthy();
  await clientPage.goto(signLink!);
  await clientPage.getByLabel('Your full name').fill(moveName);
  await clientPage.getByRole('checkbox', { name: /I agree to sign this contract electronically/ }).check();
  await clientPage.getByRole('button', { name: 'Sign contract' }).click();
  await expect(clientPage.getByRole('heading', { name: `Signed. Thank you, ${moveName}.` })).toBeVisible();
  const signedMail = await mailToHer(page.request, `${moveName} signed their contract`);
  expect(signedMail.subject).toContain(formatLongDate(second));
  expect(signedMail.body).toContain(`${server.adminUrl}/admin/bookings/${moved.id}`);
  await mailToHer(page.request, `${moveName} opened their contract`);
  // Opened and signed: four actions she has not seen.
  await expect(activity).toHaveAccessibleName(/4 client actions you have not seen/);

  // The badge at 390 px, light and dark.
  const header = page.locator('.admin-header');
  await page.emulateMedia({ colorScheme: 'light' });
  await header.screenshot({ path: test.info().outputPath('client-actions-badge-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await header.screenshot({ path: test.info().outputPath('client-actions-badge-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  // The badge fits the phone's width: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // She opens the list: the four are there, and the badge clears.
  await activity.click();
  const list = page.getByRole('region', { name: 'What clients did' });
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(list.getByRole('listitem').first()).toContainText(`${moveName} signed their contract`);
  await expect(page.getByTestId('client-actions-count')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('client-actions-list-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('client-actions-list-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The mail's link opens that booking in her dashboard.
  await page.goto(`${server.adminUrl}/admin/bookings/${cancelled.id}`);
  const card = page.getByRole('article', { name: cancelName });
  await expect(card).toBeVisible();
  await expect(card.getByRole('combobox')).toHaveValue('Cancelled');
  await expect(page.getByRole('article')).toHaveCount(1);

  expect(errors).toEqual([]);
  await api.dispose();
  await client.close();
  await admin.close();
});
