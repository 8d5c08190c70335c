// A service's terms come from its data and reach every reader through one computation: the payment schedule a
// booking stores decides the deposit and when the balance is due (quote, invoice, payment step, contract alike), the
// contract template decides the contract whatever the service is called, no due date falls before the booking was made,
// and a request awaiting her reply has none.
import { newBookingRecord } from './booking-rules';
import { buildContract, contractDealOf, contractPlainText, defaultContractForm } from './contract';
import { bookedOnOf, dealQuote, firstQuoteInput, quoteDatesOf, scheduleTerms } from './deal-terms';
import { invoiceOf } from './invoice';
import { withStoredRules } from './legacy-service-rules';
import { paymentView } from './payments';
import { DEFAULT_QUOTE_SETTINGS, type QuoteInput } from './quote';
import { paymentTermsText } from './quote-terms';
import { PLAIN_SERVICE_RULES, rulesOf } from './service-rules';
import type { BookingInput, BookingRequest } from './booking-types';
import type { BookingStatus } from './booking-status';
import type { ContractTemplate, Service } from './service-types';

const ZONE = 'America/Phoenix';
// Noon at the studio on November 21, 2026 (Phoenix is UTC-7 all year).
const MADE = '2026-11-21T19:00:00.000Z';

const serviceOf = (displayName: string, rules: Partial<NonNullable<Service['rules']>> = {}): Service => ({
  id: displayName.toLowerCase().replace(/\W+/g, '-'),
  displayName,
  description: '',
  image: '',
  price: '',
  tiers: [{ id: 'day', displayName: 'One Day', price: '$350', includes: ['One day on set'] }],
  rules: { ...PLAIN_SERVICE_RULES, ...rules },
});

const visitor = (date: string): BookingInput => ({
  name: 'Jordan Lee',
  email: 'jordan@example.com',
  phone: '',
  serviceId: '',
  serviceTierId: 'day',
  date,
  consultationDate: '',
  consultationLocation: '',
  location: 'Phoenix',
  description: 'A launch.',
  smsOptIn: false,
});

/** A request of the service's one tier, as the server stores it, made at MADE and now in `status`. */
const bookingOf = (service: Service, date: string, status: BookingStatus = 'Confirmed'): BookingRequest => ({
  ...newBookingRecord({ ...visitor(date), serviceId: service.id }, service, service.tiers[0]!),
  id: 'b-1',
  status,
  createdAt: MADE,
  updatedAt: MADE,
});

/** Everything a reader of the booking's first quote shows: the quote, its terms in words, the invoice, the payment step. */
function firstDeal(booking: BookingRequest) {
  const input = firstQuoteInput(booking, DEFAULT_QUOTE_SETTINGS);
  const quote = dealQuote(booking, input, ZONE);
  const terms = paymentTermsText(quote, input.balanceDueDaysBefore);
  const invoice = invoiceOf({
    bookingId: booking.id,
    quoteVersion: 0,
    balanceDueDaysBefore: input.balanceDueDaysBefore,
    quote,
    from: { name: 'Ava', email: '', phone: '' },
    to: { name: booking.name, email: booking.email },
    service: booking.service,
  });
  return { input, quote, terms, invoice, payment: paymentView(quote, [], true) };
}

/** The contract of the booking, made today with its service's template and first quote. */
function contractText(service: Service, booking: BookingRequest, input: QuoteInput): string {
  const deal = contractDealOf(
    booking,
    { tier: service.tiers[0], template: rulesOf(service).contractTemplate, bookedOn: bookedOnOf(booking, ZONE) },
    { email: 'ava@example.com', phone: '' },
    { input, version: 0, tierName: 'One Day', invoiceNumber: 'INV-B1-0' },
  );
  return contractPlainText(buildContract(defaultContractForm(booking, 'Ava Monroe', '2026-11-21'), { deal }));
}

