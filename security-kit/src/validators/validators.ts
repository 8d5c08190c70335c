// Format validators (docs/product.md §5). They decide valid/invalid; softer advice lives in ./warnings.
// Lengths are counted in UTF-16 code units (String#length), the way the server's zod schemas count them, so the
// browser never accepts a value the server then refuses.
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, NAME_MIN_LENGTH, TEXT_MAX_LENGTH, TEXT_MIN_LENGTH } from '../constants';
import { validatorMessages as m } from '../messages';
import { invalid, VALID, type ValidationResult } from './validation-result';

// The same "practical" pattern zod 4 uses for `.email()` on the server (dot-separated local part, a domain of
// letter/digit labels, a TLD of 2+ letters): a stricter or looser client check would disagree with the server.
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

// The server accepts exactly this (shared/src/schemas): separators such as spaces or dashes are not allowed.
const PHONE_PATTERN = /^\+?[0-9]+$/;

// Letters and combining marks of every script, spaces, hyphens and apostrophes (ASCII ' and typographic ’).
const NAME_PATTERN = /^[\p{L}\p{M} '’-]+$/u;
const HAS_LETTER = /\p{L}/u;

export function validateEmail(email: string): ValidationResult {
  const value = email.trim();
  if (value === '') return invalid(m.emailRequired);
  if (value.length > EMAIL_MAX_LENGTH) return invalid(m.emailTooLong);
  return EMAIL_PATTERN.test(value) ? VALID : invalid(m.emailInvalid);
}

export function validatePhone(phone: string): ValidationResult {
  const value = phone.trim();
  if (value === '') return invalid(m.phoneRequired);
  return PHONE_PATTERN.test(value) ? VALID : invalid(m.phoneInvalid);
}

export function validateName(name: string): ValidationResult {
  // NFC first: "é" typed as e + combining accent must count as one character, like the precomposed form.
  const value = name.trim().normalize('NFC');
  if (value === '') return invalid(m.nameRequired);
  if (value.length < NAME_MIN_LENGTH || value.length > NAME_MAX_LENGTH) return invalid(m.nameLength);
  // A name made only of punctuation ("--", "' '") is not a name.
  if (!NAME_PATTERN.test(value) || !HAS_LETTER.test(value)) return invalid(m.nameCharacters);
  return VALID;
}

/** General free text: 1-1000 characters by default; whitespace alone does not count as text. */
export function validateText(text: string, max: number = TEXT_MAX_LENGTH): ValidationResult {
  if (text.trim().length < TEXT_MIN_LENGTH) return invalid(m.textRequired);
  if (text.length > max) return invalid(m.textTooLong(max));
  return VALID;
}
