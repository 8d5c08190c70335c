// A quote's lines and payment terms in words, as the contract and the invoice both write them, so the two always
// read the same.
import { format, parseISO } from 'date-fns';
import { formatCents, type Quote } from './quote';
import type { IsoDate } from './date-types';

export const longDate = (date: IsoDate) => format(parseISO(date), 'MMMM d, yyyy');

/** One priced line as the contract and the invoice write it: 'Usage rights (Paid social ads · 90 days · Worldwide): $500'. */
export const pricedLineText = (line: Quote['lines'][number]) =>
  `${line.label}${line.detail === '' ? '' : ` (${line.detail})`}: ${formatCents(line.amountCents)}`;

/**
 * When the balance is due, in words: its date where there is one ('on March 20, 2026', 'upon completion, on …', 'at
 * booking, on …'), else its rule ('7 days before the booked date', 'upon completion', 'when the booking is confirmed').
 */
export function balanceDueWords(quote: Quote, daysBefore: number): string {
  const on = quote.balanceDueDate === '' ? '' : `on ${longDate(quote.balanceDueDate)}`;
  switch (quote.balanceDue) {
    case 'upfront':
      return 'when the booking is confirmed';
    case 'booking':
      return `at booking, ${on}`;
    case 'completion':
      return on === '' ? 'upon completion' : `upon completion, ${on}`;
    case 'before':
      if (on !== '') return on;
      return daysBefore === 0
        ? 'on the booked date'
        : `${daysBefore} ${daysBefore === 1 ? 'day' : 'days'} before the booked date`;
  }
}

/** The payment lines every reader of a quote shows: total, deposit, balance and when it is due. */
export function paymentTermsText(quote: Quote, daysBefore: number): string[] {
  const total = `Total: ${formatCents(quote.totalCents)} (US dollars).`;
  const due = balanceDueWords(quote, daysBefore);
  if (quote.depositCents === 0) return [total, `The full amount is due ${due}.`];
  return [
    total,
    `Deposit: ${formatCents(quote.depositCents)}, due to secure the booked date.`,
    quote.balanceCents === 0
      ? 'Balance: nothing further is due.'
      : `Balance: ${formatCents(quote.balanceCents)}, due ${due}.`,
  ];
}
