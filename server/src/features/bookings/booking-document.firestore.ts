// A booking request's document in Firestore (bookings/{id}; bookings.firestore.ts describes the collections): the
// request's own fields, what the SQLite row keeps beside them, and the fields kept only to be queried, with the
// conversions between a document and a request. The store and its list read share them.
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { BookingRequest } from '@studio/shared/domain';
import type { ConfirmedDates, NewBookingRequest } from '../../platform/storage/ports';

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

export function toBooking(id: string, d: BookingDoc): BookingRequest {
  return {
    id,
    name: d.name,
    email: d.email,
    phone: d.phone,
    serviceId: d.serviceId,
    service: d.service,
    servicePrice: d.servicePrice,
    serviceTier: d.serviceTier,
    serviceTierId: d.serviceTierId,
    paymentSchedule: d.paymentSchedule,
    date: d.date,
    endDate: d.endDate,
    time: d.time,
    consultationDate: d.consultationDate,
    consultationTime: d.consultationTime,
    consultationLocation: d.consultationLocation,
    location: d.location,
    description: d.description,
    smsOptIn: d.smsOptIn,
    status: d.status,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    ...(d.rescheduleDate ? { rescheduleDate: d.rescheduleDate } : {}),
    ...(d.rescheduleConsultationDate ? { rescheduleConsultationDate: d.rescheduleConsultationDate } : {}),
    ...(d.rescheduleConsultationTime ? { rescheduleConsultationTime: d.rescheduleConsultationTime } : {}),
  };
}

export const bookingOf = (snap: DocumentSnapshot): BookingRequest => toBooking(snap.id, snap.data() as BookingDoc);

export const datesFrom = (d: BookingDoc): ConfirmedDates => ({
  date: d.date,
  endDate: d.endDate,
  time: d.time,
  consultationDate: d.consultationDate,
  consultationTime: d.consultationTime,
});

/**
 * The document of a new request: its fields named one by one (Firestore refuses an undefined value, and nothing the
 * caller's object carries beside the request is stored), rescheduleDate '' as the SQLite insert leaves it.
 */
export function newDoc(b: NewBookingRequest, seq: number, manageTokenHash: string | null): BookingDoc {
  return {
    name: b.name,
    email: b.email,
    phone: b.phone,
    serviceId: b.serviceId,
    service: b.service,
    servicePrice: b.servicePrice,
    serviceTier: b.serviceTier,
    serviceTierId: b.serviceTierId,
    paymentSchedule: b.paymentSchedule,
    date: b.date,
    endDate: b.endDate,
    time: b.time,
    consultationDate: b.consultationDate,
    consultationTime: b.consultationTime,
    consultationLocation: b.consultationLocation,
    location: b.location,
    description: b.description,
    smsOptIn: b.smsOptIn,
    status: b.status,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
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
