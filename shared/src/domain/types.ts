// Entities of docs/product.md §3. Dates are ISO calendar dates ('YYYY-MM-DD'), times 'HH:MM', timestamps ISO 8601 strings.

export type IsoDate = string;
export type IsoTimestamp = string;

export interface Tier {
  id: string;
  displayName: string;
  /** A price text such as '$350'. */
  price: string;
  includes: string[];
  /** This tier's payment schedule where it differs from its service's; absent or '' means the service's. */
  paymentSchedule?: string;
}

/** What a service asks of a booking, set in her editor; see domain/service-rules.ts. */
export interface ServiceRules {
  /** A consultation date and location come first, then the (possibly multi-day) date and location, all required. */
  needsConsultation: boolean;
  /** The label of the booking's date field ('Preferred Shoot Date'). */
  dateLabel: string;
  /** The label of the consultation date field. */
  consultationDateLabel: string;
  /** The schedule a booking of it stores, unless its tier has its own (docs/product.md §9). */
  paymentSchedule: string;
}

export interface Service {
  id: string;
  displayName: string;
  description: string;
  image: string;
  /** Display price; empty when the tiers or 'Contact for pricing' should speak instead. */
  price: string;
  tiers: Tier[];
  /** Kept but not shown to visitors (the admin's "hide"); absent means shown. */
  hidden?: boolean;
  /** Always present on a service read from storage (old ones get theirs derived on reading); absent means plain. */
  rules?: ServiceRules;
}

