// Firestore documents to the port's shapes. Fields are picked by name, so a stored extra (an old note or reason)
// never reaches a caller.
import type { DocumentData } from 'firebase/firestore/lite';
import type { BookingRequest, BookingStatus } from '../../domain/types';

/** Firestore Timestamps have toDate(); a pending server timestamp reads as null. */
export function isoOf(value: unknown, fallback: () => string): string {
  if (value && typeof value === 'object' && 'toDate' in value && typeof value.toDate === 'function') {
    return (value.toDate() as Date).toISOString();
  }
  return typeof value === 'string' ? value : fallback();
}

export const str = (value: unknown) => (typeof value === 'string' ? value : '');

export function toBooking(id: string, data: DocumentData, now: () => Date): BookingRequest {
  return {
    id,
    name: str(data.name),
    email: str(data.email),
    phone: str(data.phone),
    serviceId: str(data.serviceId),
    service: str(data.service),
    servicePrice: str(data.servicePrice),
    serviceTier: str(data.serviceTier),
    serviceTierId: str(data.serviceTierId),
    paymentSchedule: str(data.paymentSchedule),
    date: str(data.date),
    endDate: str(data.endDate),
    time: str(data.time),
    consultationDate: str(data.consultationDate),
    consultationTime: str(data.consultationTime),
    consultationLocation: str(data.consultationLocation),
    location: str(data.location),
    description: str(data.description),
    smsOptIn: data.smsOptIn === true,
    status: data.status as BookingStatus,
    createdAt: isoOf(data.createdAt, () => now().toISOString()),
    updatedAt: isoOf(data.updatedAt, () => now().toISOString()),
  };
}

export const publicPeriod = (id: string, d: DocumentData) => ({
  id,
  startDate: str(d.startDate),
  endDate: str(d.endDate),
  isAvailable: d.isAvailable === true,
});

export const publicRange = (id: string, d: DocumentData) => ({
  id,
  startDate: str(d.startDate),
  endDate: str(d.endDate),
});

export const publicSlot = (id: string, d: DocumentData) => ({
  id,
  date: str(d.date),
  startTime: str(d.startTime),
  endTime: str(d.endTime),
  isAvailable: d.isAvailable === true,
});

export const byStart = <T extends { startDate: string }>(a: T, b: T) => a.startDate.localeCompare(b.startDate);
export const bySlot = <T extends { date: string; startTime: string }>(a: T, b: T) =>
  a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime);
