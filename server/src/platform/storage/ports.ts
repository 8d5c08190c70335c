// The storage port: what the server asks of its storage, one interface per store, written so that SQLite
// (repositories/sqlite, the embedded home) and Firestore with the Admin SDK (the Firebase home) can both honour it,
// and the same server runs on either home. Everything the routes, services and jobs read or write goes through these interfaces and nothing else.
//
// Rules every implementation keeps:
// - Every method answers a Promise; a rejected one means nothing of that call was stored (no half writes).
// - "Atomic" below means: the reads and writes of that one call happen in one transaction, so two calls racing each see
//   the other whole (SQLite: one transaction; Firestore: one runTransaction). Callers never compose several calls into
//   a transaction of their own: where a route needs read-decide-write as one step, the port offers it as one
//   operation whose decision is a pure callback (bookings.createOnce). Such a callback may run more than once (a
//   Firestore transaction is retried on contention), so it must not have side effects.
// - Business rules stay out of the stores: they store what they are given and answer what is stored. The few
//   conditions a store checks (a status a change may start from, a counter value, a token not yet spent) are named in
//   the method's comment, because they are what makes the write safe against a race.
// - Times are passed in by the caller (ISO strings or ms since the epoch, as each method says); a store reads no clock.
// - `null` answers "there is none"; `false` answers "nothing was changed" (the condition named did not hold). Where a
//   method answers `undefined` instead, its comment says so (kept from the SQLite repositories the routes grew up on).
// - Secrets are never handed to a store: sign-in tokens, session ids, manage and signing links, deploy tokens and
//   recovery codes reach it as their SHA-256 (hex) only.
import type {
  AdminAvailability,
  AvailabilityPeriodInput,
  BookingListQuery,
  BookingPage,
  BookingRequest,
  BookingStatus,
  BookingSummary,
  ContractForm,
  Gallery,
  IsoDate,
  MediaItem,
  MovablePart,
  Passkey,
  PortfolioContent,
  PortfolioMeta,
  Project,
  ProjectWithGallery,
  PublicAvailability,
  Service,
  SiteContent,
  TimeSlotInput,
  WeeklySlotInput,
  UnavailableRangeInput,
} from '@studio/shared/domain';
import type {
  ContractDeal,
  ContractEvent,
  ContractPaperSize,
  ContractRecord,
  ContractStatus,
} from '@studio/shared/domain/contract';
import type { ClientAction } from '@studio/shared/domain/client-actions';
import type { Payment, PaymentKind } from '@studio/shared/domain/payments';
import type { QuoteInput, QuoteSettings } from '@studio/shared/domain/quote';
import type { outboxMessageSchema, z } from '@studio/shared/schemas';
import type { MailAttachment } from '../../features/messaging/mail-attachment';

// ---------------------------------------------------------------------------------------------------------------------
// Bookings

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

// ---------------------------------------------------------------------------------------------------------------------
// Availability

export type AvailabilityKind = 'periods' | 'unavailable' | 'slots';

