// The backend port (docs/architecture.md: "UI code never imports firebase/* or calls fetch for data"). Adapters: http (server/),
// firebase (hosted), memory (tests). Every method rejects with a BackendError.
import type { BookingQuote, QuoteInput, QuoteSettings } from '../domain/quote';
import type { AuthUser, PasskeyEnrolment, PasskeyList, TrustedDevice } from '../domain/auth-types';
import type {
  AdminAvailability,
  AvailabilityPeriodInput,
  PublicAvailability,
  TimeSlotInput,
  WeeklySlotInput,
  UnavailableRangeInput,
} from '../domain/availability-types';
import type {
  BookingChange,
  BookingInput,
  BookingListQuery,
  BookingPage,
  BookingSummary,
  ContactMessage,
  BookingRequest,
} from '../domain/booking-types';
import type { BookingStatus } from '../domain/booking-status';
import type {
  CompCardStats,
  Gallery,
  MediaItem,
  Portfolio,
  PortfolioContent,
  PortfolioMeta,
  Project,
  ProjectWithGallery,
  SiteContent,
  SiteDetails,
} from '../domain/content-types';
import type { Service } from '../domain/service-types';
import type { SmsStatus, MailStatus, StorageStatus } from '../domain/settings-types';
import type { BookingContracts, ContractInput, ContractRecord, ContractStatus } from '../domain/contract-records';
import type { ClientActionSettings, ClientActionsSummary } from '../domain/client-actions';

import type { Deployments, RemoteName, SwitchRecord, VersionPreview } from '../api/deploys';

export type Unsubscribe = () => void;

export interface ServicesPort {
  list(): Promise<Service[]>;
}

export interface PortfolioPort {
  getMeta(): Promise<PortfolioMeta>;
  /** The portfolio content JSON, fetched past any cache (docs/product.md §7: cache-busting timestamp). */
  getContent(): Promise<PortfolioContent>;
  getProject(id: string): Promise<Project | null>;
  getGallery(id: string): Promise<Gallery | null>;
  /** Every project, ordered by id: the portfolio and its sections link to each. */
  listProjects(): Promise<Project[]>;
}

/** Where an upload goes: a portfolio section ('comp-card', 'digitals', 'runway/<id>', 'print/<key>') or 'site'. */
export interface MediaUploadMeta {
  alt: string;
  section: string;
}

/**
 * Her site's content. getSite is public; every other call is the admin's alone and rejects a visitor with
 * 'unauthenticated' (a signed-in stranger with 'forbidden'). Each write is checked against the shared schema of its
 * entity and answers what was stored; the public reads show it on their next call.
 */
export interface ContentPort {
  /** Public: her details and comp card measurements (empty ones before she filled them in). */
  getSite(): Promise<SiteContent>;
  saveSiteDetails(details: SiteDetails): Promise<SiteDetails>;
  saveCompCard(stats: CompCardStats): Promise<CompCardStats>;
  /** Admin: every service, hidden ones too, in her order. */
  listServices(): Promise<Service[]>;
  /** Creates the service, or replaces the one with its id (keeping its place in the order). */
  saveService(service: Service): Promise<Service>;
  deleteService(id: string): Promise<void>;
  /** Her order of the services: every stored id, once ('validation' otherwise). */
  reorderServices(ids: string[]): Promise<Service[]>;
  /** Replaces the whole portfolio metadata (sections, concepts, categories, reels). */
  savePortfolioMeta(meta: PortfolioMeta): Promise<PortfolioMeta>;
  /** Replaces the whole portfolio content: each section's media in order, with alt text for every image. */
  savePortfolioContent(content: PortfolioContent): Promise<PortfolioContent>;
  /** Replaces both at once (her editor has one Save): neither is stored unless both pass. */
  savePortfolio(portfolio: Portfolio): Promise<Portfolio>;
  /** Admin: every project with its gallery. */
  listProjects(): Promise<ProjectWithGallery[]>;
  saveProject(entry: ProjectWithGallery): Promise<ProjectWithGallery>;
  deleteProject(id: string): Promise<void>;
  /** Uploads an image or video (POST /api/admin/media) and answers the stored media with its public URLs. */
  uploadMedia(file: Blob, meta: MediaUploadMeta): Promise<MediaItem>;
  /** Removes an upload's files. The content that showed it is saved separately. */
  deleteMedia(id: string): Promise<void>;
}

