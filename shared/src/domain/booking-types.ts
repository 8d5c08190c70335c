// A booking request (docs/product.md §3, §4) from the visitor's form to her dashboard and the client's manage page.
import type { IsoDate, IsoTimestamp } from './date-types';

/** docs/product.md §4's four, and 'Cancelled': the client withdrew the request through her manage link. */
export const BOOKING_STATUSES = ['New', 'Contacted', 'Confirmed', 'Declined', 'Cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** What a visitor sends. The server derives everything else (docs/product.md §7: status, timestamps, payment schedule). */
export interface BookingInput {
  name: string;
  email: string;
  phone: string;
  serviceId: string;
  serviceTierId: string;
  date: IsoDate | '';
  /**
   * The last day of a photoshoot that spans several days; '' for one day. Optional so that a client made
   * before it existed is still understood: absent reads as ''.
   */
  endDate?: IsoDate | '';
  /** The time slot chosen on `date` ('HH:MM-HH:MM'), required where the admin set slots for that date; else ''. */
  time?: string;
  consultationDate: IsoDate | '';
  /** The time slot chosen on the consultation date, as `time`. */
  consultationTime?: string;
  consultationLocation: string;
  location: string;
  description: string;
  smsOptIn: boolean;
}

export interface BookingRequest {
  id: string;
  name: string;
  email: string;
  phone: string;
  serviceId: string;
  /** The service's display name, as docs/product.md §3 stores it. */
  service: string;
  servicePrice: string;
  serviceTier: string;
  serviceTierId: string;
  paymentSchedule: string;
  date: IsoDate | '';
  /** The last day of a multi-day photoshoot; '' for one day. */
  endDate: IsoDate | '';
  /** The chosen time slot on `date`, 'HH:MM-HH:MM'; '' for the whole day. */
  time: string;
  consultationDate: IsoDate | '';
  consultationTime: string;
  consultationLocation: string;
  location: string;
  description: string;
  smsOptIn: boolean;
  status: BookingStatus;
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
  /**
   * The date the client asked to move the request to through her manage link; absent when she has not
   * asked (and from a backend without manage links).
   */
  rescheduleDate?: IsoDate;
  /** The date she asked to move the consultation to; absent when she has not asked. */
  rescheduleConsultationDate?: IsoDate;
  /** The slot she asked for on that day ('HH:MM-HH:MM'); absent when she asked for none (a day without slots). */
  rescheduleConsultationTime?: string;
}

/** The dates a client can ask to move from her manage link: the shoot's first day, or the consultation. */
export type MovablePart = 'shoot' | 'consultation';

/** What the admin asks for when she reads her booking requests: one page, newest first, optionally one status. */
export interface BookingListQuery {
  status?: BookingStatus;
  /** The `nextCursor` of the page before; absent for the newest page. */
  cursor?: string;
  /** Requests per page, 1 to BOOKING_PAGE_SIZE (the default). */
  limit?: number;
  /** Only requests whose name or e-mail contains this (any case), or whose reference starts with it. */
  q?: string;
}

/** A visitor's message to the admin when nothing can be booked. */
export interface ContactMessage {
  name: string;
  email: string;
  phone: string;
  message: string;
}

/** What the dashboard's badge counts: the requests still New. */
export interface BookingSummary {
  new: number;
}

/** One page of booking requests, newest first. */
export interface BookingPage {
  items: BookingRequest[];
  /** Reads the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/**
 * What the admin's live bookings stream says: a request was created or changed (with the whole record), or
 * 'resync': the stream (re)connected, every change from now on will be told, and what came before it must be read
 * with a list call (a change made while it was away is not replayed).
 */
export type BookingChange = { type: 'created' | 'updated'; booking: BookingRequest } | { type: 'resync' };

/** What the client sees of her own request on her manage page: no other booking, nothing the admin notes. */
export interface ManageView {
  reference: string;
  name: string;
  service: string;
  serviceTier: string;
  status: BookingStatus;
  date: IsoDate | '';
  endDate: IsoDate | '';
  time: string;
  consultationDate: IsoDate | '';
  consultationTime: string;
  /** The date she asked to move the shoot to; '' when she has not asked. */
  rescheduleDate: IsoDate | '';
  /** The date she asked to move the consultation to; '' when she has not asked. */
  rescheduleConsultationDate: IsoDate | '';
  /** The slot she asked for on that day; '' when none. */
  rescheduleConsultationTime: string;
  createdAt: IsoTimestamp;
  /** Whether she can still cancel or move it (not Declined or Cancelled). */
  open: boolean;
}
