// The booking form's checks (docs/product.md §5), one message per field: the fields the chosen service requires, then
// the shared schema the backend parses the same request with (its own messages, its limits from LIMITS), then the
// spec's 'Selected service not found' / 'Selected tier not found', then what only the visitor's side knows (her
// today, a phone for text messages). The security kit adds warnings beside the fields, never errors.
import {
  labelFor,
  missingRequiredFields,
  resolveBookingService,
  type BookingInput,
  type BookingTextField,
  type IsoDate,
  type Service,
} from '@studio/shared/domain';
import { DATE_IN_PAST, SERVICE_NOT_FOUND } from '@studio/shared/messages';
import { bookingInputSchema, fieldErrorsOf } from '@studio/shared/schemas';
import { messages } from '../../messages';
import { isBookingTextField, isPhotoshoot, payloadOf } from './booking-values';

export type BookingErrors = Partial<Record<BookingTextField, string>>;

const m = messages.booking;

export function validateBooking(values: BookingInput, services: readonly Service[], today: IsoDate): BookingErrors {
  const input = payloadOf(values);
  const errors: BookingErrors = {};
  const add = (field: BookingTextField, message: string) => {
    errors[field] ??= message;
  };

  for (const field of missingRequiredFields(input)) add(field, m.fieldRequired(labelFor(field, input.serviceId)));

  const parsed = bookingInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const [key, list] of Object.entries(fieldErrorsOf(parsed.error))) {
      if (isBookingTextField(key) && list[0]) add(key, list[0]);
    }
  }

  if (!errors.serviceId && !errors.serviceTierId) {
    try {
      resolveBookingService(services, input.serviceId, input.serviceTierId);
    } catch (error) {
      const message = (error as Error).message;
      add(message === SERVICE_NOT_FOUND ? 'serviceId' : 'serviceTierId', message);
    }
  }

  const dates: BookingTextField[] = isPhotoshoot(input.serviceId) ? ['consultationDate', 'date'] : ['date'];
  for (const field of dates) {
    if (input[field] !== '' && input[field] < today) add(field, DATE_IN_PAST);
  }
  if (input.smsOptIn && input.phone === '') add('phone', m.smsNeedsPhone);
  return errors;
}
