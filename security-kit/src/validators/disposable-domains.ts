// Browser-side disposable e-mail check. It only produces a warning, so it favours a small download over completeness:
// the full list (disposable-email-domains/index.json, 121k domains, 2.4 MB) is checked on the server instead
// (../disposable-full.ts).
//
// wildcard.json (≈400 domains, 2.3 KB gzip) lists services where every subdomain is disposable (*.33mail.com), so a
// domain matches when it or any parent domain is listed. It does not contain the best-known single-domain
// services (guerrillamail.com, 10minutemail.com, temp-mail.org, ...), hence the short list below; every entry is
// also in index.json (a unit test keeps it that way), so it is a subset of the maintained list, not a fork of it.
import wildcardDomains from 'disposable-email-domains/wildcard.json';

/** Widely used disposable services missing from wildcard.json; matched exactly, like index.json entries. */
export const COMMON_DISPOSABLE_DOMAINS: readonly string[] = [
  '10minutemail.com',
  '10minutemail.net',
  '1secmail.com',
  '20minutemail.com',
  'burnermail.io',
  'discard.email',
  'dispostable.com',
  'fakeinbox.com',
  'getnada.com',
  'grr.la',
  'guerrillamail.com',
  'guerrillamail.net',
  'guerrillamail.org',
  'guerrillamailblock.com',
  'maildrop.cc',
  'mailinator.net',
  'mailnesia.com',
  'mailsac.com',
  'sharklasers.com',
  'spamgourmet.com',
  'temp-mail.org',
  'tempinbox.com',
  'throwawaymail.com',
  'trashmail.com',
  'trashmail.net',
  'yopmail.fr',
  'yopmail.net',
];

const WILDCARD = new Set<string>(wildcardDomains);
const EXACT = new Set<string>(COMMON_DISPOSABLE_DOMAINS);

/** Lower-cases and drops a trailing root dot ("Example.COM." -> "example.com"). */
export function normalizeDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/\.+$/, '');
}

/** The domain part of an address (after the last @), normalised; '' when there is none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : normalizeDomain(email.slice(at + 1));
}

/** "a.b.example.com" -> ["a.b.example.com", "b.example.com", "example.com"]: never a bare TLD. */
export function domainAndParents(domain: string): string[] {
  const labels = normalizeDomain(domain).split('.').filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i <= labels.length - 2; i += 1) out.push(labels.slice(i).join('.'));
  return out;
}

export function isDisposableDomain(domain: string): boolean {
  const normalized = normalizeDomain(domain);
  if (EXACT.has(normalized)) return true;
  return domainAndParents(normalized).some((d) => WILDCARD.has(d));
}

export function isDisposableEmail(email: string): boolean {
  const domain = emailDomain(email);
  return domain !== '' && isDisposableDomain(domain);
}
