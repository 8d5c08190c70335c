// @studio/shared/schemas: one schema per entity (docs/architecture.md): the client form, the server route and the
// Firestore rules follow these. Objects are strict: an unknown key is an error, never silently dropped.
//
// Each area's schemas live in their own module under ../api; this entry gathers those every page may need. What a
// client sends is checked by today's write rules; what the API answers goes out through the answer schemas, so a
// field that is not in one never leaves the server, and a stored value is checked for its shape only, so that a row
// written under older rules stays readable. The contract, quote, payment, client-action and deploy schemas are
// entries of their own (./contract, ./quote, ...), so no visitor's page loads them.
export {
  CONTROL_CHARACTERS_MESSAGE,
  email,
  isoDate,
  isPlainVisibleText,
  line,
  NO_MARKUP_MESSAGE,
  optionalIsoDate,
  printedName,
  slotChoice,
  slug,
  SLUG_MESSAGE,
  text,
  time,
  type SchemaCheckCode,
} from '../api/text-rules';
export * from '../api/errors';
export * from '../api/platform';
export * from '../api/bookings';
export * from '../api/availability';
export * from '../api/auth';
export * from '../api/settings';
export * from '../api/media';
export * from '../api/services';
export * from '../api/site';
export * from '../api/portfolio';
export { z } from '../api/zod';
