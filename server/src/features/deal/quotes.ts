// A booking's quote: the one place the server reads it. The dashboard's quote routes, the contract's deal,
// the invoice and the payment step all call quoteOfBooking, so each sees the same input, version and totals.
import type { BookingRequest } from '@studio/shared/domain';
import type { ContractQuote } from '@studio/shared/domain/contract';
import {
  computeQuote,
  DEFAULT_QUOTE_SETTINGS,
  defaultQuoteInput,
  quoteTierName,
  type BookingQuote,
  type QuoteSettings,
} from '@studio/shared/domain/quote';
import { invoiceNumberOf, invoiceOf, type Invoice } from '@studio/shared/domain/invoice';
import type { SiteIdentity } from '../content';
import type { QuotesStore, StoredQuote } from './quotes-store';
import type { SettingsStore } from '../settings';
import { CLOSED_STATUSES } from '@studio/shared/domain/lifecycle';

/** What reading a quote needs: the stored quotes and her defaults (any Storage has both). */
export interface QuoteSources {
  quotes: Pick<QuotesStore, 'get'>;
  settings: Pick<SettingsStore, 'quoteSettings'>;
}

/** Her defaults for a new quote: as she saved them, else the built-in ones. */
export async function quoteSettingsOf(settings: Pick<SettingsStore, 'quoteSettings'>): Promise<QuoteSettings> {
  return (await settings.quoteSettings()) ?? { ...DEFAULT_QUOTE_SETTINGS };
}

/**
 * The booking's current quote: the one she saved, or, until she saves one, the tier's price with her default terms
 * at version 0. The balance's due date counts back from the booked (first) day; '' while there is none.
 */
export async function quoteOfBooking(sources: QuoteSources, booking: BookingRequest): Promise<BookingQuote> {
  const stored = await sources.quotes.get(booking.id);
  if (stored) return bookingQuoteOf(booking, stored);
  const input = defaultQuoteInput(booking.servicePrice, await quoteSettingsOf(sources.settings));
  return { input, version: 0, updatedAt: null, quote: computeQuote(input, booking.date, quoteTierName(booking)) };
}

/** A stored quote with its computation (what a save answers). */
export const bookingQuoteOf = (booking: BookingRequest, stored: StoredQuote): BookingQuote => ({
  ...stored,
  quote: computeQuote(stored.input, booking.date, quoteTierName(booking)),
});

/** What a contract version keeps of the quote it was made from. */
export const contractQuoteOf = (booking: BookingRequest, current: BookingQuote): ContractQuote => ({
  input: current.input,
  version: current.version,
  tierName: quoteTierName(booking),
  invoiceNumber: invoiceNumberOf(booking.id, current.version),
});

/** The booking's invoice: its current quote billed, from her public identity to the client. */
export const invoiceOfBooking = (booking: BookingRequest, current: BookingQuote, me: SiteIdentity): Invoice =>
  invoiceOf({
    bookingId: booking.id,
    quoteVersion: current.version,
    balanceDueDaysBefore: current.input.balanceDueDaysBefore,
    quote: current.quote,
    from: { name: me.name, email: me.email, phone: me.phone },
    to: { name: booking.name, email: booking.email },
    service: [booking.service, booking.serviceTier].filter((s) => s.trim() !== '').join(' · '),
  });

/** A declined or cancelled booking's deal is over: its quote no longer changes. */
export const quoteIsClosed = (booking: BookingRequest) => CLOSED_STATUSES.includes(booking.status);
