// The right signer, in Chromium at 390 px against the compiled server: on the client's signing
// page another name is refused with the message beside the name field; ticking "on behalf of" shows the role field,
// and with the signer's own name and role the contract signs; a contract whose booking she declined is void: its link
// says why and offers no way to sign. Each state is photographed at 390 and 1280 px, light and dark.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect, collectConsoleErrors } from '../support/test';
import { signInThroughOutbox } from '../support/sign-in';
import { startServer, type RunningServer } from '../support/server';
import { adminApi, readOutbox } from '../support/studio-api';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

let server: RunningServer;
test.beforeEach(async () => {
  server = await startServer();
});
test.afterEach(async () => {
  await server.stop();
});

/** A booking request as the booking form sends it; answers its id. */
async function book(request: APIRequestContext, base: string, name: string, email: string): Promise<string> {
  const services = (await (await request.get(`${base}/api/services`)).json()) as Array<{
    id: string;
    tiers: Array<{ id: string }>;
  }>;
  const csrf = randomBytes(32).toString('hex');
  const res = await request.post(`${base}/api/bookings`, {
    headers: { Origin: base, 'Idempotency-Key': `e2e-${csrf.slice(0, 16)}` },
    data: {
      name,
      email,
      phone: '+16025550142',
      serviceId: 'usergeneratedcontent',
      serviceTierId: services.find((s) => s.id === 'usergeneratedcontent')?.tiers[0]?.id ?? '',
      date: '',
      consultationDate: '',
      consultationLocation: 'Video call',
      location: 'Desert Botanical Garden',
      description: 'Spring lookbook.',
      smsOptIn: false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** She confirms the booking and sends its contract; answers the signing link from the client's mail. */
async function sendContract(
  api: APIRequestContext,
  request: APIRequestContext,
  booking: { id: string; name: string; email: string },
) {
  const { id: bookingId, email } = booking;
  const base = server.url;
  expect((await api.patch(`/api/admin/bookings/${bookingId}`, { data: { status: 'Confirmed' } })).status()).toBe(200);
  const created = await api.post(`/api/admin/bookings/${bookingId}/contracts`, {
    data: {
      form: {
        clientName: booking.name,
        modelName: 'Ava Monroe',
        effectiveDate: '2026-03-02',
        serviceType: 'User-Generated Content',
        timeline: '4',
        governingLaw: 'Arizona',
      },
      paperSize: 'letter',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await api.post(`/api/admin/contracts/${id}/send`, { data: {} })).status()).toBe(200);
  const mail = (await readOutbox(request, base)).find(
    (m) => m.recipient === email && m.subject.startsWith('Please review and sign'),
  );
  const link = /https?:\/\/\S+\/contracts\/sign\/[A-Za-z0-9_-]{43}/.exec(mail?.body ?? '')?.[0];
  expect(link, 'a signing link in the outbox').toBeTruthy();
  return link!;
}

/** The page at 390 and 1280 px, light and dark, back at 390 px light afterwards. */
async function photograph(page: Page, name: string, focus: string) {
  for (const [label, viewport] of [
    ['390', PHONE],
    ['1280', LAPTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.locator(focus).scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`${name}-${label}-${colorScheme}.png`) });
    }
  }
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ colorScheme: 'light' });
}

async function clientPage(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  return { context, page: await context.newPage() };
}

test('at 390 px: another name is refused, on behalf with a role signs, a void contract cannot be signed', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const base = server.url;
  const stamp = Date.now();
  const clientName = `Jordan Lee ${stamp}`;
  const clientEmail = `jordan-${stamp}@example.com`;
  await page.goto(`${base}/`);
  await signInThroughOutbox(page, base);
  const api = await adminApi(page, base);
  const bookingId = await book(page.request, base, clientName, clientEmail);
  const link = await sendContract(api, page.request, { id: bookingId, name: clientName, email: clientEmail });

  const client = await clientPage(browser);
  const errors = collectConsoleErrors(client.page);
  const sign = client.page;
  await sign.goto(link);
  const name = sign.getByLabel('Your full name');
  const onBehalf = sign.getByRole('checkbox', { name: `I am signing on behalf of ${clientName}` });
  const role = sign.getByLabel('Your role or title');
  const consent = sign.getByRole('checkbox', { name: /I agree to sign this contract electronically/ });
  await expect(onBehalf).not.toBeChecked();
  await expect(role).toBeHidden();
  await photograph(sign, 'signing-form', 'form.sign');

  // Another name, without "on behalf of": refused, the message beside the name field, nothing signed.
  await name.fill('Mickey Mouse');
  await consent.check();
  await sign.getByRole('button', { name: 'Sign contract' }).click();
  const mismatch =
    `This is not the client’s name. Type the name on the booking, ${clientName}, or tick “I am signing on behalf ` +
    `of ${clientName}” and add your role.`;
  await expect(sign.locator('#fullName-error')).toHaveText(mismatch);
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveValue('Mickey Mouse');
  await expect(sign.getByRole('alert')).toContainText(mismatch);
  await photograph(sign, 'signing-mismatch', '#fullName-error');

  // On behalf of the client: the role field appears; with the signer's own name and role it signs.
  await onBehalf.check();
  await expect(role).toBeVisible();
  await name.fill('Sam Park');
  await role.fill('Executive Assistant');
  await consent.check();
  await photograph(sign, 'signing-on-behalf', '#role');
  await sign.getByRole('button', { name: 'Sign contract' }).click();
  await expect(sign.getByRole('heading', { name: 'Signed. Thank you, Sam Park.' })).toBeVisible();
  const signed = (await readOutbox(page.request, base)).find(
    (m) => m.recipient === clientEmail && m.subject.startsWith('Signed:'),
  );
  expect(signed?.body).toContain(`was signed by Sam Park, Executive Assistant, on behalf of ${clientName} on `);

  // Another booking's contract, then she declines the booking: its link is void.
  const voidName = `Casey Void ${stamp}`;
  const voidEmail = `casey-${stamp}@example.com`;
  const voidId = await book(page.request, base, voidName, voidEmail);
  const voidLink = await sendContract(api, page.request, { id: voidId, name: voidName, email: voidEmail });
  expect((await api.patch(`/api/admin/bookings/${voidId}`, { data: { status: 'Declined' } })).status()).toBe(200);
  const response = await sign.goto(voidLink);
  expect(response?.status()).toBe(409);
  await expect(sign.getByRole('heading', { name: 'This contract can no longer be signed' })).toBeVisible();
  await expect(sign.getByRole('alert')).toContainText(
    'This contract is void because the booking was declined. If this is unexpected, please contact Ava Monroe.',
  );
  await expect(sign.getByRole('button', { name: 'Sign contract' })).toHaveCount(0);
  await expect(sign.getByLabel('Your full name')).toHaveCount(0);
  await photograph(sign, 'signing-void', 'h1');
  const post = await client.context.request.post(voidLink, {
    form: { fullName: voidName, consent: 'yes' },
  });
  expect(post.status()).toBe(409);
  expect(
    (await readOutbox(page.request, base)).filter((m) => m.recipient === voidEmail && m.subject.startsWith('Signed:')),
  ).toEqual([]);

  await api.dispose();
  await client.context.close();
  expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
});
