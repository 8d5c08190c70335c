// The booking form's state as one reducer: what she typed, which fields she has left, the errors of the last submit
// or of the backend, and where the request stands (docs/product.md §4: idle, submitting, success).
import type { BookingTextField, IsoDate } from '@studio/shared/domain';
import type { BookingFormValues } from './booking-values';
import type { FormFailure } from './submit-failure';
import type { BookingErrors } from './validate-booking';

export type DateFieldName = 'date' | 'consultationDate';

export interface BookingFormState {
  values: BookingFormValues;
  /** Errors of the last submit or the backend's answer; each goes when its field is edited. */
  errors: BookingErrors;
  touched: Partial<Record<BookingTextField, boolean>>;
  status: 'idle' | 'submitting' | 'success';
  /** The reference of the last request sent, kept above the fresh form after 'Thank You!'. */
  lastReference: string | null;
  failure: FormFailure | null;
  /** Fields whose suggestion found no available date in the search window. */
  noSuggestion: Partial<Record<DateFieldName, boolean>>;
}

export type BookingFormAction =
  | { type: 'change'; field: keyof BookingFormValues; value: string | boolean }
  | { type: 'touch'; field: BookingTextField }
  | { type: 'suggested'; field: DateFieldName; date: IsoDate | null }
  | { type: 'stopped'; errors: BookingErrors; failure: FormFailure }
  | { type: 'submitting' }
  | { type: 'refused'; failure: FormFailure; errors?: BookingErrors }
  | { type: 'sent'; reference: string }
  | { type: 'reset'; values: BookingFormValues };

export const freshState = (values: BookingFormValues): BookingFormState => ({
  values,
  errors: {},
  touched: {},
  status: 'idle',
  failure: null,
  noSuggestion: {},
  lastReference: null,
});

function change(state: BookingFormState, field: keyof BookingFormValues, value: string | boolean): BookingFormState {
  const values = { ...state.values, [field]: value };
  // A package belongs to one service: choosing another service clears it.
  if (field === 'serviceId') values.serviceTierId = '';
  // A time belongs to one date: another date offers other times.
  if (field === 'date' && value !== state.values.date) values.time = '';
  if (field === 'consultationDate' && value !== state.values.consultationDate) values.consultationTime = '';
  if (field === 'smsOptIn') return { ...state, values };
  // A submit or backend error on this field gives way to the live check while she edits it.
  const { [field]: _replaced, ...errors } = state.errors;
  return { ...state, values, errors, touched: { ...state.touched, [field]: true } };
}

export function bookingFormReducer(state: BookingFormState, action: BookingFormAction): BookingFormState {
  switch (action.type) {
    case 'change':
      return change(state, action.field, action.value);
    case 'touch':
      return { ...state, touched: { ...state.touched, [action.field]: true } };
    case 'suggested': {
      const next = { ...state, noSuggestion: { ...state.noSuggestion, [action.field]: action.date === null } };
      return action.date ? change(next, action.field, action.date) : next;
    }
    case 'stopped':
      return { ...state, errors: action.errors, failure: action.failure };
    case 'submitting':
      return { ...state, errors: {}, failure: null, status: 'submitting' };
    case 'refused':
      return { ...state, errors: action.errors ?? {}, failure: action.failure, status: 'idle' };
    case 'sent':
      return { ...state, status: 'success', lastReference: action.reference };
    case 'reset':
      return { ...freshState(action.values), lastReference: state.lastReference };
  }
}
