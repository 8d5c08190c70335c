// A client's reply reaches her: on the real server, through the real mailer (createMailer, the mail queue, her sender
// name) and nodemailer writing each message (raw-mail.ts: only the network is stood in for), every kind of mail a
// client gets (the request's confirmation, status changes, the move she asked for, the contract to sign, its signed
// copy, the deposit link after signing, a receipt) has Reply-To her public address from Site details and a footer
// naming it, HTML-escaped in the HTML part; her own mails have neither, and ADMIN_EMAIL is in no client's mail. With no
// public address in Site details, no client mail has a Reply-To or promises one.
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { addCalendarDays } from '@studio/shared/domain';
import type { QuoteSettings } from '@studio/shared/domain/quote';
import { createMailer } from '../src/features/messaging/mailer';
import { ADMIN_EMAIL, atStudio, build, photoshootInput, withCsrf, type TestApp } from './helper';
import { capturingTransport, type RawMail } from './raw-mail';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

jest.setTimeout(60_000);

const TODAY = '2026-11-21';
const NOW = atStudio(TODAY);
const CLIENT = 'jane@example.com';
/** A public address with a character HTML escapes. */
const PUBLIC_EMAIL = "o'neil.bookings@novareyes.example";
const FOOTER_TEXT = `Reply to this e-mail or write to me at ${PUBLIC_EMAIL}.`;
const FOOTER_HTML =
  'Reply to this e-mail or write to me at <a href="mailto:o&#39;neil.bookings@novareyes.example">o&#39;neil.bookings@novareyes.example</a>.</p>';

/** Every kind of mail a client gets, by its subject, in the order the flow below sends them. */
const CLIENT_KINDS = [
  /^Your booking request \w+ has arrived$/,
  /^Your booking request \w+ is now in progress$/,
  /^Your booking request \w+ has moved$/,
  /^Your booking request \w+ is now Confirmed$/,
  /^Please review and sign: /,
  /^Signed: /,
  /^Your deposit: /,
  /^Receipt: deposit for /,
];

let t: TestApp;
let stripe: StripeStandIn;
let sent: RawMail[];
let admin: string;

async function start(publicEmail: string) {
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  stripe = await startStripeStandIn({ webhookSecret });
  const captured = capturingTransport();
  sent = captured.sent;
  t = await build({
    now: () => NOW,
    statusUndoMs: 0,
    mailFrom: 'Studio <no-reply@studio.test>',
    stripe: { secretKey: 'sk_test_stand_in', webhookSecret, apiBase: new URL(stripe.url) },
    mailer: createMailer({
      smtpUrl: 'smtp://stand-in',
      from: 'Studio <no-reply@studio.test>',
      outbox: null as never,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined } as never,
      transport: captured.transport,
    }),
  });
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const site = (await asAdmin({ url: '/api/site' })).json().details;
  expect(
    (await asAdmin({ method: 'PUT', url: '/api/admin/site', payload: { ...site, email: publicEmail } })).statusCode,
  ).toBe(200);
  // The identity hears of the save once the answer has gone.
  await new Promise((resolve) => setImmediate(resolve));
}
afterEach(async () => {
  await t?.close();
  await stripe?.close();
});

const asAdmin = (options: InjectOptions) => t.app.inject(withCsrf({ ...options, cookies: { studio_session: admin } }));
const post = (url: string, payload: unknown) =>
  t.app.inject(withCsrf({ method: 'POST', url, payload: payload as InjectOptions['payload'] }));
const mailsTo = (to: string) => sent.filter((m) => m.headers.to === to);
const lastTo = (to: string) => mailsTo(to).at(-1)!;

