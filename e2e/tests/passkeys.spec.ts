// The admin signs in with a passkey in Chromium, and an e-mail link alone no longer signs her in
// once she has one. Chromium's virtual authenticator (CDP WebAuthn) plays her device: after her first link sign-in
// the dashboard offers a passkey, she adds one and saves the recovery code, signs out; the next link only asks for the
// passkey, which signs her in. The API is checked too: a link spent without the passkey gives no session. The
// recovery code is the way in from a device without her passkey, and the host's `npm run admin -- reset-passkeys` the
// way back to the link alone. Each test runs its own server on 'localhost' (WebAuthn refuses an IP address as the
// relying party), so the shared server's admin keeps signing in by link alone.
// On a device holding her passkey the sign-in form's first button signs her in with it alone, no e-mail
// sent, and every sign-in lands on her dashboard.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { request as playwrightRequest, type CDPSession, type Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { ADMIN_EMAIL, REPO_ROOT, startServer, type RunningServer } from '../support/server';
import { readOutbox, type OutboxMessage } from '../support/studio-api';
import { greenDot, tripleClickLogo } from '../support/sign-in';

let server: RunningServer;
test.beforeEach(async () => {
  server = await startServer({ HOST: 'localhost' });
});
test.afterEach(async () => {
  await server.stop();
});

/** A platform authenticator with user verification, as a phone or a laptop with a fingerprint reader has. */
async function addDevice(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

const mailCount = async (page: Page) => (await outbox(page)).filter((m) => m.channel === 'mail').length;

const outbox = (page: Page): Promise<OutboxMessage[]> => readOutbox(page.request, server.url);

/** Asks for a link the way she does and opens it; answers nothing, the page shows what the link gave. */
async function openSignInLink(page: Page) {
  await page.goto(`${server.url}/`);
  await tripleClickLogo(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL);
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('status')).toHaveText('Sign-in link sent! Check your email.');
  const mail = (await outbox(page)).find((m) => m.subject === 'Your sign-in link');
  const link = /https?:\/\/\S+\/finishSignIn\?token=[A-Za-z0-9_-]{43}/.exec(mail?.body ?? '')?.[0];
  expect(link, 'a sign-in link in the outbox').toBeTruthy();
  expect(new URL(link!).origin).toBe(server.adminUrl);
  await page.goto(link!);
}

async function signedInThenDashboard(page: Page) {
  await expect(page.getByText('You are signed in.')).toBeVisible();
  await page.waitForURL(`${server.adminUrl}/admin`);
  await expect(greenDot(page)).toBeVisible();
}

/** From the dashboard's offer: adds a passkey under the name; answers the recovery code shown once. */
async function addPasskeyFromDashboard(page: Page, name: string): Promise<string> {
  await page.getByRole('link', { name: 'Admin' }).click();
  const offer = page.getByRole('region', { name: 'Sign in with a passkey' });
  await expect(offer).toContainText('Today the e-mail link alone signs you in.');
  await offer.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const saveNow = page.getByRole('dialog', { name: 'Save your recovery code now' });
  await expect(saveNow).toContainText('It is shown only this once');
  const code = (await saveNow.getByTestId('recovery-code').textContent()) ?? '';
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
  await saveNow.getByRole('button', { name: 'I have saved it' }).click();
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByRole('listitem')).toContainText(name);
  await expect(section.getByRole('listitem')).toContainText('not used yet');
  return code;
}

