// One schema per entity (docs/architecture.md): the client form, the server route and the Firestore rules follow these.
// Objects are strict: an unknown key is an error, never silently dropped.
import { z } from 'zod';
import { config as zodConfig } from 'zod/v4/core';
import { containsMarkup } from '@studio/security-kit/markup';
import { INVISIBLE_CHARACTERS_MESSAGE } from '../refusal-messages';
import { CONTACT_FOR_PRICING } from '../messages';
import { MEDIA_ALT_REQUIRED, MEDIA_PLACEHOLDER_MAX_CHARS } from '../media-upload';
import { BOOKING_PAGE_SIZE, LIMITS, MEDIA_CAPTION_MAX } from '../domain/constants';
import { isAllowedSocialUrl } from '../domain/content';
import { PAYMENT_SCHEDULES } from '../domain/service-rules';
import { isPhoneNumber, toE164 } from '../domain/phone';
import { BOOKING_STATUSES, MEASUREMENT_UNITS } from '../domain/types';
import type {
  AdminAvailability,
  AuthUser,
  AvailabilityPeriod,
  BookingChange,
  BookingListQuery,
  BookingPage,
  BookingRequest,
  CompCardStats,
  Gallery,
  MediaItem,
  Passkey,
  PasskeyEnrolment,
  PasskeyList,
  TrustedDevice,
  PortfolioContent,
  PortfolioMeta,
  Project,
  ProjectWithGallery,
  PublicAvailability,
  RuntimeConfig,
  Service,
  SiteContent,
  SiteDetails,
  SmsStatus,
  MailStatus,
  StorageStatus,
  TimeSlot,
  WeeklySlot,
  UnavailableRange,
} from '../domain/types';

// zod 4 compiles object parsers with `new Function` unless told not to, and probes for eval when the first object
// schema is built; under the site's CSP (no 'unsafe-eval') that probe is reported as a violation. Set before any
// schema below is built; the setting lives on globalThis, so it holds for every copy of zod on the page.
zodConfig({ jitless: true });

// The control characters are what these patterns exist to refuse: C0 and DEL, the C1 controls U+0080-U+009F (NEL
// among them, which some readers break a line on) and the line and paragraph separators U+2028 and U+2029 (a line
// break to JavaScript and to many viewers, invisible in a form). A multi-line field keeps its tab and newlines.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** The field error of a refused control character or separator. */
export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters or line separators';

// Characters that change how the text around them reads without being seen: the bidirectional
// controls (ALM, LRM, RLM, the embeddings and overrides U+202A-U+202E, the isolates U+2066-U+2069), which can show a
// name or a note reversed, and the zero-width and invisible characters (ZWSP, ZWNJ, word joiner and the invisible
// operators, the BOM, the Mongolian vowel separator), which can hide text or make two values look alike.
const INVISIBLE = /[\u061C\u180E\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;
const ZWJ = 0x200d;
const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
// Dingbats and miscellaneous symbols (❤, ☕, ⚕) that take part in emoji sequences.
const isSymbol = (c: number) => c >= 0x2600 && c <= 0x27bf;
const VARIATION_SELECTOR_16 = 0xfe0f;

/**
 * The zero-width joiner is refused too, except between the parts of an emoji sequence (a family, a profession), where
 * it belongs: after an emoji (its low surrogate, a variation selector or a symbol), before another. A lone surrogate
 * is not text: it cannot be encoded as UTF-8 (SQLite stored one as invalid bytes). Scanned by hand rather than with
 * lookbehind patterns, which Safari before 16.4 cannot even parse.
 */
function hasStrayJoinerOrLoneSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isHigh(c)) {
      if (!isLow(s.charCodeAt(i + 1))) return true;
      i++;
    } else if (isLow(c)) {
      return true;
    } else if (c === ZWJ) {
      const before = s.charCodeAt(i - 1);
      const after = s.charCodeAt(i + 1);
      if (!(isLow(before) || before === VARIATION_SELECTOR_16 || isSymbol(before))) return true;
      if (!(isHigh(after) || isSymbol(after))) return true;
    }
  }
  return false;
}

/** True when the text holds no invisible or direction-changing character and is well-formed UTF-16. */
export const isPlainVisibleText = (s: string) => !INVISIBLE.test(s) && !hasStrayJoinerOrLoneSurrogate(s);

/**
 * Why a custom check failed, carried in the issue's params so a caller can tell the failures apart without reading
 * the message (docs/architecture.md: one rule, many doors).
 */
export type SchemaCheckCode = 'required' | 'format' | 'markup' | 'control-characters' | 'invisible-characters';
const because = (code: SchemaCheckCode, message: string) => ({ message, params: { code } });

interface TextOptions {
  /** Leading and trailing white space is dropped before any other check, and the stored value is the trimmed one. */
  trim?: boolean;
}
/** Every text field starts here, so the one rule about invisible and ill-formed characters holds for all of them. */
const base = ({ trim = false }: TextOptions) =>
  (trim ? z.string().trim() : z.string()).refine(
    isPlainVisibleText,
    because('invisible-characters', INVISIBLE_CHARACTERS_MESSAGE),
  );

/** A single-line text field: bounded, no control characters. */
export const line = (max: number, options: TextOptions = {}) =>
  base(options)
    .max(max, { message: `Must be ${max} characters or less` })
    .refine((s) => !CONTROL_CHARS_SINGLE_LINE.test(s), because('control-characters', CONTROL_CHARACTERS_MESSAGE));