describe('the payment schedule decides the terms (docs/product.md §9)', () => {
  test('each schedule the editor offers, the cancellation ladder always hers', () => {
    const ladder = DEFAULT_QUOTE_SETTINGS.cancellationLadder;
    expect(scheduleTerms('50% upfront, 50% upon completion', DEFAULT_QUOTE_SETTINGS)).toEqual({
      deposit: { kind: 'percent', percent: 50 },
      balanceDue: 'completion',
      balanceDueDaysBefore: 7,
      cancellationLadder: ladder,
    });
    for (const upfront of ['100% upfront', 'Monthly in advance']) {
      expect(scheduleTerms(upfront, DEFAULT_QUOTE_SETTINGS)).toMatchObject({
        deposit: { kind: 'none' },
        balanceDue: 'upfront',
        cancellationLadder: ladder,
      });
    }
    // Left to be agreed: her defaults.
    for (const open of ['TBD', '', 'Half now, half later']) {
      expect(scheduleTerms(open, DEFAULT_QUOTE_SETTINGS)).toEqual({
        deposit: { kind: 'percent', percent: 50 },
        balanceDueDaysBefore: 7,
        cancellationLadder: ladder,
      });
    }
  });

  test('a service set to "100% upfront" asks no deposit: quote, invoice, payment step and contract', () => {
    const upfront = serviceOf('Runway Recap', { paymentSchedule: '100% upfront' });
    const booking = bookingOf(upfront, '2026-12-11');
    expect(booking.paymentSchedule).toBe('100% upfront');
    const { input, quote, terms, invoice, payment } = firstDeal(booking);
    expect(input.deposit).toEqual({ kind: 'none' });
    expect(quote).toMatchObject({ totalCents: 35_000, depositCents: 0, balanceCents: 35_000, balanceDue: 'upfront' });
    expect(terms).toEqual(['Total: $350 (US dollars).', 'The full amount is due when the booking is confirmed.']);
    expect(invoice.paymentTerms).toEqual(terms);
    expect(payment.due).toEqual({ kind: 'balance', amountCents: 35_000 });
    const contract = contractText(upfront, booking, input);
    for (const line of terms) expect(contract).toContain(line);
    expect([...terms, contract].join('\n')).not.toMatch(/deposit/i);
  });

  test('a tier of its own schedule wins over its service’s', () => {
    const service = serviceOf('Content', { paymentSchedule: '50% upfront, 50% upon completion' });
    const monthly: Service = { ...service, tiers: [{ ...service.tiers[0]!, paymentSchedule: 'Monthly in advance' }] };
    expect(firstDeal(bookingOf(monthly, '2026-12-11')).quote.depositCents).toBe(0);
    expect(firstDeal(bookingOf(service, '2026-12-11')).quote.depositCents).toBe(17_500);
  });

  test('"50% upfront, 50% upon completion": half now, the rest on the last booked day', () => {
    const half = serviceOf('Editorial', { paymentSchedule: '50% upfront, 50% upon completion' });
    const booking = { ...bookingOf(half, '2026-12-11'), endDate: '2026-12-13' };
    const { quote, terms } = firstDeal(booking);
    expect(quote).toMatchObject({ depositCents: 17_500, balanceDue: 'completion', balanceDueDate: '2026-12-13' });
    expect(terms).toEqual([
      'Total: $350 (US dollars).',
      'Deposit: $175, due to secure the booked date.',
      'Balance: $175, due upon completion, on December 13, 2026.',
    ]);
  });
});

describe('due dates', () => {
  const tbd = serviceOf('Fitting', { paymentSchedule: 'TBD' });

  test('none before the booking was made: at shorter notice than the terms ask, the balance is due at booking', () => {
    // Booked on November 21 for November 24; her terms ask the balance 7 days before, November 17.
    const { quote, terms } = firstDeal(bookingOf(tbd, '2026-11-24'));
    expect(quote).toMatchObject({ balanceDue: 'booking', balanceDueDate: '2026-11-21' });
    expect(terms).toContain('Balance: $175, due at booking, on November 21, 2026.');
    // With notice enough, the terms' own date.
    expect(firstDeal(bookingOf(tbd, '2026-12-11')).quote).toMatchObject({
      balanceDue: 'before',
      balanceDueDate: '2026-12-04',
    });
  });

  test('the day the booking was made is the studio’s, not UTC’s', () => {
    // 22:30 at the studio on the 21st is already the 22nd in UTC.
    const late = { ...bookingOf(tbd, '2026-11-24'), createdAt: '2026-11-22T05:30:00.000Z' };
    expect(quoteDatesOf(late, ZONE).bookedOn).toBe('2026-11-21');
    expect(firstDeal(late).quote.balanceDueDate).toBe('2026-11-21');
  });

  test.each<BookingStatus>(['New', 'Contacted'])('a request still %s has no due date anywhere', (status) => {
    const { quote, terms, invoice, payment } = firstDeal(bookingOf(tbd, '2026-12-11', status));
    expect(quote.balanceDueDate).toBe('');
    expect(payment.balanceDueDate).toBe('');
    expect(terms).toContain('Balance: $175, due 7 days before the booked date.');
    expect(invoice.paymentTerms.join(' ')).not.toMatch(/(November|December) \d/);
  });
});

