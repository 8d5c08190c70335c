// Collection and document names (docs/product.md §7). firestore.rules and the functions use the same names.
export const COLLECTIONS = {
  services: 'services',
  portfolioMeta: 'portfolioMeta',
  projects: 'projects',
  galleries: 'galleries',
  periods: 'availabilityPeriods',
  unavailable: 'unavailableDays',
  slots: 'timeSlots',
  bookings: 'bookingRequests',
  settings: 'settings',
  /** Her site details, comp card and order of the services (issue 16), one document each. */
  siteContent: 'siteContent',
  /** The portfolio's media in order (issue 16); before she first saves it, the JSON in Storage is read instead. */
  portfolioContent: 'portfolioContent',
} as const;

/** The documents of siteContent (firestore.rules allows these ids only). */
export const SITE_CONTENT_DOCS = { details: 'details', compCard: 'compCard', serviceOrder: 'serviceOrder' } as const;

/** Admin-only notes and reasons of availability entries, one document per entry (firebase/README.md explains why). */
export const NOTES_COLLECTION = 'availabilityNotes';
export const SETTINGS_SMS_DOC = 'sms';
export const PORTFOLIO_CONTENT_PATH = 'portfolio/content.json';

export type AvailabilityCollection = (typeof COLLECTIONS)['periods' | 'unavailable' | 'slots'];

/** The availabilityNotes document id of an entry: its collection and id, so one id can never collide across kinds. */
export const noteDocId = (name: AvailabilityCollection, id: string) => `${name}_${id}`;
