// Her name and public address on the real server: MODEL_NAME names her only in the first start's Site details; once she
// renames herself there through the admin API, the next client mail's sender name, a new contract (its PDF, its
// signing page, the signed copy with its audit trail), a confirmed booking's .ics invite and her calendar feed carry
// her new name and her public e-mail, and ADMIN_EMAIL (her private sign-in address) is in none of them. Mail leaves
// through nodemailer with a stand-in SMTP transport (the one unreachable edge), so the From header is the real one.
import type { InjectOptions } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { ContractRecord } from '@studio/shared/domain/contract';
import { createMailer } from '../src/features/messaging/mailer';
import { build, withCsrf, ADMIN_EMAIL, insertRow, type TestApp } from './helper';
import { pdfText } from './pdf-text';

jest.setTimeout(60_000);

interface SentMail {
  from: string | { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; content: Buffer }>;
}

const NEW_NAME = 'Nova Reyes';
const PUBLIC_EMAIL = 'bookings@novareyes.example';
const sent: SentMail[] = [];
let t: TestApp;
let admin: string;

beforeAll(async () => {
  const transport = { sendMail: async (m: SentMail) => void sent.push(m) } as unknown as Transporter;
  const quiet = { info: () => undefined } as never;
  t = await build({
    modelName: 'Ava Seeded',
    mailFrom: 'Studio <no-reply@studio.test>',
    statusUndoMs: 0,
    now: () => new Date('2026-11-23T17:00:00Z'),
    mailer: createMailer({
      smtpUrl: 'smtp://stand-in',
      from: 'Studio <no-reply@studio.test>',
      outbox: null as never,
      log: quiet,
      transport,
    }),
  });
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
});
afterAll(() => t.close());

const asAdmin = (options: InjectOptions) => t.app.inject(withCsrf({ ...options, cookies: { studio_session: admin } }));
/** Everything a client received in one mail, attachments decoded, to search for her private address. */
const wholeMail = (m: SentMail) =>
  JSON.stringify({ ...m, attachments: (m.attachments ?? []).map((a) => a.content.toString('latin1')) });
const mailsTo = (to: string) => sent.filter((m) => m.to === to);

function insertBooking(id: string) {
  insertRow(t.app, {
    id,
    name: 'Jane Doe',
    email: 'jane@example.com',
    phone: '+16025550142',
    service_id: 'photoshoot',
    service: 'Photoshoot',
    date: '2026-12-03',
    time: '10:00-12:00',
    description: 'Spring lookbook',
    status: 'New',
    created_at: '2026-11-23T16:00:00.000Z',
    updated_at: '2026-11-23T16:00:00.000Z',
  });
}

test('MODEL_NAME names her in the seeded Site details only', async () => {
  expect((await t.app.inject({ url: '/api/site' })).json().details.name).toBe('Ava Seeded');
  expect((await t.app.inject({ url: '/media/hero.svg' })).body).toContain('AVA SEEDED');
});

