// The deal as data: a booking's quote is its tier's price plus the line items she adds (usage rights,
// whitelisting, exclusivity, overtime, travel), a deposit, the balance and when it is due, and her cancellation
// ladder. computeQuote is the one computation the dashboard, the contract, its PDF, the invoice, the client's page and
// the payment step read, so they can never disagree on a total. Money is whole cents (integers) throughout: no
// floating-point sums, and every percentage is rounded once, half up, to the cent.
import { addCalendarDays, isIsoDate } from './availability';
import type { IsoDate } from './date-types';

/** The currency every amount is in (the studio prices in US dollars; Stripe wants it lower-case). */
export const QUOTE_CURRENCY = 'usd';

/** The paid-usage terms the trade sells UGC in, in days. */
export const USAGE_TERMS_DAYS = [30, 60, 90] as const;

/** Where licensed content may run; her editor offers these, a line may hold several. */
export const USAGE_CHANNELS = [
  'Organic social',
  'Paid social ads',
  'Website and landing pages',
  'E-mail marketing',
  'Print',
  'TV and streaming',
] as const;
export type UsageChannel = (typeof USAGE_CHANNELS)[number];

/** The largest amount any one figure may hold: $1,000,000.00, far above any booking, small enough to stay exact. */
export const QUOTE_MAX_CENTS = 100_000_000;

/** One thing she charges for on top of the tier's price. Each kind carries what its contract clause needs. */
export type QuoteLine =
  | {
      kind: 'usage';
      /** Where the content may run. */
      channels: UsageChannel[];
      /** How long, in days from delivery. */
      termDays: number;
      /** Where in the world ('United States', 'Worldwide'). */
      territory: string;
      amountCents: number;
    }
  | {
      /** The brand runs ads from her handle. */
      kind: 'whitelisting';
      termDays: number;
      amountCents: number;
    }
  | {
      /** She works for no competitor in `category` for the term. */
      kind: 'exclusivity';
      category: string;
      termDays: number;
      amountCents: number;
    }
  | {
      /** Hours past the booked time, at an hourly rate; half hours allowed. */
      kind: 'overtime';
      hours: number;
      rateCents: number;
    }
  | {
      kind: 'travel';
      description: string;
      amountCents: number;
    };
export type QuoteLineKind = QuoteLine['kind'];
export const QUOTE_LINE_KINDS: readonly QuoteLineKind[] = [
  'usage',
  'whitelisting',
  'exclusivity',
  'overtime',
  'travel',
];

/** The deposit asked on confirmation: a share of the total, a fixed amount, or none. */
export type Deposit = { kind: 'percent'; percent: number } | { kind: 'amount'; amountCents: number } | { kind: 'none' };

/** One rung of her cancellation ladder: cancelling with less than `hoursBefore` hours left costs `percent` of the total. */
export interface CancellationStep {
  hoursBefore: number;
  percent: number;
}

/** When the client gets the deposit link: when she confirms the booking, or once the contract is signed. */
export type DepositTrigger = 'confirmed' | 'signed';
export const DEPOSIT_TRIGGERS: readonly DepositTrigger[] = ['confirmed', 'signed'];

/**
 * When the balance is due: 'before' the booked (first) day by balanceDueDaysBefore days; on 'completion', the last
 * booked day; or 'upfront', when she confirms the booking, with the deposit (the whole amount when there is none).
 */
export const BALANCE_DUE_RULES = ['before', 'completion', 'upfront'] as const;
export type BalanceDue = (typeof BALANCE_DUE_RULES)[number];

/**
 * The terms of a quote. A booking's first quote takes them from its payment schedule (deal-terms.ts); her settings hold
 * the ones a schedule left 'TBD' starts from.
 */
export interface QuoteTerms {
  deposit: Deposit;
  /** With 'before': the balance is due this many days before the booked date (0: on the day). */
  balanceDueDaysBefore: number;
  /** Absent: 'before' (terms saved before the rule could be chosen). */
  balanceDue?: BalanceDue;
  cancellationLadder: CancellationStep[];
}

/** Her defaults for every new quote (settings). */
export interface QuoteSettings extends QuoteTerms {
  depositTrigger: DepositTrigger;
}

/** A 50% deposit, the balance a week ahead, and the trade's usual ladder: 25% at 72 h, 50% at 48 h, 100% at 24 h. */
export const DEFAULT_QUOTE_SETTINGS: Readonly<QuoteSettings> = {
  deposit: { kind: 'percent', percent: 50 },
  balanceDueDaysBefore: 7,
  cancellationLadder: [
    { hoursBefore: 72, percent: 25 },
    { hoursBefore: 48, percent: 50 },
    { hoursBefore: 24, percent: 100 },
  ],
  depositTrigger: 'confirmed',
};

