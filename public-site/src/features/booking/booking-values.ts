// The booking form's values: what a fresh form holds, and what is sent from what was typed.
import { rulesOf, type BookingInput, type BookingTextField, type Service } from '@studio/shared/domain';
import { ROUTES } from '@studio/shared/routes';

/** What the form holds: every field of a request, the optional ones (end date, time slots) included, '' when unused. */
export type BookingFormValues = Required<BookingInput>;

/** Form order: the first field to fix gets focus. */
export const FIELD_ORDER: readonly BookingTextField[] = [
  'name',
  'email',
  'phone',
  'serviceId',
  'serviceTierId',
  'consultationDate',
  'consultationTime',
  'consultationLocation',
  'date',
  'time',
  'endDate',
  'location',
  'description',
];

export const isBookingTextField = (key: string): key is BookingTextField =>
  (FIELD_ORDER as readonly string[]).includes(key);

export const EMPTY_BOOKING: BookingFormValues = {
  name: '',
  email: '',
  phone: '',
  serviceId: '',
  serviceTierId: '',
  date: '',
  endDate: '',
  time: '',
  consultationDate: '',
  consultationTime: '',
  consultationLocation: '',
  location: '',
  description: '',
  smsOptIn: false,
};

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
 * What is sent (and validated): single-line fields without the spaces a phone keyboard or autofill leaves around
 * them, and the fields the chosen service does not show sent empty, whatever was typed before switching.
 */
export function payloadOf(values: BookingFormValues, services: readonly Service[]): BookingFormValues {
  const trimmed: BookingFormValues = {
    ...values,
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    consultationLocation: values.consultationLocation.trim(),
    location: values.location.trim(),
  };
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
