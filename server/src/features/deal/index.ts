// What other features may use of deal: everything else in this folder is its own.
export { contractQuoteOf, invoiceOfBooking, quoteOfBooking } from './quotes';
export type { QuoteSources } from './quotes';
export type { QuotesStore } from './quotes-store';
