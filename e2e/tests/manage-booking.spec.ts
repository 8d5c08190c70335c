// The client's manage link, in Chromium against the production build and the real server: a visitor books; the
// outbox has her confirmation with a manage link; she opens it, asks to move the date, then cancels; the admin sees
// each change live; the booking ends 'Cancelled' and its date is free again.
import { isDateAvailable, type PublicAvailability } from '@studio/shared/domain';
import { test, expect, collectConsoleErrors } from '../support/test';
import { studioDay } from '../support/studio-day';
import { signInThroughOutbox } from '../support/sign-in';

// Days counted from the studio's today, as the server and its demo seed count them.
const day = studioDay;

interface OutboxMessage {
  channel: string;
  recipient: string;
  subject: string;
  body: string;
}

test('a client books, moves and cancels through her manage link while the admin watches live', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  // The admin watches the dashboard.
  await page.goto('/');
  await signInThroughOutbox(page, base);
  await page.getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Booking requests' })).toBeVisible();

  // A visitor books through the form, with an address of her own.
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  const name = `Manage Client ${letters}`;
  const email = `manage.${letters}@example.com`;
  const visitor = await browser.newContext({ baseURL: base });
  const client = await visitor.newPage();
  const errors = collectConsoleErrors(client);
  // Days no other test uses: far ahead, free, without time slots.
  const open = (await (await client.request.get(`${base}/api/availability`)).json()) as PublicAvailability;
  const free = Array.from({ length: 120 }, (_, i) => day(i + 40)).filter(
    (d) => isDateAvailable(d, open) && !open.slots.some((s) => s.date === d),
  );
  const [shootDay, target] = [free[Math.floor(Math.random() * 10)]!, free.at(-1)!];
  await client.goto('/book-me?selectedService=photoshoot&selectedTier=photoshoot-standard');
  await client.getByRole('textbox', { name: 'Full Name' }).fill(name);
  await client.getByRole('textbox', { name: 'Email Address' }).fill(email);
  await client.locator('input[name="consultationDate"]').fill(shootDay);
  await client.getByRole('textbox', { name: 'Consultation Location' }).fill('Studio downtown');
  await client.locator('input[name="date"]').fill(shootDay);
  await client.getByRole('textbox', { name: 'Shoot Location' }).fill('Papago Park');
  await client.getByRole('textbox', { name: 'Project Description' }).fill('Portraits for a new book.');
  await client.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(client.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();

  // Her confirmation is in the outbox with a private link.
  let link = '';
  await expect(async () => {
    const outbox = (await (await client.request.get(`${base}/api/dev/outbox`)).json()) as OutboxMessage[];
    const mail = outbox.find((m) => m.channel === 'mail' && m.recipient === email);
    expect(mail?.subject).toMatch(/^Your booking request [A-Z0-9]{8} has arrived$/);
    link = /https?:\/\/\S+\/manage-booking#[A-Za-z0-9_-]{43}/.exec(mail!.body)?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass();

  await client.goto(link);
  await expect(client.getByRole('heading', { level: 1, name: 'Your booking request' })).toBeVisible();
  await expect(client.getByTestId('manage-status')).toHaveText('Waiting for her reply');

  // The admin confirms it: its day is held.
  const held = async () =>
    ((await (await client.request.get(`${base}/api/availability`)).json()) as PublicAvailability).booked?.some(
      (b) => b.date === shootDay,
    );
  await card.getByRole('combobox').selectOption('Confirmed');
  await page.getByRole('dialog').getByRole('button', { name: 'Save and e-mail client' }).click();
  await expect.poll(held).toBe(true);
  await client.reload();
  await expect(client.getByTestId('manage-status')).toHaveText('Confirmed');

  // She asks to move it to a free date; the admin's card shows the request live.
  await client.locator('#manage-move-date').fill(target);
  await client.getByRole('button', { name: 'Ask to move' }).click();
  await expect(client.getByRole('status')).toHaveText('Your request to move the date has been sent.');
  await expect(card.getByTestId('reschedule-request')).toContainText('The client asks to move this request to');

  // She cancels, after a second explicit click; the admin sees 'Cancelled' live.
  await client.getByRole('button', { name: 'Cancel request' }).click();
  await client.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(client.getByTestId('manage-status')).toHaveText('Cancelled');
  await expect(client.getByText('This request is closed and can no longer be changed.')).toBeVisible();
  await expect(card.getByRole('combobox')).toHaveValue('Cancelled');

  // Her day is free again.
  expect(await held()).toBe(false);
  expect(errors).toEqual([]);
  await visitor.close();
});
