import { quoteInputSchema, quoteSettingsSchema } from '../api/quotes';
import {
  cancellationFee,
  cancellationTermsText,
  computeQuote,
  DEFAULT_QUOTE_SETTINGS,
  defaultQuoteInput,
  formatCents,
  parsePriceCents,
  percentOf,
  type QuoteInput,
  type QuoteLine,
} from './quote';

/** A confirmed booking's dates: the booked day ('' for none), nothing known of when it was made. */
const on = (date: string) => ({ date, confirmed: true });

const input = (over: Partial<QuoteInput> = {}): QuoteInput => ({
  baseCents: 40_000,
  lines: [],
  deposit: { kind: 'percent', percent: 50 },
  balanceDueDaysBefore: 7,
  cancellationLadder: [],
  ...over,
});

describe('each line-item kind is priced and described', () => {
  const cases: Array<[string, QuoteLine, { label: string; detail: string; amountCents: number }]> = [
    [
      'usage',
      {
        kind: 'usage',
        channels: ['Paid social ads', 'Print'],
        termDays: 90,
        territory: ' United States ',
        amountCents: 30_000,
      },
      { label: 'Usage rights', detail: 'Paid social ads, Print · 90 days · United States', amountCents: 30_000 },
    ],
    [
      'whitelisting',
      { kind: 'whitelisting', termDays: 30, amountCents: 15_000 },
      { label: 'Whitelisting', detail: 'Ads from her handle · 30 days', amountCents: 15_000 },
    ],
    [
      'exclusivity',
      { kind: 'exclusivity', category: 'Skincare', termDays: 60, amountCents: 25_000 },
      { label: 'Exclusivity', detail: 'Skincare · 60 days', amountCents: 25_000 },
    ],
    [
      'overtime (half hours)',
      { kind: 'overtime', hours: 1.5, rateCents: 12_345 },
      // 1.5 × $123.45 = $185.175: rounded half up to $185.18.
      { label: 'Overtime', detail: '1.5 hours at $123.45 an hour', amountCents: 18_518 },
    ],
    [
      'overtime (one hour)',
      { kind: 'overtime', hours: 1, rateCents: 10_000 },
      { label: 'Overtime', detail: '1 hour at $100 an hour', amountCents: 10_000 },
    ],
    [
      'travel',
      { kind: 'travel', description: 'Flight PHX–LAX', amountCents: 28_950 },
      { label: 'Travel', detail: 'Flight PHX–LAX', amountCents: 28_950 },
    ],
  ];
  test.each(cases)('%s', (_name, line, expected) => {
    const quote = computeQuote(input({ lines: [line] }), on(''), 'UGC Single');
    expect(quote.lines[0]).toEqual({ kind: 'base', label: 'UGC Single', detail: '', amountCents: 40_000 });
    expect(quote.lines[1]).toEqual({ kind: line.kind, ...expected });
    expect(quote.totalCents).toBe(40_000 + expected.amountCents);
    expect(quoteInputSchema.safeParse(input({ lines: [line] })).success).toBe(true);
  });
});

describe('rounding to the cent', () => {
  test.each([
    [10_001, 50, 5_001], // $50.005 → $50.01 (half up)
    [10_003, 50, 5_002], // $50.015 → $50.02
    [33_333, 33.33, 11_110], // 33,333 × 0.3333 = 11,109.89 → 11,110
    [99_999, 12.5, 12_500], // 12,499.875 → 12,500
    [100, 0.01, 0], // 0.01 cent rounds down to nothing
    [0, 50, 0],
    [12_345, 100, 12_345],
  ])('%i cents × %s%% = %i cents', (amount, pct, expected) => {
    expect(percentOf(amount, pct)).toBe(expected);
  });
});

describe('deposit and balance', () => {
  test.each<[string, QuoteInput['deposit'], number, number]>([
    ['50% of $700.01', { kind: 'percent', percent: 50 }, 35_001, 35_000],
    ['a fixed $200', { kind: 'amount', amountCents: 20_000 }, 20_000, 50_001],
    ['none', { kind: 'none' }, 0, 70_001],
    ['100%', { kind: 'percent', percent: 100 }, 70_001, 0],
    ['an amount above a discounted total is capped', { kind: 'amount', amountCents: 99_999_00 }, 70_001, 0],
  ])('%s', (_name, deposit, depositCents, balanceCents) => {
    const quote = computeQuote(input({ baseCents: 70_001, deposit }), on('2031-03-10'));
    expect(quote.depositCents).toBe(depositCents);
    expect(quote.balanceCents).toBe(balanceCents);
    expect(quote.depositCents + quote.balanceCents).toBe(quote.totalCents);
  });

  test('the balance is due the set number of days before the date, across a month and a year end', () => {
    expect(computeQuote(input({ balanceDueDaysBefore: 7 }), on('2031-03-03')).balanceDueDate).toBe('2031-02-24');
    expect(computeQuote(input({ balanceDueDaysBefore: 3 }), on('2031-01-02')).balanceDueDate).toBe('2030-12-30');
    expect(computeQuote(input({ balanceDueDaysBefore: 0 }), on('2031-01-02')).balanceDueDate).toBe('2031-01-02');
    expect(computeQuote(input(), on('')).balanceDueDate).toBe('');
  });
});

