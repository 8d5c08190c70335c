// The logic of the createBooking callable (docs/product.md §5, §7; docs/architecture.md, "One rule, many doors"):
// visitors cannot write bookingRequests (firestore.rules), so every booking comes through here. It runs the shared
// acceptance rule on the services and availability it reads itself, and stores what the rule answers under the
// idempotency key as the document id, inside one transaction, so a retry or a concurrent duplicate with the same key
// finds the first booking instead of storing a second. The key stands for one request: the booking keeps a hash of
// the request it was made from, and the same key with another request is refused (422), as on the embedded server.
// A per-client rate limit comes first.
import { createHash } from 'node:crypto';
import {
  Timestamp,
  type DocumentReference,
  type Firestore,
  type QueryDocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  MIN_NOTICE_DAYS_DEFAULT,
  bookedDaysOf,
  isIdempotencyKey,
  type PublicAvailability,
  type Service,
} from '@studio/shared/domain';
import { DEFAULT_TIMEZONE, calendarDayIn } from '@studio/shared/domain/studio-time';
import { acceptBooking, fieldErrorMessages } from '@studio/shared/domain/accept-booking';
import { canonicalBookingRequest } from '@studio/shared/domain/request-fingerprint';
import { IDEMPOTENCY_KEY_INVALID } from '@studio/shared/messages';
import { IDEMPOTENCY_KEY_REUSED } from '@studio/shared/refusal-messages';
import { BOOKING_REQUEST_SHAPE, tooManyRequests } from '../messages';

export interface CreatedBooking {
  id: string;
  status: 'New';
  createdAt: string;
}

export interface RateLimit {
  /** Calls of any outcome per client per minute: the embedded server's public write limit. */
  callsPerMinute: number;
  /** Bookings stored per client per hour: a visitor books once or twice; spam would use up the SMS allowance. */
  bookingsPerHour: number;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { callsPerMinute: 20, bookingsPerHour: 3 };

export interface CreateBookingDeps {
  db: Firestore;
  now: () => Date;
  rateLimit?: RateLimit;
}

/** What the callable receives: the visitor's data and who is calling (their address, for the rate limit). */
export interface CreateBookingCall {
  data: unknown;
  client: string;
}

export type BookingCallErrorCode = 'invalid-argument' | 'failed-precondition' | 'resource-exhausted';

export interface BookingCallErrorDetails {
  status: 400 | 409 | 422 | 429;
  /** The message word for word: the Firebase SDK appends the HTTP status to the error's own message. */
  message: string;
  fieldErrors?: Record<string, string[]>;
  retryAfter?: number;
}

/**
 * A refusal, carried to the client as an HttpsError: `details.status` is the embedded server's HTTP status for the
 * same refusal and `details.fieldErrors` its field errors, so the adapter raises the same BackendError either way.
 */
export class BookingCallError extends Error {
  readonly details: BookingCallErrorDetails;

