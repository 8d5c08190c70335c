// Contracts, in Chromium against the compiled server: the admin sends a contract from the booking card
// (after confirming); from the dev outbox the client opens her link and signs with her typed name and consent; the
// admin's card turns 'Signed' live; the signed PDF (from the outbox, read with pdf.js) holds her typed name, the
// document hash and the audit trail; the link cannot sign twice nor sign another contract; an expired link says so;
// and editing the signed contract is refused (409) while the dialog offers a new version.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { test, expect, collectConsoleErrors } from '../support/test';
import { signInThroughOutbox } from '../support/sign-in';
import { openDatabase } from '../support/database';
import { startServer, type RunningServer } from '../support/server';
import { adminApi, readOutbox } from '../support/studio-api';
import { pdfText } from '../support/pdf-text';

interface ContractRecord {
  id: string;
  status: string;
  version: number;
  documentHash: string | null;
  form: Record<string, string>;
}

const EVIL = '<img src=x onerror=alert(1)>';

// A server of its own: signing in through the shared server's outbox at the same time as another spec would let
// the two take each other's links. Its database is also where the expiry is arranged.
let server: RunningServer;
test.beforeEach(async () => {
  server = await startServer();
});
test.afterEach(async () => {
  await server.stop();
});

const outbox = readOutbox;

/** The signing link of the newest signing mail to `email`. */
async function signingLink(request: APIRequestContext, base: string, email: string): Promise<string> {
  const mail = (await outbox(request, base)).find(
    (m) => m.recipient === email && m.subject.startsWith('Please review and sign'),
  );
  const link = /https?:\/\/\S+\/contracts\/sign\/[A-Za-z0-9_-]{43}/.exec(mail?.body ?? '')?.[0];
  expect(link, 'a signing link in the outbox').toBeTruthy();
  return link!;
}

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