describe('the contract template decides the contract, whatever the service is called', () => {
  const contractOf = (displayName: string, contractTemplate: ContractTemplate) => {
    const service = serviceOf(displayName, { contractTemplate, paymentSchedule: 'TBD' });
    const booking = bookingOf(service, '2026-11-24');
    return contractText(service, booking, firstQuoteInput(booking, DEFAULT_QUOTE_SETTINGS));
  };

  test('"ugc": the Creator’s contract, the term defined, for a service named "Runway Walk"', () => {
    const text = contractOf('Runway Walk', 'ugc');
    expect(text).toMatch(/^User-Generated Content Services Agreement/);
    expect(text).toContain('between Ava Monroe (the “Creator”)');
    expect(text).toContain('Deliverables: The Creator will film, photograph and edit user-generated content');
    expect(text).not.toMatch(/\bModel\b/);
  });

  test('"modeling": the Model’s contract for a service named "Brand Video Content"', () => {
    const text = contractOf('Brand Video Content', 'modeling');
    expect(text).toMatch(/^Modeling Services Agreement/);
    expect(text).toContain('between Ava Monroe (the “Model”)');
    expect(text).toContain('Shoots: The Model will model for the Client’s Brand Video Content project');
    expect(text).not.toMatch(/\bCreator\b/);
  });

  test('"event": the Talent’s appearance, the term defined', () => {
    const text = contractOf('Store Opening', 'event');
    expect(text).toMatch(/^Event Appearance Agreement/);
    expect(text).toContain('between Ava Monroe (the “Talent”)');
    expect(text).toContain('Event date: November 24, 2026.');
    expect(text).not.toMatch(/\b(Model|Creator)\b/);
  });

  test('the usage lines a quote sells name the party the contract defines', () => {
    const service = serviceOf('Brand Video Content', { contractTemplate: 'modeling' });
    const booking = bookingOf(service, '2026-11-24');
    const input: QuoteInput = {
      ...firstQuoteInput(booking, DEFAULT_QUOTE_SETTINGS),
      lines: [
        { kind: 'whitelisting', termDays: 30, amountCents: 10_000 },
        { kind: 'exclusivity', category: 'Skincare', termDays: 60, amountCents: 20_000 },
      ],
    };
    const text = contractText(service, booking, input);
    expect(text).toContain('paid ads from the Model’s own handle for 30 days');
    expect(text).toContain('the Model works for no competitor of the Client in Skincare');
    expect(text).not.toMatch(/\bCreator\b/);
  });

  test('milestones follow the job: a one-day shoot three days out has them within those three days', () => {
    const text = contractOf('Editorial', 'modeling');
    expect(text).toContain(
      'The project runs from the Effective Date to November 24, 2026, the last booked day (3 days).',
    );
    expect(text).toContain('First milestone (25% of the timeline): November 22, 2026.');
    expect(text).toContain('Second milestone (75% of the timeline): November 23, 2026.');
    expect(text).toContain('Completion (end of the timeline): November 24, 2026.');
    expect(text).not.toContain('weeks');
  });

  test('a booking without a date keeps the form’s timeline (4 weeks by default)', () => {
    const service = serviceOf('Retainer', { contractTemplate: 'ugc' });
    const booking = bookingOf(service, '');
    const text = contractText(service, booking, firstQuoteInput(booking, DEFAULT_QUOTE_SETTINGS));
    expect(text).toContain('The project runs for 4 weeks from the Effective Date.');
  });
});

describe('services saved before templates existed get their kind’s, never by name', () => {
  const old = (id: string, displayName: string): Parameters<typeof withStoredRules>[0] => {
    const { contractTemplate: _none, ...rules } = PLAIN_SERVICE_RULES;
    return { ...serviceOf(displayName), id, rules };
  };

  test.each<[string, string, ContractTemplate]>([
    ['usergeneratedcontent', 'User-Generated Content', 'ugc'],
    ['brand-events', 'Brand Events & Promotions', 'event'],
    ['photoshoot', 'Photoshoot', 'modeling'],
    ['ugc-reels', 'UGC Reels', 'modeling'],
    ['anything', 'Brand Video Content', 'modeling'],
  ])('%s (named %j): %s', (id, name, template) => {
    expect(withStoredRules(old(id, name)).rules?.contractTemplate).toBe(template);
    // Without any rules at all, the same.
    const { rules: _rules, ...bare } = old(id, name);
    expect(withStoredRules(bare).rules?.contractTemplate).toBe(template);
  });

  test('one she saved keeps hers', () => {
    const saved = serviceOf('User-Generated Content', { contractTemplate: 'event' });
    expect(withStoredRules({ ...saved, id: 'usergeneratedcontent' }).rules?.contractTemplate).toBe('event');
  });
});
