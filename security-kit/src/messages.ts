// Every user-facing text of the kit, in one place so wording stays consistent and can be translated later.
// The SecureForm templates and the suspicious-content warning are fixed by docs/product.md §5: change them only
// together with that section.
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS, TEXT_MAX_LENGTH } from './constants';

export const formMessages = {
  required: (label: string): string => `${label} is required`,
  tooLong: (label: string, max: number): string => `${label} must be ${max} characters or less`,
  suspiciousBlocked: 'Suspicious content detected. Your submission was blocked.',
  submitFailed: 'Something went wrong. Please try again.',
} as const;

export const validatorMessages = {
  emailRequired: 'Please enter your email.',
  emailInvalid: 'Please enter a valid email address, for example name@example.com.',
  emailTooLong: 'Email address is too long.',
  phoneRequired: 'Please enter your phone number.',
  phoneInvalid: 'Phone number may contain only digits, with an optional + at the start.',
  nameRequired: 'Please enter your name.',
  nameLength: `Name must be between ${NAME_MIN_LENGTH} and ${NAME_MAX_LENGTH} characters.`,
  nameCharacters: 'Name may contain only letters, spaces, hyphens and apostrophes.',
  textRequired: 'Please enter some text.',
  textTooLong: (max: number = TEXT_MAX_LENGTH): string => `Text must be ${max} characters or less.`,
} as const;

export const warningMessages = {
  adminEmail: 'This looks like an administrative address. Please use a personal email address.',
  disposableEmail: 'This looks like a disposable email address. Please use a permanent one so we can reply.',
  phoneLength: `Phone numbers usually have between ${PHONE_MIN_DIGITS} and ${PHONE_MAX_DIGITS} digits. Please check yours.`,
  nameLength: `Name is longer than ${NAME_MAX_LENGTH} characters.`,
} as const;

export const monitorMessages = {
  title: 'Security events',
  empty: 'No security events recorded.',
  clear: 'Clear events',
  lastUpdated: 'Last updated',
  eventTypes: {
    'rate-limit': 'Rate limit',
    'suspicious-input': 'Suspicious input',
    'blocked-submission': 'Blocked submission',
    'csp-violation': 'CSP violation',
    info: 'Info',
  },
  /** Event texts written by the kit itself; they never quote what the visitor typed. */
  suspiciousField: (label: string, reasons: readonly string[]): string =>
    `Suspicious content in "${label}" (${reasons.join(', ')})`,
  blockedSubmission: (labels: readonly string[]): string =>
    `Submission blocked: suspicious content in ${labels.map((l) => `"${l}"`).join(', ')}`,
  cspViolation: (directive: string, blocked: string): string => `${directive} blocked ${blocked}`,
} as const;