/** docs/product.md §4's four, and 'Cancelled': the client withdrew the request through her manage link. */
export const BOOKING_STATUSES = ['New', 'Contacted', 'Confirmed', 'Declined', 'Cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** What a visitor sends. The server derives everything else (docs/product.md §7: status, timestamps, payment schedule). */
export interface BookingInput {
  name: string;
  email: string;
  phone: string;
  serviceId: string;
  serviceTierId: string;
  date: IsoDate | '';
  /**
   * The last day of a photoshoot that spans several days; '' for one day. Optional so that a client made
   * before it existed is still understood: absent reads as ''.
   */
  endDate?: IsoDate | '';
  /** The time slot chosen on `date` ('HH:MM-HH:MM'), required where the admin set slots for that date; else ''. */
  time?: string;
  consultationDate: IsoDate | '';
  /** The time slot chosen on the consultation date, as `time`. */
  consultationTime?: string;
  consultationLocation: string;
  location: string;
  description: string;
  smsOptIn: boolean;
}

export interface BookingRequest {
  id: string;
  name: string;
  email: string;
  phone: string;
  serviceId: string;
  /** The service's display name, as docs/product.md §3 stores it. */
  service: string;
  servicePrice: string;
  serviceTier: string;
  serviceTierId: string;
  paymentSchedule: string;
  date: IsoDate | '';
  /** The last day of a multi-day photoshoot; '' for one day. */
  endDate: IsoDate | '';
  /** The chosen time slot on `date`, 'HH:MM-HH:MM'; '' for the whole day. */
  time: string;
  consultationDate: IsoDate | '';
  consultationTime: string;
  consultationLocation: string;
  location: string;
  description: string;
  smsOptIn: boolean;
  status: BookingStatus;
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
  /**
   * The date the client asked to move the request to through her manage link; absent when she has not
   * asked (and from a backend without manage links).
   */
  rescheduleDate?: IsoDate;
  /** The date she asked to move the consultation to; absent when she has not asked. */
  rescheduleConsultationDate?: IsoDate;
  /** The slot she asked for on that day ('HH:MM-HH:MM'); absent when she asked for none (a day without slots). */
  rescheduleConsultationTime?: string;
}

/** The dates a client can ask to move from her manage link: the shoot's first day, or the consultation. */
export type MovablePart = 'shoot' | 'consultation';

/** What the admin asks for when she reads her booking requests: one page, newest first, optionally one status. */
export interface BookingListQuery {
  status?: BookingStatus;
  /** The `nextCursor` of the page before; absent for the newest page. */
  cursor?: string;
  /** Requests per page, 1 to BOOKING_PAGE_SIZE (the default). */
  limit?: number;
  /** Only requests whose name or e-mail contains this (any case), or whose reference starts with it. */
  q?: string;
}

/** A visitor's message to the admin when nothing can be booked. */
export interface ContactMessage {
  name: string;
  email: string;
  phone: string;
  message: string;
}

/** What the dashboard's badge counts: the requests still New. */
export interface BookingSummary {
  new: number;
}

/** One page of booking requests, newest first. */
export interface BookingPage {
  items: BookingRequest[];
  /** Reads the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/**
 * What the admin's live bookings stream says: a request was created or changed (with the whole record), or
 * 'resync': the stream (re)connected, every change from now on will be told, and what came before it must be read
 * with a list call (a change made while it was away is not replayed).
 */
export type BookingChange = { type: 'created' | 'updated'; booking: BookingRequest } | { type: 'resync' };

export interface AvailabilityPeriod {
  id: string;
  startDate: IsoDate;
  endDate: IsoDate;
  isAvailable: boolean;
  notes: string;
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
}

export interface UnavailableRange {
  id: string;
  startDate: IsoDate;
  endDate: IsoDate;
  reason: string;
  createdAt: IsoTimestamp;
}

export interface TimeSlot {
  id: string;
  date: IsoDate;
  startTime: string;
  endTime: string;
  isAvailable: boolean;
  notes: string;
  createdAt: IsoTimestamp;
}

/**
 * A consultation slot of her weekly hours: every `weekday` (0 Sunday to 6 Saturday, as Date.getDay) from
 * startTime to endTime ('HH:MM', the studio's time zone). A date with slots of its own (TimeSlot) uses those instead.
 * Only consultations take these: a shoot keeps its whole day.
 */
export interface WeeklySlot {
  id: string;
  weekday: number;
  startTime: string;
  endTime: string;
}

export type WeeklySlotInput = Omit<WeeklySlot, 'id'>;

/**
 * A day (or one time slot of it) that a confirmed booking holds: `time` is the slot 'HH:MM-HH:MM', or ''
 * when the booking holds the whole day. No name or service: a visitor learns only that the day is taken.
 */
export interface BookedDay {
  date: IsoDate;
  time: string;
}

/** What a visitor may see of availability: dates and times only, never notes or reasons. */
export interface PublicAvailability {
  periods: Array<Pick<AvailabilityPeriod, 'id' | 'startDate' | 'endDate' | 'isAvailable'>>;
  unavailable: Array<Pick<UnavailableRange, 'id' | 'startDate' | 'endDate'>>;
  slots: Array<Pick<TimeSlot, 'id' | 'date' | 'startTime' | 'endTime' | 'isAvailable'>>;
  /** Her weekly consultation hours, as slots; absent from a backend that has none. */
  weekly?: WeeklySlot[];
  /**
   * Set only by consultationView (availability.ts), never sent: the dates are looked at for a consultation, so a
   * day without slots of its own offers her weekly slots.
   */
  use?: 'consultation';
  /**
   * Days held by confirmed bookings, and the consultation slots of requests waiting for her answer; absent from a
   * backend that cannot tell (then none is held).
   */
  booked?: BookedDay[];
  /** Whole days between today and the first bookable day (MIN_NOTICE_DAYS_DEFAULT when absent). */
  minNoticeDays?: number;
  /**
   * The studio's calendar day when this was answered (its TIMEZONE), the day the notice counts from; absent from a
   * backend that cannot tell (then the page's studio clock's day).
   */
  today?: IsoDate;
  /**
   * Whether texts are sent now (her SMS switch, or SMS_ENABLED), so the form offers the SMS opt-in only then (no
   * promise of texts that are never sent); absent from a backend that cannot tell (then it is offered).
   */
  smsOptIn?: boolean;
}

export interface AdminAvailability {
  periods: AvailabilityPeriod[];
  unavailable: UnavailableRange[];
  slots: TimeSlot[];
  weekly: WeeklySlot[];
}

export type AvailabilityPeriodInput = Pick<AvailabilityPeriod, 'startDate' | 'endDate' | 'isAvailable' | 'notes'>;
export type UnavailableRangeInput = Pick<UnavailableRange, 'startDate' | 'endDate' | 'reason'>;
export type TimeSlotInput = Pick<TimeSlot, 'date' | 'startTime' | 'endTime' | 'isAvailable' | 'notes'>;

export interface PrintConceptDetails {
  style: string;
  wardrobe: string;
  setting: string;
  purpose: string;
}

export interface PortfolioCategory {
  id: string;
  label: string;
  description: string;
}

/** The portfolioMeta document 'main' (docs/product.md §3). */
/** Her portfolio as she saves it, in one save: the words and the media together. */
export interface Portfolio {
  meta: PortfolioMeta;
  content: PortfolioContent;
}

export interface PortfolioMeta {
  /** Runway section id -> section title. */
  RUNWAY_SECTION_MAP: Record<string, string>;
  /** Runway section id -> subtitle. */
  RUNWAY_SECTION_SUBTITLES: Record<string, string>;
  /** Print concept display names, in display order. */
  PRINT_CONCEPTS: string[];
  /** Print concept display name -> concept key (editorial, commercial, ...). */
  PRINT_CONCEPT_KEY_MAP: Record<string, string>;
  /** Concept key -> details. */
  PRINT_CONCEPT_DETAILS: Record<string, PrintConceptDetails>;
  portfolioCategories: PortfolioCategory[];
  ugcReels: string[];
}

export interface MediaItem {
  /** The upload's id (POST /api/admin/media), for a file the admin uploaded; seeded media have none. */
  id?: string;
  type: 'image' | 'video';
  url: string;
  /** The alt text of an image, the title of a video. */
  name: string;
  width?: number;
  height?: number;
  /** Responsive variants of an image ('url 480w, url 960w'), when the build produced them. */
  srcSet?: string;
  /** A still frame for a video. */
  poster?: string;
  /** A tiny blurred copy of an upload as a data: URI (a few hundred bytes), shown while the image loads. */
  placeholder?: string;
  /** Shown under the image; the alt text (name) describes it, the caption tells its story. */
  caption?: string;
}

/** The portfolio content JSON (docs/product.md §3). */
export interface PortfolioContent {
  runway: Record<string, MediaItem[]>;
  print: Record<string, MediaItem[]>;
  'comp-card': MediaItem[];
  digitals: MediaItem[];
  /**
   * Photos and videos she uploaded into the UGC section, shown beside the reel links of the metadata.
   * Absent in content stored before: read as none.
   */
  ugc?: MediaItem[];
}

export interface Project {
  id: string;
  title: string;
  description: string;
  category: string;
}

export interface Gallery {
  /** Image addresses pasted before uploads reached projects; the editor turns them into `media` items. */
  images: string[];
  videos: string[];
  /**
   * Photos and videos she uploaded into the project (section 'projects/<id>'), in her order. Absent in a
   * gallery stored before: read as none.
   */
  media?: MediaItem[];
}

/** A link to one of her social profiles, shown in the footer. */
export interface SocialLink {
  label: string;
  url: string;
}

/** Site details: who she is and how to reach her, shown in the footer and on the about page. */
export interface SiteDetails {
  name: string;
  tagline: string;
  /** The home page's hero image URL; empty for the built-in one. */
  heroImage: string;
  /** The about page text; paragraphs separated by blank lines. */
  about: string;
  email: string;
  phone: string;
  agency: string;
  social: SocialLink[];
}

export const MEASUREMENT_UNITS = ['imperial', 'metric'] as const;
export type MeasurementUnits = (typeof MEASUREMENT_UNITS)[number];

/** Her comp card measurements, as she writes them (5'9", 175 cm), in the units she chose. */
export interface CompCardStats {
  units: MeasurementUnits;
  height: string;
  bust: string;
  waist: string;
  hips: string;
  dress: string;
  shoe: string;
  hair: string;
  eyes: string;
}

/** What every public page may read of the site: her details and her comp card measurements. */
export interface SiteContent {
  details: SiteDetails;
  compCard: CompCardStats;
}

/** A project with its gallery, as the admin writes it. */
export interface ProjectWithGallery {
  project: Project;
  gallery: Gallery;
}

export interface AuthUser {
  email: string;
  isAdmin: boolean;
}

/** One of the admin's passkeys as the dashboard lists it; its public key and counter never leave the server. */
export interface Passkey {
  id: string;
  name: string;
  createdAt: IsoTimestamp;
  lastUsedAt: IsoTimestamp | null;
}

export interface PasskeyList {
  passkeys: Passkey[];
  /** Whether an unused recovery code exists (one is made at the first enrolment and again once it was used). */
  hasRecoveryCode: boolean;
}

/** A device she marked as hers at sign-in, as her dashboard lists it; times are ISO strings. */
export interface TrustedDevice {
  /** Names it to the revoke call; not a secret, not the session's id. */
  id: string;
  /** From the browser's User-Agent when she signed in: "Safari on iPhone". */
  device: string;
  createdAt: string;
  lastSeenAt: string;
  /** The device this list is read on. */
  current: boolean;
}

export interface PasskeyEnrolment {
  passkey: Passkey;
  /** The new recovery code, shown once and stored only hashed; null when an unused one already exists. */
  recoveryCode: string | null;
}

export interface Settings {
  /** The admin's choice; null when she has not chosen. */
  smsEnabled: boolean | null;
}

/** The site's mail as her dashboard shows it: GET /api/admin/settings/mail. */
export interface MailStatus {
  /**
   * 'ok' (mail leaves by SMTP, or a local development site keeps it in its outbox), 'degraded' (mail the SMTP server
   * refused waits to be sent again, or was given up on in the last 24 hours), 'outbox' (a production site keeps its
   * mail in the local outbox: MAIL_TRANSPORT=outbox, nobody receives it).
   */
  state: 'ok' | 'degraded' | 'outbox';
  waiting: number;
  givenUp: number;
  /** The mail server's last refusal, in its own words. */
  lastError: string | null;
}

/**
 * The data folder's disk as her dashboard shows it: GET /api/admin/settings/storage. 'low' below MIN_FREE_DISK_MB
 * free, 'full' while writes are being refused for lack of room (bookings and changes are not saved).
 */
export interface StorageStatus {
  state: 'ok' | 'low' | 'full';
}

export interface SmsStatus {
  /** What is in force after the environment override. */
  enabled: boolean;
  /** 'env' when the SMS_ENABLED environment setting overrides the admin's choice. */
  source: 'env' | 'admin' | 'default';
  adminValue: boolean | null;
}

/** The studio's clock as the server tells the browser (in the runtime configuration). */
export interface StudioClock {
  /** The studio's time zone (TIMEZONE). */
  timeZone: string;
  /** Its calendar day when the server answered. */
  today: IsoDate;
  /** 0 Sunday ... 6 Saturday. */
  firstWeekday: number;
}

/** Runtime configuration the server puts into the page (docs/architecture.md: remotes are located at run time). */
export interface RuntimeConfig {
  remotes: Record<'public-site' | 'admin-app', string>;
  /**
   * Subresource integrity of a deployed version's manifest and remote entry: URL path -> `sha384-…`, recorded at its
   * upload. The shell's federation runtime fetches and loads those with it, so a changed file is refused. Absent for
   * the build output.
   */
  integrity?: Record<string, string>;
  modelName: string;
  /**
   * The site's two origins: the public pages', and hers (the dashboard, sign-in, her cookies). The shell on the admin
   * origin never loads public-site, the one on the public origin never loads admin-app; her name's gesture on the
   * public origin takes her to the admin origin's sign-in.
   */
  origins?: { public: string; admin: string };
  /** The studio's zone, its day and its first weekday: every date limit and calendar in the browser reads them. */
  studio?: StudioClock;
  /**
   * Only on the Firebase home: the web app's config for Firebase Auth's e-mail link, and the Auth emulator's URL when
   * the server runs against it. Absent on the embedded home, whose sign-in is the server's own link.
   */
  firebase?: FirebaseSignInConfig;
}

export interface FirebaseSignInConfig {
  webConfig: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  authEmulatorUrl?: string;
}

/** What the client sees of her own request on her manage page: no other booking, nothing the admin notes. */
export interface ManageView {
  reference: string;
  name: string;
  service: string;
  serviceTier: string;
  status: BookingStatus;
  date: IsoDate | '';
  endDate: IsoDate | '';
  time: string;
  consultationDate: IsoDate | '';
  consultationTime: string;
  /** The date she asked to move the shoot to; '' when she has not asked. */
  rescheduleDate: IsoDate | '';
  /** The date she asked to move the consultation to; '' when she has not asked. */
  rescheduleConsultationDate: IsoDate | '';
  /** The slot she asked for on that day; '' when none. */
  rescheduleConsultationTime: string;
  createdAt: IsoTimestamp;
  /** Whether she can still cancel or move it (not Declined or Cancelled). */
  open: boolean;
}
