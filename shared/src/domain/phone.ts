// Phone numbers: a visitor types her number the way she writes it, or the way the browser's
// autofill gives it ("(602) 555-0100", "602-555-0100", "+1 602 555 0100"); every backend stores the one E.164 form
// (+16025550100) so the SMS transport, the dashboard's tel: link and a search all see the same text. The parsing is
// libphonenumber-js with its 'min' metadata (about 80 KB unpacked, against 150 KB for the full set): enough to know a
// country's calling code and lengths, which is what telling a number from a typo needs here. Kept out of the
// domain entry so only the chunks that parse a phone (the booking form, the dashboard, the server) carry it.
import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/** A number without a country code is read as one of this country's (the studio is in Arizona). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

// Digits and what people put between them: spaces, dots, dashes, brackets and one leading plus. Letters (an "ext."
// or a vanity number) are refused rather than guessed at: libphonenumber would pull digits out of "abc 602".
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/** The number in E.164 form ('+16025550100'), or null when the text is not a valid phone number. */
export function toE164(text: string): string | null {
  const trimmed = text.trim();
  if (!PHONE_CHARACTERS.test(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(trimmed, DEFAULT_PHONE_COUNTRY);
  // Possible (the right length for its country), not "valid" (inside the number ranges known when the metadata was
  // made): a newly opened area code must not turn a client away, and a mistyped digit passes either test.
  if (!parsed || !parsed.isPossible()) return null;
  return parsed.number;
}

/** True for a number every backend accepts. */
export const isPhoneNumber = (text: string): boolean => toE164(text) !== null;

/**
 * How the dashboard shows a stored number: national for the studio's country ('(602) 555-0100'), international for
 * another ('+44 20 7946 0958'); a value stored before numbers were normalised is shown as it is.
 */
export function formatPhone(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored, DEFAULT_PHONE_COUNTRY);
  if (!parsed || !parsed.isPossible()) return stored;
  // By calling code: a number in a range the metadata does not know yet has no country, but it is still dialled as
  // one of the studio's.
  return parsed.countryCallingCode === getCountryCallingCode(DEFAULT_PHONE_COUNTRY)
    ? parsed.formatNational()
    : parsed.formatInternational();
}

/** The tel: link of a stored number (E.164 when it parses, else its digits and plus only). */
export function phoneHref(stored: string): string {
  const e164 = toE164(stored);
  return `tel:${e164 ?? stored.replace(/[^\d+]/g, '')}`;
}
