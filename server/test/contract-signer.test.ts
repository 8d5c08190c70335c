// The right signer, on the real server (SQLite on disk, the HTTP routes through inject): the signing link
// takes the client's own name however it is typed (case, accents, spaces), refuses another name with a message on the
// name field unless the signer ticks "on behalf of" and gives a role (then the audit trail, the signed PDF and the
// mail name signer, role and client), and a contract whose booking was cancelled by the client or declined by her is
// void: its link says so, and a POST to sign it answers 409, stores nothing and mails nothing.
import type { InjectOptions } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { ContractRecord } from '@studio/shared/domain/contract';
import {
  SIGNER_ROLE_REQUIRED,
  contractVoidMessage,
  onBehalfLabel,
  signerNameMismatchMessage,
} from '@studio/shared/domain/contract-signer';
import { INVISIBLE_CHARACTERS_MESSAGE } from '@studio/shared/refusal-messages';
import { hashManageToken } from '../src/features/bookings/manage-booking';
import { build, withCsrf, ADMIN_EMAIL, type TestApp, insertRow } from './helper';
import { pdfText } from './pdf-text';

// pdf.js reads each PDF in a child process: seconds, not milliseconds, on a busy machine.
jest.setTimeout(30_000);
let t: TestApp;
let admin: string;
const clock = new Date('2026-03-02T10:00:00Z').getTime();

beforeAll(async () => {
  t = await build({ now: () => new Date(clock), seedDemo: false });
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
});
afterAll(() => t.close());

let seq = 0;
/** A Confirmed booking of `name`'s, with a manage link whose token is answered. */
function insertBooking(name: string): { id: string; email: string; manageToken: string } {
  const id = `signer-${++seq}`;
  const manageToken = randomBytes(32).toString('base64url');
  const at = new Date(clock).toISOString();
  insertRow(t.app, {
    id,
    name,
    email: `client${seq}@example.com`,
    phone: '',
    service_id: 'photoshoot',
    service: 'Photoshoot',
    service_price: '$350',
    service_tier: 'Half Day',
    service_tier_id: 'half-day',
    payment_schedule: '50% upfront, 50% upon completion',
    date: '2026-04-01',
    location: 'Studio',
    description: 'Spring lookbook',
    sms_opt_in: 0,
    status: 'Confirmed',
    manage_token_hash: hashManageToken(manageToken),
    created_at: at,
    updated_at: at,
  });
  return { id, email: `client${seq}@example.com`, manageToken };
}

const asAdmin = (options: InjectOptions) => t.app.inject(withCsrf({ ...options, cookies: { studio_session: admin } }));

/** Her contract for the booking, sent: its id and the signing link's path, read from the client's mail. */
async function sentContract(bookingId: string, clientName: string): Promise<{ id: string; path: string }> {
  const created = await asAdmin({
    method: 'POST',
    url: `/api/admin/bookings/${bookingId}/contracts`,
    payload: {
      form: {
        clientName,
        modelName: 'Ava Monroe',
        effectiveDate: '2026-03-02',
        serviceType: 'Photoshoot',
        timeline: '4',
        governingLaw: 'Arizona',
      },
      paperSize: 'a4',
    },
  });
  expect(created.statusCode).toBe(201);
  const { id } = created.json<ContractRecord>();
  expect((await asAdmin({ method: 'POST', url: `/api/admin/contracts/${id}/send`, payload: {} })).statusCode).toBe(200);
  const mail = (await t.repos.outbox.list(1))[0]!;
  const path = /http:\/\/studio\.test(\/contracts\/sign\/[A-Za-z0-9_-]{43})/.exec(mail.body)![1]!;
  return { id, path };
}

const browser = { 'user-agent': 'Mozilla/5.0 (iPhone) Safari' };
const sign = (path: string, body: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://studio.test' },
    payload: new URLSearchParams(body).toString(),
  });