test('the admin sends a contract, the client signs it from her link, the admin sees it signed live', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const base = server.url;
  const errors = collectConsoleErrors(page);
  const stamp = Date.now();
  const clientName = `Jane Doe ${stamp}`;
  // A booking refuses markup; the admin's contract form prints what she types, so markup enters there.
  const contractClient = `${EVIL} Jane Doe`;
  const clientEmail = `jane-${stamp}@example.com`;
  const signedAs = `jane doe ${stamp}`;

  await page.goto(`${base}/`);
  await signInThroughOutbox(page, base);
  const bookingId = await book(page.request, base, clientName, clientEmail);
  await page.getByRole('link', { name: 'Admin' }).click();
  const card = page.getByRole('article', { name: clientName });
  await card.getByRole('combobox').selectOption('Confirmed');
  await page.getByRole('dialog').getByRole('button', { name: 'Save and e-mail client' }).click();
  await card.getByRole('button', { name: 'Generate Contract' }).click();

  // The deal from the booking, then Send: nothing is mailed before she confirms.
  const dialog = page.getByRole('dialog', { name: 'Generate contract' });
  const deal = dialog.getByRole('region', { name: 'The deal (from the booking)' });
  await expect(deal).toContainText('Payment schedule');
  await expect(deal).toContainText('Desert Botanical Garden');
  await expect(deal).toContainText(clientEmail);
  await dialog.getByLabel('Client name').fill(contractClient);
  const mailsBefore = (await outbox(page.request, base)).length;
  await dialog.getByRole('button', { name: 'Send for signature…' }).click();
  const confirm = dialog.getByRole('alertdialog', { name: 'Send this contract for signature?' });
  await expect(confirm).toContainText(`${clientEmail} will receive a private link`);
  expect((await outbox(page.request, base)).length).toBe(mailsBefore);
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('status')).toContainText(`Sent to ${clientEmail}.`);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(card.getByText('Sent', { exact: true })).toBeVisible();

  // The client opens her link in her own browser.
  const link = await signingLink(page.request, base, clientEmail);
  const client = await browser.newContext({ baseURL: base });
  const clientPage = await client.newPage();
  const clientErrors = collectConsoleErrors(clientPage);
  await clientPage.goto(link);
  await expect(clientPage.getByRole('heading', { name: 'User-Generated Content Services Agreement' })).toBeVisible();
  await expect(clientPage.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(clientPage.locator('img')).toHaveCount(0);
  await expect(clientPage.getByRole('article')).toContainText(
    `${contractClient} (the “Client”), reachable at ${clientEmail}`,
  );
  // The admin's card follows her view live.
  await expect(card.getByText('Viewed', { exact: true })).toBeVisible();

  // Another contract exists (another booking's draft): her link cannot sign it.
  const api = await adminApi(page, base);
  const otherBooking = await book(page.request, base, `Other ${stamp}`, `other-${stamp}@example.com`);
  const other = await api.post(`/api/admin/bookings/${otherBooking}/contracts`, {
    data: {
      form: {
        clientName: 'Other',
        modelName: 'Ava Monroe',
        effectiveDate: '2026-03-02',
        serviceType: 'User-Generated Content',
        timeline: '4',
        governingLaw: 'Arizona',
      },
      paperSize: 'letter',
    },
  });
  expect(other.status(), await other.text()).toBe(201);
  const otherId = ((await other.json()) as ContractRecord).id;
  await clientPage
    .locator('input[name="contractId"]')
    .evaluate((el, id) => ((el as HTMLInputElement).value = id), otherId);
  await clientPage.getByLabel('Your full name').fill(signedAs);
  await clientPage.getByRole('checkbox', { name: /I agree to sign this contract electronically/ }).check();
  await clientPage.getByRole('button', { name: 'Sign contract' }).click();
  await expect(clientPage.getByRole('alert')).toHaveText('This link signs only the contract it was sent for.');

  // She signs: her name as on the booking (typed her way: case and spaces are hers), and consent.
  await clientPage.getByLabel('Your full name').fill(signedAs);
  await clientPage.getByRole('checkbox', { name: /I agree to sign this contract electronically/ }).check();
  await clientPage.getByRole('button', { name: 'Sign contract' }).click();
  await expect(clientPage.getByRole('heading', { name: `Signed. Thank you, ${signedAs}.` })).toBeVisible();

  // The admin sees it signed, live.
  await expect(card.getByText('Signed', { exact: true })).toBeVisible();

  // The signed PDF, as mailed to both (kept in the outbox), holds her name, the hash and the audit trail.
  const contracts = (await (await api.get(`/api/admin/bookings/${bookingId}/contracts`)).json()) as {
    contracts: ContractRecord[];
  };
  const signed = contracts.contracts[0]!;
  expect(signed.status).toBe('signed');
  const mails = (await outbox(page.request, base)).filter(
    (m) => m.subject === 'Signed: User-Generated Content Services Agreement',
  );
  const toClient = mails.find((m) => m.recipient === clientEmail);
  expect(toClient).toBeTruthy();
  expect(mails.some((m) => m.recipient === 'admin@studio.test' && m.body.includes(signed.documentHash!))).toBe(true);
  const attachment = await page.request.get(`${base}/api/dev/outbox/${toClient!.id}/attachments/0`);
  expect(attachment.headers()['content-type']).toBe('application/pdf');
  const pdf = pdfText(await attachment.body());
  expect(pdf.all).toContain(`/s/ ${signedAs}`);
  expect(pdf.all).toContain(signed.documentHash!);
  expect(pdf.all).toContain(`Client: ${contractClient}`);
  expect(pdf.lastPage).toContain('Audit Trail');
  expect(pdf.lastPage).toContain('Viewed by the client');
  expect(pdf.lastPage).toContain('Signed by the client');
  expect(pdf.lastPage).toContain(`By: ${signedAs}`);

  // The link cannot sign twice.
  await clientPage.goto(link);
  await expect(clientPage.getByRole('heading', { name: 'This contract is already signed' })).toBeVisible();
  const twice = await client.request.post(link, {
    form: { contractId: signed.id, fullName: 'Mallory', consent: 'yes' },
  });
  expect(twice.status()).toBe(409);

  // Editing the signed contract: the server refuses (409); the dialog offers a new version instead.
  const edit = await api.put(`/api/admin/contracts/${signed.id}`, { data: { form: signed.form, paperSize: 'a4' } });
  expect(edit.status()).toBe(409);
  await card.getByRole('button', { name: 'Generate Contract' }).click();
  await expect(dialog.getByText(/A signed contract cannot be changed/)).toBeVisible();
  await dialog.getByRole('button', { name: 'New version' }).click();
  await expect(dialog.getByRole('button', { name: /Version 2/, pressed: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Version 1/ })).toContainText('Signed');
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();

  // An expired link says so: the other contract is sent, and its link's 14 days are made to have passed.
  expect((await api.post(`/api/admin/contracts/${otherId}/send`, { data: {} })).status()).toBe(200);
  const otherLink = await signingLink(page.request, base, `other-${stamp}@example.com`);
  const db = openDatabase(server.dataDir);
  try {
    db.prepare('UPDATE contract_links SET expires_at = ? WHERE contract_id = ?').run(
      '2000-01-01T00:00:00.000Z',
      otherId,
    );
  } finally {
    db.close();
  }
  const expired = await clientPage.goto(otherLink);
  expect(expired?.status()).toBe(410);
  await expect(clientPage.getByRole('heading', { name: 'This signing link has expired' })).toBeVisible();

  await api.dispose();
  await client.close();
  expect(errors).toEqual([]);
  expect(clientErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
});
