// Warnings (docs/product.md §5): advice shown next to a field that does not block the form on its own.
import { NAME_MAX_LENGTH, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from '../constants';
import { warningMessages as m } from '../messages';
import { isDisposableEmail } from './disposable-domains';

export type InputWarningCode = 'admin-email' | 'disposable-email' | 'phone-length' | 'name-length';

export interface InputWarning {
  field: 'email' | 'phone' | 'name';
  code: InputWarningCode;
  message: string;
}

/** Role mailboxes (RFC 2142 and the usual system accounts): a visitor booking a shoot should not be one of these. */
export const ADMIN_LIKE_LOCAL_PARTS: readonly string[] = [
  'admin',
  'administrator',
  'root',
  'webmaster',
  'postmaster',
  'hostmaster',
  'sysadmin',
  'superuser',
  'abuse',
  'noc',
  'security',
  'system',
];

const ADMIN_LIKE = new Set(ADMIN_LIKE_LOCAL_PARTS);

/** True for admin@…, Root@…, admin+tag@… (sub-addressing still reaches the same mailbox); not for badminton@…. */
export function isAdminLikeEmail(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  const local = email.slice(0, at).trim().toLowerCase().split('+')[0] ?? '';
  return ADMIN_LIKE.has(local);
}

export function getEmailWarnings(email: string): InputWarning[] {
  const value = email.trim();
  if (value === '') return [];
  const warnings: InputWarning[] = [];
  if (isAdminLikeEmail(value)) warnings.push({ field: 'email', code: 'admin-email', message: m.adminEmail });
  if (isDisposableEmail(value)) warnings.push({ field: 'email', code: 'disposable-email', message: m.disposableEmail });
  return warnings;
}

export function getPhoneWarnings(phone: string): InputWarning[] {
  const digits = phone.replace(/\D/g, '').length;
  if (digits === 0) return [];
  return digits < PHONE_MIN_DIGITS || digits > PHONE_MAX_DIGITS
    ? [{ field: 'phone', code: 'phone-length', message: m.phoneLength }]
    : [];
}

export function getNameWarnings(name: string): InputWarning[] {
  return name.trim().normalize('NFC').length > NAME_MAX_LENGTH
    ? [{ field: 'name', code: 'name-length', message: m.nameLength }]
    : [];
}

export interface WarningInput {
  email?: string;
  phone?: string;
  name?: string;
}

/** All warnings for the fields given; empty when there is nothing to say. */
export function getInputWarnings({ email, phone, name }: WarningInput): InputWarning[] {
  return [
    ...(email === undefined ? [] : getEmailWarnings(email)),
    ...(phone === undefined ? [] : getPhoneWarnings(phone)),
    ...(name === undefined ? [] : getNameWarnings(name)),
  ];
}
