// The pages that used to need JavaScript, with it turned off, in Chromium against the production build and the real
// server: the client's manage page (her link pasted into its plain form, since the key in the link's fragment is out
// of reach without script; then her request, a move asked for, a refused date, and a cancel through its "Are you
// sure?" page, each checked on the server through the manage API), and the printable comp card (her name, her
// measurements and photos, printed as the card). The "needs JavaScript" notice is on none of them; it stays where it
// is true.
import { randomBytes } from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { isDateAvailable, type CompCardStats, type ManageView, type PublicAvailability } from '@studio/shared/domain';
import { compCardEntries } from '@studio/shared/domain';
import { test, expect } from '../support/test';
import { readOutbox } from '../support/studio-api';
import { studioDay } from '../support/studio-day';

test.use({ javaScriptEnabled: false });

/** The public origin's API as the page's script would call it (a write carries the Origin it is sent to). */
const publicApi = (base: string) => playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });

/** Her request as the manage API reads it, by the link's key. */
async function viewOf(api: APIRequestContext, token: string): Promise<ManageView> {
  const res = await api.post('/api/manage-booking', { data: { token } });
  expect(res.status()).toBe(200);
  return (await res.json()) as ManageView;
}

/** Free days far ahead that no other test books (no slots, available), from the public availability. */
async function freeDays(api: APIRequestContext): Promise<string[]> {
  const open = (await (await api.get('/api/availability')).json()) as PublicAvailability;
  return Array.from({ length: 150 }, (_, i) => studioDay(i + 45)).filter(
    (d) => isDateAvailable(d, open) && !open.slots.some((s) => s.date === d),
  );
}

/** A brand event on `date`, booked as the booking form sends it: its link from the client's mail. */
async function bookEvent(api: APIRequestContext, base: string, date: string) {
  const letters = randomBytes(4).toString('hex');
  const email = `plain.manage.${letters}@example.com`;
  const booked = await api.post('/api/bookings', {
    headers: { 'Idempotency-Key': `plain-manage-${letters}` },
    data: {
      name: `Plain Manage ${letters.replace(/\d/g, 'x')}`,
      email,
      phone: '',
      serviceId: 'brand-events',
      serviceTierId: 'events-half',
      date,
      consultationDate: '',
      consultationLocation: '',
      location: 'Scottsdale',
      description: 'A launch party, no script.',
      smsOptIn: false,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  let link = '';
  await expect(async () => {
    const mail = (await readOutbox(api, base)).find((m) => m.recipient === email);
    link = /https?:\/\/\S+\/manage-booking#[A-Za-z0-9_-]{43}/.exec(mail?.body ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass();
  return { link, token: link.split('#')[1]! };
}

/** The notice nowhere in what the page shows (a <noscript>'s text included: with JavaScript off it is shown). */
const noNeedsJavaScript = async (page: Page) =>
  expect(page.locator('body')).not.toContainText(/needs JavaScript/, { useInnerText: true });

test('without JavaScript the manage page shows her request, asks to move it, refuses a bad date and cancels it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const api = await publicApi(baseURL!);
  const free = await freeDays(api);
  const [shootDay, target] = [free[Math.floor(Math.random() * 10)]!, free.at(-1 - Math.floor(Math.random() * 5))!];
  const { link, token } = await bookEvent(api, baseURL!, shootDay);

  // The link as the mail gives it: the page cannot read its fragment, so it offers the form to paste it.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking request' })).toBeVisible();
  await noNeedsJavaScript(page);
  await expect(page.getByText('Loading your request')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Your link' }).fill(link);
  const [opened] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Open my request' }).click(),
  ]);
  expect(opened.status()).toBe(200);
  // The key never rides in an address.
  expect(new URL(page.url()).pathname).toBe('/manage-booking');
  expect(page.url()).not.toContain(token);
  await expect(page.getByTestId('manage-status')).toHaveText('Waiting for her reply');
  await expect(page.getByText('Brand Events & Promotions, Half Day')).toBeVisible();
  await expect(page.getByTestId('manage-shoot')).toContainText(String(Number(shootDay.slice(8))));
  await expect(page.getByRole('heading', { name: /^Invoice / })).toBeVisible();
  await noNeedsJavaScript(page);

  // A date she cannot have: its field's message, what she chose kept, nothing changed on the server.
  await page.locator('input[name="date"]').fill(studioDay(1));
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Ask to move' }).click(),
  ]);
  expect(refused.status()).toBe(409);
  const date = page.getByRole('textbox', { name: 'New shoot date' });
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(date).toHaveAccessibleDescription('That date is not available. Please choose another one.');
  await expect(date).toHaveValue(studioDay(1));
  expect((await viewOf(api, token)).rescheduleDate).toBe('');

  // A free date: asked for, and recorded.
  await date.fill(target);
  await page.getByRole('button', { name: 'Ask to move' }).click();
  await expect(page.getByRole('status')).toHaveText('Your request to move the date has been sent.');
  await expect(page.getByTestId('manage-shoot')).toContainText('You asked to move it to');
  expect(await viewOf(api, token)).toMatchObject({ rescheduleDate: target, status: 'New' });

  // Cancel: "Are you sure?" first; "Keep it" keeps it.
  await page.getByRole('button', { name: 'Cancel request' }).click();
  await expect(page.getByText('Cancel this request? This cannot be undone.')).toBeVisible();
  expect((await viewOf(api, token)).status).toBe('New');
  await page.getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByRole('button', { name: 'Cancel request' })).toBeVisible();
  expect((await viewOf(api, token)).status).toBe('New');

  await page.getByRole('button', { name: 'Cancel request' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('status')).toHaveText('Your request has been cancelled.');
  await expect(page.getByTestId('manage-status')).toHaveText('Cancelled');
  await expect(page.getByText('This request is closed and can no longer be changed.')).toBeVisible();
  expect(await viewOf(api, token)).toMatchObject({ status: 'Cancelled', open: false });
  // Her day is free again.
  const open = (await (await api.get('/api/availability')).json()) as PublicAvailability;
  expect(open.booked?.some((b) => b.date === shootDay) ?? false).toBe(false);
  await noNeedsJavaScript(page);
  await api.dispose();
});

test('without JavaScript a wrong link is refused on the page, with the form to paste it again', async ({
  page,
  baseURL,
}) => {
  await page.goto('/manage-booking');
  await page.getByRole('textbox', { name: 'Your link' }).fill(`${baseURL}/manage-booking#${'x'.repeat(43)}`);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Open my request' }).click(),
  ]);
  expect(answer.status()).toBe(404);
  const field = page.getByRole('textbox', { name: 'Your link' });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/does not lead to a booking request/);
  await expect(page.getByTestId('manage-status')).toHaveCount(0);
});

