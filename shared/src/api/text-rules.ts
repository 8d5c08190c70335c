// The rules every text field of the API is built from (docs/architecture.md: one rule, many doors): no control
// characters, no character that hides or reverses text, well-formed UTF-16, bounded length, and the field formats
// (dates, times, e-mail addresses, slugs) the areas share. The schemas index re-exports the public ones; the helpers
// only the schema modules use (because, plain, filled, TRIM, requiredLine, emailOf) stay out of it.
import { z } from './zod';
import { containsMarkup } from '@studio/security-kit/markup';
import { INVISIBLE_CHARACTERS_MESSAGE } from '../refusal-messages';
import { LIMITS } from '../domain/constants';

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
 * Why a custom check failed, carried in the params so a caller can tell the failures apart without reading
 * the message (docs/architecture.md: one rule, many doors).
 */
export type SchemaCheckCode = 'required' | 'format' | 'markup' | 'control-characters' | 'invisible-characters';
export const because = (code: SchemaCheckCode, message: string) => ({ message, params: { code } });

export interface TextOptions {
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

export const emailOf = ({ trim = false }: TextOptions) =>
  base({ trim })
    .max(LIMITS.email, { message: `Must be ${LIMITS.email} characters or less` })
    .email({ message: 'Must be a valid e-mail address' });

export const email = emailOf({});

export const filled = (s: string) => s.trim().length > 0;

export const NO_MARKUP_MESSAGE = 'Must not contain HTML or script';
/** Booking text is plain text: tags, event handlers and script URLs are refused ("I <3 it" and "R&B" are fine). */
export const plain = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((s) => !containsMarkup(s), because('markup', NO_MARKUP_MESSAGE));

// What a visitor types is trimmed here, once, so every backend stores the same text and a blank field is empty.
export const TRIM = { trim: true };
export const requiredLine = (max: number) => line(max, TRIM).refine(filled, because('required', 'Required'));

export const SLUG_MESSAGE = 'Use lowercase letters, digits and dashes';
/** An id she chooses (a service, a tier, a section): lowercase letters, digits and dashes, so it fits in a URL. */
export const slug = z
  .string()
  .max(LIMITS.id, { message: `Must be ${LIMITS.id} characters or less` })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: SLUG_MESSAGE });
