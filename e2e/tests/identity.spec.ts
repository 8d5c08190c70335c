// Her name everywhere and her private address nowhere, in Chromium against the real server: she renames herself in
// Site details from her dashboard; a visitor's logo and `/`'s heading then show the new name, with her tagline. Then
// a client books, she confirms (the mail carries an .ics invite), and she sends a contract the client opens, reads as
// a PDF and signs (the signed copy is mailed). Every page, response body, mail (the dev outbox), PDF and .ics this
// run produced for anyone but her is searched for ADMIN_EMAIL, her private sign-in address: it is in none.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { test, expect, collectConsoleErrors, waitForHydration } from '../support/test';
import { logo, signInThroughOutbox } from '../support/sign-in';
import { ADMIN_EMAIL, startServer, type RunningServer } from '../support/server';
import { adminApi, readOutbox, type OutboxMessage } from '../support/studio-api';
import { pdfText } from '../support/pdf-text';

const NEW_NAME = 'Nova Reyes';
const TAGLINE = 'Editorial and UGC model in Tucson';
const PUBLIC_EMAIL = 'bookings@novareyes.example';

// A server of its own: the rename changes what every other spec reads of the shared one.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

/** Everything one label produced, to search for ADMIN_EMAIL at the end. */
const produced: Array<{ what: string; text: string }> = [];

/** Keeps every response body a page receives (HTML, scripts, styles, JSON): what reached the browser. */
function keepResponses(page: Page, label: string) {
  const pending: Array<Promise<void>> = [];
  page.on('response', (response: Response) => {
    pending.push(
      response.body().then(
        (body) => void produced.push({ what: `${label}: ${response.url()}`, text: body.toString('latin1') }),
        () => undefined,
      ),
    );
  });
  return () => Promise.all(pending);
}

const outbox = (request: APIRequestContext): Promise<OutboxMessage[]> => readOutbox(request, server.url);

