// The quote editor's draft: what she types, amounts in dollars ('350', '350.50'), turned into the server's
// QuoteInput in whole cents. A field she typed wrong is named by the same path the server's field errors use
// ('lines.0.amountCents'), so the editor shows both beside the same field.
import {
  type BalanceDue,
  centsToDollars,
  dollarsToCents,
  USAGE_TERMS_DAYS,
  type CancellationStep,
  type Deposit,
  type QuoteInput,
  type QuoteLine,
  type QuoteLineKind,
  type QuoteTerms,
  type UsageChannel,
} from '@studio/shared/domain/quote';

export const AMOUNT_HINT = 'Type an amount in dollars, like 350 or 350.50';
const NUMBER_HINT = 'Type a number';

/** A term: one of the trade's 30, 60, 90 days, or her own number of days. */
export interface TermDraft {
  preset: '30' | '60' | '90' | 'custom';
  customDays: string;
}

export type LineDraft =
  | { kind: 'usage'; channels: UsageChannel[]; term: TermDraft; territory: string; amount: string }
  | { kind: 'whitelisting'; term: TermDraft; amount: string }
  | { kind: 'exclusivity'; category: string; term: TermDraft; amount: string }
  | { kind: 'overtime'; hours: string; rate: string }
  | { kind: 'travel'; description: string; amount: string };

export interface DepositDraft {
  kind: Deposit['kind'];
  percent: string;
  amount: string;
}

export interface TermsDraft {
  deposit: DepositDraft;
  balanceDue: BalanceDue;
  balanceDueDaysBefore: string;
  ladder: Array<{ hoursBefore: string; percent: string }>;
}

export interface QuoteDraft extends TermsDraft {
  base: string;
  lines: LineDraft[];
}

const termOf = (days: number): TermDraft =>
  (USAGE_TERMS_DAYS as readonly number[]).includes(days)
    ? { preset: String(days) as TermDraft['preset'], customDays: '' }
    : { preset: 'custom', customDays: String(days) };

export function newLine(kind: QuoteLineKind): LineDraft {
  const term = termOf(90);
  switch (kind) {
    case 'usage':
      return { kind, channels: ['Paid social ads'], term, territory: 'United States', amount: '' };
    case 'whitelisting':
      return { kind, term: termOf(30), amount: '' };
    case 'exclusivity':
      return { kind, category: '', term, amount: '' };
    case 'overtime':
      return { kind, hours: '1', rate: '' };
    case 'travel':
      return { kind, description: '', amount: '' };
  }
}

function lineDraft(line: QuoteLine): LineDraft {
  switch (line.kind) {
    case 'usage':
      return {
        ...line,
        channels: [...line.channels],
        term: termOf(line.termDays),
        amount: centsToDollars(line.amountCents),
      };
    case 'whitelisting':
      return { kind: 'whitelisting', term: termOf(line.termDays), amount: centsToDollars(line.amountCents) };
    case 'exclusivity':
      return { ...line, term: termOf(line.termDays), amount: centsToDollars(line.amountCents) };
    case 'overtime':
      return { kind: 'overtime', hours: String(line.hours), rate: centsToDollars(line.rateCents) };
    case 'travel':
      return { kind: 'travel', description: line.description, amount: centsToDollars(line.amountCents) };
  }
}

export function termsDraft(terms: QuoteTerms): TermsDraft {
  return {
    deposit: {
      kind: terms.deposit.kind,
      percent: terms.deposit.kind === 'percent' ? String(terms.deposit.percent) : '50',
      amount: terms.deposit.kind === 'amount' ? centsToDollars(terms.deposit.amountCents) : '',
    },
    balanceDue: terms.balanceDue ?? 'before',
    balanceDueDaysBefore: String(terms.balanceDueDaysBefore),
    ladder: terms.cancellationLadder.map((s) => ({ hoursBefore: String(s.hoursBefore), percent: String(s.percent) })),
  };
}

export const quoteDraft = (input: QuoteInput): QuoteDraft => ({
  base: centsToDollars(input.baseCents),
  lines: input.lines.map(lineDraft),
  ...termsDraft(input),
});

/** The draft as the server takes it, and what she typed that is not an amount or a number, by field path. */
export interface Converted<T> {
  value: T;
  errors: Record<string, string>;
}

function converter() {
  const errors: Record<string, string> = {};
  const cents = (text: string, path: string) => {
    const value = dollarsToCents(text);
    if (value === null) errors[path] = AMOUNT_HINT;
    return value ?? 0;
  };
  const number = (text: string, path: string) => {
    const value = text.trim() === '' ? NaN : Number(text);
    if (!Number.isFinite(value)) errors[path] = NUMBER_HINT;
    return Number.isFinite(value) ? value : 0;
  };
  const days = (term: TermDraft, path: string) =>
    term.preset === 'custom' ? number(term.customDays, path) : Number(term.preset);
  return { errors, cents, number, days };
}

export function termsOf(draft: TermsDraft): Converted<QuoteTerms> {
  const c = converter();
  return { value: termsWith(c, draft), errors: c.errors };
}

function termsWith(c: ReturnType<typeof converter>, draft: TermsDraft): QuoteTerms {
  const deposit: Deposit =
    draft.deposit.kind === 'percent'
      ? { kind: 'percent', percent: c.number(draft.deposit.percent, 'deposit.percent') }
      : draft.deposit.kind === 'amount'
        ? { kind: 'amount', amountCents: c.cents(draft.deposit.amount, 'deposit.amountCents') }
        : { kind: 'none' };
  const cancellationLadder: CancellationStep[] = draft.ladder.map((step, i) => ({
    hoursBefore: c.number(step.hoursBefore, `cancellationLadder.${i}.hoursBefore`),
    percent: c.number(step.percent, `cancellationLadder.${i}.percent`),
  }));
  return {
    deposit,
    balanceDueDaysBefore: c.number(draft.balanceDueDaysBefore, 'balanceDueDaysBefore'),
    // 'before' is what terms without a rule mean: left out, as the server's first quote leaves it.
    ...(draft.balanceDue === 'before' ? {} : { balanceDue: draft.balanceDue }),
    cancellationLadder,
  };
}

export function quoteInputOf(draft: QuoteDraft): Converted<QuoteInput> {
  const c = converter();
  const lines = draft.lines.map((line, i): QuoteLine => {
    const at = (field: string) => `lines.${i}.${field}`;
    switch (line.kind) {
      case 'usage':
        return {
          kind: 'usage',
          channels: line.channels,
          termDays: c.days(line.term, at('termDays')),
          territory: line.territory,
          amountCents: c.cents(line.amount, at('amountCents')),
        };
      case 'whitelisting':
        return {
          kind: 'whitelisting',
          termDays: c.days(line.term, at('termDays')),
          amountCents: c.cents(line.amount, at('amountCents')),
        };
      case 'exclusivity':
        return {
          kind: 'exclusivity',
          category: line.category,
          termDays: c.days(line.term, at('termDays')),
          amountCents: c.cents(line.amount, at('amountCents')),
        };
      case 'overtime':
        return {
          kind: 'overtime',
          hours: c.number(line.hours, at('hours')),
          rateCents: c.cents(line.rate, at('rateCents')),
        };
      case 'travel':
        return { kind: 'travel', description: line.description, amountCents: c.cents(line.amount, at('amountCents')) };
    }
  });
  const value: QuoteInput = { baseCents: c.cents(draft.base, 'baseCents'), lines, ...termsWith(c, draft) };
  return { value, errors: c.errors };
}