async function signOutFromDashboard(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${server.url}/`);
  await expect(greenDot(page)).toHaveCount(0);
}

/** The API as any client could use it on her origin: a link requested and spent, with that origin as Origin. */
async function spendLinkThroughApi(page: Page) {
  const api = await playwrightRequest.newContext({ baseURL: server.adminUrl });
  try {
    const headers = { Origin: server.adminUrl };
    expect((await api.post('/api/auth/link', { headers, data: { email: ADMIN_EMAIL } })).status()).toBe(204);
    const mail = (await outbox(page)).find((m) => m.subject === 'Your sign-in link');
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '')?.[1];
    const spent = await api.post('/api/auth/session', { headers, data: { email: ADMIN_EMAIL, token } });
    const cookies = (await api.storageState()).cookies.map((c) => c.name);
    const bookings = await api.get('/api/admin/bookings');
    const me = await api.get('/api/auth/session');
    return {
      status: spent.status(),
      answer: await spent.json(),
      cookies,
      bookings: bookings.status(),
      me: await me.json(),
    };
  } finally {
    await api.dispose();
  }
}

test('the admin adds a passkey after her first link sign-in; from then on the link asks for it, and it signs her in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const device = await addDevice(page);

  // Her first sign-in: the link alone, as before; the dashboard offers a passkey and she adds one.
  await openSignInLink(page);
  await signedInThenDashboard(page);
  await addPasskeyFromDashboard(page, 'This laptop');
  const { credentials } = await device.cdp.send('WebAuthn.getCredentials', { authenticatorId: device.authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  expect(credentials[0]?.rpId).toBe(new URL(server.adminUrl).hostname);
  expect((await outbox(page)).some((m) => m.subject === 'A passkey was added to your sign-in')).toBe(true);
  await signOutFromDashboard(page);

  // Through the API: a spent link is not a session any more, only the passkey step.
  const viaApi = await spendLinkThroughApi(page);
  expect(viaApi.status).toBe(200);
  expect(viaApi.answer).toEqual({ secondFactor: 'passkey' });
  expect(viaApi.cookies).not.toContain('studio_session');
  expect(viaApi.cookies).toContain('studio_passkey_step');
  expect(viaApi.bookings).toBe(401);
  expect(viaApi.me).toEqual({ user: null });

  // In the browser: the link asks for the passkey and signs her in only with it.
  await openSignInLink(page);
  await expect(page.getByText('One more step: confirm it is you with your passkey.')).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  await expect(greenDot(page)).toHaveCount(0);
  expect(await (await page.request.get(`${server.adminUrl}/api/auth/session`)).json()).toEqual({ user: null });
  await page.getByRole('button', { name: 'Use my passkey' }).click();
  await signedInThenDashboard(page);
  await page.getByRole('link', { name: 'Admin' }).click();
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByRole('listitem')).toContainText('This laptop');
  await expect(section.getByRole('listitem')).toContainText('last used');
  const [used] = (await device.cdp.send('WebAuthn.getCredentials', { authenticatorId: device.authenticatorId }))
    .credentials;
  expect(used?.signCount).toBeGreaterThan(0);

  // Every device lost: the host runs the reset on the server, beside the running site, and the link alone is enough.
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'admin', '--', 'reset-passkeys'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir, ADMIN_EMAIL, PUBLIC_ORIGIN: server.url },
  });
  expect(stdout).toContain(`Removed 1 passkey and the recovery code of ${ADMIN_EMAIL}`);
  expect((await outbox(page)).some((m) => m.subject === 'Your passkeys were removed by the site host')).toBe(true);
  await signOutFromDashboard(page);
  await openSignInLink(page);
  await signedInThenDashboard(page);
});

test('a lost passkey: on a device without it, the recovery code signs her in once, and she is told', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const laptop = await addDevice(page);
  await openSignInLink(page);
  await signedInThenDashboard(page);
  const code = await addPasskeyFromDashboard(page, 'Old phone');
  await signOutFromDashboard(page);

  // The device is lost: the browser now has an authenticator without her passkey.
  await laptop.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: laptop.authenticatorId });
  await addDevice(page);
  await openSignInLink(page);
  await page.getByRole('button', { name: 'Use my passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText('The passkey request was cancelled or timed out.');
  await expect(greenDot(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Lost your passkey? Use your recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Sign in with the recovery code' }).click();
  await signedInThenDashboard(page);
  expect((await outbox(page)).some((m) => m.subject === 'Your recovery code was used to sign in')).toBe(true);

  // On the dashboard: the used code is gone; the old passkey can be removed after a confirmation.
  await page.getByRole('link', { name: 'Admin' }).click();
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section).toContainText('Your recovery code has been used.');
  await section.getByRole('button', { name: 'Remove the passkey Old phone' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(confirm).toContainText('It is your last passkey');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('region', { name: 'Sign in with a passkey' })).toBeVisible();
  await signOutFromDashboard(page);

  // The code worked once only: with no passkey left, the link alone signs her in again.
  await openSignInLink(page);
  await signedInThenDashboard(page);
});

test('on a device holding her passkey, "Sign in with passkey" signs her in with no e-mail and lands on /admin', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const device = await addDevice(page);
  await openSignInLink(page);
  await signedInThenDashboard(page);
  await addPasskeyFromDashboard(page, 'This phone');
  await signOutFromDashboard(page);

  const mailsBefore = await mailCount(page);
  await tripleClickLogo(page);
  const form = page.getByRole('form', { name: 'Admin sign-in' });
  const withPasskey = form.getByRole('button', { name: 'Sign in with passkey' });
  await expect(withPasskey).toBeFocused();
  await withPasskey.click();
  await page.waitForURL(`${server.adminUrl}/admin`);
  await expect(greenDot(page)).toBeVisible();
  await expect(form).toHaveCount(0);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByRole('listitem')).toContainText('last used');
  // No e-mail round trip: nothing was mailed for this sign-in.
  expect(await mailCount(page)).toBe(mailsBefore);
  const [used] = (await device.cdp.send('WebAuthn.getCredentials', { authenticatorId: device.authenticatorId }))
    .credentials;
  expect(used?.signCount).toBeGreaterThan(0);
});

test('at 390 px the form offers the passkey first to anyone; a device without one is told so, and the link stays', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A device holding no passkey of this site, as a visitor's (or hers before enrolling) does.
  await addDevice(page);
  await page.goto(`${server.url}/`);
  await tripleClickLogo(page);
  const form = page.getByRole('form', { name: 'Admin sign-in' });
  const withPasskey = form.getByRole('button', { name: 'Sign in with passkey' });
  await expect(withPasskey).toBeVisible();
  await expect(form.getByRole('button', { name: 'Send Link' })).toBeVisible();
  // The passkey first, the e-mail link below it; both full width and 44 px tall on a phone.
  const passkeyBox = (await withPasskey.boundingBox())!;
  const emailBox = (await form.getByRole('textbox', { name: 'Email' }).boundingBox())!;
  expect(passkeyBox.y + passkeyBox.height).toBeLessThanOrEqual(emailBox.y);
  expect(passkeyBox.height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: testInfo.outputPath('sign-in-390-light.png'), animations: 'disabled' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: testInfo.outputPath('sign-in-390-dark.png'), animations: 'disabled' });

  await withPasskey.click();
  await expect(form.getByRole('alert')).toHaveText(
    'No passkey on this device matches, or the request was cancelled. Use the email link below.',
  );
  await expect(greenDot(page)).toHaveCount(0);
  expect(await (await page.request.get(`${server.adminUrl}/api/auth/session`)).json()).toEqual({ user: null });
  await page.screenshot({ path: testInfo.outputPath('sign-in-390-dark-refused.png'), animations: 'disabled' });
});
