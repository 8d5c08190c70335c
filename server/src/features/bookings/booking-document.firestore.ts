// A booking request's document in Firestore (bookings/{id}; bookings.firestore.ts describes the collections): the
// request's own fields, what the SQLite row keeps beside them, and the fields kept only to be queried, with the
// conversions between a document and a request. The store and its list read share them.
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { BookingRequest } from '@studio/shared/domain';
import type { ConfirmedDates, NewBookingRequest } from './bookings-store';
import { BOOKING_FIELDS, bookingFrom } from './booking-fields';

/** What a booking document holds beside the request's own fields. */
interface StoredFields {
  seq: number;
  manageTokenHash: string | null;
  reminderSentAt: string | null;
  rescheduleDate: string;
  /** Absent from a document stored before the consultation could be moved: read as ''. */
  rescheduleConsultationDate?: string;
  /** The consultation's slot asked for; absent from a document stored before a move named one: read as ''. */
  rescheduleConsultationTime?: string;
  rescheduleTime: string;
  rescheduleRequestedAt: string | null;
  inviteSequence: number;
  lastShootDay: string;
  reminderDay: string;
}

export type BookingDoc = Omit<
  BookingRequest,
  'id' | 'rescheduleDate' | 'rescheduleConsultationDate' | 'rescheduleConsultationTime'
> &
  StoredFields;

/** The query fields that follow from a booking's dates. */
export const datesOf = (b: Pick<BookingRequest, 'date' | 'endDate' | 'consultationDate'>) => ({
  lastShootDay: b.date === '' ? '' : b.endDate || b.date,
  reminderDay: b.date || b.consultationDate,
});

export const toBooking = (id: string, d: BookingDoc): BookingRequest =>
  bookingFrom(
    (field) => (field === 'id' ? id : d[field as keyof BookingDoc]),
    (stored) => stored === true,
  );

export const bookingOf = (snap: DocumentSnapshot): BookingRequest => toBooking(snap.id, snap.data() as BookingDoc);

export const datesFrom = (d: BookingDoc): ConfirmedDates => ({
  date: d.date,
  endDate: d.endDate,
  time: d.time,
  consultationDate: d.consultationDate,
  consultationTime: d.consultationTime,
});

/**
 * The document of a new request: each of the request's fields ('' for one it lacks: Firestore refuses an undefined
 * value, and nothing the caller's object carries beside the request is stored), the moves '' as the SQLite insert
 * leaves them.
 */
export function newDoc(b: NewBookingRequest, seq: number, manageTokenHash: string | null): BookingDoc {
  const fields: Record<string, unknown> = {};
  for (const field of BOOKING_FIELDS) if (field !== 'id') fields[field] = b[field] ?? '';
  return {
    ...(fields as Omit<BookingDoc, keyof StoredFields>),
    smsOptIn: b.smsOptIn,
    seq,
    manageTokenHash,
    reminderSentAt: null,
    rescheduleDate: '',
    rescheduleConsultationDate: '',
    rescheduleConsultationTime: '',
    rescheduleTime: '',
    rescheduleRequestedAt: null,
    inviteSequence: 0,
    ...datesOf(b),
  };
}
