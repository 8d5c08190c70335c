// Sets a request's status (docs/product.md §4: any status, updatedAt refreshed), with her optional personal message
// for the client's mail. The server's answer goes into every cached list at once, so the dropdown and
// Generate Contract follow without waiting for the live stream's event. Undo (where the backend holds the mail) and
// accepting a client's move request answer the request the same way.
import { useMutation, useQueryCache } from '@studio/shared/data';
import { bookingStatusUpdateSchema } from '@studio/shared/schemas';
import type { BookingStatus } from '@studio/shared/domain';
import { putBooking } from './get-bookings';

export interface BookingStatusChange {
  id: string;
  status: BookingStatus;
  message?: string;
}

export function useUpdateBookingStatus() {
  const cache = useQueryCache();
  return useMutation(async (backend, { id, status, message }: BookingStatusChange) => {
    const update = bookingStatusUpdateSchema.parse({ status, ...(message ? { message } : {}) });
    const updated = await backend.bookings.updateStatus(id, update.status, { message: update.message });
    putBooking(cache, updated);
    return updated;
  });
}

export function useUndoBookingStatus() {
  const cache = useQueryCache();
  return useMutation(async (backend, id: string) => {
    if (!backend.bookings.undoStatus) throw new Error('Undo is not available on this backend.');
    const restored = await backend.bookings.undoStatus(id);
    putBooking(cache, restored);
    return restored;
  });
}

export function useAcceptReschedule() {
  const cache = useQueryCache();
  return useMutation(async (backend, id: string) => {
    if (!backend.bookings.acceptReschedule) throw new Error('Moving a request is not available on this backend.');
    const moved = await backend.bookings.acceptReschedule(id);
    putBooking(cache, moved);
    return moved;
  });
}
