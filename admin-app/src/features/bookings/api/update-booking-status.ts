// Sets a request's status (docs/product.md §4: any status, updatedAt refreshed). The server's answer goes into every
// cached list at once, so the dropdown and Generate Contract follow without waiting for the live stream's event.
import { useMutation, useQueryCache } from '@studio/shared/data';
import { bookingStatusUpdateSchema } from '@studio/shared/schemas';
import type { BookingStatus } from '@studio/shared/domain';
import { putBooking } from './get-bookings';

export interface BookingStatusChange {
  id: string;
  status: BookingStatus;
}

export function useUpdateBookingStatus() {
  const cache = useQueryCache();
  return useMutation(async (backend, { id, status }: BookingStatusChange) => {
    const update = bookingStatusUpdateSchema.parse({ status });
    const updated = await backend.bookings.updateStatus(id, update.status);
    putBooking(cache, updated);
    return updated;
  });
}
