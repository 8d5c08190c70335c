// Sets a request's status (docs/product.md §4: any status, updatedAt refreshed). The server's answer goes into the
// cached list at once, so the dropdown and Generate Contract follow without waiting for the live stream's snapshot.
import { useMutation, useQueryCache } from '@studio/shared/data';
import { bookingStatusUpdateSchema } from '@studio/shared/schemas';
import type { BookingRequest, BookingStatus } from '@studio/shared/domain';
import { bookingsKey } from './get-bookings';

export interface BookingStatusChange {
  id: string;
  status: BookingStatus;
}

export function useUpdateBookingStatus() {
  const cache = useQueryCache();
  return useMutation(async (backend, { id, status }: BookingStatusChange) => {
    const update = bookingStatusUpdateSchema.parse({ status });
    const updated = await backend.bookings.updateStatus(id, update.status);
    const list = cache.read<BookingRequest[]>(bookingsKey);
    if (list.status === 'ready') {
      cache.set(
        bookingsKey,
        list.data.map((b) => (b.id === updated.id ? updated : b)),
      );
    }
    return updated;
  });
}