test('without JavaScript the printable comp card is the card: her name, measurements and photos, on 8.5 x 5.5 in sides', async ({
  page,
  baseURL,
}) => {
  const site = (await (await page.request.get(`${baseURL}/api/site`)).json()) as {
    details: { name: string };
    compCard: CompCardStats;
  };
  await page.goto('/portfolio/comp-card/print');
  await expect(page.getByRole('heading', { level: 1, name: 'Comp card' })).toBeVisible();
  await noNeedsJavaScript(page);
  const front = page.getByRole('region', { name: 'Front' });
  const back = page.getByRole('region', { name: 'Back' });
  await expect(front.getByText(site.details.name, { exact: true })).toBeVisible();
  const stats = back.getByRole('definition');
  const entries = compCardEntries(site.compCard);
  expect(entries.length).toBeGreaterThan(0);
  await expect(stats).toHaveText(entries.map((e) => e.value));
  // Her photos are loaded, not waiting for a script.
  const photos = page.locator('.comp-print img');
  expect(await photos.count()).toBeGreaterThan(0);
  for (const img of await photos.all()) {
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  }
  // The Print button needs a script: without one it is not shown, and the page says how to print.
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByText(/use your browser's Print command/)).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  const sizes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map(
    ([, w, h]) => `${Math.round(Number(w))}x${Math.round(Number(h))}`,
  );
  expect(sizes).toEqual(['612x396', '612x396']);
});

test('the notice stays where it is true: a page that is rendered in the browser alone', async ({ page }) => {
  await page.goto('/security-test');
  await expect(page.locator('body')).toContainText('This page needs JavaScript, which is turned off in this browser.', {
    useInnerText: true,
  });
});

test.describe('with JavaScript', () => {
  test.use({ javaScriptEnabled: true });

  /** Console errors and hydration warnings (React's recoverable errors included). */
  const watch = (page: Page) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /hydrat|did not match/i.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(e.message));
    return problems;
  };

  test('the manage page hydrates the server’s HTML at once and reads her request from the link', async ({
    page,
    baseURL,
  }) => {
    const api = await publicApi(baseURL!);
    const { link } = await bookEvent(api, baseURL!, (await freeDays(api))[20]!);
    const problems = watch(page);
    const response = await page.goto(link);
    const html = (await response!.text()).slice(0, 100_000);
    // Rendered by the server (so it reads without script), with the app itself, not the island loader.
    expect(html).toContain('<script id="studio-data" type="application/json">');
    expect(html).toContain('src="/main.js"');
    expect(html).not.toContain('/islands.js');
    await expect(page.getByTestId('manage-status')).toHaveText('Waiting for her reply');
    // The form for a browser without script is not shown.
    await expect(page.getByRole('textbox', { name: 'Your link' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('manage-status')).toHaveText('Waiting for her reply');
    await expect(page.getByRole('heading', { name: /^Invoice / })).toBeVisible();
    expect(problems).toEqual([]);
    await api.dispose();
  });

  test('the comp card’s Print prints without loading the app', async ({ page }) => {
    const problems = watch(page);
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await page.goto('/portfolio/comp-card/print');
    const print = page.getByRole('button', { name: 'Print' });
    await expect(print).toBeEnabled();
    await print.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    expect(
      await page.evaluate(() => [...document.scripts].some((s) => s.src && new URL(s.src).pathname === '/main.js')),
    ).toBe(false);
    expect(problems).toEqual([]);
  });
});
