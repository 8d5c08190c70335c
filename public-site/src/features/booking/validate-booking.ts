// The booking form's checks (docs/product.md §5), one message per field: the fields the chosen service requires, then
// the shared schema the backend parses the same request with (its own messages, its limits from LIMITS), then
// 'Selected service not found' / 'Selected tier not found' as that section words them, then what only the visitor's
// side knows (her today, a phone for text messages). The security kit adds warnings beside the fields, never errors.
import {
  MIN_NOTICE_DAYS_DEFAULT,
  checkDateOrder,
  checkTimes,
  earliestBookableDate,
  tooSoonMessage,
  labelFor,
  findBookingService,
  missingRequiredFields,
  type BookingTextField,
  type IsoDate,
  type PublicAvailability,
  type Service,
} from '@studio/shared/domain';

import { DATE_IN_PAST, SERVICE_NOT_FOUND, TIER_NOT_FOUND } from '@studio/shared/messages';
import { bookingInputSchema, fieldErrorsOf } from '@studio/shared/schemas';
import { messages } from '../../messages';
import { isBookingTextField, needsConsultation, payloadOf, type BookingFormValues } from './booking-values';

export type BookingErrors = Partial<Record<BookingTextField, string>>;

const m = messages.booking;

/**
 * `availability` is null while it loads or when the lookup failed: then the notice is the default one and the time
 * slots are left to the backend, which checks everything again.
 */
export function validateBooking(
  values: BookingFormValues,
  services: readonly Service[],
  today: IsoDate,
  availability: PublicAvailability | null = null,
): BookingErrors {
  const input = payloadOf(values, services);
  const service = services.find((s) => s.id === input.serviceId);
  const errors: BookingErrors = {};
  const add = (field: BookingTextField, message: string) => {
    errors[field] ??= message;
  };

  for (const field of missingRequiredFields(input, services)) add(field, m.fieldRequired(labelFor(field, service)));

  const parsed = bookingInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const [key, list] of Object.entries(fieldErrorsOf(parsed.error))) {
      if (isBookingTextField(key) && list[0]) add(key, list[0]);
    }
  }

  if (!errors.serviceId && !errors.serviceTierId) {
    const chosen = findBookingService(services, input.serviceId, input.serviceTierId);
    if (!chosen.found) {
      if (chosen.missing === 'service') add('serviceId', SERVICE_NOT_FOUND);
      else add('serviceTierId', TIER_NOT_FOUND);
    }
  }

  const dates: BookingTextField[] = needsConsultation(services, input.serviceId)
    ? ['consultationDate', 'date']
    : ['date'];
  const earliest = earliestBookableDate(today, availability ?? {});
  for (const field of dates) {
    if (input[field] !== '' && input[field] < today) add(field, DATE_IN_PAST);
    else if (input[field] !== '' && input[field] < earliest) {
      add(field, tooSoonMessage(availability?.minNoticeDays ?? MIN_NOTICE_DAYS_DEFAULT));
    }
  }
  // The shared rules on the order of the dates and the time slots, as the backend applies them.
  if (parsed.success) {
    const rules = [
      service ? checkDateOrder(parsed.data, service) : null,
      availability ? checkTimes(parsed.data, availability) : null,
    ];
    for (const found of rules) {
      for (const [key, list] of Object.entries(found ?? {})) {
        if (isBookingTextField(key) && list?.[0]) add(key, list[0].message);
      }
    }
  }
  if (input.smsOptIn && input.phone === '') add('phone', m.smsNeedsPhone);
  return errors;
}
