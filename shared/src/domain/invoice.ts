// The invoice: the booking's quote as a bill, with the number the contract's payment terms cite. The
// dashboard, the client's page and the printable copy all take it from one quote computation (computeQuote), so they
// show the same lines and totals as the contract.
import { paymentTermsText, pricedLineText } from './quote-terms';
import { escapeHtml } from './escape-html';
import { bookingReference } from './lifecycle';
import { formatCents, type Quote } from './quote';

/** 'INV-1A2B3C4D-2': the booking's reference and the quote version it bills. */
export const invoiceNumberOf = (bookingId: string, quoteVersion: number) =>
  `INV-${bookingReference(bookingId)}-${quoteVersion}`;

export interface Invoice {
  number: string;
  /** The booking's reference, as her mails and the client's page show it. */
  reference: string;
  quoteVersion: number;
  /** Her name and public contact (Site details), never her sign-in address. */
  from: { name: string; email: string; phone: string };
  to: { name: string; email: string };
  service: string;
  quote: Quote;
  /** Total, deposit, balance and its due date in words: the contract's wording. */
  paymentTerms: string[];
}

export function invoiceOf(input: {
  bookingId: string;
  quoteVersion: number;
  balanceDueDaysBefore: number;
  quote: Quote;
  from: Invoice['from'];
  to: Invoice['to'];
  service: string;
}): Invoice {
  return {
    number: invoiceNumberOf(input.bookingId, input.quoteVersion),
    reference: bookingReference(input.bookingId),
    quoteVersion: input.quoteVersion,
    from: input.from,
    to: input.to,
    service: input.service,
    quote: input.quote,
    paymentTerms: paymentTermsText(input.quote, input.balanceDueDaysBefore),
  };
}

/** The invoice as one printable HTML page, every text escaped. */
export function invoiceHtml(invoice: Invoice): string {
  const e = escapeHtml;
  const rows = invoice.quote.lines
    .map(
      (line) =>
        `<tr><td>${e(line.label)}${line.detail === '' ? '' : `<br><small>${e(line.detail)}</small>`}</td><td class="n">${e(formatCents(line.amountCents))}</td></tr>`,
    )
    .join('');
  const contact = [invoice.from.email, invoice.from.phone].filter(Boolean).map(e).join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice ${e(invoice.number)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff;max-width:44rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.5rem;margin:0 0 .25rem}table{width:100%;border-collapse:collapse;margin:1rem 0}
td{padding:.5rem 0;border-bottom:1px solid #ddd;vertical-align:top}td.n{text-align:right;white-space:nowrap;padding-left:1rem}
small{color:#555}tfoot td{font-weight:700;border-bottom:0}p{margin:.25rem 0}
@media print{body{padding:0}button{display:none}}
</style></head><body>
<h1>Invoice ${e(invoice.number)}</h1>
<p>From ${e(invoice.from.name)}${contact === '' ? '' : ` · ${contact}`}</p>
<p>To ${e(invoice.to.name)}${invoice.to.email === '' ? '' : ` · ${e(invoice.to.email)}`}</p>
<p>Booking ${e(invoice.reference)} · ${e(invoice.service)} · quote version ${invoice.quoteVersion}</p>
<table><tbody>${rows}</tbody><tfoot><tr><td>Total</td><td class="n">${e(formatCents(invoice.quote.totalCents))}</td></tr></tfoot></table>
${invoice.paymentTerms.map((t) => `<p>${e(t)}</p>`).join('\n')}
</body></html>`;
}

/** The invoice as plain lines (tests compare it with the contract's text). */
export function invoiceLines(invoice: Invoice): string[] {
  return [...invoice.quote.lines.map(pricedLineText), ...invoice.paymentTerms];
}
