// The booking form's behaviour: live checks once a field was left, warnings from the security kit, the suggestion
// and the date checks from one cached availability, and a submit through create-booking.ts that keeps one
// idempotency key for every attempt at the same request. 'Thank You!' stays 3 s, then the form starts again.
import { useEffect, useId, useReducer, useRef, type FormEvent } from 'react';
import {
  BOOKING_SUCCESS_MS,
  consultationView,
  labelFor,
  nextAvailableDate,
  requiredFieldsFor,
  rulesOf,
  suggestionStart,
  bookingReference,
  type BookingTextField,
  type IsoDate,
  type PublicAvailability,
  type Service,
  unavailableDatesOf,
} from '@studio/shared/domain';
import { unavailableDatesMessage } from '@studio/shared/messages';
import { getInputWarnings, type InputWarning } from '@studio/security-kit';
import { messages } from '../../messages';
import { useCreateBooking } from './api/create-booking';
import { bookingFormReducer, freshState, type DateFieldName } from './booking-state';
import { FIELD_ORDER, payloadOf, type BookingFormValues } from './booking-values';
import { newIdempotencyKey } from './idempotency-key';
import { failureOf, type FormFailure } from './submit-failure';
import { validateBooking, type BookingErrors } from './validate-booking';

export interface BookingFormOptions {
  services: readonly Service[];
  /** Null while loading or when the lookup failed (then every date counts as available: docs/product.md §5). */
  availability: PublicAvailability | null;
  /** The availability now: the cached answer, or a new request after a failed one. */
  lookupAvailability(): Promise<PublicAvailability>;
  today: IsoDate;
  disabled: boolean;
  initial: BookingFormValues;
  /** What the server said of the same form posted without JavaScript: its errors, shown from the start. */
  posted?: { errors: BookingErrors; failure: FormFailure };
}

export function useBookingForm({
  services,
  availability,
  lookupAvailability,
  today,
  disabled,
  initial,
  posted,
}: BookingFormOptions) {
  const uid = useId();
  const idOf = (field: keyof BookingFormValues) => `${uid}-${field}`;
  const [state, dispatch] = useReducer(bookingFormReducer, initial, (values) => ({ ...freshState(values), ...posted }));
  const { values, errors, touched, status } = state;
  const createBooking = useCreateBooking();
  // One key per request: a retry of the same request after a lost answer reuses it, so it cannot be stored twice; an
  // edited request gets a new one (the server refuses a key sent again with another request), and so does the next
  // request after a success.
  const attempt = useRef<{ key: string; request: string } | null>(null);
  const focusNameAfterReset = useRef(false);

  // Errors appear once a field was left or a submit was tried, and follow her edits from then on.
  const live = validateBooking(values, services, today, availability);
  const shown: BookingErrors = {};
  for (const field of FIELD_ORDER) {
    const message = errors[field] ?? (touched[field] ? live[field] : undefined);
    if (message) shown[field] = message;
  }
  const warnings = getInputWarnings({ name: values.name, email: values.email, phone: values.phone });
  const service = services.find((s) => s.id === values.serviceId);
  const required = new Set(requiredFieldsFor(service));

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => {
      focusNameAfterReset.current = true;
      dispatch({ type: 'reset', values: initial });
    }, BOOKING_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [status, initial]);

  // The fresh form replaces the message that had focus: start her at its first field rather than nowhere.
  useEffect(() => {
    if (status === 'idle' && focusNameAfterReset.current) {
      focusNameAfterReset.current = false;
      document.getElementById(`${uid}-name`)?.focus();
    }
  });

  const change = <K extends keyof BookingFormValues>(field: K, value: BookingFormValues[K]) =>
    dispatch({ type: 'change', field, value });

  /** What a text field or select needs, wired to the state. */
  const fieldProps = (field: BookingTextField) => ({
    id: idOf(field),
    name: field,
    label: labelFor(field, service),
    required: required.has(field),
    value: values[field],
    error: shown[field],
    onChange: (value: string) => change(field, value),
    onBlur: () => dispatch({ type: 'touch', field }),
  });

  const warningsFor = (field: InputWarning['field']) => warnings.filter((w) => w.field === field);

  async function suggest(field: DateFieldName) {
    const open = availability ?? (await lookupAvailability().catch(() => null));
    // Not before the notice allows; a shoot not before the day after its consultation.
    const after = field === 'date' && rulesOf(service).needsConsultation ? values.consultationDate : '';
    const from = open ? suggestionStart(today, open, after) : null;
    // A consultation may take a slot of her weekly hours on a day a shoot could not have.
    const view = open && field === 'consultationDate' ? consultationView(open) : open;
    dispatch({ type: 'suggested', field, date: view && from ? nextAvailableDate(from, view) : null });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status !== 'idle' || disabled) return;
    const first = FIELD_ORDER.find((f) => live[f]);
    if (first) {
      const failure = { detail: messages.booking.fixFields, sendFailed: false, focusAlert: false };
      dispatch({ type: 'stopped', errors: live, failure });
      document.getElementById(idOf(first))?.focus();
      return;
    }
    dispatch({ type: 'submitting' });
    const booking = payloadOf(values, services);
    // A failed lookup lets the request go (docs/product.md §5): the server checks the dates again.
    const open = await lookupAvailability().catch(() => null);
    const unavailable = open ? unavailableDatesOf(booking, open) : [];
    if (unavailable.length > 0) {
      const detail = unavailableDatesMessage(unavailable);
      dispatch({ type: 'refused', failure: { detail, sendFailed: false, focusAlert: true } });
      return;
    }
    const request = JSON.stringify(booking);
    if (attempt.current?.request !== request) attempt.current = { key: newIdempotencyKey(), request };
    try {
      const created = await createBooking.mutate({ booking, idempotencyKey: attempt.current.key });
      attempt.current = null;
      dispatch({ type: 'sent', reference: bookingReference(created.id) });
    } catch (error) {
      const { failure, fieldErrors } = failureOf(error);
      dispatch({ type: 'refused', failure, errors: fieldErrors });
    }
  }

  return { state, idOf, fieldProps, warningsFor, required, change, suggest, submit };
}
