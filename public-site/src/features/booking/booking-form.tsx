// The booking form (docs/product.md §5): the spec's fields and labels, the kit's inline checks and warnings, the date checks
// from one cached availability lookup, and a submit that never loses what she typed. The server checks everything
// again; what is checked here is for her convenience, not for safety.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { BackendError, backend } from '@studio/shared/backend';
import {
  BOOKING_SUCCESS_MS,
  LIMITS,
  checkDates,
  datesToCheck,
  labelFor,
  missingRequiredFields,
  nextAvailableDate,
  orderServices,
  requiredFieldsFor,
  type BookingInput,
  type BookingTextField,
  type IsoDate,
  type PublicAvailability,
  type Service,
} from '@studio/shared/domain';
import { DATE_IN_PAST, SMS_OPT_IN_TEXT, unavailableDatesMessage } from '@studio/shared/messages';
import {
  formMessages,
  getInputWarnings,
  validateEmail,
  validateName,
  validatePhone,
  type InputWarning,
} from '@studio/security-kit';
import { messages } from '../../messages';
import { DateField } from './date-field';
import { newIdempotencyKey } from './idempotency-key';

const m = messages.booking;

type Errors = Partial<Record<BookingTextField, string>>;
type Status = 'idle' | 'submitting' | 'success';
interface FormFailure {
  detail: string;
  /** False when the form stopped her before sending (a field to fix); true when a send failed. */
  sendFailed: boolean;
  /** False when focus goes to the first field to fix instead. */
  focusAlert: boolean;
}

const EMPTY: BookingInput = {
  name: '',
  email: '',
  phone: '',
  serviceId: '',
  serviceTierId: '',
  date: '',
  consultationDate: '',
  consultationLocation: '',
  location: '',
  description: '',
  smsOptIn: false,
};

const isPhotoshoot = (serviceId: string) => serviceId === 'photoshoot';

/** The values a fresh form starts with: the service and tier from the URL when they exist. */
export function initialValues(
  services: readonly Service[],
  selectedService: string | null,
  selectedTier: string | null,
): BookingInput {
  const service = services.find((s) => s.id === selectedService);
  if (!service) return EMPTY;
  const tier = service.tiers.find((t) => t.id === selectedTier);
  return { ...EMPTY, serviceId: service.id, serviceTierId: tier?.id ?? '' };
}

/** What is sent: fields the chosen service does not show are sent empty, whatever was typed before switching. */
function payloadOf(values: BookingInput): BookingInput {
  if (isPhotoshoot(values.serviceId)) return values;
  return { ...values, consultationDate: '', consultationLocation: '', location: '' };
}

const MAX_LENGTH: Partial<Record<BookingTextField, number>> = {
  name: LIMITS.name,
  email: LIMITS.email,
  phone: LIMITS.phone,
  consultationLocation: LIMITS.location,
  location: LIMITS.location,
  description: LIMITS.description,
};

function validate(values: BookingInput, today: IsoDate): Errors {
  const errors: Errors = {};
  const label = (field: BookingTextField) => labelFor(field, values.serviceId);
  for (const field of missingRequiredFields(values)) errors[field] = formMessages.required(label(field));

  for (const [field, max] of Object.entries(MAX_LENGTH) as Array<[BookingTextField, number]>) {
    if (!errors[field] && values[field].length > max) errors[field] = m.tooLong(label(field), max);
  }
  if (!errors.name && values.name.trim() !== '') {
    const result = validateName(values.name);
    if (!result.valid) errors.name = result.message;
  }
  if (!errors.email && values.email.trim() !== '') {
    const result = validateEmail(values.email);
    if (!result.valid) errors.email = result.message;
  }
  if (!errors.phone) {
    if (values.phone.trim() !== '') {
      const result = validatePhone(values.phone);
      if (!result.valid) errors.phone = result.message;
    } else if (values.smsOptIn) {
      errors.phone = m.smsNeedsPhone;
    }
  }
  const dateFields: BookingTextField[] = isPhotoshoot(values.serviceId) ? ['consultationDate', 'date'] : ['date'];
  for (const field of dateFields) {
    if (!errors[field] && values[field] !== '' && values[field] < today) errors[field] = DATE_IN_PAST;
  }
  return errors;
}

