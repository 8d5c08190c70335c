// A service's terms as her services editor sets them, end to end on the real server (SQLite, Stripe's stand-in):
// the payment schedule decides the deposit and the due dates of the quote, the client's invoice and payment step, the
// confirmation mail and her new-request mail alike; the contract template decides the contract whatever the service is
// called; no due date falls before the booking was made, and a request awaiting her reply has none; an unknown
// template is refused by field, changing nothing.
import type { InjectOptions } from 'fastify';
import {
  addCalendarDays,
  PLAIN_SERVICE_RULES,
  type BookingInput,
  type ContractTemplate,
  type Service,
} from '@studio/shared/domain';
import { buildContract, contractPlainText, type ContractRecord } from '@studio/shared/domain/contract';
import type { Invoice } from '@studio/shared/domain/invoice';
import type { PaymentView } from '@studio/shared/domain/payments';
import type { BookingQuote } from '@studio/shared/domain/quote';
import { CONTRACT_TEMPLATE_MESSAGE } from '@studio/shared/schemas';
import { ADMIN_EMAIL, atStudio, bookThroughApi, build, outboxMails, withCsrf, type TestApp } from './helper';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

const TODAY = '2026-11-21';
const NOW = atStudio(TODAY);
const day = (n: number) => addCalendarDays(TODAY, n);

let t: TestApp;
let stripe: StripeStandIn;
let admin: string;

beforeEach(async () => {
  stripe = await startStripeStandIn({ webhookSecret: 'whsec_terms' });
  t = await build({
    now: () => NOW,
    // Her status mails leave at once: the confirmation mail's payment paragraph is read at once.
    statusUndoMs: 0,
    stripe: { secretKey: 'sk_test_stand_in', webhookSecret: 'whsec_terms', apiBase: new URL(stripe.url) },
  });
  admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
});
afterEach(async () => {
  await t.close();
  await stripe.close();
});

const asAdmin = (options: InjectOptions) => t.app.inject(withCsrf({ ...options, cookies: { studio_session: admin } }));
const post = (url: string, payload: object) => t.app.inject(withCsrf({ method: 'POST', url, payload }));

/** Her service as her editor saves it: one $350 tier, no consultation, the schedule and template given. */
const service = (id: string, displayName: string, rules: Partial<Service['rules']> = {}): Service => ({
  id,
  displayName,
  description: '',
  image: '',
  price: '',
  tiers: [{ id: `${id}-day`, displayName: 'One Day', price: '$350', includes: ['One day on set'] }],
  rules: { ...PLAIN_SERVICE_RULES, ...rules },
});
const saveService = (s: Service) => asAdmin({ method: 'PUT', url: `/api/admin/services/${s.id}`, payload: s });

const request = (s: Service, date: string): BookingInput => ({
  name: 'Jordan Lee',
  email: 'jordan@example.com',
  phone: '',
  serviceId: s.id,
  serviceTierId: s.tiers[0]!.id,
  date,
  consultationDate: '',
  consultationLocation: '',
  location: 'Phoenix',
  description: 'A launch.',
  smsOptIn: false,
});

const confirm = async (id: string) => {
  const res = await asAdmin({ method: 'PATCH', url: `/api/admin/bookings/${id}`, payload: { status: 'Confirmed' } });
  expect(res.statusCode).toBe(200);
  await t.settled();
};
const invoiceOf = async (token: string) => (await post('/api/manage-booking/invoice', { token })).json<Invoice>();
const paymentOf = async (token: string) => (await post('/api/manage-booking/payment', { token })).json<PaymentView>();
const quoteOf = async (id: string) => (await asAdmin({ url: `/api/admin/bookings/${id}/quote` })).json<BookingQuote>();
const herMail = () => outboxMails(t, ADMIN_EMAIL).find((m) => m.subject.startsWith('New booking request'))!;

// A month's name followed by a day: a date written out in a text.
const A_DATE = /\b(January|February|March|April|May|June|July|August|September|October|November|December) \d/;

