// The booking form's values: what a fresh form holds, and what is sent from what was typed.
import { rulesOf, type BookingInput, type BookingTextField, type Service } from '@studio/shared/domain';
import { ROUTES } from '@studio/shared/routes';
import { bookingInputSchema } from '@studio/shared/schemas';

/** What the form holds: every field of a request, the optional ones (end date, time slots) included, '' when unused. */
export type BookingFormValues = Required<BookingInput>;

const FIELDS = Object.keys(bookingInputSchema.shape) as Array<keyof BookingFormValues>;

/** Form order, which is the schema's: the first field to fix gets focus. */
export const FIELD_ORDER = FIELDS.filter((field): field is BookingTextField => field !== 'smsOptIn');

export const isBookingTextField = (key: string): key is BookingTextField =>
  (FIELD_ORDER as readonly string[]).includes(key);

/** A fresh form: every field '' and the SMS opt-in unticked. */
export const EMPTY_BOOKING = Object.fromEntries(
  FIELDS.map((field) => [field, field === 'smsOptIn' ? false : '']),
) as BookingFormValues;

/** The page of the booking form, where it posts when the page's script does not send it. */
export const BOOKING_PAGE_PATH = ROUTES.booking.pattern;

/** Whether the chosen service asks for a consultation first (by the rules she set on it). */
export const needsConsultation = (services: readonly Service[], serviceId: string) =>
  rulesOf(services.find((s) => s.id === serviceId)).needsConsultation;

/** The values a fresh form starts with: the service and tier from the URL when they exist. */
export function initialValues(
  services: readonly Service[],
  selectedService: string | null,
  selectedTier: string | null,
): BookingFormValues {
  const service = services.find((s) => s.id === selectedService);
  if (!service) return EMPTY_BOOKING;
  const tier = service.tiers.find((t) => t.id === selectedTier);
  return { ...EMPTY_BOOKING, serviceId: service.id, serviceTierId: tier?.id ?? '' };
}

/**
 * What is sent (and validated): every field but the description without the spaces a phone keyboard or autofill leaves around
 * them, and the fields the chosen service does not show sent empty, whatever was typed before switching.
 */
export function payloadOf(values: BookingFormValues, services: readonly Service[]): BookingFormValues {
  const trimmed = { ...values };
  for (const field of FIELD_ORDER) if (field !== 'description') trimmed[field] = values[field].trim();
  if (needsConsultation(services, values.serviceId)) return trimmed;
  return {
    ...trimmed,
    consultationDate: '',
    consultationTime: '',
    consultationLocation: '',
    location: '',
    endDate: '',
  };
}
