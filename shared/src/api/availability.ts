// Her calendar: the periods, blocked ranges, dated time slots and weekly consultation hours she sets, what her
// dashboard reads back, and the public view a visitor's booking form gets.
import { z } from './zod';
import { LIMITS } from '../domain/constants';
import type {
  AdminAvailability,
  AvailabilityPeriod,
  PublicAvailability,
  TimeSlot,
  UnavailableRange,
  WeeklySlot,
} from '../domain/availability-types';
import { isoDate, text, time } from './text-rules';

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

/** One slot of her weekly consultation hours. */
export const weeklySlotInputSchema = z
  .strictObject({
    weekday: z.number().int().min(0).max(6),
    startTime: time,
    endTime: time,
  })
  .refine((s) => s.startTime < s.endTime, { message: 'End time must be after start time', path: ['endTime'] });

/**
 * Her weekly hours as a whole (PUT replaces them): a handful of slots a day at most, no two of one weekday starting at
 * the same time.
 */
export const weeklySlotsInputSchema = z
  .strictObject({ slots: z.array(weeklySlotInputSchema).max(7 * 48) })
  .refine((w) => new Set(w.slots.map((s) => `${s.weekday} ${s.startTime}`)).size === w.slots.length, {
    message: 'Two slots of one day start at the same time',
    path: ['slots'],
  });

// ---- What the API answers (a stored value is checked for its shape, not against today's write rules) ----

export const availabilityPeriodSchema = z.strictObject({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isAvailable: z.boolean(),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<AvailabilityPeriod>;

export const unavailableRangeSchema = z.strictObject({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string(),
  createdAt: z.string(),
}) satisfies z.ZodType<UnavailableRange>;

export const timeSlotSchema = z.strictObject({
  id: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  isAvailable: z.boolean(),
  notes: z.string(),
  createdAt: z.string(),
}) satisfies z.ZodType<TimeSlot>;

export const weeklySlotSchema = z.strictObject({
  id: z.string(),
  weekday: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
}) satisfies z.ZodType<WeeklySlot>;

export const adminAvailabilitySchema = z.strictObject({
  periods: z.array(availabilityPeriodSchema),
  unavailable: z.array(unavailableRangeSchema),
  slots: z.array(timeSlotSchema),
  weekly: z.array(weeklySlotSchema),
}) satisfies z.ZodType<AdminAvailability>;

/** Dates and times only (docs/architecture.md, rules table): notes and reasons are not in it, so they cannot leak. */
export const publicAvailabilitySchema = z.strictObject({
  periods: z.array(availabilityPeriodSchema.pick({ id: true, startDate: true, endDate: true, isAvailable: true })),
  unavailable: z.array(unavailableRangeSchema.pick({ id: true, startDate: true, endDate: true })),
  slots: z.array(timeSlotSchema.pick({ id: true, date: true, startTime: true, endTime: true, isAvailable: true })),
  weekly: z.array(weeklySlotSchema).optional(),
  booked: z.array(z.strictObject({ date: z.string(), time: z.string() })).optional(),
  minNoticeDays: z.number().int().min(0).optional(),
  today: isoDate.optional(),
  smsOptIn: z.boolean().optional(),
}) satisfies z.ZodType<PublicAvailability>;