export interface CreatedBooking {
  id: string;
  status: BookingStatus;
  createdAt: string;
}

export interface BookingsPort {
  /** The same idempotency key twice stores one booking and answers the same; with another request, 'validation'. */
  create(input: BookingInput, idempotencyKey: string): Promise<CreatedBooking>;
  /**
   * Admin: one page of requests, newest first (docs/product.md §7: ordered by createdAt descending), all of them or
   * one status; the page's nextCursor reads the next, older one. A list of any length is never read whole.
   */
  list(query?: BookingListQuery): Promise<BookingPage>;
  /** Admin: how many requests are still New (the dashboard's badge). */
  summary(): Promise<BookingSummary>;
  /**
   * Admin: each request created or changed from now on, whole, as it happens (not the list: read that with list).
   * 'resync' comes when the live connection (re)opens: changes made while it was away are not told, so read the
   * list again then.
   */
  subscribe(onChange: (change: BookingChange) => void, onError: (error: BackendError) => void): Unsubscribe;
  /**
   * Admin: sets the status; `message` is her personal note in the mail it sends the client. Where the backend has
   * undoStatus, that mail waits STATUS_UNDO_SECONDS (domain/lifecycle) and nothing leaves if she takes it back.
   */
  updateStatus(id: string, status: BookingStatus, options?: { message?: string }): Promise<BookingRequest>;
  /**
   * Admin: takes back the last status change while its mail is still held, and answers the request with its status
   * from before; 'conflict' once the client has been told. Absent where mails leave at once (the firebase adapter).
   */
  undoStatus?(id: string): Promise<BookingRequest>;
  /**
   * Admin: accepts the client's request to move (her manage link): the asked-for day becomes the shoot day, and the
   * client is told (a confirmed booking's calendar invite is updated). 'conflict' when there is no move to accept.
   * Absent where the backend cannot do it yet (the firebase adapter).
   */
  acceptReschedule?(id: string): Promise<BookingRequest>;
}

/** Her private calendar feed of confirmed bookings: its address is answered only when it is made. */
export interface CalendarFeedPort {
  status(): Promise<CalendarFeedStatus>;
  /** Makes a new feed (an old one stops working) and answers its address, shown this once. */
  create(): Promise<CalendarFeedStatus>;
  revoke(): Promise<CalendarFeedStatus>;
}

export interface CalendarFeedStatus {
  active: boolean;
  url?: string;
}

/** A visitor writes to the admin: mailed to her, rate limited, checked like a booking. */
export interface ContactPort {
  send(message: ContactMessage): Promise<void>;
}

export interface AvailabilityPort {
  /** Public view: dates and times only. One request serves every date check and the next-available search. */
  getPublic(): Promise<PublicAvailability>;
  /** Admin: with notes and reasons, live. */
  subscribe(onChange: (availability: AdminAvailability) => void, onError: (error: BackendError) => void): Unsubscribe;
  addPeriod(input: AvailabilityPeriodInput): Promise<void>;
  deletePeriod(id: string): Promise<void>;
  addUnavailable(input: UnavailableRangeInput): Promise<void>;
  deleteUnavailable(id: string): Promise<void>;
  addSlot(input: TimeSlotInput): Promise<void>;
  deleteSlot(id: string): Promise<void>;
  /** Her weekly consultation hours become exactly these slots. */
  setWeekly(slots: WeeklySlotInput[]): Promise<void>;
}

/** How a sign-in that opens a session asks for it. */
export interface SignInOptions {
  /**
   * She marked this device as hers: the session lasts 30 days from its last use, and her dashboard lists the device.
   * Otherwise it ends after 2 hours unused.
   */
  trustDevice?: boolean;
}

