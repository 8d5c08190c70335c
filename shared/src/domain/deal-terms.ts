// A booking's deal terms from its service's data (docs/product.md §9, "Quotes"): the payment schedule the booking
// stored when it was made (its tier's, else its service's) decides the deposit and when the balance is due, and the
// booking's own dates decide the due dates. firstQuoteInput and dealQuote are the one computation every reader of a
// booking's terms calls: her quote editor and dashboard, the client's invoice and payment step, the contract's deal
// and her new-request mail, so none of them can show a deposit or a due date the others do not.
import { PAYMENT_FULL_UPFRONT, PAYMENT_HALF_UPFRONT, PAYMENT_MONTHLY_IN_ADVANCE } from '../messages';
import {
  computeQuote,
  defaultQuoteInput,
  quoteTierName,
  type Quote,
  type QuoteDates,
  type QuoteInput,
  type QuoteTerms,
} from './quote';
import { calendarDayIn } from './studio-time';
import type { BookingRequest } from './booking-types';
import type { IsoDate } from './date-types';

/**
 * The terms a payment schedule stands for. '50% upfront, 50% upon completion': half as the deposit, the rest on the
 * last booked day. '100% upfront' and 'Monthly in advance': no deposit, the whole amount when she confirms the
 * booking. Anything else ('TBD', or a schedule stored in words of its own) leaves them to be agreed: `unagreed`, her
 * defaults. The cancellation ladder is always hers.
 */
export function scheduleTerms(schedule: string, unagreed: QuoteTerms): QuoteTerms {
  const own = {
    deposit: unagreed.deposit,
    balanceDueDaysBefore: unagreed.balanceDueDaysBefore,
    cancellationLadder: unagreed.cancellationLadder,
  };
  switch (schedule.trim()) {
    case PAYMENT_HALF_UPFRONT:
      return { ...own, deposit: { kind: 'percent', percent: 50 }, balanceDue: 'completion' };
    case PAYMENT_FULL_UPFRONT:
    case PAYMENT_MONTHLY_IN_ADVANCE:
      return { ...own, deposit: { kind: 'none' }, balanceDue: 'upfront' };
    default:
      return unagreed.balanceDue ? { ...own, balanceDue: unagreed.balanceDue } : own;
  }
}

/** What of a booking its terms read. */
export type TermsBooking = Pick<
  BookingRequest,
  'paymentSchedule' | 'servicePrice' | 'serviceTier' | 'service' | 'status' | 'date' | 'endDate' | 'createdAt'
>;

/** The studio's day the booking was made ('' for a timestamp that is none). */
export function bookedOnOf(booking: Pick<BookingRequest, 'createdAt'>, timeZone: string): IsoDate | '' {
  const at = new Date(booking.createdAt);
  return Number.isNaN(at.getTime()) ? '' : calendarDayIn(timeZone, at);
}

/**
 * What the booking's due dates count from: its days, the studio's day it was made (nothing falls due before it: a
 * booking made at shorter notice than the terms ask owes the balance at booking) and whether she has confirmed it (a
 * request awaiting her reply has no due dates yet).
 */
export function quoteDatesOf(booking: TermsBooking, timeZone: string): QuoteDates {
  const confirmed = booking.status === 'Confirmed';
  return {
    date: booking.date,
    endDate: booking.endDate,
    // Only a confirmed booking's due dates are given: the day it was made matters to them alone.
    bookedOn: confirmed ? bookedOnOf(booking, timeZone) : '',
    confirmed,
  };
}

/** The booking's first quote, until she saves one: its tier's price with the terms of its payment schedule. */
export function firstQuoteInput(
  booking: Pick<TermsBooking, 'servicePrice' | 'paymentSchedule'>,
  unagreed: QuoteTerms,
): QuoteInput {
  return defaultQuoteInput(booking.servicePrice, scheduleTerms(booking.paymentSchedule, unagreed));
}

/** The booking's deal: `input` (its saved quote, or firstQuoteInput) computed from the booking's own dates. */
export function dealQuote(booking: TermsBooking, input: QuoteInput, timeZone: string): Quote {
  return computeQuote(input, quoteDatesOf(booking, timeZone), quoteTierName(booking));
}
