// Business constants of docs/product.md §9, in one place for the client, the server and the tests.

export const NEXT_AVAILABLE_SEARCH_DAYS = 30;
/** Days of notice before the first bookable day: with 2, a request made on the 21st can be for the 23rd. */
export const MIN_NOTICE_DAYS_DEFAULT = 2;
/** The longest photoshoot one request may ask for, in days. */
export const MAX_SHOOT_DAYS = 14;
export { LOGO_CLICKS_TO_TRIGGER, SIGN_IN_REDIRECT_MS, SIGN_OUT_REDIRECT_MS } from './shell-timing';
export const BOOKING_SUCCESS_MS = 3000;
export const RESPONSE_TIME_HOURS = 24;

export const SMS_MAX_PER_HOUR = 10;
export const SMS_MAX_PER_DAY = 100;

export const CONTRACT_PAYMENT_DUE_DAYS = 7;
export const CONTRACT_LATE_INTEREST_MONTHLY_PERCENT = 1.5;
export const CONTRACT_CONFIDENTIALITY_YEARS = 3;
export const CONTRACT_TERMINATION_NOTICE_DAYS = 30;
export const CONTRACT_DEFAULT_TIMELINE_WEEKS = '4';
/** The contract form's timeline, in whole weeks: the schema's bounds and the number input's min and max. */
export const CONTRACT_TIMELINE_WEEKS = { min: 1, max: 199 } as const;
export const CONTRACT_DEFAULT_GOVERNING_LAW = 'Arizona';
export const CONTRACT_MILESTONE_FRACTIONS = [0.25, 0.75, 1] as const;

export const SIGN_IN_TOKEN_TTL_MS = 15 * 60 * 1000;

export const PRINT_CONCEPT_KEYS = [
  'editorial',
  'commercial',
  'fitness',
  'suiting',
  'avantgarde',
  'blackwhite',
  'streetwear',
] as const;

export const PORTFOLIO_SECTION_IDS = ['comp-card', 'digitals', 'runway', 'print', 'ugc'] as const;

/**
 * Field size limits shared by the forms and the server schemas: an input's maxLength and its schema's bound are the
 * same entry. A name is at most 50 characters, as the security helpers of docs/product.md §5 say (security-kit keeps
 * its own NAME_MAX_LENGTH; a test holds the two equal).
 */
export const LIMITS = {
  name: 50,
  email: 254,
  // Room for a typed format such as '+1 (602) 555-0100'; what is stored is E.164, at most 16.
  phone: 30,
  location: 200,
  description: 2000,
  notes: 500,
  id: 100,
  passkeyName: 60,
  // A portfolio item's name: an image's alt text (typed with the upload, which becomes the name) or a video's title.
  mediaName: 200,
  // The admin's search of the booking list (name, e-mail or reference; docs/product.md §5).
  search: 100,
  // A contract's client name, model name and service type, and its governing law ('Arizona'; docs/product.md §3).
  contractLine: 120,
  governingLaw: 80,
} as const;

/** Booking requests per page of the admin's list, and the most one page may ask for. */
export const BOOKING_PAGE_SIZE = 50;

/** The longest caption under a portfolio image (the placeholder's limit is the upload pipeline's, media-upload.ts). */
export const MEDIA_CAPTION_MAX = 300;
