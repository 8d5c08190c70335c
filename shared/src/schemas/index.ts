// One schema per entity (docs/architecture.md): the client form, the server route and the Firestore rules follow these.
// Objects are strict: an unknown key is an error, never silently dropped.
import { z } from 'zod';
import { containsMarkup } from '@studio/security-kit/markup';
import { LIMITS } from '../domain/constants';
import { BOOKING_STATUSES } from '../domain/types';

// The control characters are what these patterns exist to refuse.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS_SINGLE_LINE = /[\u0000-\u001F\u007F]/;

/**
 * Why a custom check failed, carried in the issue's params so a caller can tell the failures apart without reading
 * the message (docs/architecture.md: one rule, many doors).
 */
export type SchemaCheckCode = 'required' | 'format' | 'markup' | 'control-characters';
const because = (code: SchemaCheckCode, message: string) => ({ message, params: { code } });

interface TextOptions {
  /** Leading and trailing white space is dropped before any other check, and the stored value is the trimmed one. */
  trim?: boolean;
}
const base = ({ trim = false }: TextOptions) => (trim ? z.string().trim() : z.string());

/** A single-line text field: bounded, no control characters. */
export const line = (max: number, options: TextOptions = {}) =>
  base(options)
    .max(max, { message: `Must be ${max} characters or less` })
    .refine(
      (s) => !CONTROL_CHARS_SINGLE_LINE.test(s),
      because('control-characters', 'Must not contain control characters'),
    );

/** A multi-line text field: newlines and tabs allowed, other control characters not. */
export const text = (max: number, options: TextOptions = {}) =>
  base(options)
    .max(max, { message: `Must be ${max} characters or less` })
    .refine((s) => !CONTROL_CHARS.test(s), because('control-characters', 'Must not contain control characters'));

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Must be a date (YYYY-MM-DD)' })
  .refine(isRealDate, because('format', 'Must be a real calendar date'));

export const optionalIsoDate = z.union([z.literal(''), isoDate]);

export const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Must be a time (HH:MM)' });

const emailOf = ({ trim = false }: TextOptions) =>
  base({ trim })
    .max(LIMITS.email, { message: `Must be ${LIMITS.email} characters or less` })
    .email({ message: 'Must be a valid e-mail address' });

export const email = emailOf({});

export const bookingStatus = z.enum(BOOKING_STATUSES);

const filled = (s: string) => s.trim().length > 0;

export const NO_MARKUP_MESSAGE = 'Must not contain HTML or script';
/** Booking text is plain text: tags, event handlers and script URLs are refused ("I <3 it" and "R&B" are fine). */
const plain = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((s) => !containsMarkup(s), because('markup', NO_MARKUP_MESSAGE));

// What a visitor types is trimmed here, once, so every backend stores the same text and a blank field is empty.
const TRIM = { trim: true };
const requiredLine = (max: number) => line(max, TRIM).refine(filled, because('required', 'Required'));

export const bookingInputSchema = z.strictObject({
  name: plain(requiredLine(LIMITS.name)),
  email: emailOf(TRIM),
  phone: line(LIMITS.phone, TRIM).refine(
    (s) => s === '' || /^\+?[0-9]+$/.test(s),
    because('format', 'Must be digits with an optional plus sign'),
  ),
  serviceId: requiredLine(LIMITS.id),
  serviceTierId: requiredLine(LIMITS.id),
  date: optionalIsoDate,
  consultationDate: optionalIsoDate,
  consultationLocation: plain(line(LIMITS.location, TRIM)),
  location: plain(line(LIMITS.location, TRIM)),
  description: plain(text(LIMITS.description, TRIM).refine(filled, because('required', 'Required'))),
  smsOptIn: z.boolean(),
});

export const bookingStatusUpdateSchema = z.strictObject({ status: bookingStatus });

export const availabilityPeriodInputSchema = z
  .strictObject({
    startDate: isoDate,
    endDate: isoDate,
    isAvailable: z.boolean(),
    notes: text(LIMITS.notes),
  })
  .refine((p) => p.startDate <= p.endDate, { message: 'End date must not be before start date', path: ['endDate'] });

export const unavailableRangeInputSchema = z
  .strictObject({
    startDate: isoDate,
    endDate: isoDate,
    reason: text(LIMITS.notes),
  })
  .refine((p) => p.startDate <= p.endDate, { message: 'End date must not be before start date', path: ['endDate'] });

export const timeSlotInputSchema = z
  .strictObject({
    date: isoDate,
    startTime: time,
    endTime: time,
    isAvailable: z.boolean(),
    notes: text(LIMITS.notes),
  })
  .refine((s) => s.startTime < s.endTime, { message: 'End time must be after start time', path: ['endTime'] });

export const signInRequestSchema = z.strictObject({ email });
export const signInCompleteSchema = z.strictObject({
  email,
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'Invalid sign-in link.' }),
});

export const settingsUpdateSchema = z.strictObject({ smsEnabled: z.boolean().nullable() });

export const mediaItemSchema = z.strictObject({
  type: z.enum(['image', 'video']),
  url: z.string().max(2000),
  name: z.string().max(200),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  srcSet: z.string().max(4000).optional(),
  poster: z.string().max(2000).optional(),
});

export const tierSchema = z.strictObject({
  id: z.string().min(1).max(LIMITS.id),
  displayName: z.string().min(1).max(100),
  price: z.string().max(40),
  includes: z.array(z.string().max(300)).max(30),
});

export const serviceSchema = z.strictObject({
  id: z.string().min(1).max(LIMITS.id),
  displayName: z.string().min(1).max(100),
  description: z.string().max(2000),
  image: z.string().max(2000),
  price: z.string().max(40),
  tiers: z.array(tierSchema).max(20),
});

export type FieldErrors = Record<string, string[]>;

/** Flattens a zod error into { 'field.path': [messages] } for a 400 answer or a form. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(
      issue.code === 'unrecognized_keys' ? `Unknown field(s): ${issue.keys.join(', ')}` : issue.message,
    );
  }
  return out;
}

export { z };
