// Bookings (docs/product.md §5, §7). A visitor's booking goes to the createBooking function, which runs the shared
// acceptance rule and stores it under the idempotency key (firestore.rules refuse client writes), so a retry with the
// same key is answered with the first booking. The admin follows the list live (full SDK, lazy) and sets statuses.
import {
  getCount,
  collection,
  doc,
  getDoc,
  getDocs,
  orderBy,
  query,
  serverTimestamp,
  updateDoc,
  where,
} from 'firebase/firestore/lite';
import { BOOKING_PAGE_SIZE } from '../../domain/constants';
import { matchesBookingSearch } from '../../domain/lifecycle';
import type { BookingInput, BookingListQuery, BookingPage, BookingRequest } from '../../domain/types';
import { BOOKING_CURSOR_INVALID } from '../../refusal-messages';
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

  // One page from the ordered collection, the cursor being the id of the page's last request.
  async function list(asked: BookingListQuery = {}): Promise<BookingPage> {
    const { parseOrThrow, bookingListQuerySchema } = await import('./validation');
    const { status, cursor, limit = BOOKING_PAGE_SIZE, q = '' } = parseOrThrow(bookingListQuerySchema, asked);
    const ordered = collection(ctx.db(), COLLECTIONS.bookings);
    const snap = await getDocs(
      status
        ? query(ordered, where('status', '==', status), orderBy('createdAt', 'desc'))
        : query(ordered, orderBy('createdAt', 'desc')),
    );
    // Firestore has no substring search: the search filters what the status query read.
    const all = snap.docs.map((d) => toBooking(d.id, d.data(), ctx.now)).filter((b) => matchesBookingSearch(b, q));
    const start = cursor === undefined ? 0 : all.findIndex((b) => b.id === cursor) + 1;
    if (cursor !== undefined && start === 0) {
      throw new BackendError('validation', BOOKING_CURSOR_INVALID, { status: 400 });
    }
    const items = all.slice(start, start + limit);
    const last = items.at(-1);
    return { items, nextCursor: all.length > start + limit && last ? last.id : null };
  }

  return {
    summary: () =>
      mapped(async () => {
        const snap = await getCount(query(collection(ctx.db(), COLLECTIONS.bookings), where('status', '==', 'New')));
        return { new: snap.data().count };
      }),
    create,
    list: (asked) => mapped(() => list(asked)),
    // The port's changes from the whole-collection snapshots this adapter listens to: the first snapshot is the
    // 'resync', then each later one is compared with the one before.
    subscribe: (onChange, onError) =>
      live(
        ctx,
        (fs, db) => {
          let known: Map<string, string> | undefined;
          return fs.onSnapshot(
            fs.query(fs.collection(db, COLLECTIONS.bookings), fs.orderBy('createdAt', 'desc')),
            (snap) => {
              const now = new Map<string, BookingRequest>(
                snap.docs.map((d) => [d.id, toBooking(d.id, d.data({ serverTimestamps: 'estimate' }), ctx.now)]),
              );
              const before = known;
              known = new Map([...now].map(([id, b]) => [id, JSON.stringify(b)]));
              if (!before) return onChange({ type: 'resync' });
              for (const [id, booking] of now) {
                const was = before.get(id);
                if (was === undefined) onChange({ type: 'created', booking });
                else if (was !== known.get(id)) onChange({ type: 'updated', booking });
              }
            },
            (error) => onError(toBackendError(error)),
          );
        },
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
