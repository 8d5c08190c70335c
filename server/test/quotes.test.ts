// Quotes on the real server (SQLite on disk, the routes through inject): a booking's quote starts as its tier's price
// with the terms of its payment schedule (her defaults where it is 'TBD') at version 0, is saved with its input checked (field errors by path), counts its versions,
// and stays as it was once the booking is declined or cancelled; her defaults are kept with her settings. The contract
// carries the saved quote (a new deal in the unsigned version, a new version after a signed one), and the contract's
// text, the dashboard's quote and the client's invoice list the same lines and totals.
import type { InjectOptions } from 'fastify';
import type { ContractRecord } from '@studio/shared/domain/contract';
import { buildContract, contractPlainText, pricedLineText } from '@studio/shared/domain/contract';
import type { Invoice } from '@studio/shared/domain/invoice';
import { formatCents, type BookingQuote, type QuoteInput, type QuoteSettings } from '@studio/shared/domain/quote';
import { QUOTE_CLOSED } from '../src/features/deal/admin-quotes.routes';
import { pdfText } from './pdf-text';
import { build, withCsrf, ADMIN_EMAIL, type TestApp, insertManagedBooking } from './helper';

// pdf.js reads the PDF in a child process: seconds on a busy machine.
jest.setTimeout(30_000);
let t: TestApp;
let admin: string;
const clock = new Date('2026-03-02T10:00:00Z').getTime();

beforeAll(async () => {
  t = await build({ now: () => new Date(clock), seedDemo: false });
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
  await t.repos.content.saveService({
    id: 'ugc',
    displayName: 'User-Generated Content',
    description: '',
    image: '',
    price: '',
    tiers: [{ id: 'starter', displayName: 'Starter', price: '$350', includes: ['3 videos'] }],
  });
});
afterAll(() => t.close());

const insertBooking = (fields: Record<string, string | number> = {}) =>
  insertManagedBooking(t.app, new Date(clock).toISOString(), fields);

const asAdmin = (options: InjectOptions) => t.app.inject(withCsrf({ ...options, cookies: { studio_session: admin } }));
const saveQuote = (id: string, payload: unknown) =>
  asAdmin({ method: 'PUT', url: `/api/admin/bookings/${id}/quote`, payload: payload as object });

const SEVERAL_LINES: QuoteInput = {
  baseCents: 35_000,
  lines: [
    {
      kind: 'usage',
      channels: ['Paid social ads', 'Print'],
      termDays: 90,
      territory: 'Worldwide',
      amountCents: 50_000,
    },
    { kind: 'whitelisting', termDays: 30, amountCents: 15_000 },
    { kind: 'exclusivity', category: 'Skincare', termDays: 60, amountCents: 20_050 },
    { kind: 'overtime', hours: 1.5, rateCents: 7_525 },
    { kind: 'travel', description: 'Train to Tucson', amountCents: 4_999 },
  ],
  deposit: { kind: 'percent', percent: 33.33 },
  balanceDueDaysBefore: 10,
  cancellationLadder: [
    { hoursBefore: 72, percent: 25 },
    { hoursBefore: 24, percent: 100 },
  ],
};

