// Booking requests: the public create, accepted by the shared rule (acceptBooking) and stored once per idempotency
// key, and the admin's live list and status updates.
import { format } from 'date-fns';
import { acceptBooking, fieldErrorMessages } from '../../domain/accept-booking';
import { isIdempotencyKey } from '../../domain/idempotency-key';
import type { BookingRequest, PublicAvailability, Service } from '../../domain/types';
import { IDEMPOTENCY_KEY_INVALID } from '../../messages';
import { bookingStatusUpdateSchema } from '../../schemas';
import { BackendError, codeForStatus, type BookingsPort, type CreatedBooking } from '../port';
import type { MemorySession } from './memory-session';
import { copy, invalid, parseOrThrow, type MemoryClock } from './memory-support';

export const BOOKING_NOT_FOUND = 'Booking not found';

export function createMemoryBookings(
  seed: BookingRequest[] | undefined,
  deps: {
    clock: MemoryClock;
    session: MemorySession;
    services: readonly Service[];
    availability: () => PublicAvailability;
  },
): BookingsPort {
  const { clock, session } = deps;
  const bookings = copy(seed ?? []);
  const idempotent = new Map<string, CreatedBooking>();

  // Newest first; among equal timestamps the later insert is newer (sort is stable over the reversed list).
  const list = () => copy([...bookings].reverse().sort((a, b) => b.createdAt.localeCompare(a.createdAt)));
  const live = session.channel(list);

  return {
    // No await inside: the check and the insert happen in one turn, so two calls with one key store one booking.
    create: async (input, idempotencyKey) => {
      if (!isIdempotencyKey(idempotencyKey)) throw invalid({}, IDEMPOTENCY_KEY_INVALID);
      const earlier = idempotent.get(idempotencyKey);
      if (earlier) return copy(earlier);

      const decision = acceptBooking(input, {
        services: deps.services,
        availability: deps.availability(),
        today: format(clock.now(), 'yyyy-MM-dd'),
      });
      if (!decision.ok) {
        throw new BackendError(codeForStatus(decision.status), decision.message, {
          status: decision.status,
          fieldErrors: fieldErrorMessages(decision.fieldErrors),
        });
      }

      const at = clock.timestamp();
      const booking: BookingRequest = { id: clock.newId('booking'), ...decision.record, createdAt: at, updatedAt: at };
      bookings.push(booking);
      const created: CreatedBooking = { id: booking.id, status: booking.status, createdAt: booking.createdAt };
      idempotent.set(idempotencyKey, created);
      live.emit();
      return copy(created);
    },

    subscribe: live.subscribe,

    updateStatus: async (id, status) => {
      session.requireAdmin();
      const update = parseOrThrow(bookingStatusUpdateSchema, { status });
      const booking = bookings.find((b) => b.id === id);
      if (!booking) throw new BackendError('not-found', BOOKING_NOT_FOUND, { status: 404 });
      booking.status = update.status;
      booking.updatedAt = clock.timestamp();
      live.emit();
      return copy(booking);
    },
  };
}
