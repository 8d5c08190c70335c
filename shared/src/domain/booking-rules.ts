// Booking form rules (docs/product.md §5): required fields per service, the dates to check, and service/tier resolution.
import {
  END_BEFORE_START,
  END_DATE_NEEDS_DATE,
  END_DATE_ONLY_PHOTOSHOOT,
  SHOOT_BEFORE_CONSULTATION,
  TIME_NOT_OFFERED,
  TIME_REQUIRED,
  TIME_WITHOUT_DATE,
  shootTooLongMessage,
  tooSoonMessage,
} from '../lifecycle-messages';
import { consultationView, daysFrom, freeSlots, hasSlots, isDateAvailable, slotTime, slotsOn } from './availability';
import { MAX_SHOOT_DAYS } from './constants';
import { paymentScheduleOf, rulesOf } from './service-rules';
import type { BookedDay, PublicAvailability } from './availability-types';
import { BOOKING_FIELD_LABELS, type BookingField, type BookingTextField } from '../api/bookings';
import type { BookingInput, BookingRequest } from './booking-types';
import type { IsoDate } from './date-types';
import type { Service, Tier } from './service-types';

export { tooSoonMessage };

/** A request as the schema answers it: every field present, the optional ones (last day, slots) as '' when unused. */
export type DatedBooking = Required<BookingInput>;
export type DateRuleCode = 'before-consultation' | 'end-date' | 'time-required' | 'time-not-offered';

const ALWAYS_REQUIRED: readonly BookingTextField[] = ['name', 'email', 'serviceId', 'serviceTierId', 'description'];
const PHOTOSHOOT_REQUIRED: readonly BookingTextField[] = [
  'consultationDate',
  'consultationLocation',
  'date',
  'location',
];

/** The chosen service's required fields; `service` is undefined while none (or an unknown one) is chosen. */
export function requiredFieldsFor(service: Pick<Service, 'rules'> | undefined): BookingTextField[] {
  return rulesOf(service).needsConsultation ? [...ALWAYS_REQUIRED, ...PHOTOSHOOT_REQUIRED] : [...ALWAYS_REQUIRED];
}

/** Required fields left empty or blank, in form order, for the service chosen among `services`. */
export function missingRequiredFields(input: BookingInput, services: readonly Service[]): BookingTextField[] {
  const service = services.find((s) => s.id === input.serviceId);
  return requiredFieldsFor(service).filter((field) => (input[field] ?? '').trim() === '');
}

/**
 * The entered dates that must be available, each once: the preferred date and every following day of a multi-day
 * shoot, then the consultation date.
 */
export function datesToCheck(input: Pick<BookingInput, 'date' | 'endDate' | 'consultationDate'>): IsoDate[] {
  const shoot = input.date.trim() === '' ? [] : daysFrom(input.date, input.endDate ?? '');
  const dates = [...shoot, input.consultationDate].filter((d) => d.trim() !== '');
  return [...new Set(dates)];
}

/**
 * The entered dates (datesToCheck's, in its order) that are not available: the shoot's days as whole days, the
 * consultation's day with her weekly consultation hours, so a consultation at 10:00 leaves 14:00 free.
 */
export function unavailableDatesOf(
  input: Pick<BookingInput, 'date' | 'endDate' | 'consultationDate'>,
  availability: PublicAvailability,
): IsoDate[] {
  const shoot = datesToCheck({ ...input, consultationDate: '' }).filter((d) => !isDateAvailable(d, availability));
  const consultation = input.consultationDate.trim();
  const consultationTaken =
    consultation !== '' && !isDateAvailable(consultation, consultationView(availability)) ? [consultation] : [];
  return [...new Set([...shoot, ...consultationTaken])];
}

/**
 * The days confirmed bookings hold: the first day in its chosen slot (the whole day without one), every
 * further day of a multi-day shoot whole, the consultation in its slot.
 */
export function bookedDaysOf(
  bookings: ReadonlyArray<Pick<BookingRequest, 'date' | 'endDate' | 'time' | 'consultationDate' | 'consultationTime'>>,
): BookedDay[] {
  const out: BookedDay[] = [];
  for (const b of bookings) {
    if (b.date !== '') {
      daysFrom(b.date, b.endDate).forEach((date, i) => out.push({ date, time: i === 0 ? b.time : '' }));
    }
    if (b.consultationDate !== '') out.push({ date: b.consultationDate, time: b.consultationTime });
  }
  return out;
}

/**
 * The chosen service and tier, or which of the two does not exist: the caller words it ('Selected service not found'
 * or 'Selected tier not found', docs/product.md §5) beside the field the typed `missing` names.
 */