describe('a booking’s quote', () => {
  test('starts as the tier’s price with its payment schedule’s terms at version 0, then counts each save', async () => {
    // '50% upfront, 50% upon completion': half as the deposit, the rest on the booked day.
    const { id } = insertBooking();
    const first = await asAdmin({ url: `/api/admin/bookings/${id}/quote` });
    expect(first.statusCode).toBe(200);
    expect(first.json<BookingQuote>()).toMatchObject({
      version: 0,
      updatedAt: null,
      input: { baseCents: 35_000, lines: [], deposit: { kind: 'percent', percent: 50 }, balanceDue: 'completion' },
      quote: {
        totalCents: 35_000,
        depositCents: 17_500,
        balanceCents: 17_500,
        balanceDue: 'completion',
        balanceDueDate: '2026-04-15',
      },
    });

    const saved = await saveQuote(id, SEVERAL_LINES);
    expect(saved.statusCode).toBe(200);
    const body = saved.json<BookingQuote>();
    expect(body.version).toBe(1);
    expect(body.input).toEqual(SEVERAL_LINES);
    // 350 + 500 + 150 + 200.50 + 1.5 × 75.25 (112.875, half up: 112.88) + 49.99
    expect(body.quote.totalCents).toBe(136_337);
    expect(body.quote.depositCents).toBe(45_441); // 33.33% of 1,363.37 = 454.411...
    expect(body.quote.balanceDueDate).toBe('2026-04-05');
    expect((await saveQuote(id, { ...SEVERAL_LINES, baseCents: 40_000 })).json<BookingQuote>().version).toBe(2);
    expect((await asAdmin({ url: `/api/admin/bookings/${id}/quote` })).json<BookingQuote>()).toMatchObject({
      version: 2,
      input: { baseCents: 40_000 },
    });
  });

  test('refuses a wrong figure with the field it is in, and stores nothing', async () => {
    const { id } = insertBooking();
    const res = await saveQuote(id, {
      ...SEVERAL_LINES,
      baseCents: 350.5,
      lines: [{ kind: 'usage', channels: [], termDays: 90, territory: '', amountCents: -1 }],
      deposit: { kind: 'amount', amountCents: 1 },
    });
    expect(res.statusCode).toBe(400);
    const { fieldErrors } = res.json<{ fieldErrors: Record<string, string[]> }>();
    expect(fieldErrors).toMatchObject({
      baseCents: ['Must be a whole number of cents'],
      'lines.0.channels': ['Choose at least one channel'],
      'lines.0.territory': ['Required'],
      'lines.0.amountCents': ['Must not be negative'],
    });
    const over = await saveQuote(id, { ...SEVERAL_LINES, deposit: { kind: 'amount', amountCents: 10_000_000 } });
    expect(over.statusCode).toBe(400);
    expect(over.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors).toMatchObject({
      deposit: ['The deposit must not exceed the total'],
    });
    expect((await asAdmin({ url: `/api/admin/bookings/${id}/quote` })).json<BookingQuote>().version).toBe(0);
  });

  test.each(['Declined', 'Cancelled'])('is not changed once the booking is %s (409)', async (status) => {
    const { id } = insertBooking({ status });
    const res = await saveQuote(id, SEVERAL_LINES);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: QUOTE_CLOSED });
    expect((await asAdmin({ url: `/api/admin/bookings/${id}/quote` })).json<BookingQuote>().version).toBe(0);
  });

  test('answers 404 for a booking that does not exist', async () => {
    expect((await asAdmin({ url: '/api/admin/bookings/nope/quote' })).statusCode).toBe(404);
    expect((await saveQuote('nope', SEVERAL_LINES)).statusCode).toBe(404);
  });
});

