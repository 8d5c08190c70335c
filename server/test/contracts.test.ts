// Contracts on the real server (SQLite on disk, the HTTP routes through inject): the admin drafts, edits and sends a
// contract; the client's link shows it (noindex, escaped), records each view, and signs it once with her typed name
// and consent; the signed PDF (read back with pdf.js) carries her name, the document hash and the audit trail, and is
// mailed to both with the PDF kept in the outbox. A signed contract answers 409 to an edit; a new version starts a new
// round while the old one stays readable; an expired link says so; a link signs only its own contract.
import type { InjectOptions } from 'fastify';
import { createHash } from 'node:crypto';
import type { ContractRecord } from '@studio/shared/domain/contract';
import type { Change } from '../src/platform/change-bus';
import { ANOTHER_CONTRACT } from '../src/features/contracts/contract-signing.routes';
import { CONTRACT_OPEN_VERSION, CONTRACT_SIGNED } from '../src/features/contracts/admin-contracts.routes';
import { CONSENT_STATEMENT } from '../src/features/contracts/signing-page';
import { formatInstant } from '@studio/shared/domain/studio-time';
import { build, withCsrf, ADMIN_EMAIL, ISO_TIMESTAMP, STUDIO_ZONE, type TestApp, insertRow } from './helper';
import { pdfText } from './pdf-text';

// pdf.js reads each PDF in a child process: seconds, not milliseconds, on a busy machine.
jest.setTimeout(30_000);
const EVIL = '<img src=x onerror=alert(1)>';
let t: TestApp;
let admin: string;
let clock = new Date('2026-03-02T10:00:00Z').getTime();
const changes: Change[] = [];

beforeAll(async () => {
  t = await build({ now: () => new Date(clock), seedDemo: false });
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  await t.repos.content.saveService({
    id: 'photoshoot',
    displayName: 'Photoshoot',
    description: '',
    image: '',
    price: '',
    tiers: [
      { id: 'half-day', displayName: 'Half Day', price: '$350', includes: ['4 hours on set', '20 edited images'] },
    ],
  });
  t.bus.subscribe((c) => changes.push(c));
});
afterAll(() => t.close());

let seq = 0;
function insertBooking(fields: Record<string, string | number> = {}): string {
  const id = `b-${++seq}`;
  const at = new Date(clock).toISOString();
  const row = {
    id,
    name: 'Jane Doe',
    email: 'jane@example.com',
    phone: '+16025550142',
    service_id: 'photoshoot',
    service: 'Photoshoot',
    service_price: '$350',
    service_tier: 'Half Day',
    service_tier_id: 'half-day',
    payment_schedule: '50% upfront, 50% upon completion',
    date: '2026-04-01',
    consultation_date: '2026-03-20',
    consultation_location: 'Video call',
    location: 'Desert Botanical Garden',
    description: 'Spring lookbook',
    sms_opt_in: 0,
    status: 'Confirmed',
    created_at: at,
    updated_at: at,
    ...fields,
  };
  insertRow(t.app, row);
  return id;
}

const asAdmin = (options: InjectOptions) => t.app.inject(withCsrf({ ...options, cookies: { studio_session: admin } }));
const form = (over: Record<string, string> = {}) => ({
  form: {
    clientName: 'Jane Doe',
    modelName: 'Ava Monroe',
    effectiveDate: '2026-03-02',
    serviceType: 'Photoshoot',
    timeline: '4',
    governingLaw: 'Arizona',
    ...over,
  },
  paperSize: 'a4',
});

async function draft(bookingId: string, over: Record<string, string> = {}): Promise<ContractRecord> {
  const res = await asAdmin({ method: 'POST', url: `/api/admin/bookings/${bookingId}/contracts`, payload: form(over) });
  expect(res.statusCode).toBe(201);
  return res.json<ContractRecord>();
}