const FIELD_ORDER: BookingTextField[] = [
  'name',
  'email',
  'phone',
  'serviceId',
  'serviceTierId',
  'consultationDate',
  'consultationLocation',
  'date',
  'location',
  'description',
];

function failureOf(error: unknown): Omit<FormFailure, 'focusAlert'> & { fieldErrors?: Errors } {
  if (!(error instanceof BackendError)) return { detail: m.notSentNetwork, sendFailed: true };
  switch (error.code) {
    case 'validation': {
      const fieldErrors: Errors = {};
      for (const [key, list] of Object.entries(error.fieldErrors)) {
        if ((FIELD_ORDER as string[]).includes(key) && list[0]) fieldErrors[key as BookingTextField] = list[0];
      }
      const known = Object.keys(fieldErrors).length > 0;
      return { detail: known ? m.fixFields : error.message, sendFailed: true, fieldErrors };
    }
    case 'rate-limited':
      return { detail: m.notSentRateLimited(error.retryAfter), sendFailed: true };
    case 'network':
      return { detail: m.notSentNetwork, sendFailed: true };
    default:
      // The server's own words: the spec's unavailable-dates message (409), 'Selected service not found', ...
      return { detail: error.message, sendFailed: true };
  }
}

export interface BookingFormProps {
  services: Service[];
  /** Null while loading or when the lookup failed (then every date counts as available: docs/product.md §5). */
  availability: PublicAvailability | null;
  lookupAvailability(): Promise<PublicAvailability>;
  today: IsoDate;
  disabled: boolean;
  initial: BookingInput;
}