// Every code point Unicode says a renderer may show as nothing (the soft hyphen, the Hangul fillers, the variation
// selectors, the tag characters, the joiners): in a name printed under a signature, each one either vanishes or
// shows as a gap ("Jor\u00ADdan" prints as "Jor dan"), so the name signed is not the name read. Emoji sequences need
// some of them, which is why other text fields keep the narrower INVISIBLE rule.
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

/** A person's name as a signature prints it: a single line with no default-ignorable code point at all. */
export const printedName = (max: number, options: TextOptions = {}) =>
  line(max, options).refine(
    // A character the narrower rule refused already (a stray joiner) is said once, by that rule.
    (s) => !isPlainVisibleText(s) || !DEFAULT_IGNORABLE.test(s),
    because('invisible-characters', INVISIBLE_CHARACTERS_MESSAGE),
  );

/** A multi-line text field: newlines and tabs allowed, other control characters not. */
export const text = (max: number, options: TextOptions = {}) =>
  base(options)
    .max(max, { message: `Must be ${max} characters or less` })
    .refine((s) => !CONTROL_CHARS.test(s), because('control-characters', CONTROL_CHARACTERS_MESSAGE));

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Must be a date (YYYY-MM-DD)' })
  .refine(isRealDate, because('format', 'Must be a real calendar date'));

export const optionalIsoDate = z.union([z.literal(''), isoDate]);

export const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Must be a time (HH:MM)' });

/** A chosen time slot, 'HH:MM-HH:MM', or '' for none. */
export const slotChoice = z.union([
  z.literal(''),
  z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, { message: 'Must be a time slot (HH:MM-HH:MM)' }),
]);

const emailOf = ({ trim = false }: TextOptions) =>
  base({ trim })
    .max(LIMITS.email, { message: `Must be ${LIMITS.email} characters or less` })
    .email({ message: 'Must be a valid e-mail address' });

export const email = emailOf({});

export const bookingStatus = z.enum(BOOKING_STATUSES);

const filled = (s: string) => s.trim().length > 0;

export const PHONE_FORMAT_MESSAGE = 'Please enter a phone number, such as (602) 555-0100 or +44 20 7946 0958';

export const NO_MARKUP_MESSAGE = 'Must not contain HTML or script';
/** Booking text is plain text: tags, event handlers and script URLs are refused ("I <3 it" and "R&B" are fine). */
const plain = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((s) => !containsMarkup(s), because('markup', NO_MARKUP_MESSAGE));

// What a visitor types is trimmed here, once, so every backend stores the same text and a blank field is empty.
const TRIM = { trim: true };
const requiredLine = (max: number) => line(max, TRIM).refine(filled, because('required', 'Required'));

/**
 * An image's alt text or a video's title: one rule for the upload, which names the item, and
 * for the portfolio editor, which saves it, so the server never takes at upload a name the editor then refuses.
 * Plain text like every name: markup is refused.
 */
export const mediaName = plain(line(LIMITS.mediaName, TRIM));

export const bookingInputSchema = z.strictObject({
  name: plain(requiredLine(LIMITS.name)),
  email: emailOf(TRIM),
  // Any common national or international format; every backend stores the E.164 form (domain/phone.ts).
  phone: line(LIMITS.phone, TRIM)
    .refine((s) => s === '' || isPhoneNumber(s), because('format', PHONE_FORMAT_MESSAGE))
    .transform((s) => (s === '' ? '' : (toE164(s) ?? s))),
  serviceId: requiredLine(LIMITS.id),
  serviceTierId: requiredLine(LIMITS.id),
  date: optionalIsoDate,
  // The last shoot day and the time slots are optional so a request from a form made before them still reads (absent
  // is '').
  endDate: optionalIsoDate.default(''),
  time: slotChoice.default(''),
  consultationDate: optionalIsoDate,
  consultationTime: slotChoice.default(''),
  consultationLocation: plain(line(LIMITS.location, TRIM)),
  location: plain(line(LIMITS.location, TRIM)),
  description: plain(text(LIMITS.description, TRIM).refine(filled, because('required', 'Required'))),
  smsOptIn: z.boolean(),
});

/**
 * A visitor's message when nothing can be booked: her name, e-mail and phone checked as a
 * booking's are, and a message like a booking's description.
 */
export const contactMessageSchema = z.strictObject({
  name: bookingInputSchema.shape.name,
  email: bookingInputSchema.shape.email,
  phone: bookingInputSchema.shape.phone,
  message: bookingInputSchema.shape.description,
});

/** A client's manage link's key: 32 random bytes in base64url, 43 characters. */
export const manageToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'Must be the key from your link' });

/** A request through her manage link that names only the link's key: read, cancel, the calendar file. */
export const manageRequestSchema = z.strictObject({ token: manageToken });

/**
 * A client's move request from her manage link: which date (the shoot's first day or the consultation;
 * the shoot when not named, as the page before the consultation could move sent it) and the calendar day she asks
 * for. The page checks her choice with this schema before it sends it; the server checks it again.
 */
export const manageMoveSchema = z
  .strictObject({
    token: manageToken,
    part: z.enum(['shoot', 'consultation']).default('shoot'),
    date: isoDate,
    // The consultation's slot on that day ('HH:MM-HH:MM'), '' when the day has none: whether it must be given and is
    // free depends on her slots, which the server checks (moveRefusal).
    time: z
      .string()
      .regex(/^(\d{2}:\d{2}-\d{2}:\d{2})?$/, { message: 'Must be one of the times offered' })
      .default(''),
  })
  .refine((move) => move.part === 'consultation' || move.time === '', {
    message: 'Only a consultation is moved to a time',
    path: ['time'],
  });