export interface AuthPort {
  /** Mails a sign-in link to /finishSignIn. Rejects with code 'forbidden' for an address that is not the admin's. */
  requestLink(email: string): Promise<void>;
  /**
   * Completes sign-in with the link's token and the e-mail kept in local storage. Once the admin has a passkey the
   * link alone is not enough: it rejects with code 'passkey-required' (the link is spent, the passkey step is open),
   * and signInWithPasskey or signInWithRecoveryCode completes the sign-in.
   */
  completeSignIn(token: string, email: string, options?: SignInOptions): Promise<AuthUser>;
  /**
   * The passkey step: asks this browser's authenticator for her passkey and signs her in when the backend accepts it.
   * Rejects with 'cancelled' when she dismisses the prompt, 'unauthenticated' when the passkey is refused or the step
   * has expired, 'not-supported' where passkeys cannot be used.
   */
  signInWithPasskey(options?: SignInOptions): Promise<AuthUser>;
  /**
   * Sign-in by passkey alone, with no e-mail link first: the browser offers the passkeys this device holds
   * for the site, and the backend opens the same session the link and the passkey step give. Rejects with 'cancelled'
   * when she dismisses the prompt or this device holds none, 'unauthenticated' when the backend refuses the passkey
   * (not hers, or the prompt took too long), 'rate-limited', and 'not-supported' where passkeys cannot be used.
   */
  signInWithPasskeyAlone(options?: SignInOptions): Promise<AuthUser>;
  /** The passkey step with her one-time recovery code instead (a lost passkey). */
  signInWithRecoveryCode(code: string, options?: SignInOptions): Promise<AuthUser>;
  /** Admin: the devices she marked as hers at sign-in, the most recently used first. */
  listTrustedDevices(): Promise<TrustedDevice[]>;
  /** Admin: ends a trusted device's session at once. Rejects with 'not-found' when it has already ended. */
  revokeTrustedDevice(id: string): Promise<void>;
  /** Admin: her passkeys, and whether an unused recovery code exists. */
  listPasskeys(): Promise<PasskeyList>;
  /**
   * Admin: creates a passkey on this browser's authenticator and stores it under the name. The first one (and the
   * first after the recovery code was used) comes with a new recovery code, shown once.
   */
  addPasskey(name: string): Promise<PasskeyEnrolment>;
  /** Admin: removes one of her passkeys; without any left, the e-mail link alone signs her in again. */
  removePasskey(id: string): Promise<void>;
  /**
   * The e-mail the last link requested in this browser was sent to, kept until sign-in completes; null when there is
   * none (the link was requested elsewhere, or storage is unavailable) and the e-mail must be asked for.
   */
  pendingEmail(): string | null;
  /** Who is signed in. A browser that holds no session gets null without the backend being asked. */
  current(): Promise<AuthUser | null>;
  signOut(): Promise<void>;
  /** Called with the user whenever the session changes in this browser. */
  onChange(listener: (user: AuthUser | null) => void): Unsubscribe;
}

/** What clients did on their own (admin only): the dashboard's badge and list, and her digest setting. */
export interface ClientActionsPort {
  /** How many she has not seen, and the latest, newest first. */
  summary(): Promise<ClientActionsSummary>;
  /** Marks them seen (all, or one booking's) and answers the summary as it now is. */
  markSeen(bookingId?: string): Promise<ClientActionsSummary>;
  settings(): Promise<ClientActionSettings>;
  /** One digest mail a day (true) instead of a mail per action (false). */
  setDailyDigest(dailyDigest: boolean): Promise<ClientActionSettings>;
}

export interface NotificationsPort {
  /** Whether the site's mail reaches anyone: her dashboard's banner. */
  getMailStatus(): Promise<MailStatus>;
  /** Whether the data folder's disk has room: her dashboard's banner when it is (almost) full. */
  getStorageStatus(): Promise<StorageStatus>;
  getSmsStatus(): Promise<SmsStatus>;
  setSmsEnabled(enabled: boolean | null): Promise<SmsStatus>;
}

/** A booking's contracts and their signature round (admin only). */
export interface ContractsPort {
  /** Each booking's contract state (its latest version's status); bookings without a contract are absent. */
  states(): Promise<Record<string, ContractStatus>>;
  /** The booking's contracts, newest version first, and the deal a new version would carry. */
  forBooking(bookingId: string): Promise<BookingContracts>;
  /** A new version (the first, or after the last was signed); 'conflict' while an unsigned one exists. */
  create(bookingId: string, input: ContractInput): Promise<ContractRecord>;
  /** Edits an unsigned version (a sent one goes back to draft and its link stops working); 'conflict' once signed. */
  update(id: string, input: ContractInput): Promise<ContractRecord>;
  /** E-mails the client her signing link (a new one, valid 14 days); the model's signature is applied now. */
  send(id: string): Promise<ContractRecord>;
  /** Where the version's PDF opens: the draft as it stands, or the signed copy once signed. */
  pdfUrl(id: string): string;
  /** Each contract created or changed (sent, viewed, signed) from now on, as it happens. */
  subscribe(onChange: (contract: ContractRecord) => void, onError: (error: BackendError) => void): Unsubscribe;
}