describe('a service set to "100% upfront"', () => {
  test('asks no deposit anywhere: her mail, the quote, the invoice, the payment step and the confirmation mail', async () => {
    const upfront = service('runway-recap', 'Runway Recap', { paymentSchedule: '100% upfront' });
    expect((await saveService(upfront)).statusCode).toBe(200);
    const { booking, token } = await bookThroughApi(t, request(upfront, day(20)));
    expect(booking.paymentSchedule).toBe('100% upfront');

    // Her new-request mail: the schedule, and what it means in amounts, with no deposit.
    const mail = herMail().body;
    expect(mail).toContain('Payment schedule: 100% upfront');
    expect(mail).toContain(
      'Payment terms: Total: $350 (US dollars). The full amount is due when the booking is confirmed.',
    );
    expect(mail).not.toMatch(/deposit/i);

    await confirm(booking.id);
    const quote = await quoteOf(booking.id);
    expect(quote.input.deposit).toEqual({ kind: 'none' });
    expect(quote.quote).toMatchObject({ depositCents: 0, balanceCents: 35_000, balanceDue: 'upfront' });

    // The client's invoice and payment step read the same computation.
    const invoice = await invoiceOf(token);
    expect(invoice.quote).toEqual(quote.quote);
    expect(invoice.paymentTerms).toEqual([
      'Total: $350 (US dollars).',
      'The full amount is due when the booking is confirmed.',
    ]);
    expect(invoice.paymentTerms.join(' ')).not.toMatch(/deposit/i);
    const payment = await paymentOf(token);
    expect(payment).toMatchObject({ depositCents: 0, due: { kind: 'balance', amountCents: 35_000 } });

    // Her confirmation mail asks for the full amount, not a deposit.
    const confirmation = outboxMails(t, 'jordan@example.com').at(-1)!.body;
    expect(confirmation).toContain('The full amount of $350 secures your date.');
    expect(confirmation).not.toMatch(/deposit/i);
  });

  test('while "50% upfront, 50% upon completion" asks half, the rest on the last booked day, as her mail says', async () => {
    const half = service('editorial', 'Editorial', { paymentSchedule: '50% upfront, 50% upon completion' });
    await saveService(half);
    const { booking, token } = await bookThroughApi(t, request(half, day(20)));
    expect(herMail().body).toContain(
      'Payment terms: Total: $350 (US dollars). Deposit: $175, due to secure the booked date. Balance: $175, due upon completion.',
    );
    await confirm(booking.id);
    expect((await invoiceOf(token)).paymentTerms).toEqual([
      'Total: $350 (US dollars).',
      'Deposit: $175, due to secure the booked date.',
      'Balance: $175, due upon completion, on December 11, 2026.',
    ]);
    expect(outboxMails(t, 'jordan@example.com').at(-1)!.body).toContain('A deposit of $175 secures your date.');
  });
});

describe('due dates', () => {
  // Her defaults (for a schedule left 'TBD'): half as a deposit, the balance 7 days before the booked date.
  const tbd = service('fitting', 'Fitting', { paymentSchedule: 'TBD' });

  test('a request awaiting her reply shows its invoice without any due date', async () => {
    await saveService(tbd);
    const { booking, token } = await bookThroughApi(t, request(tbd, day(20)));
    expect(booking.status).toBe('New');
    const invoice = await invoiceOf(token);
    expect(invoice.quote.balanceDueDate).toBe('');
    expect(invoice.paymentTerms.join(' ')).not.toMatch(A_DATE);
    expect(invoice.paymentTerms).toContain('Balance: $175, due 7 days before the booked date.');
    expect((await paymentOf(token)).balanceDueDate).toBe('');
    // Once she confirms it, the date is given.
    await confirm(booking.id);
    expect((await invoiceOf(token)).paymentTerms).toContain('Balance: $175, due on December 4, 2026.');
  });

  test('a booking made at shorter notice than the terms ask owes the balance at booking, never before', async () => {
    await saveService(tbd);
    // Booked today for three days from now: 7 days before the date is 4 days before the booking was made.
    const { booking, token } = await bookThroughApi(t, request(tbd, day(3)));
    await confirm(booking.id);
    const invoice = await invoiceOf(token);
    expect(invoice.quote).toMatchObject({ balanceDue: 'booking', balanceDueDate: TODAY });
    expect(invoice.quote.balanceDueDate >= booking.createdAt.slice(0, 10)).toBe(true);
    expect(invoice.paymentTerms).toContain('Balance: $175, due at booking, on November 21, 2026.');
    expect((await paymentOf(token)).balanceDueDate).toBe(TODAY);
    // Her quote editor and the contract read the same date.
    expect((await quoteOf(booking.id)).quote.balanceDueDate).toBe(TODAY);
    const contract = await makeContract(booking.id);
    expect(contractPlainText(buildContract(contract.form, { deal: contract.deal }))).toContain(
      'Balance: $175, due at booking, on November 21, 2026.',
    );
  });
});

