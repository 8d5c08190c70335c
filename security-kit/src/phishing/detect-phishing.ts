// Phishing detector (docs/product.md §5: 19 phrases). The list is kept out of the UI (docs/product.md: "the phrase list itself: not
// shown"); it is exported for tests and for the server, which repeats the check.
//
// Phrases are multi-word and specific on purpose: SecureForm blocks a submission on a match, so a phrase a genuine
// client might write ("please confirm", "payment") would block real bookings.

export const PHISHING_PHRASES = [
  'verify your account',
  'urgent action required',
  'click here immediately',
  'confirm your password',
  'wire transfer',
  'gift card',
  'account has been suspended',
  'your account will be closed',
  'unusual activity detected',
  'update your payment details',
  'confirm your identity',
  'send your bank details',
  'social security number',
  'login credentials',
  'enter your pin',
  'you have won',
  'claim your prize',
  'bitcoin wallet',
  'western union',
] as const;

export type PhishingPhrase = (typeof PHISHING_PHRASES)[number];

export interface PhishingResult {
  suspicious: boolean;
  /** The listed phrases found, in list order, each once. */
  matches: PhishingPhrase[];
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Words may be separated by any run of whitespace (spaces, tabs, newlines, no-break spaces: JavaScript's \s covers
// them all); a phrase must start and end on a word boundary so "you have wonderful photos" is not "you have won".
const PATTERNS: ReadonlyArray<readonly [PhishingPhrase, RegExp]> = PHISHING_PHRASES.map((phrase) => [
  phrase,
  new RegExp(`(?<![\\p{L}\\p{N}])${phrase.split(' ').map(escapeRegExp).join('\\s+')}(?![\\p{L}\\p{N}])`, 'iu'),
]);

// Invisible characters are a known way to split a phrase past a filter ("verify\u200Byour account").
const INVISIBLE = /[\u00ad\u180e\u200b-\u200d\u2060\ufeff]/g;

function normalizeForMatching(text: string): string {
  // NFKC folds look-alike forms (full-width letters, ligatures) into the plain letters the patterns use.
  return text.normalize('NFKC').replace(INVISIBLE, '');
}

export function detectPhishing(text: string): PhishingResult {
  if (typeof text !== 'string' || text === '') return { suspicious: false, matches: [] };
  const normalized = normalizeForMatching(text);
  const matches = PATTERNS.filter(([, pattern]) => pattern.test(normalized)).map(([phrase]) => phrase);
  return { suspicious: matches.length > 0, matches };
}