export function BookingForm({
  services,
  availability,
  lookupAvailability,
  today,
  disabled,
  initial,
}: BookingFormProps) {
  const uid = useId();
  const idOf = (field: BookingTextField | 'smsOptIn') => `${uid}-${field}`;
  const [values, setValues] = useState<BookingInput>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [touched, setTouched] = useState<Partial<Record<BookingTextField, boolean>>>({});
  const [status, setStatus] = useState<Status>('idle');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [noSuggestion, setNoSuggestion] = useState<Partial<Record<'date' | 'consultationDate', boolean>>>({});
  // One key for every attempt at the same request, so a retry after a lost answer cannot store it twice; a new
  // key only after a success.
  const attemptKey = useRef<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const thanksRef = useRef<HTMLDivElement>(null);
  const focusNameAfterReset = useRef(false);

  const ordered = orderServices(services);
  const service = ordered.find((s) => s.id === values.serviceId);
  const photoshoot = isPhotoshoot(values.serviceId);
  const required = new Set(requiredFieldsFor(values.serviceId));
  const label = (field: BookingTextField) => labelFor(field, values.serviceId);

  // Errors appear once a field was left or a submit was tried, and update while she corrects them.
  const visible = validate(values, today);
  const shown: Errors = {};
  for (const field of FIELD_ORDER) {
    const message = errors[field] ?? (touched[field] ? visible[field] : undefined);
    if (message) shown[field] = message;
  }
  const warnings = getInputWarnings({ name: values.name, email: values.email, phone: values.phone });
  const warningsFor = (field: InputWarning['field']) => warnings.filter((w) => w.field === field);

  useEffect(() => {
    if (status !== 'success') return;
    thanksRef.current?.focus();
    const timer = setTimeout(() => {
      setValues(initial);
      setErrors({});
      setTouched({});
      setFailure(null);
      setNoSuggestion({});
      setStatus('idle');
      focusNameAfterReset.current = true;
    }, BOOKING_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [status, initial]);

  useEffect(() => {
    if (failure?.focusAlert) alertRef.current?.focus();
  }, [failure]);

  // The reset form replaces the message that had focus: start her at its first field rather than nowhere.
  useEffect(() => {
    if (status === 'idle' && focusNameAfterReset.current) {
      focusNameAfterReset.current = false;
      document.getElementById(idOf('name'))?.focus();
    }
  });

  function set<K extends keyof BookingInput>(field: K, value: BookingInput[K]) {
    setValues((v) => {
      const next = { ...v, [field]: value };
      // A package belongs to one service: choosing another service clears it.
      if (field === 'serviceId') next.serviceTierId = '';
      return next;
    });
    // A server or submit error on this field is replaced by the live check as she edits.
    if (field !== 'smsOptIn') {
      setErrors((e) => {
        const { [field as BookingTextField]: _dropped, ...rest } = e;
        return rest;
      });
      setTouched((t) => ({ ...t, [field]: true }));
    }
  }

  const touch = (field: BookingTextField) => setTouched((t) => ({ ...t, [field]: true }));

  async function suggest(field: 'date' | 'consultationDate') {
    let open: PublicAvailability | null = availability;
    if (!open) {
      try {
        open = await lookupAvailability();
      } catch {
        open = null;
      }
    }
    const next = open ? nextAvailableDate(today, open) : null;
    setNoSuggestion((s) => ({ ...s, [field]: next === null }));
    if (next) set(field, next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status !== 'idle' || disabled) return;
    const found = validate(values, today);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFailure({ detail: m.fixFields, sendFailed: false, focusAlert: false });
      const first = FIELD_ORDER.find((f) => found[f]);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    setStatus('submitting');
    const input = payloadOf(values);
    const { unavailable } = await checkDates(datesToCheck(input), lookupAvailability);
    if (unavailable.length > 0) {
      setStatus('idle');
      setFailure({ detail: unavailableDatesMessage(unavailable), sendFailed: false, focusAlert: true });
      return;
    }
    attemptKey.current ??= newIdempotencyKey();
    try {
      await backend.bookings.create(input, attemptKey.current);
      attemptKey.current = null;
      setStatus('success');
    } catch (error) {
      const result = failureOf(error);
      setErrors(result.fieldErrors ?? {});
      setFailure({ detail: result.detail, sendFailed: result.sendFailed, focusAlert: true });
      setStatus('idle');
    }
  }

  if (status === 'success') {
    return (
      <div ref={thanksRef} className="alert alert-success booking-thanks" role="status" tabIndex={-1}>
        <h2>{m.thankYou}</h2>
        <p>{m.thankYouDetail}</p>
      </div>
    );
  }

  const describedBy = (field: BookingTextField, extra: string[] = []) =>
    [...(shown[field] ? [`${idOf(field)}-error`] : []), ...extra].join(' ') || undefined;

  const fieldError = (field: BookingTextField) =>
    shown[field] ? (
      <p id={`${idOf(field)}-error`} className="field-error">
        {shown[field]}
      </p>
    ) : null;

  const fieldWarnings = (field: InputWarning['field']) => {
    const list = warningsFor(field);
    return list.length > 0 ? (
      <ul id={`${idOf(field)}-warnings`} className="booking-warnings" aria-label={m.warningsLabel}>
        {list.map((w) => (
          <li key={w.code}>{w.message}</li>
        ))}
      </ul>
    ) : null;
  };

  const fieldLabel = (field: BookingTextField) => (
    <label htmlFor={idOf(field)}>
      {label(field)}
      {required.has(field) && (
        <span className="booking-required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );

  const textInput = (field: BookingTextField, type: 'text' | 'email' | 'tel', autoComplete: string, wide = false) => {
    const warned = field === 'name' || field === 'email' || field === 'phone' ? warningsFor(field).length > 0 : false;
    return (
      <div className={wide ? 'field booking-wide' : 'field'}>
        {fieldLabel(field)}
        <input
          id={idOf(field)}
          name={field}
          type={type}
          autoComplete={autoComplete}
          value={values[field]}
          required={required.has(field)}
          maxLength={MAX_LENGTH[field]}
          aria-invalid={shown[field] ? true : undefined}
          aria-describedby={describedBy(field, warned ? [`${idOf(field)}-warnings`] : [])}
          onChange={(e) => set(field, e.target.value)}
          onBlur={() => touch(field)}
        />
        {fieldError(field)}
        {(field === 'name' || field === 'email' || field === 'phone') && fieldWarnings(field)}
      </div>
    );
  };

  const dateField = (field: 'date' | 'consultationDate') => (
    <DateField
      id={idOf(field)}
      name={field}
      label={label(field)}
      required={required.has(field)}
      value={values[field]}
      today={today}
      availability={availability ?? undefined}
      error={shown[field]}
      onChange={(value) => set(field, value)}
      onSuggest={() => void suggest(field)}
      suggestionMissing={noSuggestion[field] === true}
    />
  );

  return (
    <form className="booking-form card" noValidate onSubmit={(e) => void submit(e)} aria-busy={status === 'submitting'}>
      <fieldset disabled={disabled} className="booking-fieldset">
        <div className="booking-grid">
          {textInput('name', 'text', 'name', true)}
          {textInput('email', 'email', 'email')}
          {textInput('phone', 'tel', 'tel')}

          <div className="field">
            {fieldLabel('serviceId')}
            <select
              id={idOf('serviceId')}
              name="serviceId"
              value={values.serviceId}
              required
              aria-invalid={shown.serviceId ? true : undefined}
              aria-describedby={describedBy('serviceId')}
              onChange={(e) => set('serviceId', e.target.value)}
              onBlur={() => touch('serviceId')}
            >
              <option value="">{m.chooseService}</option>
              {ordered.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.displayName}
                </option>
              ))}
            </select>
            {fieldError('serviceId')}
          </div>

          {service && (
            <div className="field">
              {fieldLabel('serviceTierId')}
              <select
                id={idOf('serviceTierId')}
                name="serviceTierId"
                value={values.serviceTierId}
                required
                aria-invalid={shown.serviceTierId ? true : undefined}
                aria-describedby={describedBy('serviceTierId')}
                onChange={(e) => set('serviceTierId', e.target.value)}
                onBlur={() => touch('serviceTierId')}
              >
                <option value="">{m.chooseTier}</option>
                {service.tiers.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.price ? `${t.displayName} (${t.price})` : t.displayName}
                  </option>
                ))}
              </select>
              {fieldError('serviceTierId')}
            </div>
          )}

          {photoshoot && (
            <>
              {dateField('consultationDate')}
              {textInput('consultationLocation', 'text', 'off', true)}
              {dateField('date')}
              {textInput('location', 'text', 'off', true)}
            </>
          )}
          {!photoshoot && dateField('date')}

          <div className="field booking-wide">
            {fieldLabel('description')}
            <textarea
              id={idOf('description')}
              name="description"
              value={values.description}
              required
              maxLength={LIMITS.description}
              aria-invalid={shown.description ? true : undefined}
              aria-describedby={describedBy('description')}
              onChange={(e) => set('description', e.target.value)}
              onBlur={() => touch('description')}
            />
            {fieldError('description')}
          </div>

          <div className="checkbox booking-wide">
            <input
              id={idOf('smsOptIn')}
              name="smsOptIn"
              type="checkbox"
              checked={values.smsOptIn}
              onChange={(e) => set('smsOptIn', e.target.checked)}
            />
            <label htmlFor={idOf('smsOptIn')}>{SMS_OPT_IN_TEXT}</label>
          </div>
        </div>

        {failure && (
          <div ref={alertRef} className="alert alert-error booking-failure" role="alert" tabIndex={-1}>
            {failure.sendFailed ? (
              <>
                <p>
                  <strong>{m.notSentTitle}</strong> {failure.detail}
                </p>
                <p>{m.notSentRetry}</p>
              </>
            ) : (
              <p>{failure.detail}</p>
            )}
          </div>
        )}

        <button type="submit" className="btn btn-primary booking-submit" disabled={status === 'submitting'}>
          {status === 'submitting' ? m.submitting : m.submit}
        </button>
      </fieldset>
    </form>
  );
}