describe('the cancellation ladder', () => {
  const quote = computeQuote(
    input({
      baseCents: 100_000,
      cancellationLadder: [
        { hoursBefore: 24, percent: 100 },
        { hoursBefore: 72, percent: 25 },
        { hoursBefore: 48, percent: 50 },
      ],
    }),
    on('2031-03-10'),
  );
  test('is ordered from the most notice to the least, each rung priced', () => {
    expect(quote.cancellation).toEqual([
      { hoursBefore: 72, percent: 25, feeCents: 25_000 },
      { hoursBefore: 48, percent: 50, feeCents: 50_000 },
      { hoursBefore: 24, percent: 100, feeCents: 100_000 },
    ]);
  });
  test.each([
    [100, 0],
    [72, 0], // exactly 72 hours left is not less than 72
    [71.9, 25_000],
    [48, 25_000],
    [47, 50_000],
    [23, 100_000],
    [0, 100_000],
  ])('with %s hours left the fee is %i cents', (left, fee) => {
    expect(cancellationFee(quote, left)).toBe(fee);
  });
  test('is told in words', () => {
    expect(cancellationTermsText(quote)).toEqual([
      'Cancelling less than 72 hours before the booked start costs 25% of the total ($250).',
      'Cancelling less than 48 hours before the booked start costs 50% of the total ($500).',
      'Cancelling less than 24 hours before the booked start costs 100% of the total ($1,000).',
    ]);
    expect(cancellationTermsText(computeQuote(input(), on('')))).toEqual(['The client may cancel without a fee.']);
  });
  test('a ladder where less notice costs less, or two rungs at the same hour, is refused', () => {
    const settings = (cancellationLadder: QuoteInput['cancellationLadder']) =>
      quoteSettingsSchema.safeParse({ ...DEFAULT_QUOTE_SETTINGS, cancellationLadder }).success;
    expect(settings(DEFAULT_QUOTE_SETTINGS.cancellationLadder)).toBe(true);
    expect(
      settings([
        { hoursBefore: 72, percent: 50 },
        { hoursBefore: 24, percent: 25 },
      ]),
    ).toBe(false);
    expect(
      settings([
        { hoursBefore: 48, percent: 50 },
        { hoursBefore: 48, percent: 60 },
      ]),
    ).toBe(false);
  });
});

describe('prices and amounts in words', () => {
  test.each([
    ['$350', 35_000],
    ['$1,200', 120_000],
    ['$99.50', 9_950],
    ['$99.5', 9_950],
    ['From $400', 40_000],
    ['', null],
    ['Contact for pricing', null],
  ])('%j is %j cents', (text, expected) => {
    expect(parsePriceCents(text)).toBe(expected);
  });
  test.each([
    [0, '$0'],
    [35_000, '$350'],
    [120_000, '$1,200'],
    [9_950, '$99.50'],
    [5, '$0.05'],
    [-2_500, '-$25'],
  ])('%i cents reads %s', (amount, text) => {
    expect(formatCents(amount)).toBe(text);
  });
  test('a new quote starts from the tier price and her defaults', () => {
    expect(defaultQuoteInput('$1,200')).toEqual({
      baseCents: 120_000,
      lines: [],
      deposit: { kind: 'percent', percent: 50 },
      balanceDueDaysBefore: 7,
      cancellationLadder: DEFAULT_QUOTE_SETTINGS.cancellationLadder,
    });
  });
});

describe('the schema refuses what the computation must never see', () => {
  test.each<[string, unknown]>([
    ['fractional cents', { ...input(), baseCents: 100.5 }],
    ['a negative amount', { ...input(), lines: [{ kind: 'travel', description: 'Taxi', amountCents: -1 }] }],
    ['a percentage above 100', { ...input(), deposit: { kind: 'percent', percent: 101 } }],
    ['three decimals', { ...input(), deposit: { kind: 'percent', percent: 33.333 } }],
    ['a quarter hour of overtime', { ...input(), lines: [{ kind: 'overtime', hours: 0.25, rateCents: 100 }] }],
    [
      'an unknown channel',
      {
        ...input(),
        lines: [{ kind: 'usage', channels: ['Billboards'], termDays: 30, territory: 'US', amountCents: 1 }],
      },
    ],
    [
      'usage with no channel',
      { ...input(), lines: [{ kind: 'usage', channels: [], termDays: 30, territory: 'US', amountCents: 1 }] },
    ],
    ['an unknown kind', { ...input(), lines: [{ kind: 'tip', amountCents: 100 }] }],
    ['an extra key', { ...input(), totalCents: 1 }],
    ['a deposit above the total', { ...input(), deposit: { kind: 'amount', amountCents: 40_001 } }],
  ])('%s', (_name, value) => {
    expect(quoteInputSchema.safeParse(value).success).toBe(false);
  });
});