/** Sends the contract and reads the signing link's path from the mail in the outbox. */
async function send(id: string): Promise<string> {
  const res = await asAdmin({ method: 'POST', url: `/api/admin/contracts/${id}/send`, payload: {} });
  expect(res.statusCode).toBe(200);
  const mail = (await t.repos.outbox.list(1))[0]!;
  expect(mail.recipient).toBe('jane@example.com');
  const link = /http:\/\/studio\.test(\/contracts\/sign\/[A-Za-z0-9_-]{43})/.exec(mail.body);
  expect(link).not.toBeNull();
  return link![1]!;
}

const client = { 'user-agent': 'Mozilla/5.0 (iPhone) Safari', 'x-test': 'client' };
const sign = (path: string, body: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...client, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://studio.test' },
    payload: new URLSearchParams(body).toString(),
  });

test('the admin reads the deal, drafts, edits, sends; the client views and signs once; the PDF is frozen and mailed', async () => {
  // She names the client in the contract as markup (escaped everywhere); the booking's name is the one who signs.
  const bookingId = insertBooking({ name: 'Jane Q. Doe' });
  const read = await asAdmin({ method: 'GET', url: `/api/admin/bookings/${bookingId}/contracts` });
  expect(read.statusCode).toBe(200);
  expect(read.json()).toMatchObject({
    deal: { fee: '$350', packageName: 'Half Day', inclusions: ['4 hours on set', '20 edited images'] },
    contracts: [],
  });

  const created = await draft(bookingId, { clientName: EVIL });
  expect(created).toMatchObject({ version: 1, status: 'draft', deal: { client: { email: 'jane@example.com' } } });
  const edited = await asAdmin({
    method: 'PUT',
    url: `/api/admin/contracts/${created.id}`,
    payload: form({ clientName: EVIL, timeline: '6' }),
  });
  expect(edited.json()).toMatchObject({ status: 'draft', form: { timeline: '6' } });
  // One unsigned version at a time.
  const second = await asAdmin({ method: 'POST', url: `/api/admin/bookings/${bookingId}/contracts`, payload: form() });
  expect(second.statusCode).toBe(409);
  expect(second.json()).toEqual({ message: CONTRACT_OPEN_VERSION });

  const path = await send(created.id);
  const token = path.split('/').at(-1)!;
  // Only the token's hash is stored.
  const stored = JSON.stringify(t.app.db.prepare('SELECT * FROM contract_links').all());
  expect(stored).not.toContain(token);
  expect(stored).toContain(createHash('sha256').update(token).digest('hex'));

  const page = await t.app.inject({ method: 'GET', url: path, headers: client });
  expect(page.statusCode).toBe(200);
  expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(page.headers['referrer-policy']).toBe('no-referrer');
  expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
  expect(page.body).not.toContain(EVIL);
  expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  // The fee table of the booking's quote: the tier's price until she changes it.
  expect(page.body).toContain('Half Day: $350.');
  expect(page.body).toContain('Total: $350 (US dollars).');
  expect(page.body).toContain('Consultation: March 20, 2026, Video call.');
  expect(page.body).toContain(CONSENT_STATEMENT.slice(0, 40));
  const viewed = await asAdmin({ method: 'GET', url: `/api/admin/bookings/${bookingId}/contracts` });
  expect(viewed.json().contracts[0]).toMatchObject({ status: 'viewed' });

  const pdfPreview = await t.app.inject({ method: 'GET', url: `${path}/pdf` });
  expect(pdfPreview.headers['content-type']).toBe('application/pdf');

  // Her consent is required, and her name.
  const refused = await sign(path, { contractId: created.id, fullName: 'Jane Doe' });
  expect(refused.statusCode).toBe(400);
  expect(refused.body).toContain('Tick the box to agree to sign electronically.');
  expect((await sign(path, { contractId: created.id, fullName: ' ', consent: 'yes' })).body).toContain(
    'Type your full name to sign.',
  );

  clock += 60_000;
  const done = await sign(path, { contractId: created.id, fullName: 'Jane Q. Doe', consent: 'yes' });
  expect(done.statusCode).toBe(200);
  expect(done.body).toContain('Signed. Thank you, Jane Q. Doe.');
  await t.settled();

  const after = (await asAdmin({ method: 'GET', url: `/api/admin/bookings/${bookingId}/contracts` })).json<{
    contracts: ContractRecord[];
  }>().contracts[0]!;
  expect(after).toMatchObject({ status: 'signed', signerName: 'Jane Q. Doe', linkExpiresAt: null });
  expect(after.documentHash).toMatch(/^[0-9a-f]{64}$/);
  expect(after.events.map((e) => e.type)).toEqual(['created', 'edited', 'sent', 'viewed', 'signed']);
  expect(after.events.at(-1)).toMatchObject({ actor: 'Jane Q. Doe', userAgent: 'Mozilla/5.0 (iPhone) Safari' });
  // Her actions are logged under her public contact (no Site details here: her name, MODEL_NAME), never her sign-in
  // address: the client reads the trail.
  expect(after.events[2]).toMatchObject({ type: 'sent', actor: 'Ava Monroe' });

  // The signed PDF as the admin downloads it is the one whose hash was stored, and the one mailed to both.
  const pdf = await asAdmin({ method: 'GET', url: `/api/admin/contracts/${after.id}/pdf` });
  expect(pdf.headers['content-type']).toBe('application/pdf');
  expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(after.signedPdfHash);
  const text = pdfText(pdf.rawPayload);
  expect(text.all).toContain('/s/ Jane Q. Doe');
  expect(text.all).toContain('/s/ Ava Monroe');
  expect(text.all).toContain(after.documentHash);
  expect(text.all).toContain(`Client: ${EVIL}`);
  expect(text.pages.at(-1)!.text).toContain('Audit Trail');
  expect(text.all).toContain('User agent: Mozilla/5.0 (iPhone) Safari');
  expect(text.all).toContain('Signed by the client');

  const mails = await t.repos.outbox.list(2);
  expect(mails.map((m) => m.recipient).sort()).toEqual([ADMIN_EMAIL, 'jane@example.com']);
  for (const mail of mails) {
    expect(mail.subject).toBe('Signed: Modeling Services Agreement');
    expect(mail.body).toContain(after.documentHash!);
    expect(await t.repos.outbox.attachments(mail.id)).toEqual([
      { filename: 'contract-v1-signed.pdf', contentType: 'application/pdf', size: pdf.rawPayload.length },
    ]);
    expect(Buffer.compare((await t.repos.outbox.attachment(mail.id, 0))!.content, pdf.rawPayload)).toBe(0);
  }

  // The link cannot sign twice.
  const again = await sign(path, { contractId: created.id, fullName: 'Someone Else', consent: 'yes' });
  expect(again.statusCode).toBe(409);
  expect(again.body).toContain('This contract is already signed');
  expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(409);

  // Frozen: an edit or a new send is refused; a new version starts a new round and the old one stays readable.
  const edit = await asAdmin({
    method: 'PUT',
    url: `/api/admin/contracts/${after.id}`,
    payload: form({ timeline: '8' }),
  });
  expect(edit.statusCode).toBe(409);
  expect(edit.json()).toEqual({ message: CONTRACT_SIGNED });
  expect(
    (await asAdmin({ method: 'POST', url: `/api/admin/contracts/${after.id}/send`, payload: {} })).statusCode,
  ).toBe(409);
  const v2 = await draft(bookingId, { timeline: '8' });
  expect(v2).toMatchObject({ version: 2, status: 'draft' });
  const list = (await asAdmin({ method: 'GET', url: `/api/admin/bookings/${bookingId}/contracts` })).json<{
    contracts: ContractRecord[];
  }>().contracts;
  const states = await asAdmin({ method: 'GET', url: '/api/admin/contracts/states' });
  expect(states.json()[bookingId]).toBe('draft');
  expect(list.map((c) => [c.version, c.status])).toEqual([
    [2, 'draft'],
    [1, 'signed'],
  ]);
  const old = await asAdmin({ method: 'GET', url: `/api/admin/contracts/${after.id}/pdf` });
  expect(Buffer.compare(old.rawPayload, pdf.rawPayload)).toBe(0);

  // Every step was told on the live stream's bus.
  const told = changes.flatMap((c) =>
    c.topic === 'contracts' && c.contract.id === after.id ? [c.contract.status] : [],
  );
  expect(told).toEqual(['draft', 'draft', 'sent', 'viewed', 'signed']);
});