/** The longest personal message the admin may add to a status-change mail. */
export const PERSONAL_MESSAGE_MAX = 1000;

/** A status change; `message` is her optional personal note in the mail it sends the client. */
export const bookingStatusUpdateSchema = z.strictObject({
  status: bookingStatus,
  message: text(PERSONAL_MESSAGE_MAX, { trim: true }).optional(),
});

export const availabilityPeriodInputSchema = z
  .strictObject({
    startDate: isoDate,
    endDate: isoDate,
    isAvailable: z.boolean(),
    notes: text(LIMITS.notes),
  })
  .refine((p) => p.startDate <= p.endDate, { message: 'End date must not be before start date', path: ['endDate'] });

export const unavailableRangeInputSchema = z
  .strictObject({
    startDate: isoDate,
    endDate: isoDate,
    reason: text(LIMITS.notes),
  })
  .refine((p) => p.startDate <= p.endDate, { message: 'End date must not be before start date', path: ['endDate'] });

export const timeSlotInputSchema = z
  .strictObject({
    date: isoDate,
    startTime: time,
    endTime: time,
    isAvailable: z.boolean(),
    notes: text(LIMITS.notes),
  })
  .refine((s) => s.startTime < s.endTime, { message: 'End time must be after start time', path: ['endTime'] });

/** One slot of her weekly consultation hours. */
export const weeklySlotInputSchema = z
  .strictObject({
    weekday: z.number().int().min(0).max(6),
    startTime: time,
    endTime: time,
  })
  .refine((s) => s.startTime < s.endTime, { message: 'End time must be after start time', path: ['endTime'] });

/**
 * Her weekly hours as a whole (PUT replaces them): a handful of slots a day at most, no two of one weekday starting at
 * the same time.
 */
export const weeklySlotsInputSchema = z
  .strictObject({ slots: z.array(weeklySlotInputSchema).max(7 * 48) })
  .refine((w) => new Set(w.slots.map((s) => `${s.weekday} ${s.startTime}`)).size === w.slots.length, {
    message: 'Two slots of one day start at the same time',
    path: ['slots'],
  });

export const signInRequestSchema = z.strictObject({ email });
/**
 * Each call that opens a session may say the device is hers: its session then lasts 30 days from its last
 * use instead of 2 hours, and her dashboard lists it. Absent means no.
 */
const trustDevice = z.boolean().optional();

export const signInCompleteSchema = z.strictObject({
  email,
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'Invalid sign-in link.' }),
  trustDevice,
});

// ---- Passkeys (WebAuthn). The browser's answers are what @simplewebauthn/browser builds from the authenticator's; each
// part is base64url and bounded, so a malformed or oversized one is a 400 before any verification runs. ----

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'Must be base64url' });

// A credential id is at most 1023 bytes (WebAuthn), 1364 characters of base64url.
const credentialId = base64url(1364);
const authenticatorAttachment = z.enum(['platform', 'cross-platform']);
// The browser reports whatever extension outputs the authenticator gave (credProps, prf, ...); none is relied on.
const clientExtensionResults = z.record(z.string().max(100), z.unknown());

export const passkeyName = line(LIMITS.passkeyName, TRIM).refine(filled, because('required', 'Required'));

export const registrationResponseSchema = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  response: z.strictObject({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(65536),
    authenticatorData: base64url(65536).optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
  authenticatorAttachment: authenticatorAttachment.optional(),
  clientExtensionResults,
  type: z.literal('public-key'),
});

export const authenticationResponseSchema = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  response: z.strictObject({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
  authenticatorAttachment: authenticatorAttachment.optional(),
  clientExtensionResults,
  type: z.literal('public-key'),
});

/** Asking to add a passkey: the name she gives it, checked before her authenticator is asked for anything. */
export const passkeyOptionsRequestSchema = z.strictObject({ name: passkeyName });

/** Adding a passkey: the name she gives it and the browser's answer to the registration options. */
export const passkeyRegistrationSchema = z.strictObject({ name: passkeyName, response: registrationResponseSchema });

/** The `:id` of one of her passkeys: its credential id. */
export const passkeyIdParamsSchema = z.strictObject({ id: credentialId });

/** A recovery code as typed; normaliseRecoveryCode decides whether it can be one. */
export const recoveryCodeInputSchema = z.strictObject({ code: z.string().max(64), trustDevice });

/** The passkey step's answer: the authenticator's assertion, and whether this device is hers. */
export const passkeyStepAnswerSchema = authenticationResponseSchema.extend({ trustDevice });

/** A request that carries nothing (asking for options): an empty object, so a stray field is still refused. */
export const emptyBodySchema = z.strictObject({});

export const settingsUpdateSchema = z.strictObject({ smsEnabled: z.boolean().nullable() });

export const mediaItemSchema = z.strictObject({
  id: z.string().max(LIMITS.id).optional(),
  type: z.enum(['image', 'video']),
  url: z.string().max(2000),
  name: z.string().max(LIMITS.mediaName),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  srcSet: z.string().max(4000).optional(),
  poster: z.string().max(2000).optional(),
  placeholder: z
    .string()
    .max(MEDIA_PLACEHOLDER_MAX_CHARS)
    .regex(/^data:image\/(webp|jpeg|png);base64,[A-Za-z0-9+/]+=*$/, { message: 'Must be an image data URI' })
    .optional(),
  caption: z.string().max(MEDIA_CAPTION_MAX).optional(),
}) satisfies z.ZodType<MediaItem>;

