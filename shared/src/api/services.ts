// Her services and their tiers: a service as she saves it (its rules, prices and tiers), the order she puts them
// in, and a service as the API answers it. Every text is trimmed and checked by the one text rule.
import { z } from './zod';
import { LIMITS } from '../domain/constants';
import { PAYMENT_SCHEDULES } from '../domain/service-rules';
import { CONTRACT_TEMPLATES, type Service } from '../domain/service-types';
import { CONTACT_FOR_PRICING } from '../messages';
import { mediaUrl } from './media';
import { because, line, plain, requiredLine, slug, text, TRIM } from './text-rules';

export const CONTRACT_TEMPLATE_MESSAGE = 'Choose one of the contract templates: modeling, UGC and content, or event';

export const PRICE_MESSAGE = "Must be a price such as '$350' (or empty for 'Contact for pricing')";
/** A tier's price: '$350', '$1,200', '$99.50', or empty when she prefers to be contacted. */
export const priceText = line(40, TRIM).refine(
  (s) => s === '' || /^\$(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{2})?$/.test(s),
  because('format', PRICE_MESSAGE),
);

export const DISPLAY_PRICE_MESSAGE =
  "Must show a price such as '$275' or 'From $275 per day' (or be empty for 'Starting from' the lowest tier price)";
const BARE_AMOUNT = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{2})?$/;
/**
 * A service's display price as she typed it. Every price on the site is written in dollars ('$NNN'), so a bare
 * amount ("275", "1,200", "99.50") gets its "$" rather than showing as typed; other text passes as typed.
 */
export const normaliseDisplayPrice = (price: string): string => {
  const trimmed = price.trim();
  return BARE_AMOUNT.test(trimmed) ? `$${trimmed}` : trimmed;
};
/**
 * What the service's card shows instead of 'Starting from' the lowest tier: empty, the spec's 'Contact for pricing',
 * or a text with a dollar amount in it ('$275', 'From $1,200 per day'); a bare amount is given its "$".
 */
export const displayPrice = plain(line(40, TRIM))
  .transform(normaliseDisplayPrice)
  .refine((s) => s === '' || s === CONTACT_FOR_PRICING || /\$\d/.test(s), because('format', DISPLAY_PRICE_MESSAGE));

export const tierInputSchema = z.strictObject({
  id: slug,
  displayName: plain(requiredLine(100)),
  price: priceText,
  includes: z.array(plain(requiredLine(300))).max(30),
  /** '' (or absent): the service's schedule. */
  paymentSchedule: z.union([z.literal(''), z.enum(PAYMENT_SCHEDULES)]).optional(),
});

/**
 * What a service asks of a booking. Optional so a client that predates service rules still saves: a service stored
 * without rules gets them derived on reading (domain/legacy-service-rules.ts).
 */
export const serviceRulesInputSchema = z.strictObject({
  needsConsultation: z.boolean(),
  dateLabel: plain(requiredLine(60)),
  consultationDateLabel: plain(requiredLine(60)),
  paymentSchedule: z.enum(PAYMENT_SCHEDULES),
  /** The contract its bookings get; an unknown one is refused by name (rules.contractTemplate). */
  contractTemplate: z.enum(CONTRACT_TEMPLATES, { message: CONTRACT_TEMPLATE_MESSAGE }),
});

export const TIER_IDS_UNIQUE_MESSAGE = 'Each tier needs its own id';
/** A service as she saves it; the position in the list is set by reordering, not here. */
export const serviceInputSchema = z.strictObject({
  id: slug,
  displayName: plain(requiredLine(100)),
  description: plain(text(2000, TRIM)),
  image: mediaUrl,
  price: displayPrice,
  tiers: z
    .array(tierInputSchema)
    .max(20)
    .refine((tiers) => new Set(tiers.map((t) => t.id)).size === tiers.length, {
      message: TIER_IDS_UNIQUE_MESSAGE,
    }),
  hidden: z.boolean().optional(),
  rules: serviceRulesInputSchema.optional(),
}) satisfies z.ZodType<Service, unknown>;

/** The services in the order she wants them (the public featured-first rule still applies on top). */
export const serviceOrderSchema = z.strictObject({
  ids: z
    .array(slug)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each service once' }),
});

// ---- What the API answers (a stored value is checked for its shape, not against today's write rules) ----

export const tierSchema = z.strictObject({
  id: z.string().min(1).max(LIMITS.id),
  displayName: z.string().min(1).max(100),
  price: z.string().max(40),
  includes: z.array(z.string().max(300)).max(30),
  paymentSchedule: z.string().max(120).optional(),
});

export const serviceRulesSchema = z.strictObject({
  needsConsultation: z.boolean(),
  dateLabel: z.string().max(60),
  consultationDateLabel: z.string().max(60),
  paymentSchedule: z.string().max(120),
  contractTemplate: z.enum(CONTRACT_TEMPLATES),
});

export const serviceSchema = z.strictObject({
  id: z.string().min(1).max(LIMITS.id),
  displayName: z.string().min(1).max(100),
  description: z.string().max(2000),
  image: z.string().max(2000),
  price: z.string().max(40),
  tiers: z.array(tierSchema).max(20),
  hidden: z.boolean().optional(),
  rules: serviceRulesSchema.optional(),
}) satisfies z.ZodType<Service>;
