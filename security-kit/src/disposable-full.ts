// Server-only: the complete disposable-domain check (121k exact domains + ≈400 wildcard domains).
// Not exported from ./index: index.json is 2.4 MB and must never reach a visitor's browser bundle. Import it as
// '@studio/security-kit/disposable-full' from server code only.
import indexDomains from 'disposable-email-domains/index.json';
import wildcardDomains from 'disposable-email-domains/wildcard.json';
import { domainAndParents, emailDomain, normalizeDomain } from './validators/disposable-domains';

let exact: Set<string> | undefined;
let wildcard: Set<string> | undefined;

// Built on first use so a server that never checks an address does not pay for the 121k-entry Set.
function sets(): { exact: Set<string>; wildcard: Set<string> } {
  exact ??= new Set<string>(indexDomains);
  wildcard ??= new Set<string>(wildcardDomains);
  return { exact, wildcard };
}

/** True when the domain is listed exactly, or it or a parent domain is a wildcard entry. */
export function isDisposableDomainFull(domain: string): boolean {
  const normalized = normalizeDomain(domain);
  if (normalized === '') return false;
  const lists = sets();
  return lists.exact.has(normalized) || domainAndParents(normalized).some((d) => lists.wildcard.has(d));
}

export function isDisposableEmailFull(email: string): boolean {
  const domain = emailDomain(email);
  return domain !== '' && isDisposableDomainFull(domain);
}
