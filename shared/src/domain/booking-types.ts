// A booking request (docs/product.md §3, §4) from the visitor's form to her dashboard and the client's manage page.
import type { BookingRequest } from '../api/bookings';
import type { BookingStatus } from './booking-status';
import type { IsoDate, IsoTimestamp } from './date-types';

// A request's fields are declared once, by the API's schemas (api/bookings.ts); these are their types.
export type {
  BookingField,
  BookingInput,
  BookingListQuery,
  BookingPage,
  BookingRequest,
  BookingTextField,
} from '../api/bookings';

/** The dates a client can ask to move from her manage link: the shoot's first day, or the consultation. */
export type MovablePart = 'shoot' | 'consultation';

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
