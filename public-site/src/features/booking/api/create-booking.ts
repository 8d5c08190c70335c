// Sends a booking request. The idempotency key belongs to the submission, not to the call: a retry after a lost
// answer sends the same key, so the backend stores the request once.
import { useMutation } from '@studio/shared/data';
import type { BookingInput } from '@studio/shared/domain';

export interface CreateBookingInput {
  booking: BookingInput;
  idempotencyKey: string;
}

// Nothing a visitor reads changes with a new request (the admin's list is live), so no key is invalidated.
export const useCreateBooking = () =>
  useMutation((backend, { booking, idempotencyKey }: CreateBookingInput) =>
    backend.bookings.create(booking, idempotencyKey),
  );
