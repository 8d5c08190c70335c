// The deal a contract carries, taken from the booking when a version is made: the fee, package and inclusions of the
// booked tier, the dates and places of the request, both parties' contacts, and the booking's quote.
import { computeQuote, type Quote, type QuoteInput } from './quote';
import type { BookingRequest } from './booking-types';
import type { IsoDate } from './date-types';
import type { ContractTemplate, Tier } from './service-types';

/** How each party can be reached, as the contract prints it. */
export interface ContractContact {
  email: string;
  phone: string;
}

/**
 * The deal the contract carries, taken from the booking (the admin edits the form fields of docs/product.md §3, not these): the
 * fee is the booked tier's price, the package its name and inclusions, the dates and places those of the request.
 */
export interface ContractDeal {
  /**
   * The contract template of the booked service when this version was made (its rules' contractTemplate). null for a
   * contract made before services named one: its text stays as it was made, the variant read from the form's service
   * type.
   */
  template: ContractTemplate | null;
  /** The day the booking was made (the studio's): no due date of the quote falls before it. '' in an older contract. */
  bookedOn: IsoDate | '';
  fee: string;
  paymentSchedule: string;
  packageName: string;
  inclusions: string[];
  shootDate: IsoDate | '';
  /** The last day of a multi-day shoot; '' for one day. */
  shootEndDate: IsoDate | '';
  /** The booked time slot, 'HH:MM-HH:MM'; '' for the whole day. */
  shootTime: string;
  shootLocation: string;
  consultationDate: IsoDate | '';
  consultationTime: string;
  consultationLocation: string;
  /** The client's brief, as she wrote it in her request. */
  brief: string;
  client: ContractContact;
  provider: ContractContact;
  /**
   * The booking's quote when this version was made: the fee table, deposit, balance, usage and
   * cancellation terms. null for a contract made before quotes existed, which keeps its fee and schedule in words.
   */
  quote: ContractQuote | null;
}

/** The quote a contract version carries: its input, the version it was (the audit of what she agreed) and the base line's name. */
export interface ContractQuote {
  input: QuoteInput;
  version: number;
  tierName: string;
  /** The invoice that bills this quote (invoiceNumberOf), which the payment terms cite. */
  invoiceNumber: string;
}

/**
 * The computed quote of a contract's deal: the same computation the dashboard, invoice and payments read, from the
 * booking's dates as the deal keeps them. A contract states the terms as agreed, so its due dates are given.
 */
export const quoteOfDeal = (deal: ContractDeal): Quote | null =>
  deal.quote
    ? computeQuote(
        deal.quote.input,
        { date: deal.shootDate, endDate: deal.shootEndDate, bookedOn: deal.bookedOn, confirmed: true },
        deal.quote.tierName,
      )
    : null;

/**
 * The deal from a booking, its service's terms (the booked tier's inclusions when the tier still exists, the
 * contract template), the day it was made and the model's contact.
 */
export function contractDealOf(
  booking: BookingRequest,
  service: { tier: Pick<Tier, 'includes'> | undefined; template: ContractTemplate; bookedOn: IsoDate | '' },
  provider: ContractContact,
  quote: ContractQuote | null = null,
): ContractDeal {
  const { tier } = service;
  return {
    template: service.template,
    bookedOn: service.bookedOn,
    fee: booking.servicePrice.trim(),
    paymentSchedule: booking.paymentSchedule.trim(),
    packageName: booking.serviceTier.trim(),
    inclusions: (tier?.includes ?? []).map((s) => s.trim()).filter(Boolean),
    shootDate: booking.date,
    shootEndDate: booking.endDate,
    shootTime: booking.time,
    shootLocation: booking.location.trim(),
    consultationDate: booking.consultationDate,
    consultationTime: booking.consultationTime,
    consultationLocation: booking.consultationLocation.trim(),
    brief: booking.description.trim(),
    client: { email: booking.email.trim(), phone: booking.phone.trim() },
    provider: { email: provider.email.trim(), phone: provider.phone.trim() },
    quote,
  };
}

/** A deal with nothing agreed yet: every line of the contract then reads 'TBD'. */
export const EMPTY_CONTRACT_DEAL: ContractDeal = {
  template: null,
  bookedOn: '',
  fee: '',
  paymentSchedule: '',
  packageName: '',
  inclusions: [],
  shootDate: '',
  shootEndDate: '',
  shootTime: '',
  shootLocation: '',
  consultationDate: '',
  consultationTime: '',
  consultationLocation: '',
  brief: '',
  client: { email: '', phone: '' },
  provider: { email: '', phone: '' },
  quote: null,
};
