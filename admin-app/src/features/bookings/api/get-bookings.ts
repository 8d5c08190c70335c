// Every booking request, newest first, live (docs/product.md §2: a visitor's new request shows without reload).
import type { BookingRequest } from '@studio/shared/domain';
import { adminKey } from '../../../lib/query-keys';
import { useLiveQuery } from '../../../lib/use-live-query';

export const bookingsKey = [...adminKey, 'bookings'] as const;

export const useBookings = () =>
  useLiveQuery<BookingRequest[]>(bookingsKey, (backend, onChange, onError) =>
    backend.bookings.subscribe(onChange, onError),
  );
