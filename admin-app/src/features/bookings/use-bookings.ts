// Every booking request, newest first, live (server-sent events through the backend port).
import { useEffect, useState } from 'react';
import { backend } from '@studio/shared/backend';
import type { BackendError } from '@studio/shared/backend';
import type { BookingRequest } from '@studio/shared/domain';

export function useBookings() {
  const [bookings, setBookings] = useState<BookingRequest[] | null>(null);
  const [error, setError] = useState<BackendError | null>(null);
  useEffect(
    () =>
      backend.bookings.subscribe((list) => {
        setBookings(list);
        setError(null);
      }, setError),
    [],
  );
  return { bookings, error };
}