/** What a refused or void signature must leave as it was: no signature stored, no signed copy mailed. */
async function expectNothingSigned(contractId: string) {
  await t.settled();
  const contract = (await t.repos.storage.contracts.find(contractId))!;
  expect(contract.status).not.toBe('signed');
  expect(contract.signerName).toBeNull();
  expect(contract.events.map((e) => e.type)).not.toContain('signed');
  expect(await t.repos.storage.contracts.signedPdf(contractId)).toBeNull();
  // The outbox holds the earlier cases' mails: none was added by this one.
  expect(await signedMailCount()).toBe(signedBefore);
}

/** How many signed copies the outbox holds: counted before each case (beforeEach), compared after. */
const signedMailCount = async () =>
  (await t.repos.outbox.list(1000)).filter((m) => m.subject.startsWith('Signed:')).length;
let signedBefore = 0;
beforeEach(async () => {
  await t.settled();
  signedBefore = await signedMailCount();
});

describe('the name typed must be the client’s', () => {
  test('another name is refused on the name field, with the way out; nothing is stored or mailed', async () => {
    const booking = insertBooking('Jordan Lee');
    const { id, path } = await sentContract(booking.id, 'Jordan Lee');
    expect((await t.app.inject({ method: 'GET', url: path, headers: browser })).body).toContain(
      onBehalfLabel('Jordan Lee'),
    );

    const res = await sign(path, { contractId: id, fullName: 'Mickey Mouse', consent: 'yes' });
    expect(res.statusCode).toBe(400);
    const message = signerNameMismatchMessage('Jordan Lee');
    expect(message).toBe(
      'This is not the client’s name. Type the name on the booking, Jordan Lee, or tick “I am signing on behalf of ' +
        'Jordan Lee” and add your role.',
    );
    // Beside the name field (which reads it through aria-describedby), and the name typed is kept.
    expect(res.body).toContain(`<p class="field-error" id="fullName-error" role="alert">${escape(message)}</p>`);
    expect(res.body).toMatch(
      /id="fullName"[^>]*value="Mickey Mouse" aria-invalid="true" aria-describedby="fullName-error"/,
    );
    await expectNothingSigned(id);
  });

  test('a name with a soft hyphen (the PDF would print a gap) is refused on the name field; nothing is stored', async () => {
    const booking = insertBooking('Jordan Lee');
    const { id, path } = await sentContract(booking.id, 'Jordan Lee');
    const res = await sign(path, { contractId: id, fullName: 'Jor\u00ADdan Lee', consent: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(
      `<p class="field-error" id="fullName-error" role="alert">${escape(INVISIBLE_CHARACTERS_MESSAGE)}</p>`,
    );
    await expectNothingSigned(id);
  });

  test.each([
    ['José García', '  jose   GARCIA '],
    ['José García', 'Jose\u0301 Garci\u0301a.'],
    ['Zoë Saldaña-Pérez', 'ZOE SALDANA PEREZ'],
  ])('the booking’s %j signs as %j', async (name, typed) => {
    const booking = insertBooking(name);
    const { id, path } = await sentContract(booking.id, name);
    const res = await sign(path, { contractId: id, fullName: typed, consent: 'yes' });
    expect(res.statusCode).toBe(200);
    expect((await t.repos.storage.contracts.find(id))?.status).toBe('signed');
    await t.settled();
  });
});

describe('signing on the client’s behalf', () => {
  test('with their own name and role: accepted, and the audit trail, the PDF and the mail say who signed for whom', async () => {
    const booking = insertBooking('Jordan Lee');
    const { id, path } = await sentContract(booking.id, 'Jordan Lee');
    const res = await sign(path, {
      contractId: id,
      fullName: 'Sam Park',
      onBehalf: 'yes',
      role: 'Executive Assistant',
      consent: 'yes',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Signed. Thank you, Sam Park.');
    await t.settled();

    const signed = (await t.repos.storage.contracts.find(id))!;
    expect(signed).toMatchObject({ status: 'signed', signerName: 'Sam Park' });
    expect(signed.events.at(-1)).toMatchObject({
      type: 'signed',
      actor: 'Sam Park',
      role: 'Executive Assistant',
      onBehalfOf: 'Jordan Lee',
      userAgent: 'Mozilla/5.0 (iPhone) Safari',
    });
    // The dashboard's view of the contract carries them too.
    const listed = (await asAdmin({ method: 'GET', url: `/api/admin/bookings/${booking.id}/contracts` })).json<{
      contracts: ContractRecord[];
    }>().contracts[0]!;
    expect(listed.events.at(-1)).toMatchObject({ role: 'Executive Assistant', onBehalfOf: 'Jordan Lee' });

    const pdf = await asAdmin({ method: 'GET', url: `/api/admin/contracts/${id}/pdf` });
    const text = pdfText(pdf.rawPayload).all;
    expect(text).toContain('/s/ Sam Park');
    expect(text).toContain('Signed by Sam Park, Executive Assistant, on behalf of Jordan Lee');
    expect(text).toContain('Signed on the client’s behalf');
    expect(text).toContain('By: Sam Park, Executive Assistant, on behalf of Jordan Lee');

    expect(await signedMailCount()).toBe(signedBefore + 2);
    const mails = (await t.repos.outbox.list(2)).filter((m) => m.subject.startsWith('Signed:'));
    expect(mails.map((m) => m.recipient).sort()).toEqual([ADMIN_EMAIL, booking.email]);
    for (const mail of mails)
      expect(mail.body).toContain('was signed by Sam Park, Executive Assistant, on behalf of Jordan Lee on ');
  });

  test('without a role: refused on the role field; nothing is stored or mailed', async () => {
    const booking = insertBooking('Jordan Lee');
    const { id, path } = await sentContract(booking.id, 'Jordan Lee');
    const res = await sign(path, { contractId: id, fullName: 'Sam Park', onBehalf: 'yes', role: '  ', consent: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(SIGNER_ROLE_REQUIRED).toBe('Type your role or title, for example Assistant or Marketing manager.');
    expect(res.body).toContain(`<p class="field-error" id="role-error" role="alert">${SIGNER_ROLE_REQUIRED}</p>`);
    // The box stays ticked, so the role field shows.
    expect(res.body).toContain('id="onBehalf" name="onBehalf" value="yes" checked');
    await expectNothingSigned(id);
  });
});

describe('a contract of a cancelled or declined booking is void', () => {
  const expectVoid = async (id: string, path: string, reason: 'cancelled' | 'declined') => {
    const text = `${contractVoidMessage(reason)} If this is unexpected, please contact Ava Monroe.`;
    const page = await t.app.inject({ method: 'GET', url: path, headers: browser });
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('This contract can no longer be signed');
    expect(page.body).toContain(text);
    expect(page.body).not.toContain('<form');
    expect(page.body).not.toContain('Sign contract');
    expect((await t.app.inject({ method: 'GET', url: `${path}/pdf` })).statusCode).toBe(409);

    const res = await sign(path, { contractId: id, fullName: 'Jordan Lee', consent: 'yes' });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain(text);
    await expectNothingSigned(id);
  };

  test('cancelled by the client through her manage link', async () => {
    const booking = insertBooking('Jordan Lee');
    const { id, path } = await sentContract(booking.id, 'Jordan Lee');
    const cancel = await t.app.inject(
      withCsrf({ method: 'POST', url: '/api/manage-booking/cancel', payload: { token: booking.manageToken } }),
    );
    expect(cancel.statusCode).toBe(200);
    expect((await t.repos.bookings.get(booking.id))?.status).toBe('Cancelled');
    expect(contractVoidMessage('cancelled')).toBe('This contract is void because the booking was cancelled.');
    await expectVoid(id, path, 'cancelled');
  });

  test('declined by her on the dashboard', async () => {
    const booking = insertBooking('Jordan Lee');
    const { id, path } = await sentContract(booking.id, 'Jordan Lee');
    const decline = await asAdmin({
      method: 'PATCH',
      url: `/api/admin/bookings/${booking.id}`,
      payload: { status: 'Declined' },
    });
    expect(decline.statusCode).toBe(200);
    await expectVoid(id, path, 'declined');
  });
});

function escape(s: string) {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