/**
 * The form fields of an upload (POST /api/admin/media, multipart, beside the `file` part): the alt text, which every
 * image needs (docs/product.md §2: the admin cannot upload an image without describing it), and the portfolio
 * section it goes to ('comp-card', 'runway/<show>', 'print/<concept>', 'services', ...).
 */
export const mediaUploadFieldsSchema = z.strictObject({
  alt: mediaName.refine((s) => s.length > 0, because('required', MEDIA_ALT_REQUIRED)),
  section: z
    .string()
    .max(80, { message: 'Must be 80 characters or less' })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)?$/, {
      message: "Must be a section id such as 'comp-card' or 'runway/fall-show'",
    }),
});

/** The `:id` of an upload: the UUID the server gave it. */
export const mediaIdParamsSchema = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { message: 'Not a media id' }),
});

export const tierSchema = z.strictObject({
  id: z.string().min(1).max(LIMITS.id),
  displayName: z.string().min(1).max(100),
  price: z.string().max(40),
  includes: z.array(z.string().max(300)).max(30),
  paymentSchedule: z.string().max(120).optional(),
});

export const serviceRulesSchema = z.strictObject({
  needsConsultation: z.boolean(),
  dateLabel: z.string().max(60),
  consultationDateLabel: z.string().max(60),
  paymentSchedule: z.string().max(120),
});

export const serviceSchema = z.strictObject({
  id: z.string().min(1).max(LIMITS.id),
  displayName: z.string().min(1).max(100),
  description: z.string().max(2000),
  image: z.string().max(2000),
  price: z.string().max(40),
  tiers: z.array(tierSchema).max(20),
  hidden: z.boolean().optional(),
  rules: serviceRulesSchema.optional(),
}) satisfies z.ZodType<Service>;

export const siteDetailsResponseSchema = z.strictObject({
  name: z.string(),
  tagline: z.string(),
  heroImage: z.string(),
  about: z.string(),
  email: z.string(),
  phone: z.string(),
  agency: z.string(),
  social: z.array(z.strictObject({ label: z.string(), url: z.string() })),
}) satisfies z.ZodType<SiteDetails>;

export const compCardResponseSchema = z.strictObject({
  units: z.enum(MEASUREMENT_UNITS),
  height: z.string(),
  bust: z.string(),
  waist: z.string(),
  hips: z.string(),
  dress: z.string(),
  shoe: z.string(),
  hair: z.string(),
  eyes: z.string(),
}) satisfies z.ZodType<CompCardStats>;

export const siteContentSchema = z.strictObject({
  details: siteDetailsResponseSchema,
  compCard: compCardResponseSchema,
}) satisfies z.ZodType<SiteContent>;

// ---- Request parts that are not entities ----

/** The `:id` of a route that reads, changes or deletes one thing. */
export const idParamsSchema = z.strictObject({ id: z.string().min(1).max(LIMITS.id) });

/**
 * The admin's booking list: one page at a time, newest first, all requests or one status. The
 * cursor is the server's own (the `nextCursor` of the page before), opaque to a client.
 */
export const bookingListQuerySchema = z.strictObject({
  status: bookingStatus.optional(),
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(BOOKING_PAGE_SIZE).optional(),
  q: line(LIMITS.search, { trim: true }).optional(),
}) satisfies z.ZodType<BookingListQuery, unknown>;

export const bookingSummarySchema = z.strictObject({ new: z.number().int().min(0) });

/** The portfolio content's cache-busting `?t=<timestamp>` (docs/product.md §7). */
export const portfolioContentQuerySchema = z.strictObject({ t: z.string().max(40).optional() });

// ---- What the API answers: the server serialises every answer through these, so a field that is not here never
// leaves it. A stored value is checked for its shape, not against today's write rules above, so that a row written
// under older rules stays readable. ----