export function findBookingService(
  services: readonly Service[],
  serviceId: string,
  tierId: string,
): { found: true; service: Service; tier: Tier } | { found: false; missing: 'service' | 'tier' } {
  const service = services.find((s) => s.id === serviceId);
  if (!service) return { found: false, missing: 'service' };
  const tier = service.tiers.find((t) => t.id === tierId);
  if (!tier) return { found: false, missing: 'tier' };
  return { found: true, service, tier };
}

/** A field's label for the chosen service (undefined while none is chosen). */
export function labelFor(field: BookingTextField, service: Pick<Service, 'rules'> | undefined): string {
  const rules = rulesOf(service);
  if (field === 'date') return rules.dateLabel;
  if (field === 'consultationDate') return rules.consultationDateLabel;
  return BOOKING_FIELD_LABELS[field];
}

export type NewBookingRecord = Omit<BookingRequest, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * A new booking request as stored (docs/product.md §3, §7): what the visitor sent, plus what the backend derives from the chosen
 * service and tier (display name, price, tier name, payment schedule) and status 'New'. The id and the timestamps are
 * the caller's: each backend makes them its own way.
 */
export function newBookingRecord(input: BookingInput, service: Service, tier: Tier): NewBookingRecord {
  return {
    // Every field the visitor sent is kept as sent, so a new question on the form is stored without a line here.
    ...input,
    endDate: input.endDate ?? '',
    time: input.time ?? '',
    consultationTime: input.consultationTime ?? '',
    serviceId: service.id,
    service: service.displayName,
    servicePrice: tier.price,
    serviceTier: tier.displayName,
    serviceTierId: tier.id,
    paymentSchedule: paymentScheduleOf(service, tier),
    status: 'New',
  };
}

/**
 * The order of the dates: the shoot not before its consultation; a last shoot day only for a service with a
 * consultation (a shoot), after its first day, at most MAX_SHOOT_DAYS in all.
 */
export function checkDateOrder(
  data: DatedBooking,
  service: Pick<Service, 'rules'>,
): Partial<Record<BookingField, Array<{ code: DateRuleCode; message: string }>>> | null {
  const errors: Partial<Record<BookingField, Array<{ code: DateRuleCode; message: string }>>> = {};
  if (data.date !== '' && data.consultationDate !== '' && data.date < data.consultationDate) {
    errors.date = [{ code: 'before-consultation', message: SHOOT_BEFORE_CONSULTATION }];
  }
  if (data.endDate !== '') {
    const message = !rulesOf(service).needsConsultation
      ? END_DATE_ONLY_PHOTOSHOOT
      : data.date === ''
        ? END_DATE_NEEDS_DATE
        : data.endDate < data.date
          ? END_BEFORE_START
          : daysFrom(data.date, data.endDate).length > MAX_SHOOT_DAYS
            ? shootTooLongMessage(MAX_SHOOT_DAYS)
            : null;
    if (message) errors.endDate = [{ code: 'end-date', message }];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * The time slots: where the admin set slots for a date (for a consultation, also her weekly hours), one of them is
 * chosen; a chosen time is one of the date's slots. Whether that slot is still free is the availability check's (409),
 * not a mistake in the form.
 */
export function checkTimes(
  data: DatedBooking,
  open: PublicAvailability,
): Partial<Record<BookingField, Array<{ code: DateRuleCode; message: string }>>> | null {
  const errors: Partial<Record<BookingField, Array<{ code: DateRuleCode; message: string }>>> = {};
  const pairs = [
    ['date', 'time'],
    ['consultationDate', 'consultationTime'],
  ] as const;
  for (const [dateField, timeField] of pairs) {
    const date = data[dateField];
    const chosen = data[timeField];
    // A consultation may take a slot of her weekly hours; a shoot only one she set for its date.
    const availability = dateField === 'consultationDate' ? consultationView(open) : open;
    if (date === '') {
      if (chosen !== '') errors[timeField] = [{ code: 'time-not-offered', message: TIME_WITHOUT_DATE }];
      continue;
    }
    if (!hasSlots(date, availability)) {
      if (chosen !== '') errors[timeField] = [{ code: 'time-not-offered', message: TIME_NOT_OFFERED }];
      continue;
    }
    if (chosen === '') {
      // No slot can be chosen on a day without a free one: that day is reported as unavailable instead.
      if (freeSlots(date, availability).length > 0) {
        errors[timeField] = [{ code: 'time-required', message: TIME_REQUIRED }];
      }
    } else if (!slotsOn(date, availability).some((s) => slotTime(s) === chosen)) {
      errors[timeField] = [{ code: 'time-not-offered', message: TIME_NOT_OFFERED }];
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