const contractForm = (serviceType: string) => ({
  form: {
    clientName: 'Jordan Lee',
    modelName: 'Ava Monroe',
    effectiveDate: TODAY,
    serviceType,
    timeline: '4',
    governingLaw: 'Arizona',
  },
  paperSize: 'letter',
});
async function makeContract(bookingId: string, serviceType = 'Fitting'): Promise<ContractRecord> {
  const res = await asAdmin({
    method: 'POST',
    url: `/api/admin/bookings/${bookingId}/contracts`,
    payload: contractForm(serviceType),
  });
  expect(res.statusCode).toBe(201);
  return res.json<ContractRecord>();
}

describe('the contract template', () => {
  const contractFor = async (s: Service) => {
    expect((await saveService(s)).statusCode).toBe(200);
    const { booking } = await bookThroughApi(t, request(s, day(3)));
    await confirm(booking.id);
    const record = await makeContract(booking.id, s.displayName);
    return { record, text: contractPlainText(buildContract(record.form, { deal: record.deal })) };
  };

  test('"ugc" gives the Creator’s contract whatever the service is called', async () => {
    const { record, text } = await contractFor(service('runway-walk', 'Runway Walk', { contractTemplate: 'ugc' }));
    expect(record.deal.template).toBe('ugc');
    expect(text).toMatch(/^User-Generated Content Services Agreement/);
    // The term is defined where the parties are named, and the Model never appears.
    expect(text).toContain('between Ava Monroe (the “Creator”)');
    expect(text).not.toMatch(/\bModel\b/);
  });

  test('"modeling" gives the Model’s contract to a service named like content', async () => {
    const { record, text } = await contractFor(
      service('brand-video', 'Brand Video Content', { contractTemplate: 'modeling' }),
    );
    expect(record.deal.template).toBe('modeling');
    expect(text).toMatch(/^Modeling Services Agreement/);
    expect(text).toContain('between Ava Monroe (the “Model”)');
    expect(text).not.toMatch(/\bCreator\b/);
    // A one-day job three days out: its milestones fall within those three days, not over four weeks.
    expect(record.deal.shootDate).toBe(day(3));
    expect(text).toContain('Completion (end of the timeline): November 24, 2026.');
    expect(text).not.toContain('4 weeks');
  });
});

describe('her services editor’s contract template', () => {
  test('an unknown template is refused by its field, and the service stays as it was', async () => {
    const known = service('showroom', 'Showroom', { contractTemplate: 'event' });
    expect((await saveService(known)).json<Service>().rules?.contractTemplate).toBe('event');
    const res = await saveService({
      ...known,
      displayName: 'Changed',
      rules: { ...known.rules!, contractTemplate: 'poetry' as ContractTemplate },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors).toEqual({
      'rules.contractTemplate': [CONTRACT_TEMPLATE_MESSAGE],
    });
    const stored = (await asAdmin({ url: '/api/admin/services' })).json<Service[]>().find((s) => s.id === 'showroom');
    expect(stored).toEqual(known);
  });
});
