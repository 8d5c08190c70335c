// What the form says when a request was not sent. It never loses what she typed: the message says so, and the
// backend's field errors go next to their fields.
import { BackendError } from '@studio/shared/data';
import { messages } from '../../messages';
import { isBookingTextField } from './booking-values';
import type { BookingErrors } from './validate-booking';

const m = messages.booking;

export interface FormFailure {
  detail: string;
  /** False when the form stopped her before sending (a field to fix, a date taken); true when a send failed. */
  sendFailed: boolean;
  /** False when focus goes to the first field to fix instead. */
  focusAlert: boolean;
}

export function failureOf(error: unknown): { failure: FormFailure; fieldErrors: BookingErrors } {
  const failed = (detail: string, fieldErrors: BookingErrors = {}) => ({
    failure: { detail, sendFailed: true, focusAlert: true },
    fieldErrors,
  });
  if (!(error instanceof BackendError)) return failed(m.notSentNetwork);
  switch (error.code) {
    case 'validation': {
      const fieldErrors: BookingErrors = {};
      for (const [key, list] of Object.entries(error.fieldErrors)) {
        if (isBookingTextField(key) && list[0]) fieldErrors[key] = list[0];
      }
      return failed(Object.keys(fieldErrors).length > 0 ? m.fixFields : error.message, fieldErrors);
    }
    case 'rate-limited':
      return failed(m.notSentRateLimited(error.retryAfter));
    case 'network':
      return failed(m.notSentNetwork);
    default:
      // The backend's own words: the unavailable-dates message of docs/product.md §5 (409), 'Selected service not found', ...
      return failed(error.message);
  }
}