/** Every refusal: a message for people, and per-field messages when a form can show them. */
export const apiErrorSchema = z.strictObject({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

/** The health answer. */
export const healthSchema = z.strictObject({
  ok: z.literal(true),
  /** The release ("1.0.0+d859e24": package.json's version and the commit). */
  version: z.string(),
  /** ok; degraded while mail the SMTP server refused waits to be sent again; outbox when kept locally on purpose. */
  mail: z.enum(['ok', 'degraded', 'outbox']),
});

/** The answer to a create that only needs to name what it made. */
export const createdIdSchema = z.strictObject({ id: z.string() });

export const runtimeConfigSchema = z.strictObject({
  remotes: z.strictObject({ 'public-site': z.string(), 'admin-app': z.string() }),
  integrity: z.record(z.string(), z.string()).optional(),
  modelName: z.string(),
  origins: z.strictObject({ public: z.string(), admin: z.string() }).optional(),
  studio: z
    .strictObject({ timeZone: z.string(), today: isoDate, firstWeekday: z.number().int().min(0).max(6) })
    .optional(),
  firebase: z
    .strictObject({
      webConfig: z.strictObject({
        apiKey: z.string(),
        authDomain: z.string(),
        projectId: z.string(),
        appId: z.string().optional(),
      }),
      authEmulatorUrl: z.string().optional(),
    })
    .optional(),
}) satisfies z.ZodType<RuntimeConfig>;

export const portfolioCategorySchema = z.strictObject({ id: z.string(), label: z.string(), description: z.string() });

export const printConceptDetailsSchema = z.strictObject({
  style: z.string(),
  wardrobe: z.string(),
  setting: z.string(),
  purpose: z.string(),
});

export const portfolioMetaSchema = z.strictObject({
  RUNWAY_SECTION_MAP: z.record(z.string(), z.string()),
  RUNWAY_SECTION_SUBTITLES: z.record(z.string(), z.string()),
  PRINT_CONCEPTS: z.array(z.string()),
  PRINT_CONCEPT_KEY_MAP: z.record(z.string(), z.string()),
  PRINT_CONCEPT_DETAILS: z.record(z.string(), printConceptDetailsSchema),
  portfolioCategories: z.array(portfolioCategorySchema),
  ugcReels: z.array(z.string()),
}) satisfies z.ZodType<PortfolioMeta>;

export const portfolioContentSchema = z.strictObject({
  runway: z.record(z.string(), z.array(mediaItemSchema)),
  print: z.record(z.string(), z.array(mediaItemSchema)),
  'comp-card': z.array(mediaItemSchema),
  digitals: z.array(mediaItemSchema),
  ugc: z.array(mediaItemSchema).optional(),
}) satisfies z.ZodType<PortfolioContent>;

export const projectSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
}) satisfies z.ZodType<Project>;

export const gallerySchema = z.strictObject({
  images: z.array(z.string()),
  videos: z.array(z.string()),
  media: z.array(mediaItemSchema).optional(),
}) satisfies z.ZodType<Gallery>;

export const bookingRequestSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  serviceId: z.string(),
  service: z.string(),
  servicePrice: z.string(),
  serviceTier: z.string(),
  serviceTierId: z.string(),
  paymentSchedule: z.string(),
  date: z.string(),
  endDate: z.string(),
  time: z.string(),
  consultationDate: z.string(),
  consultationTime: z.string(),
  consultationLocation: z.string(),
  location: z.string(),
  description: z.string(),
  smsOptIn: z.boolean(),
  status: bookingStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
  rescheduleDate: z.string().optional(),
  rescheduleConsultationDate: z.string().optional(),
  rescheduleConsultationTime: z.string().optional(),
}) satisfies z.ZodType<BookingRequest>;

/** One page of the admin's booking list, newest first. */
export const bookingPageSchema = z.strictObject({
  items: z.array(bookingRequestSchema),
  nextCursor: z.string().nullable(),
}) satisfies z.ZodType<BookingPage>;

/** One booking event of the admin's live stream: the request that was created or changed, whole. */
export const bookingChangeEventSchema = z.strictObject({
  type: z.enum(['created', 'updated']),
  booking: bookingRequestSchema,
}) satisfies z.ZodType<BookingChange>;

/** What a visitor gets back for a booking request: enough to say it arrived, nothing the admin adds later. */
export const createdBookingSchema = bookingRequestSchema.pick({ id: true, status: true, createdAt: true });

export const availabilityPeriodSchema = z.strictObject({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isAvailable: z.boolean(),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<AvailabilityPeriod>;

export const unavailableRangeSchema = z.strictObject({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string(),
  createdAt: z.string(),
}) satisfies z.ZodType<UnavailableRange>;

export const timeSlotSchema = z.strictObject({
  id: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  isAvailable: z.boolean(),
  notes: z.string(),
  createdAt: z.string(),
}) satisfies z.ZodType<TimeSlot>;

export const weeklySlotSchema = z.strictObject({
  id: z.string(),
  weekday: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
}) satisfies z.ZodType<WeeklySlot>;

export const adminAvailabilitySchema = z.strictObject({
  periods: z.array(availabilityPeriodSchema),
  unavailable: z.array(unavailableRangeSchema),
  slots: z.array(timeSlotSchema),
  weekly: z.array(weeklySlotSchema),
}) satisfies z.ZodType<AdminAvailability>;

/** Dates and times only (docs/architecture.md, rules table): notes and reasons are not in it, so they cannot leak. */
export const publicAvailabilitySchema = z.strictObject({
  periods: z.array(availabilityPeriodSchema.pick({ id: true, startDate: true, endDate: true, isAvailable: true })),
  unavailable: z.array(unavailableRangeSchema.pick({ id: true, startDate: true, endDate: true })),
  slots: z.array(timeSlotSchema.pick({ id: true, date: true, startTime: true, endTime: true, isAvailable: true })),
  weekly: z.array(weeklySlotSchema).optional(),
  booked: z.array(z.strictObject({ date: z.string(), time: z.string() })).optional(),
  minNoticeDays: z.number().int().min(0).optional(),
  today: isoDate.optional(),
  smsOptIn: z.boolean().optional(),
}) satisfies z.ZodType<PublicAvailability>;

export const authUserSchema = z.strictObject({ email: z.string(), isAdmin: z.boolean() }) satisfies z.ZodType<AuthUser>;

/** Who is signed in: the user, or null for a visitor. */
export const sessionStateSchema = z.strictObject({ user: authUserSchema.nullable() });

/** The answer to a completed sign-in. */
export const signedInSchema = z.strictObject({ user: authUserSchema });

/**
 * The answer to a completed e-mail link: the signed-in user, or, once the admin has a passkey, the second step
 * (a short-lived state in an HttpOnly cookie, not a session).
 */
export const signInAnswerSchema = z.union([signedInSchema, z.strictObject({ secondFactor: z.literal('passkey') })]);

export const passkeySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
}) satisfies z.ZodType<Passkey>;