  constructor(
    readonly code: BookingCallErrorCode,
    message: string,
    details: Omit<BookingCallErrorDetails, 'message'>,
  ) {
    super(message);
    this.details = { ...details, message };
  }
}

export const COLLECTIONS = {
  bookings: 'bookingRequests',
  services: 'services',
  periods: 'availabilityPeriods',
  unavailable: 'unavailableDays',
  slots: 'timeSlots',
  /** One document per client (a hash of its address, never the address): recent calls and bookings. */
  rateLimits: 'bookingRateLimits',
} as const;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const times = (v: unknown) => (Array.isArray(v) ? v.filter((t): t is number => typeof t === 'number') : []);

/** The hash of the request an idempotency key stands for, as the embedded server keeps it. */
export function requestHashOf(booking: unknown): string {
  return createHash('sha256').update(canonicalBookingRequest(booking)).digest('hex');
}

/** The rate-limit document of a client: a hash, so no address is stored. */
export const rateLimitDocId = (client: string) => createHash('sha256').update(client).digest('hex').slice(0, 40);

async function readContext(tx: Transaction, db: Firestore) {
  // One read after another, not in parallel: when Firestore aborts a contended transaction, the read it aborts
  // rejects with ABORTED and the SDK runs the transaction again; reads still in flight beside it would reject with
  // 'Transaction is invalid or closed', which is not retried (seen with concurrent calls under one key).
  const services = await tx.get(db.collection(COLLECTIONS.services));
  const periods = await tx.get(db.collection(COLLECTIONS.periods));
  const unavailable = await tx.get(db.collection(COLLECTIONS.unavailable));
  const slots = await tx.get(db.collection(COLLECTIONS.slots));
  // Confirmed bookings hold their days (issue 18); read in the transaction, so a confirmation made meanwhile
  // makes Firestore run it again.
  const confirmed = await tx.get(db.collection(COLLECTIONS.bookings).where('status', '==', 'Confirmed'));
  const availability: PublicAvailability = {
    periods: periods.docs.map((d: QueryDocumentSnapshot) => ({
      id: d.id,
      startDate: str(d.get('startDate')),
      endDate: str(d.get('endDate')),
      isAvailable: d.get('isAvailable') === true,
    })),
    unavailable: unavailable.docs.map((d: QueryDocumentSnapshot) => ({
      id: d.id,
      startDate: str(d.get('startDate')),
      endDate: str(d.get('endDate')),
    })),
    slots: slots.docs.map((d: QueryDocumentSnapshot) => ({
      id: d.id,
      date: str(d.get('date')),
      startTime: str(d.get('startTime')),
      endTime: str(d.get('endTime')),
      isAvailable: d.get('isAvailable') === true,
    })),
    booked: bookedDaysOf(
      confirmed.docs.map((d: QueryDocumentSnapshot) => ({
        date: str(d.get('date')),
        endDate: str(d.get('endDate')),
        time: str(d.get('time')),
        consultationDate: str(d.get('consultationDate')),
        consultationTime: str(d.get('consultationTime')),
      })),
    ),
    minNoticeDays: MIN_NOTICE_DAYS_DEFAULT,
  };
  return {
    services: services.docs.map((d: QueryDocumentSnapshot) => ({ ...(d.data() as Omit<Service, 'id'>), id: d.id })),
    availability,
  };
}

/** Counts the call, in a transaction of its own so that a refused booking still counts. */
async function countCall(deps: CreateBookingDeps, limit: RateLimit, ref: DocumentReference) {
  const t = deps.now().getTime();
  const refusedFor = await deps.db.runTransaction(async (tx: Transaction) => {
    const doc = await tx.get(ref);
    const calls = times(doc.get('calls')).filter((s) => t - s < MINUTE_MS);
    if (calls.length >= limit.callsPerMinute) return Math.ceil((Math.min(...calls) + MINUTE_MS - t) / 1000);
    tx.set(
      ref,
      { calls: [...calls, t], expireAt: Timestamp.fromMillis(t + 2 * HOUR_MS) },
      { mergeFields: ['calls', 'expireAt'] },
    );
    return 0;
  });
  if (refusedFor > 0) {
    throw new BookingCallError('resource-exhausted', tooManyRequests(refusedFor), {
      status: 429,
      retryAfter: refusedFor,
    });
  }
}

export async function createBooking(
  deps: CreateBookingDeps,
  call: CreateBookingCall,
): Promise<{ booking: CreatedBooking; created: boolean }> {
  const limit = deps.rateLimit ?? DEFAULT_RATE_LIMIT;
  const limitRef = deps.db.collection(COLLECTIONS.rateLimits).doc(rateLimitDocId(call.client));
  await countCall(deps, limit, limitRef);

  const data = call.data;
  if (typeof data !== 'object' || data === null || !('booking' in data)) {
    throw new BookingCallError('invalid-argument', BOOKING_REQUEST_SHAPE, { status: 400 });
  }
  const { booking: input, idempotencyKey } = data as { booking: unknown; idempotencyKey?: unknown };
  if (!isIdempotencyKey(idempotencyKey)) {
    throw new BookingCallError('invalid-argument', IDEMPOTENCY_KEY_INVALID, { status: 400 });
  }
  const ref = deps.db.collection(COLLECTIONS.bookings).doc(idempotencyKey);
  const requestHash = requestHashOf(input);

  return deps.db.runTransaction(async (tx: Transaction) => {
    // Every read before any write, as Firestore transactions require; a concurrent write to any document read
    // here (the key's booking, the services, the availability) makes Firestore run this function again.
    // In turn, for the reason given in readContext.
    const earlier = await tx.get(ref);
    const limits = await tx.get(limitRef);
    const context = await readContext(tx, deps.db);
    if (earlier.exists) {
      // Another request under a stored key is a client's mistake to say out loud, not a retry to answer. A booking
      // stored before bookings kept their hash has none, and is answered as before.
      const stored: unknown = earlier.get('requestHash');
      if (typeof stored === 'string' && stored !== requestHash) {
        throw new BookingCallError('invalid-argument', IDEMPOTENCY_KEY_REUSED, { status: 422 });
      }
      const createdAt = earlier.get('createdAt') as Timestamp | undefined;
      return {
        booking: {
          id: earlier.id,
          status: 'New' as const,
          createdAt: (createdAt ?? Timestamp.now()).toDate().toISOString(),
        },
        created: false,
      };
    }

    const now = deps.now();
    const t = now.getTime();
    // The studio's day (its default zone; the hosted site has no TIMEZONE setting yet).
    const decision = acceptBooking(input, { ...context, today: calendarDayIn(DEFAULT_TIMEZONE, now) });
    if (!decision.ok) {
      const fieldErrors = fieldErrorMessages(decision.fieldErrors);
      throw new BookingCallError(
        decision.status === 409 ? 'failed-precondition' : 'invalid-argument',
        decision.message,
        {
          status: decision.status,
          ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
        },
      );
    }

    const stored = times(limits.get('bookings')).filter((s) => t - s < HOUR_MS);
    if (stored.length >= limit.bookingsPerHour) {
      const retryAfter = Math.ceil((Math.min(...stored) + HOUR_MS - t) / 1000);
      throw new BookingCallError('resource-exhausted', tooManyRequests(retryAfter), { status: 429, retryAfter });
    }

    const at = Timestamp.fromDate(now);
    // requestHash stays on the server's side: the adapter picks a booking's fields by name (toBooking) and the rules
    // let the admin change only status and updatedAt.
    tx.create(ref, { ...decision.record, requestHash, createdAt: at, updatedAt: at });
    tx.set(
      limitRef,
      { bookings: [...stored, t], expireAt: Timestamp.fromMillis(t + 2 * HOUR_MS) },
      { mergeFields: ['bookings', 'expireAt'] },
    );
    return { booking: { id: ref.id, status: 'New' as const, createdAt: now.toISOString() }, created: true };
  });
}