/** What a booking's quote stores: the base price and what she added and agreed. */
export interface QuoteInput extends QuoteTerms {
  /** The tier's price in cents when the quote was made; she may change it (a discount, a custom fee). */
  baseCents: number;
  lines: QuoteLine[];
}

/** One priced line as every reader shows it. */
export interface PricedLine {
  kind: QuoteLineKind | 'base';
  label: string;
  /** The terms in words ('Paid social ads, Print · 90 days · United States'); '' when there are none. */
  detail: string;
  amountCents: number;
}

export interface PricedStep extends CancellationStep {
  feeCents: number;
}

/** The computed quote: what every page, document and payment reads. */
export interface Quote {
  currency: typeof QUOTE_CURRENCY;
  lines: PricedLine[];
  totalCents: number;
  depositCents: number;
  balanceCents: number;
  /**
   * When the balance is due: the terms' rule, or 'booking' where the booking was made at shorter notice than the rule
   * asks (it is then due on the day it was made, never before).
   */
  balanceDue: BalanceDue | 'booking';
  /**
   * The balance's due date; '' when there is none to give: no booked date yet, due upfront (on her confirmation), or
   * a request she has not confirmed yet.
   */
  balanceDueDate: IsoDate | '';
  /** The ladder from the most notice to the least, each with its fee. */
  cancellation: PricedStep[];
}

