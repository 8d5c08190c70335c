// Site details and comp card rules shared by the admin's forms, the server, the adapters and the public site.
import type { CompCardStats, SiteContent, SiteDetails } from './content-types';

/**
 * The social hosts a reel or a profile link may point at. A link elsewhere is refused when she saves it: the public
 * pages only ever link out to these, and the reels are embedded from them.
 */
export const ALLOWED_SOCIAL_HOSTS = [
  'instagram.com',
  'tiktok.com',
  'youtube.com',
  'youtu.be',
  'vimeo.com',
  'facebook.com',
  'x.com',
  'twitter.com',
  'linkedin.com',
  'pinterest.com',
  'threads.net',
] as const;

/** True for an https URL on one of the allowed social hosts (or a subdomain such as www.). */
export function isAllowedSocialUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  const host = url.hostname.toLowerCase();
  return ALLOWED_SOCIAL_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

export const EMPTY_SITE_DETAILS: Readonly<SiteDetails> = {
  name: '',
  tagline: '',
  heroImage: '',
  about: '',
  email: '',
  phone: '',
  agency: '',
  social: [],
};

export const EMPTY_COMP_CARD: Readonly<CompCardStats> = {
  units: 'imperial',
  height: '',
  bust: '',
  waist: '',
  hips: '',
  dress: '',
  shoe: '',
  hair: '',
  eyes: '',
};

/** What a site that was never edited answers: nothing filled in (the pages then keep their built-in text). */
export const EMPTY_SITE_CONTENT: Readonly<SiteContent> = { details: EMPTY_SITE_DETAILS, compCard: EMPTY_COMP_CARD };

/** The comp card's measurement fields, in the order a comp card prints them. */
export const COMP_CARD_FIELDS = ['height', 'bust', 'waist', 'hips', 'dress', 'shoe', 'hair', 'eyes'] as const;
export type CompCardField = (typeof COMP_CARD_FIELDS)[number];

/** The measurements she filled in, labelled, in print order; empty ones are left out. */
export function compCardEntries(stats: CompCardStats): Array<{ field: CompCardField; value: string }> {
  return COMP_CARD_FIELDS.flatMap((field) => (stats[field].trim() === '' ? [] : [{ field, value: stats[field] }]));
}

/** Moves the item at `from` to `to` (both clamped), answering a new array: the reorder of every admin list. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length) return out;
  const target = Math.max(0, Math.min(out.length - 1, to));
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item as T);
  return out;
}