test('a link signs only its own contract', async () => {
  const first = await draft(insertBooking());
  const other = await draft(insertBooking({ email: 'other@example.com' }));
  const path = await send(first.id);
  const res = await sign(path, { contractId: other.id, fullName: 'Jane Doe', consent: 'yes' });
  expect(res.statusCode).toBe(403);
  expect(res.body).toContain(ANOTHER_CONTRACT);
  const stored = (await t.repos.outbox.list(1))[0]!;
  expect(stored.subject).not.toContain('Signed');
  const both = [first.id, other.id].map(
    (id) => (t.app.db.prepare('SELECT status FROM contracts WHERE id = ?').get(id) as { status: string }).status,
  );
  expect(both).toEqual(['sent', 'draft']);
});

test('an expired link says so; an edit after sending stops the old link; a cross-site post is refused', async () => {
  const contract = await draft(insertBooking());
  const path = await send(contract.id);
  const crossSite = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
    payload: `contractId=${contract.id}&fullName=Jane&consent=yes`,
  });
  expect(crossSite.statusCode).toBe(403);

  clock += 14 * 24 * 3600 * 1000 + 1000;
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id; // hers had ended meanwhile
  const expired = await t.app.inject({ method: 'GET', url: path });
  expect(expired.statusCode).toBe(410);
  expect(expired.body).toContain('This signing link has expired');
  expect((await sign(path, { contractId: contract.id, fullName: 'Jane Doe', consent: 'yes' })).statusCode).toBe(410);

  const fresh = await send(contract.id);
  expect((await t.app.inject({ method: 'GET', url: fresh })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  await asAdmin({ method: 'PUT', url: `/api/admin/contracts/${contract.id}`, payload: form({ timeline: '5' }) });
  const stale = await t.app.inject({ method: 'GET', url: fresh });
  expect(stale.statusCode).toBe(404);
  expect(stale.body).toContain('This signing link is not valid');
});

