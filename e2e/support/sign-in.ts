// Signing in as the admin the way she does: three quick clicks on the logo, the link from the outbox.
import type { Page } from '@playwright/test';
import { expect } from './test';
import { ADMIN_EMAIL, adminUrlOf } from './server';

interface OutboxMessage {
  channel: string;
  recipient: string;
  body: string;
}

export const logo = (page: Page) => page.locator('header a.navbar-logo');
export const greenDot = (page: Page) => page.getByRole('img', { name: 'Signed in' });

export async function tripleClickLogo(page: Page) {
  // On a server-rendered public page the first press loads the app (the logo is an island) and the island
  // loader holds the clicks until React has taken the logo over, then gives them again.
  // One real mouse action with three presses in quick succession (three click events), so a loaded machine cannot
  // stretch the gap between them past the gesture's window the way three separate actions could.
  await logo(page).click({ clickCount: 3 });
}

/**
 * trustDevice: she ticks "This is my device" on the form, so the session lasts 30 days from its last use. adminURL:
 * her origin, where the gesture on a public page takes her, the mailed link points and her dashboard opens (by default
 * the one startServer gives the server at baseURL).
 */
export async function signInThroughOutbox(
  page: Page,
  baseURL: string,
  options: { trustDevice?: boolean; adminURL?: string } = {},
) {
  const adminURL = options.adminURL ?? adminUrlOf(baseURL);
  await tripleClickLogo(page);
  if (options.trustDevice)
    await page.getByRole('checkbox', { name: 'This is my device: keep me signed in for 30 days' }).check();
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL);
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('status')).toHaveText('Sign-in link sent! Check your email.');

  const outbox = (await (await page.request.get(`${baseURL}/api/dev/outbox`)).json()) as OutboxMessage[];
  const mail = outbox.find(
    (m) => m.channel === 'mail' && m.recipient === ADMIN_EMAIL && m.body.includes('/finishSignIn?token='),
  );
  const link = /https?:\/\/\S+\/finishSignIn\?token=[A-Za-z0-9_-]{43}/.exec(mail?.body ?? '')?.[0];
  expect(link, 'a sign-in link in the outbox').toBeTruthy();
  expect(new URL(link!).origin).toBe(new URL(adminURL).origin);

  await page.goto(link!);
  await expect(page.getByText('You are signed in.')).toBeVisible();
  // The token leaves the address bar at once, and after 2 s she lands on her dashboard.
  expect(new URL(page.url()).search).toBe('');
  await page.waitForURL(`${adminURL}/admin`);
  await expect(greenDot(page)).toBeVisible();
}