export const passkeyListSchema = z.strictObject({
  passkeys: z.array(passkeySchema),
  hasRecoveryCode: z.boolean(),
}) satisfies z.ZodType<PasskeyList>;

export const passkeyEnrolmentSchema = z.strictObject({
  passkey: passkeySchema,
  recoveryCode: z.string().nullable(),
}) satisfies z.ZodType<PasskeyEnrolment>;

const credentialDescriptor = z.strictObject({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/** What navigator.credentials.create() is given, as @simplewebauthn/server 14 makes it (JSON, base64url buffers). */
export const registrationOptionsSchema = z.strictObject({
  challenge: z.string(),
  rp: z.strictObject({ name: z.string(), id: z.string().optional() }),
  user: z.strictObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.strictObject({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .strictObject({
      authenticatorAttachment: authenticatorAttachment.optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  extensions: z.strictObject({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.enum(['security-key', 'client-device', 'hybrid'])).optional(),
});

/** What navigator.credentials.get() is given. */
export const authenticationOptionsSchema = z.strictObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  timeout: z.number().int().optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  extensions: z.strictObject({}).optional(),
  hints: z.array(z.enum(['security-key', 'client-device', 'hybrid'])).optional(),
});

/** A sign-in by passkey alone: its ceremony's id (a 256-bit secret, base64url) and the browser's options. */
const ceremonyId = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
export const passkeySignInOptionsSchema = z.strictObject({
  ceremony: ceremonyId,
  options: authenticationOptionsSchema,
});

/** The answer to it: the ceremony it belongs to and the authenticator's assertion. */
export const passkeySignInSchema = z.strictObject({
  ceremony: ceremonyId,
  response: authenticationResponseSchema,
  trustDevice,
});

/** One of her trusted devices on her dashboard; times are ISO strings. */
export const trustedDeviceSchema = z.strictObject({
  id: z.string(),
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
}) satisfies z.ZodType<TrustedDevice>;

export const trustedDeviceListSchema = z.strictObject({ devices: z.array(trustedDeviceSchema) });

/** The `:id` of a trusted device: what the list gave (lib/sessions.ts deviceId). */
export const trustedDeviceIdParamsSchema = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });

export const mailStatusSchema = z.strictObject({
  state: z.enum(['ok', 'degraded', 'outbox']),
  waiting: z.number().int().min(0),
  givenUp: z.number().int().min(0),
  lastError: z.string().nullable(),
}) satisfies z.ZodType<MailStatus>;

export const storageStatusSchema = z.strictObject({
  state: z.enum(['ok', 'low', 'full']),
}) satisfies z.ZodType<StorageStatus>;

export const smsStatusSchema = z.strictObject({
  enabled: z.boolean(),
  source: z.enum(['env', 'admin', 'default']),
  adminValue: z.boolean().nullable(),
}) satisfies z.ZodType<SmsStatus>;

/** A mail or SMS kept in the local outbox (docs/architecture.md: read at GET /api/dev/outbox outside production). */
export const outboxMessageSchema = z.strictObject({
  id: z.number().int(),
  channel: z.enum(['mail', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

// ---- Content: what the admin writes about her site. Every text is trimmed and checked by the one text
// rule; URLs are the site's own paths or https links; each entity here is used by her form, the server's route and
// the Firestore rules alike. ----

export const SLUG_MESSAGE = 'Use lowercase letters, digits and dashes';
/** An id she chooses (a service, a tier, a section): lowercase letters, digits and dashes, so it fits in a URL. */
export const slug = z
  .string()
  .max(LIMITS.id, { message: `Must be ${LIMITS.id} characters or less` })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: SLUG_MESSAGE });

export const PRICE_MESSAGE = "Must be a price such as '$350' (or empty for 'Contact for pricing')";
/** A tier's price: '$350', '$1,200', '$99.50', or empty when she prefers to be contacted. */
export const priceText = line(40, TRIM).refine(
  (s) => s === '' || /^\$(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{2})?$/.test(s),
  because('format', PRICE_MESSAGE),
);

export const DISPLAY_PRICE_MESSAGE =
  "Must show a price such as '$275' or 'From $275 per day' (or be empty for 'Starting from' the lowest tier price)";
const BARE_AMOUNT = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{2})?$/;
/**
 * A service's display price as she typed it. Every price on the site is written in dollars ('$NNN'), so a bare
 * amount ("275", "1,200", "99.50") gets its "$" rather than showing as typed; other text passes as typed.
 */
export const normaliseDisplayPrice = (price: string): string => {
  const trimmed = price.trim();
  return BARE_AMOUNT.test(trimmed) ? `$${trimmed}` : trimmed;
};
/**
 * What the service's card shows instead of 'Starting from' the lowest tier: empty, the spec's 'Contact for pricing',
 * or a text with a dollar amount in it ('$275', 'From $1,200 per day'); a bare amount is given its "$".
 */
export const displayPrice = plain(line(40, TRIM))
  .transform(normaliseDisplayPrice)
  .refine((s) => s === '' || s === CONTACT_FOR_PRICING || /\$\d/.test(s), because('format', DISPLAY_PRICE_MESSAGE));

export const MEDIA_URL_MESSAGE = 'Must be a path on this site (/media/...) or an https link';
/** An image or video address: one of the site's own paths, or an https URL. Never javascript: or data:. */
export const mediaUrl = line(2000, TRIM).refine(
  (s) => {
    if (s === '') return true;
    if (s.startsWith('/')) return !s.startsWith('//') && !s.includes('\\');
    try {
      return new URL(s).protocol === 'https:';
    } catch {
      return false;
    }
  },
  because('format', MEDIA_URL_MESSAGE),
);

export const SOCIAL_URL_MESSAGE = 'Must be an https link to Instagram, TikTok, YouTube, Vimeo or another social site';
export const socialUrl = line(2000, TRIM).refine(isAllowedSocialUrl, because('format', SOCIAL_URL_MESSAGE));

export const tierInputSchema = z.strictObject({
  id: slug,
  displayName: plain(requiredLine(100)),
  price: priceText,
  includes: z.array(plain(requiredLine(300))).max(30),
  /** '' (or absent): the service's schedule. */
  paymentSchedule: z.union([z.literal(''), z.enum(PAYMENT_SCHEDULES)]).optional(),
});

/**
 * What a service asks of a booking. Optional so a client that predates service rules still saves: a service stored
 * without rules gets them derived on reading (domain/legacy-service-rules.ts).
 */
export const serviceRulesInputSchema = z.strictObject({
  needsConsultation: z.boolean(),
  dateLabel: plain(requiredLine(60)),
  consultationDateLabel: plain(requiredLine(60)),
  paymentSchedule: z.enum(PAYMENT_SCHEDULES),
});

export const TIER_IDS_UNIQUE_MESSAGE = 'Each tier needs its own id';
/** A service as she saves it; the position in the list is set by reordering, not here. */
export const serviceInputSchema = z.strictObject({
  id: slug,
  displayName: plain(requiredLine(100)),
  description: plain(text(2000, TRIM)),
  image: mediaUrl,
  price: displayPrice,
  tiers: z
    .array(tierInputSchema)
    .max(20)
    .refine((tiers) => new Set(tiers.map((t) => t.id)).size === tiers.length, {
      message: TIER_IDS_UNIQUE_MESSAGE,
    }),
  hidden: z.boolean().optional(),
  rules: serviceRulesInputSchema.optional(),
}) satisfies z.ZodType<Service, unknown>;

/** The services in the order she wants them (the public featured-first rule still applies on top). */
export const serviceOrderSchema = z.strictObject({
  ids: z
    .array(slug)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each service once' }),
});

export const ALT_TEXT_REQUIRED = 'Alt text is required: describe the image for people who cannot see it';
export const mediaItemInputSchema = z
  .strictObject({
    type: z.enum(['image', 'video']),
    url: mediaUrl.refine(filled, because('required', 'Required')),
    name: mediaName,
    width: z.number().int().positive().max(100_000).optional(),
    height: z.number().int().positive().max(100_000).optional(),
    srcSet: line(4000).optional(),
    poster: mediaUrl.optional(),
    id: slug.optional(),
    placeholder: z
      .string()
      .max(MEDIA_PLACEHOLDER_MAX_CHARS)
      .regex(/^data:image\/(?:png|jpeg|webp|avif);base64,[A-Za-z0-9+/=]+$/, { message: 'Must be an image data URI' })
      .optional(),
    caption: plain(text(MEDIA_CAPTION_MAX, TRIM)).optional(),
  })
  .refine((item) => item.type !== 'image' || item.name !== '', { message: ALT_TEXT_REQUIRED, path: ['name'] });

const mediaList = z.array(mediaItemInputSchema).max(300);
export const portfolioContentInputSchema = z.strictObject({
  runway: z.record(slug, mediaList),
  print: z.record(slug, mediaList),
  'comp-card': mediaList,
  digitals: mediaList,
  ugc: mediaList.optional(),
}) satisfies z.ZodType<PortfolioContent, unknown>;

export const portfolioCategoryInputSchema = z.strictObject({
  id: slug,
  label: plain(requiredLine(100)),
  description: plain(text(1000, TRIM)),
});

export const printConceptDetailsInputSchema = z.strictObject({
  style: plain(text(500, TRIM)),
  wardrobe: plain(text(500, TRIM)),
  setting: plain(text(500, TRIM)),
  purpose: plain(text(500, TRIM)),
});

export const RUNWAY_SHOW_LIMIT = 30;
export const PRINT_CONCEPT_LIMIT = 30;
export const CONCEPT_NAME_TAKEN = 'Another print concept already has this name';
export const CONCEPT_KEY_TAKEN = 'Another print concept already uses this address name';
export const CONCEPT_KEY_MISSING = 'Each print concept needs an address name';
export const SUBTITLE_WITHOUT_SHOW = 'A subtitle belongs to a runway show that is not in the list';
export const SHOW_ID_NUMERIC = 'Use at least one letter: an address name of digits only loses its place in the order';
const TOO_MANY_SHOWS = `At most ${RUNWAY_SHOW_LIMIT} runway shows`;

/**
 * The portfolio's words, whose parts must agree (she adds and removes runway shows and print concepts):
 * each concept's name once, each with its own address name (the key of /portfolio/print/<key>), and no subtitle
 * left behind by a removed show. A runway show's place is its key's place in the map, which JSON keeps, except
 * for keys of digits only, which every JavaScript object puts first: those are refused. These checks run once each
 * field is valid on its own (zod's order), so a form shows them after the fields' own messages.
 */
export const portfolioMetaInputSchema = z
  .strictObject({
    RUNWAY_SECTION_MAP: z
      .record(slug, plain(requiredLine(100)))
      .refine((map) => Object.keys(map).length <= RUNWAY_SHOW_LIMIT, { message: TOO_MANY_SHOWS }),
    RUNWAY_SECTION_SUBTITLES: z.record(slug, plain(line(200, TRIM))),
    PRINT_CONCEPTS: z.array(plain(requiredLine(100))).max(PRINT_CONCEPT_LIMIT),
    PRINT_CONCEPT_KEY_MAP: z.record(z.string().max(100), slug),
    PRINT_CONCEPT_DETAILS: z.record(slug, printConceptDetailsInputSchema),
    portfolioCategories: z.array(portfolioCategoryInputSchema).max(30),
    ugcReels: z.array(socialUrl).max(50),
  })
  .superRefine((meta, ctx) => {
    const names = new Set<string>();
    const keys = new Set<string>();
    meta.PRINT_CONCEPTS.forEach((name, i) => {
      if (names.has(name)) ctx.addIssue({ code: 'custom', message: CONCEPT_NAME_TAKEN, path: ['PRINT_CONCEPTS', i] });
      names.add(name);
      const key = meta.PRINT_CONCEPT_KEY_MAP[name];
      if (key === undefined) {
        ctx.addIssue({ code: 'custom', message: CONCEPT_KEY_MISSING, path: ['PRINT_CONCEPTS', i] });
      } else if (keys.has(key)) {
        ctx.addIssue({ code: 'custom', message: CONCEPT_KEY_TAKEN, path: ['PRINT_CONCEPT_KEY_MAP', name] });
      } else {
        keys.add(key);
      }
    });
    for (const id of Object.keys(meta.RUNWAY_SECTION_MAP)) {
      if (/^\d+$/.test(id))
        ctx.addIssue({ code: 'custom', message: SHOW_ID_NUMERIC, path: ['RUNWAY_SECTION_MAP', id] });
    }
    for (const id of Object.keys(meta.RUNWAY_SECTION_SUBTITLES)) {
      if (!(id in meta.RUNWAY_SECTION_MAP)) {
        ctx.addIssue({ code: 'custom', message: SUBTITLE_WITHOUT_SHOW, path: ['RUNWAY_SECTION_SUBTITLES', id] });
      }
    }
  }) satisfies z.ZodType<PortfolioMeta, unknown>;

/** Her whole portfolio saved at once (her editor has one Save): the words and the media, written together. */
export const portfolioInputSchema = z.strictObject({
  meta: portfolioMetaInputSchema,
  content: portfolioContentInputSchema,
});
export const portfolioSchema = z.strictObject({ meta: portfolioMetaSchema, content: portfolioContentSchema });

export const socialLinkSchema = z.strictObject({ label: plain(requiredLine(40)), url: socialUrl });

export const siteDetailsSchema = z.strictObject({
  name: plain(requiredLine(100)),
  tagline: plain(line(200, TRIM)),
  heroImage: mediaUrl,
  about: plain(text(5000, TRIM)),
  email: z.union([z.literal(''), emailOf(TRIM)]),
  phone: line(LIMITS.phone, TRIM).refine(
    (s) => s === '' || /^\+?[0-9 ()-]+$/.test(s),
    because('format', 'Must be a phone number: digits, spaces, dashes and an optional plus sign'),
  ),
  agency: plain(line(200, TRIM)),
  social: z.array(socialLinkSchema).max(12),
}) satisfies z.ZodType<SiteDetails, unknown>;

const measurement = plain(line(40, TRIM));
export const compCardSchema = z.strictObject({
  units: z.enum(MEASUREMENT_UNITS),
  height: measurement,
  bust: measurement,
  waist: measurement,
  hips: measurement,
  dress: measurement,
  shoe: measurement,
  hair: measurement,
  eyes: measurement,
}) satisfies z.ZodType<CompCardStats, unknown>;

export const projectInputSchema = z.strictObject({
  project: z.strictObject({
    id: slug,
    title: plain(requiredLine(200)),
    description: plain(text(2000, TRIM)),
    category: plain(line(100, TRIM)),
  }),
  gallery: z.strictObject({
    images: z.array(mediaUrl).max(300),
    videos: z.array(mediaUrl).max(100),
    media: mediaList.optional(),
  }),
}) satisfies z.ZodType<ProjectWithGallery, unknown>;

export const projectWithGallerySchema = z.strictObject({
  project: projectSchema,
  gallery: gallerySchema,
}) satisfies z.ZodType<ProjectWithGallery>;

export type FieldErrors = Record<string, string[]>;

/** What a person reads for one problem: an unknown key is named, everything else keeps the schema's message. */
export function issueMessage(issue: { code: string; message: string; keys?: readonly string[] }): string {
  return issue.code === 'unrecognized_keys' ? `Unknown field(s): ${(issue.keys ?? []).join(', ')}` : issue.message;
}

/** The field-error key of a problem at `path`: its dotted path, or '_' for the value as a whole. */
export const fieldKeyOf = (path: readonly PropertyKey[]): string => (path.length ? path.map(String).join('.') : '_');

/** Flattens a zod error into { 'field.path': [messages] } for a 400 answer or a form. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    (out[fieldKeyOf(issue.path)] ??= []).push(
      issueMessage({ code: issue.code, message: issue.message, keys: 'keys' in issue ? issue.keys : undefined }),
    );
  }
  return out;
}

export { z };