export interface AvailabilityStore {
  /**
   * Periods, unavailable ranges and slots without notes or reasons, each ordered by date (slots: then start time);
   * the weekly slots by weekday, then start time.
   */
  getPublic(): Promise<Omit<PublicAvailability, 'booked' | 'minNoticeDays'>>;
  /** The same with notes, reasons and timestamps. */
  getAdmin(): Promise<AdminAvailability>;
  /** Each answers the new entry's id (a random UUID); `at` (ISO) is its createdAt (and a period's updatedAt). */
  addPeriod(input: AvailabilityPeriodInput, at: string): Promise<string>;
  addUnavailable(input: UnavailableRangeInput, at: string): Promise<string>;
  addSlot(input: TimeSlotInput, at: string): Promise<string>;
  /** Atomic: her weekly consultation slots become exactly these (each a new id; `at` is their createdAt). */
  replaceWeekly(slots: readonly WeeklySlotInput[], at: string): Promise<void>;
  /** false when nothing of that kind had that id. */
  delete(kind: AvailabilityKind, id: string): Promise<boolean>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Content (services, documents, projects and galleries)

/** The ids of the one-document-each content. */
export const PORTFOLIO_META_ID = 'portfolioMeta/main';
export const PORTFOLIO_CONTENT_ID = 'portfolioContent/main';
export const SITE_DETAILS_ID = 'site/main';
export const COMP_CARD_ID = 'compCard/main';
export type DocumentId =
  typeof PORTFOLIO_META_ID | typeof PORTFOLIO_CONTENT_ID | typeof SITE_DETAILS_ID | typeof COMP_CARD_ID;

export interface ContentStore {
  /** Every service, hidden ones too, in her order (position, then id). A hidden one carries `hidden: true`. */
  listAllServices(): Promise<Service[]>;
  /** The services not hidden, in her order, without the `hidden` flag: what visitors see and may book. */
  listServices(): Promise<Service[]>;
  /** Any stored service, hidden or not; null when none has that id. */
  findService(id: string): Promise<Service | null>;
  /** Atomic: creates the service at the end of her order, or replaces it where it stands. Answers it as stored. */
  saveService(service: Service): Promise<Service>;
  /** false when none had that id. */
  deleteService(id: string): Promise<boolean>;
  /** Atomic: her new order; false (nothing changed) unless `ids` names every stored service exactly once. */
  reorderServices(ids: string[]): Promise<boolean>;
  /** The site details and comp card, each with EMPTY_SITE_DETAILS / EMPTY_COMP_CARD filling what is not stored. */
  getSite(): Promise<SiteContent>;
  getPortfolioMeta(): Promise<{ data: PortfolioMeta; updatedAt: string } | null>;
  getPortfolioContent(): Promise<{ data: PortfolioContent; updatedAt: string } | null>;
  /** Replaces one document whole; `at` (ISO) is its updatedAt. */
  putDocument(id: DocumentId, data: unknown, at: string): Promise<void>;
  /** Atomic: every document of the list written, or none (her portfolio's words and media, saved by her one Save). */
  putDocuments(documents: ReadonlyArray<{ id: DocumentId; data: unknown }>, at: string): Promise<void>;
  /** Every project with its gallery (empty lists when it has none), ordered by id. */
  listProjects(): Promise<ProjectWithGallery[]>;
  getProject(id: string): Promise<Project | null>;
  getGallery(projectId: string): Promise<Gallery | null>;
  /** Atomic: the project and its gallery, each replaced whole. */
  putProject(project: Project, gallery: Gallery): Promise<void>;
  /** Atomic: the project and its gallery; false when there was no such project. */
  deleteProject(id: string): Promise<boolean>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Contracts

export type ContractEventInput = Omit<ContractEvent, 'at'>;

export interface ContractsStore {
  /** With its events in the order they were added; null when none has that id. */
  find(id: string): Promise<ContractRecord | null>;
  /** The booking's contracts, newest version first. */
  listForBooking(bookingId: string): Promise<ContractRecord[]>;
  /** Atomic: a new draft, version = the booking's highest + 1 (1 for its first), with its first event. */
  create(
    bookingId: string,
    input: { form: ContractForm; deal: ContractDeal; paperSize: ContractPaperSize },
    at: string,
    event: ContractEventInput,
  ): Promise<ContractRecord>;
  /**
   * Atomic: a new form and paper size (and deal, when given: her quote changed), back to 'draft' (sentAt cleared) with
   * the signing link deleted and the event added, unless it is signed; null then (a signed contract is frozen).
   */
  edit(
    id: string,
    input: { form: ContractForm; paperSize: ContractPaperSize; deal?: ContractDeal },
    at: string,
    event: ContractEventInput,
  ): Promise<ContractRecord | null>;
  /**
   * Atomic: 'sent' (sentAt `at`) with a new signing link (`tokenHash`, expiring at `expiresAt`) replacing any earlier
   * one, and the event, unless it is signed; null then.
   */
  send(
    id: string,
    tokenHash: string,
    expiresAt: string,
    at: string,
    event: ContractEventInput,
  ): Promise<ContractRecord | null>;
  /** The contract a link opens and when the link expires; null for a hash never issued or replaced since. */
  link(tokenHash: string): Promise<{ contractId: string; expiresAt: string } | null>;
  /** Atomic: adds the event, and a 'sent' contract becomes 'viewed' (any other status stays). null: no such id. */
  view(id: string, at: string, event: ContractEventInput): Promise<ContractRecord | null>;
  /**
   * Atomic: 'signed' with the signer, the hashes, the signed PDF and the event, only from 'sent' or 'viewed' and only
   * while its booking is neither Cancelled nor Declined (read in the same transaction: such a contract is void, nobody
   * signs for a booking that no longer stands); 'void' then, and nothing is written. null otherwise (signed meanwhile, or edited back to a draft). The link
   * stays (it opens the signed contract). A contract whose booking is not stored is not void.
   */
  sign(
    id: string,
    signed: { signerName: string; documentHash: string; pdf: Uint8Array; pdfHash: string },
    at: string,
    event: ContractEventInput,
  ): Promise<ContractRecord | 'void' | null>;
  addEvent(id: string, at: string, event: ContractEventInput): Promise<void>;
  /** Each booking's contract state: its highest version's status, by booking id. */
  latestStates(): Promise<Record<string, ContractStatus>>;
  /** The signed PDF as it was stored at signing; null until signed. */
  signedPdf(id: string): Promise<Buffer | null>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Sessions and sign-in links (features/auth/sessions.ts holds the rules: lifetimes, hashing, who is admin)

export interface StoredSession {
  idHash: string;
  /** Normalised (trimmed, lower case). */
  email: string;
  /** ms since the epoch. */
  createdAt: number;
  lastSeenAt: number;
  /** She marked this device as hers at sign-in: a long, sliding lifetime, and listed on her dashboard. */
  trusted: boolean;
  /** A recognisable name of the browser and system it was opened on ("Safari on iPhone"); '' when unknown. */
  device: string;
  /** When it ends unless used again (ms), worked out by features/auth/sessions.ts; what purgeSessions compares. */
  expiresAt: number;
}

export interface SessionsStore {
  /** Stores a sign-in link token's hash for the (normalised) e-mail, valid until `expiresAt` (ms), unspent. */
  addSignInToken(tokenHash: string, email: string, expiresAt: number): Promise<void>;
  /** Deletes the link tokens whose expiry is before `at` (ms). */
  purgeSignInTokens(at: number): Promise<void>;
  /**
   * Atomic: spends the token (marks it used at `at`) only if it exists, is unspent, has not expired (`at` <
   * expiresAt) and was issued for `email` (normalised); true when this call spent it. A wrong e-mail spends nothing.
   */
  redeemSignInToken(tokenHash: string, email: string, at: number): Promise<boolean>;
  addSession(session: StoredSession): Promise<void>;
  getSession(idHash: string): Promise<StoredSession | null>;
  /** Sets lastSeenAt and expiresAt (ms); nothing when there is no such session. */
  touchSession(idHash: string, at: number, expiresAt: number): Promise<void>;
  /** false when there was no such session. */
  deleteSession(idHash: string): Promise<boolean>;
  /** Deletes the sessions whose expiresAt is at or before `at` (ms). */
  purgeSessions(at: number): Promise<void>;
  /** The sessions of `email` (normalised), in no particular order. */
  listSessions(email: string): Promise<StoredSession[]>;
  /**
   * Deletes every session of `email` (normalised) but the one hashed `keepIdHash`; answers the hashes it deleted, in no
   * particular order. Another e-mail's sessions are left alone.
   */
  deleteOtherSessions(email: string, keepIdHash: string): Promise<string[]>;
}

// ---------------------------------------------------------------------------------------------------------------------
// The passkey step of sign-in and WebAuthn challenges (features/auth/second-factor.ts holds the rules)

export type ChallengePurpose = 'registration' | 'authentication';

export interface SecondFactorStore {
  /** Opens a step (no failures yet) for the e-mail, until `expiresAt` (ms). */
  addStep(idHash: string, email: string, expiresAt: number): Promise<void>;
  getStep(idHash: string): Promise<{ email: string; expiresAt: number } | null>;
  /** Atomic increment of the step's wrong answers; answers the new count, or null when there is no such step. */
  recordStepFailure(idHash: string): Promise<number | null>;
  deleteStep(idHash: string): Promise<void>;
  /** Deletes the steps whose expiry is at or before `at` (ms). */
  purgeSteps(at: number): Promise<void>;
  /** Keeps the owner's challenge for the purpose until `expiresAt` (ms), replacing the one it had. */
  putChallenge(ownerHash: string, purpose: ChallengePurpose, challenge: string, expiresAt: number): Promise<void>;
  /**
   * Atomic: reads and deletes the owner's challenge for the purpose, expired or not (the caller checks expiresAt);
   * null when there is none. Of two calls racing, one gets it.
   */
  takeChallenge(ownerHash: string, purpose: ChallengePurpose): Promise<{ challenge: string; expiresAt: number } | null>;
  deleteChallenge(ownerHash: string, purpose: ChallengePurpose): Promise<void>;
  /** Deletes the challenges whose expiry is at or before `at` (ms). */
  purgeChallenges(at: number): Promise<void>;
  /** Deletes every step and every challenge. */
  clear(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Passkeys and recovery codes (features/auth/passkeys.ts holds the WebAuthn checks and the hashing)

export interface StoredPasskey extends Passkey {
  email: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

export interface PasskeysStore {
  /**
   * Atomic: her WebAuthn user handle. Stores `candidate` if she has none yet; answers the one stored (so every passkey
   * she adds carries the same handle).
   */
  userHandle(email: string, candidate: string): Promise<string>;
  /** Her passkeys, oldest first. */
  list(email: string): Promise<Passkey[]>;
  /** The same with what verifying an assertion needs. */
  credentialsOf(email: string): Promise<StoredPasskey[]>;
  count(email: string): Promise<number>;
  find(id: string): Promise<StoredPasskey | null>;
  /** Stores a new passkey (lastUsedAt null); answers its summary. */
  add(passkey: Omit<StoredPasskey, 'lastUsedAt'>): Promise<Passkey>;
  /**
   * Atomic: counter = `newCounter` and lastUsedAt = `at`, only while the stored counter is still `previousCounter`;
   * false otherwise (another use of the same counter value got there first, or no such passkey).
   */
  recordUse(id: string, previousCounter: number, newCounter: number, at: string): Promise<boolean>;
  /** false when she had no passkey with that id. */
  remove(email: string, id: string): Promise<boolean>;
  /** Atomic: deletes every passkey and every recovery code of every address; answers how many passkeys went. */
  removeEverything(): Promise<number>;
  /** true when she has an unused recovery code. */
  hasRecoveryCode(email: string): Promise<boolean>;
  /** Atomic: stores the code's hash (created `at`) in place of any unused code of hers; used ones stay. */
  replaceRecoveryCode(email: string, codeHash: string, at: string): Promise<void>;
  /** Atomic: marks her unused code with that hash used at `at`; false when there is none. */
  spendRecoveryCode(email: string, codeHash: string, at: string): Promise<boolean>;
  /** Deletes every recovery code of hers, used or not. */
  dropRecoveryCodes(email: string): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Outbox (mail and SMS recorded when no SMTP server or Twilio account is set)

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** What the outbox tells of a mail's attachment; its content is read on its own (attachment()). */
export interface OutboxAttachmentInfo {
  filename: string;
  contentType: string;
  size: number;
}

/** What replaces a spent or expired sign-in token in a kept mail. */
export const REDACTED = '[redacted]';

export interface OutboxStore {
  /**
   * Atomic: records the message (createdAt `at`, ISO) with its attachments in order; answers its id, a positive
   * integer greater than every id given before (list() orders by it). On Firestore ids are time-ordered, taken from no
   * shared document (time-ordered-ids.ts): across server instances "before" is as their clocks tell it.
   */
  add(message: Omit<OutboxMessage, 'id' | 'createdAt'>, at: string, attachments?: MailAttachment[]): Promise<number>;
  /** The files kept with a message, in the order it carried them. */
  attachments(outboxId: number): Promise<OutboxAttachmentInfo[]>;
  /** One kept file with its content; null when there is none at that position. */
  attachment(outboxId: number, position: number): Promise<MailAttachment | null>;
  /** The newest `limit` messages, newest (highest id) first. */
  list(limit: number): Promise<OutboxMessage[]>;
  /**
   * In every message whose body carries `/finishSignIn?token=<token>`, replaces the token of each secret link it
   * carries (below) with REDACTED. Answers how many messages changed.
   */
  redactSignInToken(token: string): Promise<number>;
  /**
   * In every message created before `issuedBefore` (ISO) that still carries a secret link not yet redacted (a sign-in
   * link `/finishSignIn?token=`, a manage link `/manage-booking#`, a signing link `/contracts/sign/`), replaces each
   * such link's token with REDACTED: the sign-in links have expired, the others were delivered long since. Answers how
   * many messages changed.
   */
  redactLinksIssuedBefore(issuedBefore: string): Promise<number>;
  /** Deletes every message (and its attachments) created before `before` (ISO); answers how many. */
  purgeBefore(before: string): Promise<number>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Mail queue (mail the SMTP server did not take, sent again with a growing pause for 24 hours: features/messaging/mail-queue.ts)

export interface QueuedMail {
  id: number;
  recipient: string;
  subject: string;
  /** The whole message as the mailer sends it (JSON, attachments in base64). */
  payload: string;
  /** Sends tried so far, the first included. */
  attempts: number;
  firstFailedAt: string;
  nextAttemptAt: string;
  lastError: string;
}

export interface MailQueueStatus {
  /** Mails waiting to be sent again. */
  waiting: number;
  /** Mails given up on (24 hours of refusals) at or after the `since` asked about. */
  givenUp: number;
  /** The newest refusal's words (the SMTP server's answer), null when nothing waits or was given up on. */
  lastError: string | null;
}

export interface MailQueueStore {
  /**
   * Keeps a mail that failed once at `at` (ISO), to be tried again at `nextAttemptAt`; answers its id, greater than
   * every id given before (as the outbox's: on Firestore, time-ordered).
   */
  enqueue(
    mail: Pick<QueuedMail, 'recipient' | 'subject' | 'payload' | 'lastError'>,
    at: string,
    nextAttemptAt: string,
  ): Promise<number>;
  /** The waiting mails due at `at` (nextAttemptAt at or before it), oldest due first, at most `limit`. */
  due(at: string, limit: number): Promise<QueuedMail[]>;
  /** The mail left: forgets it. */
  delivered(id: number): Promise<void>;
  /** Another refusal: counts it, keeps its words, and waits until `nextAttemptAt`. */
  retryLater(id: number, nextAttemptAt: string, error: string): Promise<void>;
  /** Stops trying (at `at`); the mail stays, counted by status() as given up on. */
  giveUp(id: number, at: string, error: string): Promise<void>;
  status(givenUpSince: string): Promise<MailQueueStatus>;
  /** Deletes the mails given up on before `before` (ISO); answers how many. */
  purgeGivenUpBefore(before: string): Promise<number>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Sign-in limits (fixed windows, keyed by a hash of what is counted)

export interface WindowCount {
  /** Attempts in the window, this one included. */
  count: number;
  /** When the window ends (ms since the epoch): the counter starts again from zero then. */
  endsAt: number;
}

export interface SignInLimitsStore {
  /**
   * Atomic: counts one attempt under `key` at `at` (ms) and answers the window's count so far. A window starts at the
   * first attempt and is replaced by a fresh one (count 1, starting at `at`) once `windowMs` has passed. The store
   * keeps only a hash of `key`. Two attempts racing never both read the same count.
   */
  hit(key: string, windowMs: number, at: number): Promise<WindowCount>;
  /** Forgets every counter whose window began at or before `before` (ms). */
  purgeOlderThan(before: number): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------------
// SMS to clients: the sent-message log the rolling limits count

export type SmsKind = 'booking-confirmation' | 'status-update' | 'reminder';

/** At most `max` messages whose time is after `at - windowMs`. */
export interface SmsLimit {
  windowMs: number;
  max: number;
}

export interface SmsLogStore {
  /**
   * Atomic: records one message about the booking at `at` (ms) unless that would break one of the limits (counted
   * over the messages recorded so far); answers the reservation's id, or null when a limit is reached. Two sends
   * racing cannot both take the last one.
   */
  reserve(bookingId: string, kind: SmsKind, at: number, limits: readonly SmsLimit[]): Promise<string | null>;
  /** Deletes a reservation whose message never left (it no longer counts). */
  release(reservationId: string): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Status mails held for the Undo window

export interface HeldNotification {
  bookingId: string;
  /** The status before the first change of this window: what Undo puts back. */
  previousStatus: BookingStatus;
  status: BookingStatus;
  message: string;
  /** ISO time from which it may be sent. */
  sendAfter: string;
}

export interface HeldNotificationsStore {
  /**
   * Atomic: holds the notification (one per booking, created `at`). When the booking already has one, its status,
   * message and sendAfter are replaced and its previousStatus kept.
   */
  hold(held: HeldNotification, at: string): Promise<void>;
  /** Atomic: deletes the booking's held notification and answers it; null when none is left (sent or undone). */
  take(bookingId: string): Promise<HeldNotification | null>;
  /** Atomic: deletes and answers every one whose sendAfter is at or before `at` (ISO); each is answered once. */
  takeDue(at: string): Promise<HeldNotification[]>;
  /** The earliest sendAfter held, or null when nothing is held. */
  nextDue(): Promise<string | null>;
  isHeld(bookingId: string): Promise<boolean>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Media rows (the files themselves live in the media store: DATA_DIR/media or Cloud Storage)

export interface MediaRow {
  id: string;
  kind: 'image' | 'video';
  format: string;
  section: string;
  alt: string;
  width: number | null;
  height: number | null;
  bytes: number;
  item: MediaItem;
  createdAt: string;
}

export interface MediaRowsStore {
  /** Rejects when a row with that id exists. */
  insert(row: MediaRow): Promise<void>;
  find(id: string): Promise<MediaRow | null>;
  /** false when there was none. */
  delete(id: string): Promise<boolean>;
  ids(): Promise<Set<string>>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Remote deploys: versions, which is live, the switch history, deploy tokens

export interface VersionSummary {
  files: number;
  bytes: number;
  /** Shared singleton name -> the version the remote was built with. */
  shared: Record<string, string>;
  exposes: string[];
  /**
   * File name (relative, '/'-separated) -> its subresource-integrity value (`sha384-…`), taken at upload: the server
   * serves only these files with these contents, and the shell pins the manifest and entry. Absent on versions
   * uploaded before it was recorded.
   */
  integrity?: Record<string, string>;
}

export interface StoredVersion {
  remote: string;
  version: string;
  createdAt: string;
  deployedBy: string;
  tokenLabel: string;
  summary: VersionSummary;
}

export interface LiveVersion {
  remote: string;
  version: string;
  switchedAt: string;
}

export interface SwitchRecord {
  remote: string;
  fromVersion: string | null;
  toVersion: string;
  switchedAt: string;
  switchedBy: string;
  kind: 'deploy' | 'rollback';
}

export interface DeployToken {
  id: string;
  remote: string;
  label: string;
  createdAt: string;
  revokedAt: string | null;
}

/** Why switchLive refused: the version is not stored, or a rollback has nothing to go back to. */
export class SwitchError extends Error {
  constructor(
    readonly reason: 'unknown-version' | 'no-previous',
    message: string,
  ) {
    super(message);
  }
}

export interface DeploysStore {
  /** Records a version unless (remote, version) is stored already (the first record stays). true when it was new. */
  addVersion(version: StoredVersion): Promise<boolean>;
  getVersion(remote: string, version: string): Promise<StoredVersion | null>;
  /** Newest first (createdAt, then the later stored first). */
  listVersions(remote: string): Promise<StoredVersion[]>;
  removeVersion(remote: string, version: string): Promise<void>;
  live(remote: string): Promise<LiveVersion | null>;
  allLive(): Promise<LiveVersion[]>;
  /** The version live before the current one (the fromVersion of the latest switch to it); null when none. */
  previous(remote: string): Promise<string | null>;
  /**
   * Atomic: makes `version` live (null: previous(remote)) at `at` and records the switch in the history. Rejects with
   * SwitchError('no-previous') or SwitchError('unknown-version') and changes nothing. Switching to the version already
   * live changes and records nothing, and answers the record it would have written.
   */
  switchLive(
    remote: string,
    version: string | null,
    by: string,
    kind: 'deploy' | 'rollback',
    at: string,
  ): Promise<SwitchRecord>;
  /** The latest `limit` switches of the remote, newest first. */
  history(remote: string, limit: number): Promise<SwitchRecord[]>;
  /** Stores a token's record with the SHA-256 of the token (the token itself is shown once, never stored). */
  addToken(record: DeployToken, tokenHash: string): Promise<void>;
  tokenByHash(tokenHash: string): Promise<DeployToken | null>;
  /** The remote's tokens, oldest first, revoked ones too. */
  listTokens(remote: string): Promise<DeployToken[]>;
  /** Revokes the token at `at` unless it is revoked already; answers how many were revoked (0 or 1). */
  revokeToken(id: string, at: string): Promise<number>;
  /** Revokes every unrevoked token of the remote at `at`; answers how many. */
  revokeTokensOf(remote: string, at: string): Promise<number>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Admin settings

export interface SettingsStore {
  /** Her own SMS switch; null when she never set it (the environment or the default decides: smsFlagInForce). */
  adminSmsValue(): Promise<boolean | null>;
  /** null forgets her value. */
  setAdminSmsValue(value: boolean | null): Promise<void>;
  /** The SHA-256 of her calendar feed's secret, or null when she has no feed. */
  calendarFeedHash(): Promise<string | null>;
  /** null: no feed (revoked). */
  setCalendarFeedHash(hash: string | null): Promise<void>;
  /** Her choice of one digest a day instead of a mail per client action; false when she never chose it. */
  clientActionDigest(): Promise<boolean>;
  setClientActionDigest(value: boolean): Promise<void>;
  /** Her defaults for a new quote as she saved them; null when she never did (the built-in defaults). */
  quoteSettings(): Promise<QuoteSettings | null>;
  setQuoteSettings(value: QuoteSettings): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Quotes (features/deal/quotes.ts holds the rules: the default quote, who may change it)

/** A booking's quote as stored: what she agreed, its version (1 for the first save) and when it was saved. */
export interface StoredQuote {
  input: QuoteInput;
  version: number;
  updatedAt: string;
}

export interface QuotesStore {
  /** The booking's quote; null when none was ever saved for it. */
  get(bookingId: string): Promise<StoredQuote | null>;
  /**
   * Atomic: stores `input` as the booking's quote with version = the stored one + 1 (1 for the first), updatedAt
   * `at`; answers it. Two saves racing get two versions, the later one's input kept.
   */
  save(bookingId: string, input: QuoteInput, at: string): Promise<StoredQuote>;
}

// ---------------------------------------------------------------------------------------------------------------------
// What clients do on their own (features/client-activity/client-actions.ts holds the rules: what is recorded, mailed, digested)

/** A new action as the caller records it: how she is told of it, by a mail of its own or in the day's digest. */
export type NewClientAction = Omit<ClientAction, 'id' | 'seenAt'> & { delivery: 'mail' | 'digest' };

export interface ClientActionsStore {
  /** Stores the action (id: a random UUID, not seen); answers it. */
  add(action: NewClientAction): Promise<ClientAction>;
  /** How many she has not seen. */
  unseenCount(): Promise<number>;
  /** The newest `limit`, newest first (by at; of two at the same instant, either may come first). */
  recent(limit: number): Promise<ClientAction[]>;
  /** Marks every unseen one (given a booking id: only that booking's) seen at `at` (ISO); answers how many. */
  markSeen(at: string, bookingId?: string): Promise<number>;
  /**
   * Atomic: unless `day`'s digest was taken already, records it as taken at `at` (ISO) and answers every action
   * waiting for a digest (delivery 'digest', in none yet), oldest (at) first, now counted in `day`'s; [] otherwise (also
   * when none was waiting: the day's digest is then taken, empty). Of two callers racing on one day, one gets them.
   */
  takeDigest(day: IsoDate, at: string): Promise<ClientAction[]>;
  /** Undoes takeDigest(day): its actions wait again and the day's digest may be taken again (its mail failed). */
  releaseDigest(day: IsoDate): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Payments (features/deal/payments.ts holds the rules: amounts from the quote, Stripe's webhook, receipts)

export type NewPayment = Omit<Payment, 'id' | 'status' | 'refundedCents'>;

/** A Checkout Session made for one part of a booking's quote version. */
export interface StoredCheckoutSession {
  sessionId: string;
  bookingId: string;
  quoteVersion: number;
  kind: PaymentKind;
  amountCents: number;
  currency: string;
  url: string;
  /** When Stripe closes it (ISO). */
  expiresAt: string;
  createdAt: string;
}

export interface PaymentsStore {
  /**
   * Atomic: stores the payment (id: a random UUID, status 'paid', nothing refunded) and answers it; null when a payment
   * with the same checkoutSessionId is stored already (a webhook delivered twice records one payment).
   */
  record(payment: NewPayment): Promise<Payment | null>;
  /** The booking's payments, oldest first. */
  forBooking(bookingId: string): Promise<Payment[]>;
  /**
   * The payments of each of `bookingIds` (at most PAYMENTS_BATCH_MAX), each booking's in forBooking's order, in one
   * read where the store allows: every id asked is a key, [] for a booking without payments (her dashboard's cards).
   */
  forBookings(bookingIds: readonly string[]): Promise<Record<string, Payment[]>>;
  /**
   * Atomic: the payment of that PaymentIntent now counts `refundedCents` refunded in all (Stripe reports the total),
   * status 'refunded'; answers it, or null when no payment has that intent. A total below the one recorded (an
   * earlier event delivered late) leaves the larger one standing.
   */
  recordRefund(paymentIntentId: string, refundedCents: number): Promise<Payment | null>;
  /**
   * Atomic: her refund recorded by hand adds `amountCents` to what the payment `paymentId` of booking `bookingId`
   * counts refunded (status 'refunded'); answers the payment. Null, and nothing changed, when the booking has no such
   * payment, when it was paid online (Stripe reports its refunds), or when the refund would exceed what is left of it.
   */
  refundByHand(bookingId: string, paymentId: string, amountCents: number): Promise<Payment | null>;
  /** Atomic: notes the Stripe event as handled at `at` (ISO); false when it was noted before (a replay). */
  claimEvent(eventId: string, type: string, at: string): Promise<boolean>;
  /** Forgets the event again (handling it failed, so Stripe's next delivery is handled). */
  releaseEvent(eventId: string): Promise<void>;
  saveSession(session: StoredCheckoutSession): Promise<void>;
  /** The latest session made for that part of that quote version, or null. */
  latestSession(bookingId: string, quoteVersion: number, kind: PaymentKind): Promise<StoredCheckoutSession | null>;
  findSession(sessionId: string): Promise<StoredCheckoutSession | null>;
  /** Keeps a deposit link's token (its SHA-256) for the booking. */
  addLink(tokenHash: string, bookingId: string, at: string): Promise<void>;
  /** The booking a deposit link opens, or null. */
  bookingOfLink(tokenHash: string): Promise<string | null>;
}

// ---------------------------------------------------------------------------------------------------------------------
// The whole storage

/** The demo content a fresh site starts with (db/seed). */
export interface SeedContent {
  /** In her order. */
  services: Service[];
  documents: Array<{ id: DocumentId; data: unknown }>;
  projects: ProjectWithGallery[];
  availability: {
    periods: AvailabilityPeriodInput[];
    unavailable: UnavailableRangeInput[];
    slots: TimeSlotInput[];
  };
}

export interface Storage {
  bookings: BookingsStore;
  availability: AvailabilityStore;
  content: ContentStore;
  contracts: ContractsStore;
  sessions: SessionsStore;
  secondFactor: SecondFactorStore;
  passkeys: PasskeysStore;
  outbox: OutboxStore;
  mailQueue: MailQueueStore;
  signInLimits: SignInLimitsStore;
  sms: SmsLogStore;
  heldNotifications: HeldNotificationsStore;
  media: MediaRowsStore;
  deploys: DeploysStore;
  settings: SettingsStore;
  clientActions: ClientActionsStore;
  payments: PaymentsStore;
  quotes: QuotesStore;
  /**
   * Atomic: stores the seed (documents updated `at`, ISO; availability created `at`) only when no service is stored;
   * true when it did.
   */
  seedIfEmpty(seed: SeedContent, at: string): Promise<boolean>;
  /**
   * A real write (GET /api/health): resolves once the storage has durably taken a small write at `at` (ISO), rejects
   * when it does not take writes (locked, read-only, full, unreachable). Answers within about a second either way.
   */
  probeWrite(at: string): Promise<void>;
  /** Ends the connection; nothing is called after it. */
  close(): Promise<void>;
}