test("the link's expiry and the signature's time read as the studio's: one day in the mail, on the page and on the dashboard", async () => {
  // 03:30 UTC on March 12 is still 8:30 PM on March 11 at the studio (America/Phoenix, UTC-7): a date written in UTC
  // named the day after hers.
  clock = new Date('2026-03-12T03:30:00Z').getTime();
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  const bookingId = insertBooking();
  const contract = await draft(bookingId);
  const path = await send(contract.id);
  const request = (await t.repos.outbox.list(1))[0]!;
  const sent = (await asAdmin({ method: 'GET', url: `/api/admin/bookings/${bookingId}/contracts` })).json<{
    contracts: ContractRecord[];
  }>().contracts[0]!;
  // The dashboard writes the expiry with this same formatter in the same zone (admin-app's contractMoment).
  // (Node's and the browsers' ICU join the date and the time with ', ' or ' at '.)
  const expiry = formatInstant(sent.linkExpiresAt!, STUDIO_ZONE);
  expect(expiry).toMatch(/^March 25, 2026(,| at) 8:30 PM MST$/);
  expect(request.body).toContain(`works until ${expiry} (14 days)`);
  expect(request.body).not.toMatch(ISO_TIMESTAMP);
  expect((await t.app.inject({ method: 'GET', url: path, headers: client })).body).toContain(
    `This link works until ${expiry}.`,
  );

  clock += 60_000;
  expect((await sign(path, { contractId: contract.id, fullName: 'Jane Doe', consent: 'yes' })).statusCode).toBe(200);
  await t.settled();
  const signed = await t.repos.outbox.list(2);
  for (const mail of signed) {
    expect(mail.body).toMatch(/was signed by Jane Doe on March 11, 2026(,| at) 8:31 PM MST\./);
    expect(mail.body).not.toMatch(ISO_TIMESTAMP);
  }
});