describe('her quote defaults', () => {
  const mine: QuoteSettings = {
    deposit: { kind: 'amount', amountCents: 10_000 },
    balanceDueDaysBefore: 2,
    cancellationLadder: [{ hoursBefore: 48, percent: 40 }],
    depositTrigger: 'signed',
  };

  test('are kept and start the quote of every booking whose schedule is TBD until she saves one for it', async () => {
    const put = await asAdmin({ method: 'PUT', url: '/api/admin/settings/quote', payload: mine });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(mine);
    expect((await asAdmin({ url: '/api/admin/settings/quote' })).json()).toEqual(mine);
    const { id } = insertBooking({ payment_schedule: 'TBD' });
    expect((await asAdmin({ url: `/api/admin/bookings/${id}/quote` })).json<BookingQuote>()).toMatchObject({
      version: 0,
      input: { deposit: mine.deposit, balanceDueDaysBefore: 2, cancellationLadder: mine.cancellationLadder },
      quote: { depositCents: 10_000, balanceCents: 25_000, balanceDueDate: '2026-04-13' },
    });
  });

  test('refuses a ladder where less notice costs less, by field', async () => {
    const res = await asAdmin({
      method: 'PUT',
      url: '/api/admin/settings/quote',
      payload: {
        ...mine,
        cancellationLadder: [
          { hoursBefore: 72, percent: 50 },
          { hoursBefore: 24, percent: 25 },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors).toMatchObject({
      cancellationLadder: ['Each step needs its own hours, and less notice must not cost less'],
    });
    expect((await asAdmin({ url: '/api/admin/settings/quote' })).json()).toEqual(mine);
  });
});

describe('the contract and the invoice carry the quote', () => {
  const contractForm = {
    form: {
      clientName: 'Jordan Lee',
      modelName: 'Ava Monroe',
      effectiveDate: '2026-03-02',
      serviceType: 'User-Generated Content',
      timeline: '4',
      governingLaw: 'Arizona',
    },
    paperSize: 'letter',
  };
  const contractsOf = async (id: string) =>
    (await asAdmin({ url: `/api/admin/bookings/${id}/contracts` })).json<{ contracts: ContractRecord[] }>().contracts;

  test('the contract text, the dashboard’s quote and the client’s invoice show the same lines and totals', async () => {
    const { id, token } = insertBooking();
    const quote = (await saveQuote(id, SEVERAL_LINES)).json<BookingQuote>();
    const created = await asAdmin({
      method: 'POST',
      url: `/api/admin/bookings/${id}/contracts`,
      payload: contractForm,
    });
    expect(created.statusCode).toBe(201);
    const contract = created.json<ContractRecord>();
    expect(contract.deal.quote).toMatchObject({ version: 1, input: SEVERAL_LINES });
    const text = contractPlainText(buildContract(contract.form, { deal: contract.deal }));

    const invoiceRes = await t.app.inject(
      withCsrf({ method: 'POST', url: '/api/manage-booking/invoice', payload: { token } }),
    );
    expect(invoiceRes.statusCode).toBe(200);
    const invoice = invoiceRes.json<Invoice>();
    expect(invoice.quote).toEqual(quote.quote);
    expect(invoice.number).toBe(`INV-${id.replace(/-/g, '').toUpperCase()}-1`);
    expect(text).toContain(`Invoice ${invoice.number}`);

    // Every priced line, the total, the deposit and the balance with its date: the same words in all three.
    for (const line of quote.quote.lines) expect(text).toContain(pricedLineText(line));
    expect(quote.quote.lines.map((l) => l.label)).toEqual([
      'Starter',
      'Usage rights',
      'Whitelisting',
      'Exclusivity',
      'Overtime',
      'Travel',
    ]);
    for (const words of invoice.paymentTerms) expect(text).toContain(words);
    expect(invoice.paymentTerms).toEqual([
      `Total: ${formatCents(136_337)} (US dollars).`,
      'Deposit: $454.41, due to secure the booked date.',
      'Balance: $908.96, due on April 5, 2026.',
    ]);
    expect(text).toContain(
      'Usage rights: the Client may run the content on Paid social ads, Print for 90 days from delivery, in Worldwide.',
    );
    expect(text).toContain('Cancelling less than 72 hours before the booked start costs 25% of the total ($340.84).');

    // The contract's PDF (pdf.js reads it as a reader would) lists the usage line, the deposit and the balance.
    const pdf = await asAdmin({ url: `/api/admin/contracts/${contract.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const pdfWords = pdfText(pdf.rawPayload).all;
    expect(pdfWords).toContain('Usage rights (Paid social ads, Print · 90 days · Worldwide): $500.');
    expect(pdfWords).toContain('Deposit: $454.41, due to secure the booked date.');
    expect(pdfWords).toContain('Total: $1,363.37 (US dollars).');

    // The printable invoice lists the same.
    const printable = await asAdmin({ url: `/api/admin/bookings/${id}/invoice` });
    expect(printable.statusCode).toBe(200);
    expect(printable.headers['content-type']).toContain('text/html');
    expect(printable.body).toContain(`Invoice ${invoice.number}`);
    expect(printable.body).toContain('$1,363.37');
    expect(printable.body).toContain('Balance: $908.96, due on April 5, 2026.');
  });

  test('a contract without usage lines grants organic use only', async () => {
    const { id } = insertBooking();
    const contract = (
      await asAdmin({ method: 'POST', url: `/api/admin/bookings/${id}/contracts`, payload: contractForm })
    ).json<ContractRecord>();
    expect(contract.deal.quote?.version).toBe(0);
    const text = contractPlainText(buildContract(contract.form, { deal: contract.deal }));
    expect(text).toContain('the Client may post the content organically on the Client’s own channels only');
    expect(text).toContain('Starter: $350');
  });

  test('a new quote goes into the unsigned contract (back to a draft) and starts a new version after a signed one', async () => {
    const { id } = insertBooking();
    const created = await asAdmin({
      method: 'POST',
      url: `/api/admin/bookings/${id}/contracts`,
      payload: contractForm,
    });
    const first = created.json<ContractRecord>();
    expect(
      (await asAdmin({ method: 'POST', url: `/api/admin/contracts/${first.id}/send`, payload: {} })).statusCode,
    ).toBe(200);
    await saveQuote(id, SEVERAL_LINES);
    let list = await contractsOf(id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ version: 1, status: 'draft', deal: { quote: { version: 1 } } });

    // Signed (as the signing route would leave it), a later quote makes version 2 and leaves version 1 as signed.
    t.app.db.prepare("UPDATE contracts SET status = 'signed' WHERE id = ?").run(first.id);
    await saveQuote(id, { ...SEVERAL_LINES, lines: [] });
    list = await contractsOf(id);
    expect(list.map((c) => [c.version, c.status, c.deal.quote?.version])).toEqual([
      [2, 'draft', 2],
      [1, 'signed', 1],
    ]);
    expect(list[0]!.form).toEqual(list[1]!.form);
  });
});
