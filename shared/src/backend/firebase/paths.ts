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
} as const;

/** Admin-only notes and reasons of availability entries, one document per entry (firebase/README.md explains why). */
export const NOTES_COLLECTION = 'availabilityNotes';
export const SETTINGS_SMS_DOC = 'sms';
export const PORTFOLIO_CONTENT_PATH = 'portfolio/content.json';

export type AvailabilityCollection = (typeof COLLECTIONS)['periods' | 'unavailable' | 'slots'];

/** The availabilityNotes document id of an entry: its collection and id, so one id can never collide across kinds. */
export const noteDocId = (name: AvailabilityCollection, id: string) => `${name}_${id}`;
