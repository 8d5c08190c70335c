// A quote's lines and payment terms in words, as the contract and the invoice both write them, so the two always
// read the same.
import { format, parseISO } from 'date-fns';
import { formatCents, type Quote } from './quote';
import type { IsoDate } from './date-types';

export const longDate = (date: IsoDate) => format(parseISO(date), 'MMMM d, yyyy');

/** One priced line as the contract and the invoice write it: 'Usage rights (Paid social ads · 90 days · Worldwide): $500'. */
export const pricedLineText = (line: Quote['lines'][number]) =>
  `${line.label}${line.detail === '' ? '' : ` (${line.detail})`}: ${formatCents(line.amountCents)}`;

/** The balance's due date in words: a date, or when the booking has none yet, the rule. */
export function balanceDueText(quote: Quote, daysBefore: number): string {
  if (quote.balanceDueDate !== '') return longDate(quote.balanceDueDate);
  return daysBefore === 0
    ? 'on the booked date'
    : `${daysBefore} ${daysBefore === 1 ? 'day' : 'days'} before the booked date`;
}

/** The payment lines every reader of a quote shows: total, deposit, balance and its due date. */
export function paymentTermsText(quote: Quote, daysBefore: number): string[] {
  const total = `Total: ${formatCents(quote.totalCents)} (US dollars).`;
  if (quote.depositCents === 0) return [total, `The full amount is due ${dueWords(quote, daysBefore)}.`];
  return [
    total,
    `Deposit: ${formatCents(quote.depositCents)}, due to secure the booked date.`,
    quote.balanceCents === 0
      ? 'Balance: nothing further is due.'
      : `Balance: ${formatCents(quote.balanceCents)}, due ${dueWords(quote, daysBefore)}.`,
  ];
}
const dueWords = (quote: Quote, daysBefore: number) =>
  quote.balanceDueDate === '' ? balanceDueText(quote, daysBefore) : `on ${longDate(quote.balanceDueDate)}`;
