// A booking's quote: the one place the server reads it. The dashboard's quote routes, the contract's deal,
// the invoice and the payment step all call quoteOfBooking, so each sees the same input, version and totals, all
// computed by the shared dealQuote (the booking's payment schedule, its dates, her defaults where it says 'TBD').
import type { BookingRequest } from '@studio/shared/domain';
import type { ContractQuote } from '@studio/shared/domain/contract';
import {
  DEFAULT_QUOTE_SETTINGS,
  quoteTierName,
  type BookingQuote,
  type QuoteSettings,
} from '@studio/shared/domain/quote';
import { dealQuote, firstQuoteInput } from '@studio/shared/domain/deal-terms';
import { invoiceNumberOf, invoiceOf, type Invoice } from '@studio/shared/domain/invoice';
import type { SiteIdentity } from '../content';
import type { QuotesStore, StoredQuote } from './quotes-store';
import type { SettingsStore } from '../settings';
import { CLOSED_STATUSES } from '@studio/shared/domain/lifecycle';

/** What reading a quote needs: the stored quotes, her defaults, and the studio's zone its days are counted in. */
export interface QuoteSources {
  quotes: Pick<QuotesStore, 'get'>;
  settings: Pick<SettingsStore, 'quoteSettings'>;
  timeZone: string;
}

/** Her defaults for a new quote: as she saved them, else the built-in ones. */
export async function quoteSettingsOf(settings: Pick<SettingsStore, 'quoteSettings'>): Promise<QuoteSettings> {
  return (await settings.quoteSettings()) ?? { ...DEFAULT_QUOTE_SETTINGS };
}

/**
 * The booking's current quote: the one she saved, or, until she saves one, at version 0 the tier's price with the
 * terms of the booking's payment schedule (her defaults where it leaves them to be agreed). Due dates count from the
 * booking's days, never before the day it was made, and only once she has confirmed it.
 */
export async function quoteOfBooking(sources: QuoteSources, booking: BookingRequest): Promise<BookingQuote> {
  const stored = await sources.quotes.get(booking.id);
  if (stored) return bookingQuoteOf(booking, stored, sources.timeZone);
  const input = firstQuoteInput(booking, await quoteSettingsOf(sources.settings));
  return { input, version: 0, updatedAt: null, quote: dealQuote(booking, input, sources.timeZone) };
}

/** A stored quote with its computation (what a save answers). */
export const bookingQuoteOf = (booking: BookingRequest, stored: StoredQuote, timeZone: string): BookingQuote => ({
  ...stored,
  quote: dealQuote(booking, stored.input, timeZone),
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