test('she renames herself; the logo, the home heading and tagline follow, and ADMIN_EMAIL reaches no client', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: server.url });
  const page = await admin.newPage();
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await signInThroughOutbox(page, server.url);
  await page.goto(`${server.adminUrl}/admin`);
  await page.getByRole('tab', { name: 'Content' }).click();
  await page.getByRole('button', { name: 'Site details', exact: true }).click();
  await page.getByLabel('Your name').fill(NEW_NAME);
  await page.getByLabel('Tagline').fill(TAGLINE);
  await page.getByLabel('Contact e-mail').fill(PUBLIC_EMAIL);
  await page.getByRole('button', { name: 'Save site details' }).click();
  await expect(page.getByText('Saved. Visitors see it on their next page load.')).toBeVisible();

  // A visitor on a phone: the server-rendered page and the hydrated one both show her new name.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.url });
  const home = await visitor.newPage();
  const visitorErrors = collectConsoleErrors(home);
  const visitorResponses = keepResponses(home, 'visitor');
  await home.goto('/');
  await waitForHydration(home);
  await expect(logo(home)).toHaveText(NEW_NAME);
  await expect(home.getByRole('heading', { level: 1 })).toHaveText(NEW_NAME);
  await expect(home.getByText(TAGLINE)).toBeVisible();
  await expect(home.getByText('Ava Monroe')).toHaveCount(0);
  for (const path of ['/about', '/portfolio', '/book-me']) {
    await home.goto(path);
    await waitForHydration(home);
    await expect(logo(home)).toHaveText(NEW_NAME);
    produced.push({ what: `page ${path}`, text: await home.content() });
  }

  // The home page after the rename, on a phone and a laptop, light and dark.
  for (const width of [390, 1280]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await home.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await home.emulateMedia({ colorScheme });
      await home.goto('/');
      await waitForHydration(home);
      await home.screenshot({ path: testInfo.outputPath(`home-${width}-${colorScheme}.png`) });
    }
  }

  // A client books; she confirms it, and the client's mail carries the invite.
  const api = await adminApi(page, server.url);
  const clientEmail = `jane-${Date.now()}@example.com`;
  const services = (await (await api.get('/api/services')).json()) as Array<{
    id: string;
    tiers: Array<{ id: string }>;
  }>;
  const csrf = randomBytes(32).toString('hex');
  // A day inside the demo's availability, so the confirmation carries an invite.
  const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const booked = await visitor.request.post('/api/bookings', {
    headers: { Origin: server.url, 'Idempotency-Key': `e2e-${csrf.slice(0, 16)}` },
    data: {
      name: 'Jane Doe',
      email: clientEmail,
      phone: '+16025550142',
      serviceId: 'usergeneratedcontent',
      serviceTierId: services.find((s) => s.id === 'usergeneratedcontent')?.tiers[0]?.id ?? '',
      date: day,
      consultationDate: '',
      consultationLocation: 'Video call',
      location: 'Desert Botanical Garden',
      description: 'Spring lookbook.',
      smsOptIn: false,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookingId = ((await booked.json()) as { id: string }).id;
  expect((await api.patch(`/api/admin/bookings/${bookingId}`, { data: { status: 'Confirmed' } })).status()).toBe(200);

  // A contract with the name the dashboard prefills (the page's configuration), sent, opened and signed.
  await page.reload();
  const config = JSON.parse((await page.locator('#studio-config').textContent()) ?? '{}') as { modelName: string };
  expect(config.modelName).toBe(NEW_NAME);
  const created = await api.post(`/api/admin/bookings/${bookingId}/contracts`, {
    data: {
      form: {
        clientName: 'Jane Doe',
        modelName: config.modelName,
        effectiveDate: new Date().toISOString().slice(0, 10),
        serviceType: 'User-Generated Content',
        timeline: '4',
        governingLaw: 'Arizona',
      },
      paperSize: 'letter',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const contractId = ((await created.json()) as { id: string }).id;
  expect((await api.post(`/api/admin/contracts/${contractId}/send`, { data: {} })).status()).toBe(200);
  const signingMail = (await outbox(api)).find((m) => m.recipient === clientEmail && m.subject.startsWith('Please'));
  const link = /https?:\/\/\S+\/contracts\/sign\/[A-Za-z0-9_-]{43}/.exec(signingMail?.body ?? '')?.[0];
  expect(link).toBeTruthy();
  const client = await visitor.newPage();
  const clientResponses = keepResponses(client, 'client');
  await client.goto(link!);
  await expect(client.getByRole('article')).toContainText(`${NEW_NAME} (the “Creator”), reachable at ${PUBLIC_EMAIL}`);
  const draft = await visitor.request.get(`${link}/pdf`);
  const draftText = pdfText(await draft.body()).all;
  expect(draftText).toContain(NEW_NAME);
  produced.push({ what: 'draft PDF', text: draftText });
  await client.getByLabel('Your full name').fill('Jane Doe');
  await client.getByRole('checkbox', { name: /I agree to sign this contract electronically/ }).check();
  await client.getByRole('button', { name: 'Sign contract' }).click();
  await expect(client.getByText('Signed. Thank you, Jane Doe.')).toBeVisible();

  // Every mail to the client (the confirmation waits out her Undo window), with its attachments.
  await expect
    .poll(async () => (await outbox(api)).filter((m) => m.recipient === clientEmail).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(4);
  const toClient = (await outbox(api)).filter((m) => m.recipient !== ADMIN_EMAIL);
  let invites = 0;
  for (const mail of toClient) {
    produced.push({ what: `mail "${mail.subject}" to ${mail.recipient}`, text: `${mail.subject}\n${mail.body}` });
    const files = (await (await api.get(`/api/dev/outbox/${mail.id}/attachments`)).json()) as Array<{
      filename: string;
    }>;
    for (const [position, file] of files.entries()) {
      const body = await (await api.get(`/api/dev/outbox/${mail.id}/attachments/${position}`)).body();
      const text = file.filename.endsWith('.pdf') ? pdfText(body).all : body.toString('utf8').replace(/\r\n[ \t]/g, '');
      produced.push({ what: `${file.filename} of "${mail.subject}"`, text });
      if (file.filename.endsWith('.ics')) {
        invites += 1;
        expect(text).toMatch(new RegExp(`ORGANIZER;CN="?${NEW_NAME}"?:mailto:${PUBLIC_EMAIL}`));
      }
      if (file.filename.endsWith('.pdf')) expect(text).toContain(NEW_NAME);
    }
  }
  expect(invites).toBeGreaterThanOrEqual(1);
  await Promise.all([visitorResponses(), clientResponses()]);

  expect(produced.length).toBeGreaterThan(10);
  const leaks = produced.filter((p) => p.text.toLowerCase().includes(ADMIN_EMAIL)).map((p) => p.what);
  expect(leaks).toEqual([]);
  expect(errors).toEqual([]);
  expect(visitorErrors).toEqual([]);
  await api.dispose();
  await admin.close();
  await visitor.close();
});
