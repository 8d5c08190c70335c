// What the BookingsStore contract's cases share (bookings-contract*.ts): requests as the route would store them,
// stored through createOnce, confirmed with dates, and their dates compared.
import type { BookingRequest } from '@studio/shared/domain';
import {
  type BookingsStore,
  type ConfirmedDates,
  type DateRange,
  type NewBookingRequest,
} from '../../src/features/bookings/bookings-store';

export interface Made<S> {
  store: S;
  close(): Promise<void>;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let bookingsMade = 0;
/** A request as the route would store it; each call a distinct one (its own name and createdAt, one ms apart). */
export function newBooking(overrides: Partial<NewBookingRequest> = {}): NewBookingRequest {
  bookingsMade += 1;
  const createdAt = new Date(Date.UTC(2026, 0, 1) + bookingsMade).toISOString();
  return {
    name: `Client ${bookingsMade}`,
    email: `client${bookingsMade}@example.com`,
    phone: '',
    serviceId: 'portrait',
    service: 'Portrait session',
    servicePrice: '$350',
    serviceTier: 'Standard',
    serviceTierId: 'standard',
    paymentSchedule: '50% deposit',
    date: '',
    endDate: '',
    time: '',
    consultationDate: '',
    consultationTime: '',
    consultationLocation: '',
    location: 'Studio',
    description: 'A portrait session.',
    smsOptIn: false,
    status: 'New',
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

let keys = 0;
export const freshKey = () => `key-${process.pid}-${(keys += 1)}`;

/** Stores a request through createOnce as the route does, with no date range unless one is given. */
export async function storeBooking(
  store: BookingsStore,
  booking: NewBookingRequest,
  options: { key?: string; manageTokenHash?: string | null; range?: DateRange | null } = {},
): Promise<BookingRequest> {
  const result = await store.createOnce({
    idempotencyKey: options.key ?? freshKey(),
    bodyHash: 'hash',
    range: options.range ?? null,
    decide: () => ({ booking, manageTokenHash: options.manageTokenHash ?? null }),
  });
  return result.booking;
}

/** A confirmed booking holding the given dates. */
export async function confirmedWith(store: BookingsStore, fields: Partial<NewBookingRequest>): Promise<BookingRequest> {
  const stored = await storeBooking(store, newBooking(fields));
  await store.updateStatus(stored.id, 'Confirmed', stored.createdAt);
  return (await store.get(stored.id)) as BookingRequest;
}

export const datesOf = (b: Pick<BookingRequest, keyof ConfirmedDates>): ConfirmedDates => ({
  date: b.date,
  endDate: b.endDate,
  time: b.time,
  consultationDate: b.consultationDate,
  consultationTime: b.consultationTime,
});

export const sortDates = (list: ConfirmedDates[]) =>
  [...list].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

export class Refused extends Error {}