test('after a rename in Site details every client-facing output carries her new name and public e-mail', async () => {
  const site = (await t.app.inject({ url: '/api/site' })).json().details;
  const saved = await asAdmin({
    method: 'PUT',
    url: '/api/admin/site',
    payload: { ...site, name: NEW_NAME, email: PUBLIC_EMAIL, phone: '+1 602 555 0199' },
  });
  expect(saved.statusCode).toBe(200);
  // The bus hears of the save once the answer has gone (admin-content.ts, onResponse).
  await new Promise((resolve) => setImmediate(resolve));

  // The page the dashboard and the logo read their name from.
  const home = await t.app.inject({ url: '/' });
  const config = JSON.parse(
    /<script id="studio-config" type="application\/json">([^<]*)<\/script>/.exec(home.body)![1]!,
  );
  expect(config.modelName).toBe(NEW_NAME);
  expect(home.body).not.toContain(ADMIN_EMAIL);
  expect((await t.app.inject({ url: '/manifest.webmanifest' })).json().name).toBe(NEW_NAME);
  // The demo's home plate, which the share image is cut from, is redrawn with her new name.
  for (let i = 0; i < 50 && !(await t.app.inject({ url: '/media/hero.svg' })).body.includes('NOVA REYES'); i += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const plate = (await t.app.inject({ url: '/media/hero.svg' })).body;
  expect(plate).toContain(`aria-label="${NEW_NAME}"`);
  expect(plate).not.toContain('AVA SEEDED');

  // Confirmed: the client's mail, from her by name, with the invite she organises at her public address.
  insertBooking('b-identity-1');
  expect(
    (await asAdmin({ method: 'PATCH', url: '/api/admin/bookings/b-identity-1', payload: { status: 'Confirmed' } }))
      .statusCode,
  ).toBe(200);
  await t.settled();
  const confirmed = mailsTo('jane@example.com').at(-1)!;
  expect(confirmed.from).toEqual({ name: NEW_NAME, address: 'no-reply@studio.test' });
  expect(confirmed.text).toContain(NEW_NAME);
  const invite = confirmed.attachments!.find((a) => a.filename.endsWith('.ics'))!.content.toString('utf8');
  const organizer = invite.replace(/\r\n[ \t]/g, '').match(/^ORGANIZER[^\r\n]*/m)![0];
  expect(organizer).toContain(`CN="${NEW_NAME}"`);
  expect(organizer).toContain(`mailto:${PUBLIC_EMAIL}`);

  // A new contract, prefilled with the name the page's configuration gives the dashboard.
  const created = await asAdmin({
    method: 'POST',
    url: '/api/admin/bookings/b-identity-1/contracts',
    payload: {
      form: {
        clientName: 'Jane Doe',
        modelName: config.modelName,
        effectiveDate: '2026-11-23',
        serviceType: 'Photoshoot',
        timeline: '4',
        governingLaw: 'Arizona',
      },
      paperSize: 'letter',
    },
  });
  expect(created.statusCode).toBe(201);
  const contract = created.json<ContractRecord>();
  expect(contract.deal.provider).toEqual({ email: PUBLIC_EMAIL, phone: '+1 602 555 0199' });
  const draft = pdfText(Buffer.from((await asAdmin({ url: `/api/admin/contracts/${contract.id}/pdf` })).rawPayload));
  expect(draft.all).toContain(`${NEW_NAME} (the “Model”), reachable at ${PUBLIC_EMAIL}`);
  expect(draft.all).not.toContain(ADMIN_EMAIL);

  expect(
    (await asAdmin({ method: 'POST', url: `/api/admin/contracts/${contract.id}/send`, payload: {} })).statusCode,
  ).toBe(200);
  const request = mailsTo('jane@example.com').at(-1)!;
  expect(request.from).toEqual({ name: NEW_NAME, address: 'no-reply@studio.test' });
  expect(request.text).toContain(`${NEW_NAME} has sent you`);
  const path = /http:\/\/studio\.test(\/contracts\/sign\/[A-Za-z0-9_-]{43})/.exec(request.text)![1]!;
  const page = await t.app.inject({ url: path });
  expect(page.body).toContain(NEW_NAME);
  expect(page.body).toContain(PUBLIC_EMAIL);
  expect(page.body).not.toContain(ADMIN_EMAIL);
  const signed = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://studio.test' },
    payload: new URLSearchParams({ contractId: contract.id, fullName: 'Jane Doe', consent: 'yes' }).toString(),
  });
  expect(signed.statusCode).toBe(200);
  expect(signed.body).toContain(NEW_NAME);
  await t.settled();
  const copy = mailsTo('jane@example.com').at(-1)!;
  expect(copy.subject).toMatch(/^Signed: /);
  const signedText = pdfText(copy.attachments![0]!.content);
  // The signature block names her, and the audit trail lists her actions under her public e-mail.
  expect(signedText.all).toContain(NEW_NAME);
  expect(signedText.all).toContain(`By: ${PUBLIC_EMAIL}`);
  expect(signedText.all).not.toContain(ADMIN_EMAIL);

  // Her calendar feed: the same organizer.
  const feedUrl = (await asAdmin({ method: 'POST', url: '/api/admin/calendar-feed', payload: {} })).json().url;
  const feed = (await t.app.inject({ url: new URL(feedUrl).pathname })).body.replace(/\r\n[ \t]/g, '');
  expect(feed).toContain(`X-WR-CALNAME:${NEW_NAME}: bookings`);
  expect(feed.match(/^ORGANIZER[^\r\n]*/m)![0]).toContain(`CN="${NEW_NAME}"`);
  expect(feed).toContain(`mailto:${PUBLIC_EMAIL}`);
  expect(feed).not.toContain(ADMIN_EMAIL);

  // No mail to the client carried her private address, in any part.
  const toClient = mailsTo('jane@example.com');
  expect(toClient.length).toBeGreaterThanOrEqual(3);
  for (const m of toClient) expect(wholeMail(m)).not.toContain(ADMIN_EMAIL);
});
