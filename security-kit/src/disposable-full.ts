// Server-only: the complete disposable-domain check (121k exact domains + ≈400 wildcard domains).
// Not exported from ./index: index.json is 2.4 MB and must never reach a visitor's browser bundle. Import it as
// '@studio/security-kit/disposable-full' from server code only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { domainAndParents, emailDomain, normalizeDomain } from './validators/disposable-domains';

let exact: Set<string> | undefined;
let wildcard: Set<string> | undefined;

// Read with JSON.parse on first use, not imported: importing the 2.4 MB list as a module cost the server 64 MB of
// memory at start (measured), for a check that only annotates the admin's new-booking e-mail.
function readList(file: string): string[] {
  const resolve = createRequire(__filename).resolve;
  return JSON.parse(readFileSync(resolve(`disposable-email-domains/${file}`), 'utf8')) as string[];
}

function sets(): { exact: Set<string>; wildcard: Set<string> } {
  exact ??= new Set<string>(readList('index.json'));
  wildcard ??= new Set<string>(readList('wildcard.json'));
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