/** `percent` of `cents`, rounded half up to the cent. Integer arithmetic on basis points keeps it exact. */
export function percentOf(cents: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((cents * basisPoints + 5_000) / 10_000);
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
const hours = (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`;

function priceLine(line: QuoteLine): PricedLine {
  switch (line.kind) {
    case 'usage':
      return {
        kind: 'usage',
        label: 'Usage rights',
        detail: [line.channels.join(', '), days(line.termDays), line.territory.trim()].filter(Boolean).join(' · '),
        amountCents: line.amountCents,
      };
    case 'whitelisting':
      return {
        kind: 'whitelisting',
        label: 'Whitelisting',
        detail: `Ads from her handle · ${days(line.termDays)}`,
        amountCents: line.amountCents,
      };
    case 'exclusivity':
      return {
        kind: 'exclusivity',
        label: 'Exclusivity',
        detail: [line.category.trim(), days(line.termDays)].filter(Boolean).join(' · '),
        amountCents: line.amountCents,
      };
    case 'overtime':
      return {
        kind: 'overtime',
        label: 'Overtime',
        detail: `${hours(line.hours)} at ${formatCents(line.rateCents)} an hour`,
        // Half hours times whole cents: round once, half up.
        amountCents: Math.round(line.hours * line.rateCents),
      };
    case 'travel':
      return { kind: 'travel', label: 'Travel', detail: line.description.trim(), amountCents: line.amountCents };
  }
}

/** What a quote's due dates count from (quoteDatesOf in deal-terms.ts reads them off a booking). */
export interface QuoteDates {
  /** The booked (first) day; '' when none. */
  date: IsoDate | '';
  /** The last day of a multi-day booking; '' (or absent) for one day. */
  endDate?: IsoDate | '';
  /** The day the booking was made, in the studio's zone: no due date falls before it. '' (or absent) when unknown. */
  bookedOn?: IsoDate | '';
  /** Whether she has confirmed the booking: until she has, no due date is given. */
  confirmed: boolean;
}

/** The balance's due date and how it is due, from the terms and the booking's dates. */
function balanceDueOf(input: QuoteTerms, when: QuoteDates): Pick<Quote, 'balanceDue' | 'balanceDueDate'> {
  const rule = input.balanceDue ?? 'before';
  if (rule === 'upfront' || !when.confirmed || !isIsoDate(when.date)) return { balanceDue: rule, balanceDueDate: '' };
  const end = when.endDate ?? '';
  const due =
    rule === 'completion'
      ? end !== '' && isIsoDate(end)
        ? end
        : when.date
      : addCalendarDays(when.date, -input.balanceDueDaysBefore);
  const bookedOn = when.bookedOn ?? '';
  return bookedOn !== '' && due < bookedOn
    ? { balanceDue: 'booking', balanceDueDate: bookedOn }
    : { balanceDue: rule, balanceDueDate: due };
}

/**
 * The quote of a booking, its due dates counted from `when` (the booked days, the day it was made, whether she has
 * confirmed it). The deposit never exceeds the total (an amount larger than a discounted total is capped), so the
 * balance is never negative.
 */
export function computeQuote(input: QuoteInput, when: QuoteDates, tierName = 'Booked service'): Quote {
  const lines: PricedLine[] = [
    { kind: 'base', label: tierName, detail: '', amountCents: input.baseCents },
    ...input.lines.map(priceLine),
  ];
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const asked =
    input.deposit.kind === 'percent'
      ? percentOf(totalCents, input.deposit.percent)
      : input.deposit.kind === 'amount'
        ? input.deposit.amountCents
        : 0;
  const depositCents = Math.min(asked, totalCents);
  const cancellation = [...input.cancellationLadder]
    .sort((a, b) => b.hoursBefore - a.hoursBefore)
    .map((step) => ({ ...step, feeCents: percentOf(totalCents, step.percent) }));
  return {
    currency: QUOTE_CURRENCY,
    lines,
    totalCents,
    depositCents,
    balanceCents: totalCents - depositCents,
    ...balanceDueOf(input, when),
    cancellation,
  };
}

/** What cancelling costs with `hoursLeft` hours to the booked start: the rung with the least notice that applies. */
export function cancellationFee(quote: Quote, hoursLeft: number): number {
  let fee = 0;
  for (const step of quote.cancellation) if (hoursLeft < step.hoursBefore) fee = step.feeCents;
  return fee;
}

/** A quote's first form: the tier's price and the terms given (a booking's: deal-terms.ts), no line items. */
export function defaultQuoteInput(tierPrice: string, terms: QuoteTerms = DEFAULT_QUOTE_SETTINGS): QuoteInput {
  return {
    baseCents: parsePriceCents(tierPrice) ?? 0,
    lines: [],
    deposit: terms.deposit,
    balanceDueDaysBefore: terms.balanceDueDaysBefore,
    ...(terms.balanceDue && terms.balanceDue !== 'before' ? { balanceDue: terms.balanceDue } : {}),
    cancellationLadder: terms.cancellationLadder.map((step) => ({ ...step })),
  };
}

/** Cents from a price text as her services write it ('$350', '$1,200', '$99.50', 'From $400'); null without one. */
export function parsePriceCents(price: string): number | null {
  const match = /\$\s*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?/.exec(price);
  if (!match?.[1]) return null;
  const dollars = Number(match[1].replace(/,/g, ''));
  const cents = match[2] ? Number(match[2].padEnd(2, '0')) : 0;
  return dollars * 100 + cents;
}

/** '$1,200' for whole dollars, '$99.50' otherwise; negative amounts (refunds) as '-$25'. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  const rest = abs % 100;
  return `${sign}$${dollars}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** The cancellation terms in words, for the contract and the client's page. */
export function cancellationTermsText(quote: Quote): string[] {
  if (quote.cancellation.length === 0) return ['The client may cancel without a fee.'];
  return quote.cancellation.map(
    (step) =>
      `Cancelling less than ${hours(step.hoursBefore)} before the booked start costs ${step.percent}% of the total (${formatCents(step.feeCents)}).`,
  );
}

/**
 * A booking's quote as the server answers it: what she stored (or the default, at version 0 until she saves one), the
 * version that rises with each change (a contract and a payment name the version they were made from), and the one
 * computation of it.
 */
export interface BookingQuote {
  input: QuoteInput;
  /** 0: never saved (the tier's price and her default terms); each save adds 1. */
  version: number;
  /** When she last saved it; null at version 0. */
  updatedAt: string | null;
  quote: Quote;
}

/** The name of the base line: the booked package, else the service. */
export const quoteTierName = (booking: { serviceTier: string; service: string }) =>
  booking.serviceTier.trim() || booking.service.trim() || 'Booked service';

/**
 * The usage terms in words, for the contract's "Usage and licensing" section; [] when the quote sells no rights.
 * `provider` is the word the contract defines for her ('Model', 'Creator', 'Talent').
 */
export function usageTermsText(input: QuoteInput, provider: string): string[] {
  const out: string[] = [];
  for (const line of input.lines) {
    if (line.kind === 'usage')
      out.push(
        `Usage rights: the Client may run the content on ${line.channels.join(', ')} for ${days(line.termDays)} from delivery, in ${line.territory.trim()}.`,
      );
    else if (line.kind === 'whitelisting')
      out.push(
        `Whitelisting: the Client may run paid ads from the ${provider}’s own handle for ${days(line.termDays)} from delivery.`,
      );
    else if (line.kind === 'exclusivity')
      out.push(
        `Exclusivity: for ${days(line.termDays)} from delivery the ${provider} works for no competitor of the Client in ${line.category.trim()}.`,
      );
  }
  return out;
}

/** Dollars as she types them ('350', '350.50', '$1,200') to cents; null for anything else. */
export function dollarsToCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match?.[1]) return null;
  return Number(match[1].replace(/,/g, '')) * 100 + (match[2] ? Number(match[2].padEnd(2, '0')) : 0);
}

/** Cents as the editor shows them in a field: '350', '350.50' (no sign, no thousands separator). */
export const centsToDollars = (cents: number) =>
  cents % 100 === 0 ? String(cents / 100) : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
