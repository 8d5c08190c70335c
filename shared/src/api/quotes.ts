// The quote schemas: her defaults in settings and a booking's quote. Every figure is whole cents or a
// percentage with at most two decimals, checked on the server before anything is stored or charged.
import { z } from './zod';
import {
  BALANCE_DUE_RULES,
  computeQuote,
  DEPOSIT_TRIGGERS,
  QUOTE_MAX_CENTS,
  USAGE_CHANNELS,
  type BookingQuote,
  type Quote,
  type QuoteInput,
  type QuoteLine,
  type QuoteSettings,
} from '../domain/quote';
import type { Invoice } from '../domain/invoice';
import { line, TRIM } from './text-rules';

/** The total alone needs no dates. */
const NO_DATES = { date: '', confirmed: false } as const;

export const cents = z
  .number({ message: 'Must be an amount' })
  .int({ message: 'Must be a whole number of cents' })
  .min(0, { message: 'Must not be negative' })
  .max(QUOTE_MAX_CENTS, { message: 'Must be $1,000,000 or less' });

export const percent = z
  .number({ message: 'Must be a percentage' })
  .min(0, { message: 'Must be 0% or more' })
  .max(100, { message: 'Must be 100% or less' })
  .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, {
    message: 'At most two decimals',
  });

const termDays = z
  .number({ message: 'Must be a number of days' })
  .int({ message: 'Must be a whole number of days' })
  .min(1, { message: 'Must be at least 1 day' })
  .max(3650, { message: 'Must be 3650 days or less' });

export const quoteLineSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('usage'),
    channels: z
      .array(z.enum(USAGE_CHANNELS))
      .min(1, { message: 'Choose at least one channel' })
      .max(USAGE_CHANNELS.length)
      .refine((list) => new Set(list).size === list.length, { message: 'Each channel once' }),
    termDays,
    territory: line(80, TRIM).refine((s) => s.length > 0, { message: 'Required' }),
    amountCents: cents,
  }),
  z.strictObject({ kind: z.literal('whitelisting'), termDays, amountCents: cents }),
  z.strictObject({
    kind: z.literal('exclusivity'),
    category: line(80, TRIM).refine((s) => s.length > 0, { message: 'Required' }),
    termDays,
    amountCents: cents,
  }),
  z.strictObject({
    kind: z.literal('overtime'),
    hours: z
      .number({ message: 'Must be a number of hours' })
      .min(0.5, { message: 'At least half an hour' })
      .max(24, { message: 'At most 24 hours' })
      .refine((h) => Number.isInteger(h * 2), { message: 'In half hours' }),
    rateCents: cents,
  }),
  z.strictObject({
    kind: z.literal('travel'),
    description: line(120, TRIM).refine((s) => s.length > 0, { message: 'Required' }),
    amountCents: cents,
  }),
]) satisfies z.ZodType<QuoteLine, unknown>;

export const depositSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('percent'), percent }),
  z.strictObject({ kind: z.literal('amount'), amountCents: cents }),
  z.strictObject({ kind: z.literal('none') }),
]);

const ladder = z
  .array(
    z.strictObject({
      hoursBefore: z
        .number({ message: 'Must be a number of hours' })
        .int({ message: 'Whole hours' })
        .min(1, { message: 'At least 1 hour' })
        .max(24 * 365, { message: 'At most a year' }),
      percent,
    }),
  )
  .max(6, { message: 'At most 6 steps' })
  // Less notice never costs less: sorted by notice, the fee only rises as the date nears.
  .refine(
    (steps) => {
      const sorted = [...steps].sort((a, b) => b.hoursBefore - a.hoursBefore);
      return sorted.every((step, i) => {
        const before = sorted[i - 1];
        return !before || (step.hoursBefore < before.hoursBefore && step.percent >= before.percent);
      });
    },
    { message: 'Each step needs its own hours, and less notice must not cost less' },
  );

const terms = {
  deposit: depositSchema,
  balanceDueDaysBefore: z
    .number({ message: 'Must be a number of days' })
    .int({ message: 'Whole days' })
    .min(0, { message: 'Must not be negative' })
    .max(365, { message: 'At most 365 days' }),
  balanceDue: z.enum(BALANCE_DUE_RULES).optional(),
  cancellationLadder: ladder,
};

export const quoteSettingsSchema = z.strictObject({
  ...terms,
  depositTrigger: z.enum(DEPOSIT_TRIGGERS),
}) satisfies z.ZodType<QuoteSettings, unknown>;

export const quoteInputSchema = z
  .strictObject({
    ...terms,
    baseCents: cents,
    lines: z.array(quoteLineSchema).max(20, { message: 'At most 20 line items' }),
  })
  .refine((q) => q.deposit.kind !== 'amount' || q.deposit.amountCents <= computeQuote(q, NO_DATES).totalCents, {
    message: 'The deposit must not exceed the total',
    path: ['deposit'],
  }) satisfies z.ZodType<QuoteInput, unknown>;

const pricedLineSchema = z.strictObject({
  kind: z.enum(['base', 'usage', 'whitelisting', 'exclusivity', 'overtime', 'travel']),
  label: z.string(),
  detail: z.string(),
  amountCents: z.number().int(),
});

export const computedQuoteSchema = z.strictObject({
  currency: z.literal('usd'),
  lines: z.array(pricedLineSchema),
  totalCents: z.number().int(),
  depositCents: z.number().int(),
  balanceCents: z.number().int(),
  balanceDue: z.enum([...BALANCE_DUE_RULES, 'booking']),
  balanceDueDate: z.string(),
  cancellation: z.array(z.strictObject({ hoursBefore: z.number(), percent: z.number(), feeCents: z.number().int() })),
}) satisfies z.ZodType<Quote, unknown>;

/** A stored quote as it is read back (by shape: a quote stored under older limits stays readable). */
export const storedQuoteInputSchema = z.strictObject({
  baseCents: z.number().int(),
  lines: z.array(quoteLineSchema),
  deposit: depositSchema,
  balanceDueDaysBefore: z.number().int(),
  balanceDue: z.enum(BALANCE_DUE_RULES).optional(),
  cancellationLadder: z.array(z.strictObject({ hoursBefore: z.number(), percent: z.number() })),
}) satisfies z.ZodType<QuoteInput, unknown>;

/** GET/PUT /api/admin/bookings/:id/quote. */
export const bookingQuoteSchema = z.strictObject({
  input: storedQuoteInputSchema,
  version: z.number().int().min(0),
  updatedAt: z.string().nullable(),
  quote: computedQuoteSchema,
}) satisfies z.ZodType<BookingQuote, unknown>;

const party = z.strictObject({ name: z.string(), email: z.string() });

/** The booking's invoice, as the client's page reads it (POST /api/manage-booking/invoice). */
export const invoiceSchema = z.strictObject({
  number: z.string(),
  reference: z.string(),
  quoteVersion: z.number().int(),
  from: party.extend({ phone: z.string() }),
  to: party,
  service: z.string(),
  quote: computedQuoteSchema,
  paymentTerms: z.array(z.string()),
}) satisfies z.ZodType<Invoice, unknown>;
