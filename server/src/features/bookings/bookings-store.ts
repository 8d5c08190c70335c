// The bookings store: what the server asks of this storage, honoured by bookings.sqlite.ts and bookings.firestore.ts
// alike and proved on both by the storage contract (server/test/storage-contract/). The rules every store keeps
// (Promises, atomic calls, no clock, secrets only as hashes): platform/storage/storage-port.ts.
import type {
  BookingListQuery,
  BookingPage,
  BookingRequest,
  BookingStatus,
  BookingSummary,
  IsoDate,
  MovablePart,
} from '@studio/shared/domain';
import type { MailToSend } from '../messaging';

/** What a new booking row holds: everything but the id, which the store assigns (a random UUID). */
export type NewBookingRequest = Omit<BookingRequest, 'id'>;

/** The fields of a booking that decide which days and slots it holds (bookedDaysOf). */
export type ConfirmedDates = Pick<
  BookingRequest,
  'date' | 'endDate' | 'time' | 'consultationDate' | 'consultationTime'
>;

/** Calendar days, both ends included. `to: null` has no upper end. */
export interface DateRange {
  from: IsoDate;
  to: IsoDate | null;
}

/** What createOnce's decision stores: the request, and the SHA-256 of the client's manage-link token (or null). */
export interface BookingToStore {
  booking: NewBookingRequest;
  manageTokenHash: string | null;
}

export interface CreateOnceRequest {
  idempotencyKey: string;
  /** The SHA-256 of the request body as sent (canonical JSON), kept with the row to tell a retry from a reuse. */
  bodyHash: string;
  /**
   * The days the request touches: `decide` is shown the confirmed bookings that hold any day in it (exactly what
   * confirmedDatesBetween answers for it). null (a request without dates) shows it none and reads none.
   */
  range: DateRange | null;
  /**
   * The route's decision, pure: given the confirmed bookings that can collide with the request, what to store; or it
   * throws (a refusal), and then nothing is stored and createOnce rejects with that same error. It may be called more
   * than once, and is not called at all when the key was already used.
   */
  decide: (confirmed: ConfirmedDates[]) => BookingToStore;
  /**
   * The mails about the new request, given it as stored (its id included): kept in the mail queue, due at once, by
   * the same atomic operation, so the request and its mails are stored together or not at all, and a 201 never
   * stands for a request whose mails a stopped process took with it. Pure and synchronous (SQLite cannot await
   * inside the transaction); like `decide` it may be called more than once, and is not called when the key was
   * already used (a retry writes no mail).
   */
  mails?: (booking: BookingRequest) => MailToSend[];
  /**
   * Where the mails go: the queue the mail job sends from (an SMTP server's mail leaves the database), or, when the
   * mailer is the local outbox, straight into the outbox, where such a mail ends: a store that can write it in the
   * same transaction does (SQLite: one write a mail instead of a queued one moved later); the others queue it.
   */
  mailsTo?: 'queue' | 'outbox';
}

export type CreateOnceResult =
  | { created: true; booking: BookingRequest }
  /** The key was used before: the request stored then, with its body hash (null for a row stored before hashes). */
  | { created: false; booking: BookingRequest; bodyHash: string | null };

/** acceptReschedule's last look before the move: throws to refuse it. */
export type RescheduleCheck = (booking: BookingRequest, held: ConfirmedDates[]) => void;

/** A cursor this store did not make (page()). */
export class InvalidCursorError extends Error {}