/** The request, from her arrival to a deposit paid by hand: every kind of mail a client gets, each once. */
async function everyClientMail() {
  const booked = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/bookings',
      payload: photoshootInput(TODAY) as unknown as InjectOptions['payload'],
      headers: { 'idempotency-key': 'reply-to-1' },
    }),
  );
  expect(booked.statusCode).toBe(201);
  const id = booked.json<{ id: string }>().id;
  await t.settled();
  const token = /\/manage-booking#([A-Za-z0-9_-]{43})/.exec(lastTo(CLIENT).text ?? '')![1]!;
  // Her deposit link goes out once the contract is signed.
  const defaults = (await asAdmin({ url: '/api/admin/settings/quote' })).json<QuoteSettings>();
  const settings = { ...defaults, depositTrigger: 'signed' };
  expect((await asAdmin({ method: 'PUT', url: '/api/admin/settings/quote', payload: settings })).statusCode).toBe(200);

  const status = (value: string) =>
    asAdmin({ method: 'PATCH', url: `/api/admin/bookings/${id}`, payload: { status: value } });
  expect((await status('Contacted')).statusCode).toBe(200);
  await t.settled();
  expect((await post('/api/manage-booking/reschedule', { token, date: addCalendarDays(TODAY, 23) })).statusCode).toBe(
    200,
  );
  expect(
    (await asAdmin({ method: 'POST', url: `/api/admin/bookings/${id}/accept-reschedule`, payload: {} })).statusCode,
  ).toBe(200);
  await t.settled();
  expect((await status('Confirmed')).statusCode).toBe(200);
  await t.settled();

  const created = await asAdmin({
    method: 'POST',
    url: `/api/admin/bookings/${id}/contracts`,
    payload: {
      form: {
        clientName: 'Jane Doe',
        modelName: 'Ava Monroe',
        effectiveDate: TODAY,
        serviceType: 'Photoshoot',
        timeline: '4',
        governingLaw: 'Arizona',
      },
      paperSize: 'letter',
    },
  });
  expect(created.statusCode).toBe(201);
  const contractId = created.json<{ id: string }>().id;
  expect(
    (await asAdmin({ method: 'POST', url: `/api/admin/contracts/${contractId}/send`, payload: {} })).statusCode,
  ).toBe(200);
  const signPath = /http:\/\/studio\.test(\/contracts\/sign\/[A-Za-z0-9_-]{43})/.exec(lastTo(CLIENT).text ?? '')![1]!;
  const signed = await t.app.inject({
    method: 'POST',
    url: signPath,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://studio.test' },
    payload: new URLSearchParams({ contractId, fullName: 'Jane Doe', consent: 'yes' }).toString(),
  });
  expect(signed.statusCode).toBe(200);
  await t.settled();

  const { quote } = (await asAdmin({ url: `/api/admin/bookings/${id}/quote` })).json<{
    quote: { depositCents: number };
  }>();
  const paid = await asAdmin({
    method: 'POST',
    url: `/api/admin/bookings/${id}/payments`,
    payload: { kind: 'deposit', method: 'bank transfer', amountCents: quote.depositCents },
  });
  expect(paid.statusCode).toBe(200);
  await t.settled();

  const toClient = mailsTo(CLIENT);
  // Each kind once, and nothing else: a new kind of client mail must be added here, and so get her address.
  expect(toClient.map((m) => CLIENT_KINDS.findIndex((kind) => kind.test(m.headers.subject ?? '')))).toEqual(
    CLIENT_KINDS.map((_, i) => i),
  );
  return toClient;
}

test("with her public address, every client mail's Reply-To is hers and its footer names it, in text and HTML", async () => {
  await start(PUBLIC_EMAIL);
  const toClient = await everyClientMail();
  for (const mail of toClient) {
    const what = mail.headers.subject;
    expect({ what, replyTo: mail.headers['reply-to'], from: mail.headers.from }).toEqual({
      what,
      replyTo: PUBLIC_EMAIL,
      from: expect.stringMatching(/<no-reply@studio\.test>$/),
    });
    expect({ what, footer: mail.text?.trimEnd().endsWith(FOOTER_TEXT) }).toEqual({ what, footer: true });
    // The HTML part, where the mail has one: the same words, the address escaped, inside the body.
    if (mail.html !== undefined)
      expect({ what, footer: mail.html.replace(/\r\n/g, '\n').includes(`${FOOTER_HTML}\n</body>`) }).toEqual({
        what,
        footer: true,
      });
    expect(mail.raw).not.toContain(ADMIN_EMAIL);
  }
  // The confirmation and the status mails carry HTML; the others are text alone.
  expect(toClient.filter((m) => m.html !== undefined)).toHaveLength(4);
  // Her own mails (the new request, what the client did, her copy of the signed contract, her receipt) are not
  // answered to herself: those about a client's action are answered to the client.
  const hers = mailsTo(ADMIN_EMAIL);
  expect(hers.length).toBeGreaterThanOrEqual(3);
  for (const mail of hers) {
    expect([undefined, CLIENT]).toContain(mail.headers['reply-to']);
    expect(mail.text).not.toContain('Reply to this e-mail or write to me');
  }
});

test('without a public address no client mail has a Reply-To, nor a footer promising one', async () => {
  await start('');
  const toClient = await everyClientMail();
  for (const mail of toClient) {
    expect({ what: mail.headers.subject, replyTo: mail.headers['reply-to'] }).toEqual({
      what: mail.headers.subject,
      replyTo: undefined,
    });
    expect(mail.text).not.toContain('write to me at');
    expect(mail.html ?? '').not.toContain('write to me at');
    expect(mail.raw).not.toContain(ADMIN_EMAIL);
  }
});
