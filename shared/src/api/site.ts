// Her site's details (who she is and how to reach her, shown in the footer and on the about page) and her comp card's
// measurements, as she saves them and as the API answers them. Links are https links to the social sites she uses.
import { z } from './zod';
import { LIMITS } from '../domain/constants';
import { isAllowedSocialUrl } from '../domain/content';
import { MEASUREMENT_UNITS } from '../domain/content-types';
import type { CompCardStats, SiteContent, SiteDetails } from '../domain/content-types';
import { mediaUrl } from './media';
import { because, emailOf, line, plain, requiredLine, text, TRIM } from './text-rules';

export const SOCIAL_URL_MESSAGE = 'Must be an https link to Instagram, TikTok, YouTube, Vimeo or another social site';
export const socialUrl = line(2000, TRIM).refine(isAllowedSocialUrl, because('format', SOCIAL_URL_MESSAGE));

export const socialLinkSchema = z.strictObject({ label: plain(requiredLine(40)), url: socialUrl });

export const siteDetailsSchema = z.strictObject({
  name: plain(requiredLine(100)),
  tagline: plain(line(200, TRIM)),
  heroImage: mediaUrl,
  about: plain(text(5000, TRIM)),
  email: z.union([z.literal(''), emailOf(TRIM)]),
  phone: line(LIMITS.phone, TRIM).refine(
    (s) => s === '' || /^\+?[0-9 ()-]+$/.test(s),
    because('format', 'Must be a phone number: digits, spaces, dashes and an optional plus sign'),
  ),
  agency: plain(line(200, TRIM)),
  social: z.array(socialLinkSchema).max(12),
}) satisfies z.ZodType<SiteDetails, unknown>;

const measurement = plain(line(40, TRIM));
export const compCardSchema = z.strictObject({
  units: z.enum(MEASUREMENT_UNITS),
  height: measurement,
  bust: measurement,
  waist: measurement,
  hips: measurement,
  dress: measurement,
  shoe: measurement,
  hair: measurement,
  eyes: measurement,
}) satisfies z.ZodType<CompCardStats, unknown>;

// ---- What the API answers (a stored value is checked for its shape, not against today's write rules) ----

export const siteDetailsResponseSchema = z.strictObject({
  name: z.string(),
  tagline: z.string(),
  heroImage: z.string(),
  about: z.string(),
  email: z.string(),
  phone: z.string(),
  agency: z.string(),
  social: z.array(z.strictObject({ label: z.string(), url: z.string() })),
}) satisfies z.ZodType<SiteDetails>;

export const compCardResponseSchema = z.strictObject({
  units: z.enum(MEASUREMENT_UNITS),
  height: z.string(),
  bust: z.string(),
  waist: z.string(),
  hips: z.string(),
  dress: z.string(),
  shoe: z.string(),
  hair: z.string(),
  eyes: z.string(),
}) satisfies z.ZodType<CompCardStats>;

export const siteContentSchema = z.strictObject({
  details: siteDetailsResponseSchema,
  compCard: compCardResponseSchema,
}) satisfies z.ZodType<SiteContent>;