/** A booking's quote, her defaults for new quotes, and the printable invoice (admin only). */
export interface QuotesPort {
  /** The booking's quote: the one she saved, or the tier's price with her defaults at version 0. */
  forBooking(bookingId: string): Promise<BookingQuote>;
  /** Saves it as the next version; 'validation' with field errors by path; 'conflict' for a declined or cancelled booking. */
  save(bookingId: string, input: QuoteInput): Promise<BookingQuote>;
  settings(): Promise<QuoteSettings>;
  saveSettings(settings: QuoteSettings): Promise<QuoteSettings>;
  /** Where the booking's printable invoice opens. */
  invoiceUrl(bookingId: string): string;
}

/**
 * Admin: the remotes' deployed versions (docs/deploy.md). The embedded server's are read through its own module
 * (http/deployments.ts), which only the admin's Deployments view loads: Backend.deployments is absent on the http
 * adapter so the shell's first load carries none of it (deploymentsOf in that module finds it). A backend without
 * deployments says null: on Firebase, Hosting's own release history is the record and the rollback.
 */
export interface DeploymentsPort {
  list(): Promise<Deployments>;
  /** Makes a kept version live again. Rejects 'validation' when the gate refuses it for the shell as it is now. */
  rollback(remote: RemoteName, version: string): Promise<SwitchRecord>;
  /** A signed address that shows a kept version (never-live ones too), for her session only, until it expires. */
  preview(remote: RemoteName, version: string): Promise<VersionPreview>;
}

export interface Backend {
  deployments?: DeploymentsPort | null;
  services: ServicesPort;
  portfolio: PortfolioPort;
  content: ContentPort;
  bookings: BookingsPort;
  availability: AvailabilityPort;
  /** Admin: absent where the backend has no feed (the firebase adapter). */
  calendarFeed?: CalendarFeedPort;
  /** Absent where visitors cannot write to her yet (the firebase adapter): the page then shows her e-mail only. */
  contact?: ContactPort;
  auth: AuthPort;
  notifications: NotificationsPort;
  /** Admin: absent where the backend does not record them. */
  clientActions?: ClientActionsPort;
  /**
   * Contracts, loaded on first use (no visitor's page carries them). Rejects with 'not-supported' on a backend
   * without them.
   */
  contracts(): Promise<ContractsPort>;
  /** Quotes, loaded on first use like contracts. */
  quotes(): Promise<QuotesPort>;
}

export type BackendErrorCode =
  | 'validation'
  | 'not-found'
  | 'unauthenticated'
  | 'forbidden'
  | 'conflict'
  | 'rate-limited'
  | 'unavailable'
  | 'network'
  | 'internal'
  /** completeSignIn: the link was good, and her passkey must follow (see AuthPort). */
  | 'passkey-required'
  /** A passkey prompt she dismissed, or that timed out. */
  | 'cancelled'
  /** Passkeys cannot be used here (the browser, or a backend without them). */
  | 'not-supported';

export class BackendError extends Error {
  readonly code: BackendErrorCode;
  readonly status: number;
  readonly fieldErrors: Record<string, string[]>;
  /** Seconds until a rate-limited call may be retried. */
  readonly retryAfter: number | undefined;

  constructor(
    code: BackendErrorCode,
    message: string,
    options: { status?: number; fieldErrors?: Record<string, string[]>; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'BackendError';
    this.code = code;
    this.status = options.status ?? 0;
    this.fieldErrors = options.fieldErrors ?? {};
    this.retryAfter = options.retryAfter;
  }
}

export function codeForStatus(status: number): BackendErrorCode {
  if (status === 400 || status === 413 || status === 422) return 'validation';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate-limited';
  if (status === 503) return 'unavailable';
  return 'internal';
}
