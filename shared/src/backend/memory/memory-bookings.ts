// Booking requests: the public create, accepted by the shared rule (acceptBooking) and stored once per idempotency
// key, and the admin's pages of the list, live changes and status updates.
import { format } from 'date-fns';
import { acceptBooking, fieldErrorMessages } from '../../domain/accept-booking';
import { isIdempotencyKey } from '../../domain/idempotency-key';
import { canonicalBookingRequest } from '../../domain/request-fingerprint';
import { BOOKING_PAGE_SIZE } from '../../domain/constants';
import { bookedDaysOf } from '../../domain/booking-rules';
import {
  CLOSED_STATUSES,
  matchesBookingSearch,
  STATUS_UNDO_SECONDS,
  statusChangeMailsClient,
} from '../../domain/lifecycle';
import type { BookingChange, BookingRequest, BookingStatus, PublicAvailability, Service } from '../../domain/types';
import { IDEMPOTENCY_KEY_INVALID } from '../../messages';
import {
  BOOKING_CURSOR_INVALID,
  IDEMPOTENCY_KEY_REUSED,
  RESCHEDULE_NOTHING_TO_ACCEPT,
  UNDO_TOO_LATE,
} from '../../refusal-messages';
import { bookingListQuerySchema, bookingStatusUpdateSchema } from '../../schemas';
import { BackendError, codeForStatus, type BookingsPort, type CreatedBooking } from '../port';
import type { MemorySession } from './memory-session';
import { copy, invalid, parseOrThrow, type MemoryClock } from './memory-support';

export const BOOKING_NOT_FOUND = 'Booking not found';

export function createMemoryBookings(
  seed: BookingRequest[] | undefined,
  deps: {
    clock: MemoryClock;
    session: MemorySession;
    /** The services a visitor can book (hidden ones are not). */
    services: () => readonly Service[];
    availability: () => PublicAvailability;
  },
): BookingsPort {
  const { clock, session } = deps;
  const bookings = copy(seed ?? []);
  // Each key with the request it stands for, as the server keeps a hash of the body with the key.
  const idempotent = new Map<string, { created: CreatedBooking; request: string }>();
  const requestOf = canonicalBookingRequest;

  // Status changes whose (imaginary) mail is still held: what Undo puts back, and until when.
  const held = new Map<string, { previousStatus: BookingStatus; until: number }>();
  const find = (id: string) => {
    const booking = bookings.find((b) => b.id === id);
    if (!booking) throw new BackendError('not-found', BOOKING_NOT_FOUND, { status: 404 });
    return booking;
  };

  // Newest first; among equal timestamps the later insert is newer (sort is stable over the reversed list).
  const newestFirst = () => [...bookings].reverse().sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  // Nothing is missed between subscribing and reading the list here, but the stream says 'resync' as a server's does.
  const live = session.events<BookingChange>(() => ({ type: 'resync' }));

  return {
    // No await inside: the check and the insert happen in one turn, so two calls with one key store one booking.
    create: async (input, idempotencyKey) => {
      if (!isIdempotencyKey(idempotencyKey)) throw invalid({}, IDEMPOTENCY_KEY_INVALID);
      const earlier = idempotent.get(idempotencyKey);
      if (earlier) {
        if (earlier.request !== requestOf(input)) {
          throw new BackendError('validation', IDEMPOTENCY_KEY_REUSED, { status: 422 });
        }
        return copy(earlier.created);
      }

      const decision = acceptBooking(input, {
        services: deps.services(),
        // Confirmed requests hold their days (issue 18), as on the server.
        availability: {
          ...deps.availability(),
          booked: bookedDaysOf(bookings.filter((b) => b.status === 'Confirmed')),
        },
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
      idempotent.set(idempotencyKey, { created, request: requestOf(input) });
      live.emit({ type: 'created', booking });
      return copy(created);
    },

    // The cursor is the id of the page's last request; the next page starts after it in the full order.
    list: async (query = {}) => {
      session.requireAdmin();
      const { status, cursor, limit = BOOKING_PAGE_SIZE, q = '' } = parseOrThrow(bookingListQuerySchema, query);
      const ordered = newestFirst();
      const start = cursor === undefined ? 0 : ordered.findIndex((b) => b.id === cursor) + 1;
      if (start === 0 && cursor !== undefined) throw invalid({}, BOOKING_CURSOR_INVALID);
      const matching = ordered
        .slice(start)
        .filter((b) => (status === undefined || b.status === status) && matchesBookingSearch(b, q));
      const items = matching.slice(0, limit);
      const last = items.at(-1);
      return copy({ items, nextCursor: matching.length > limit && last ? last.id : null });
    },

    summary: async () => {
      session.requireAdmin();
      return { new: bookings.filter((b) => b.status === 'New').length };
    },

    subscribe: live.subscribe,

    updateStatus: async (id, status, options = {}) => {
      session.requireAdmin();
      const update = parseOrThrow(bookingStatusUpdateSchema, {
        status,
        ...(options.message !== undefined ? { message: options.message } : {}),
      });
      const booking = find(id);
      const before = booking.status;
      booking.status = update.status;
      booking.updatedAt = clock.timestamp();
      // As the server does: a change that tells the client is held for the Undo window; a second one within it keeps
      // the status from before the first. No mail is ever sent here; the hold only decides what Undo may do.
      if (before === update.status) {
        // Nothing changed: nothing to tell, nothing new to take back.
      } else if (statusChangeMailsClient(update.status)) {
        const open = held.get(id);
        held.set(id, {
          previousStatus: open && clock.now().getTime() < open.until ? open.previousStatus : before,
          until: clock.now().getTime() + STATUS_UNDO_SECONDS * 1000,
        });
      } else held.delete(id);
      live.emit({ type: 'updated', booking });
      return copy(booking);
    },

    undoStatus: async (id) => {
      session.requireAdmin();
      const booking = find(id);
      const open = held.get(id);
      held.delete(id);
      if (!open || clock.now().getTime() >= open.until)
        throw new BackendError('conflict', UNDO_TOO_LATE, { status: 409 });
      booking.status = open.previousStatus;
      booking.updatedAt = clock.timestamp();
      live.emit({ type: 'updated', booking });
      return copy(booking);
    },

    acceptReschedule: async (id) => {
      session.requireAdmin();
      const booking = find(id);
      if (!booking.rescheduleDate || CLOSED_STATUSES.includes(booking.status)) {
        throw new BackendError('conflict', RESCHEDULE_NOTHING_TO_ACCEPT, { status: 409 });
      }
      Object.assign(booking, { date: booking.rescheduleDate, endDate: '', time: '', updatedAt: clock.timestamp() });
      delete booking.rescheduleDate;
      live.emit({ type: 'updated', booking });
      return copy(booking);
    },
  };
}