export interface BookingsStore {
  /**
   * Atomic: looks the idempotency key up; if unused, reads the confirmed bookings in `range`, calls `decide`, and
   * stores its answer under the key and body hash. Two requests with the same key store one row; a request and a
   * status change to Confirmed racing on the same day are ordered (the request sees the confirmation, or the
   * confirmation comes after the request was stored).
   */
  createOnce(request: CreateOnceRequest): Promise<CreateOnceResult>;
  get(id: string): Promise<BookingRequest | null>;
  /**
   * One page, newest first (createdAt descending; of two created in the same millisecond, the later stored first),
   * all or one status, optionally only those whose name or e-mail contains `q` (ASCII case-insensitive) or whose id
   * without dashes starts with it. `nextCursor` is an opaque string, null on the last page. Keyset pages: a request
   * created meanwhile never moves a row onto two pages. Rejects with InvalidCursorError for a cursor it did not make.
   */
  page(query?: BookingListQuery): Promise<BookingPage>;
  /** Every Confirmed request ordered by date then createdAt, at most 5,000 (her calendar feed). */
  confirmedBookings(): Promise<BookingRequest[]>;
  /**
   * The confirmed bookings holding any day of `range`: a shoot whose days `date`..`endDate` (endDate '' = the one
   * day) overlap it, or a consultation on a day in it. Each booking once, as stored (its days may reach outside the
   * range). Then each New or Contacted request with a consultation slot on a day in it, as that slot alone
   * (consultationDate and consultationTime; date, endDate and time ''): a requested slot is held, so two clients
   * cannot ask for the same one. What blocks a new request or a visitor's calendar from today on; bounded by the
   * range, not by the whole history (SQLite: an index; Firestore: range queries).
   */
  confirmedDatesBetween(range: DateRange): Promise<ConfirmedDates[]>;
  /** What the dashboard's badge counts: the requests still New. */
  summary(): Promise<BookingSummary>;
  count(): Promise<number>;
  /** Sets the status and updatedAt (`at`, ISO); null when no request has that id. Answers the row as stored. */
  updateStatus(id: string, status: BookingStatus, at: string): Promise<BookingRequest | null>;
  /** Atomic increment of the request's calendar-invite counter; answers the new value (0 when no such request). */
  nextInviteSequence(id: string): Promise<number>;
  /** The invite counter as it stands (0: none sent, or no such request). */
  inviteSequence(id: string): Promise<number>;
  /** The request whose manage-link token hashes to `tokenHash`, or null. */
  findByManageTokenHash(tokenHash: string): Promise<BookingRequest | null>;
  /** Atomic: Cancelled (updatedAt `at`) unless it is Declined or Cancelled already; false then (or no such id). */
  cancelByClient(id: string, at: string): Promise<boolean>;
  /**
   * Atomic: records the date the client asks to move the shoot (rescheduleDate) or the consultation
   * (rescheduleConsultationDate) to, updatedAt and the time she asked (`at`), unless the request is Declined or
   * Cancelled; false then (or no such id).
   */
  requestReschedule(id: string, date: IsoDate, at: string, part?: MovablePart, time?: string): Promise<boolean>;
  /**
   * Atomic: each requested day takes its place: the shoot's becomes the single shoot day (date = rescheduleDate,
   * endDate '', time = the requested time), the consultation's the consultation day at the slot asked for
   * (rescheduleConsultationTime, '' for none); the requests and the reminder mark cleared, updatedAt `at`. Only while a
   * move is requested and the request is neither Declined nor Cancelled; null otherwise. Answers the row as stored.
   * `check`, when given, is shown the booking as it stands and what holds the requested consultation day (exactly
   * what confirmedDatesBetween answers for that one day; none when no consultation move is asked) inside the same
   * atomic operation, and may throw (a refusal): then nothing changes and acceptReschedule rejects with that error.
   * A request that takes that slot meanwhile is ordered against it, as createOnce orders two requests.
   */
  acceptReschedule(id: string, at: string, check?: RescheduleCheck): Promise<BookingRequest | null>;
  /**
   * Confirmed requests that opted in to SMS, have a phone and no reminder sent yet, whose booked day (date, or the
   * consultation date when there is no date) is `day`; oldest first.
   */
  dueForReminder(day: IsoDate): Promise<BookingRequest[]>;
  /** Atomic: marks the reminder sent at `at` unless it already was; false then, so two ticks never both send it. */
  claimReminder(id: string, at: string): Promise<boolean>;
  /** Clears the reminder mark again (its SMS did not go out), so a later tick tries again. */
  releaseReminder(id: string): Promise<void>;
}
