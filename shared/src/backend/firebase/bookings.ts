// Bookings (docs/product.md §5, §7). A visitor's booking goes to the createBooking function, which runs the shared
// acceptance rule and stores it under the idempotency key (firestore.rules refuse client writes), so a retry with the
// same key is answered with the first booking. The admin follows the list live (full SDK, lazy) and sets statuses.
import { doc, getDoc, serverTimestamp, updateDoc } from 'firebase/firestore/lite';
import type { BookingInput } from '../../domain/types';
import { BackendError, type BookingsPort, type CreatedBooking } from '../port';
import { toBooking } from './documents';
import { fromCallableError, mapped, toBackendError } from './errors';
import type { FirebaseContext } from './firebase-context';
import { live } from './live';
import { SMS_CALL_FAILED } from './options';
import { COLLECTIONS } from './paths';

/** What the createBooking callable takes (firebase/functions/src/core/create-booking.ts). */
export interface CreateBookingRequest {
  booking: BookingInput;
  idempotencyKey: string;
}

export function createBookingsPort(ctx: FirebaseContext): BookingsPort {
  async function requestSms(bookingId: string): Promise<void> {
    try {
      const send = await ctx.callable<{ bookingId: string }, unknown>('sendBookingSms');
      await send({ bookingId });
    } catch (error) {
      // docs/product.md §7: the booking stands whatever happens to the text message; failures are only logged.
      console.warn(SMS_CALL_FAILED, error);
    }
  }

  async function create(input: BookingInput, idempotencyKey: string): Promise<CreatedBooking> {
    let created: CreatedBooking;
    try {
      const call = await ctx.callable<CreateBookingRequest, CreatedBooking>('createBooking');
      created = await call({ booking: input, idempotencyKey });
    } catch (error) {
      throw fromCallableError(error);
    }
    // The function keeps one text per booking, so asking again after a retried booking sends nothing twice.
    if (input.smsOptIn) void requestSms(created.id);
    return { id: created.id, status: created.status, createdAt: created.createdAt };
  }

  return {
    create,
    subscribe: (onChange, onError) =>
      live(
        ctx,
        (fs, db) =>
          fs.onSnapshot(
            fs.query(fs.collection(db, COLLECTIONS.bookings), fs.orderBy('createdAt', 'desc')),
            (snap) =>
              onChange(snap.docs.map((d) => toBooking(d.id, d.data({ serverTimestamps: 'estimate' }), ctx.now))),
            (error) => onError(toBackendError(error)),
          ),
        onError,
      ),
    updateStatus: (id, status) =>
      mapped(async () => {
        const { parseOrThrow, bookingStatusUpdateSchema } = await import('./validation');
        const update = parseOrThrow(bookingStatusUpdateSchema, { status });
        const ref = doc(ctx.db(), COLLECTIONS.bookings, id);
        await updateDoc(ref, { status: update.status, updatedAt: serverTimestamp() });
        const snap = await getDoc(ref);
        if (!snap.exists()) throw new BackendError('not-found', 'Booking not found', { status: 404 });
        return toBooking(snap.id, snap.data(), ctx.now);
      }),
  };
}
