// The booking form (docs/product.md §5): its fields and labels, checked against the shared booking schema as she
// types, with the security kit's warnings beside them; the date checks from one cached availability; a submit that
// never loses what she typed. The backend checks everything again: what is checked here is for her convenience.
import { useEffect, useRef } from 'react';
import { useTypedBeforeHydration } from '../../app/plain-form-post';
import { BOOKING_PAGE_PATH } from './booking-values';
import { consultationView, earliestBookableDate, type PublicAvailability } from '@studio/shared/domain';
import { SMS_OPT_IN_TEXT } from '@studio/shared/messages';
import { messages } from '../../messages';
import { bookingMessages } from './booking-messages';
import { FieldLabel, SelectField, SlotField, TextField } from './booking-fields';
import { needsConsultation } from './booking-values';
import { DateField } from '../../components/date-field/date-field';
import type { FormFailure } from './submit-failure';
import { useBookingForm, type BookingFormOptions } from './use-booking-form';

const m = messages.booking;

export type BookingFormProps = BookingFormOptions;

export function BookingForm(props: BookingFormProps) {
  const { state, idOf, fieldProps, warningsFor, required, change, suggest, submit } = useBookingForm(props);
  const { values, status, failure, noSuggestion } = state;
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, values, (typed) => {
    // A package chosen before then is one of the service the page showed: with another service chosen too, it goes.
    const otherService = typed.some(([field]) => field === 'serviceId');
    for (const [field, value] of typed) if (!(otherService && field === 'serviceTierId')) change(field, value);
  });

  if (status === 'success') return <Thanks />;
  const earliest = earliestBookableDate(props.today, props.availability ?? {});

  /** A consultation's dates offer her weekly consultation hours too; a shoot's only the slots set for its day. */
  const availabilityFor = (dateField: 'date' | 'consultationDate'): PublicAvailability | undefined => {
    const open = props.availability ?? undefined;
    return open && dateField === 'consultationDate' ? consultationView(open) : open;
  };

  /** Where the admin set time slots for the chosen date, she picks one of the free ones. */
  const timeField = (dateField: 'date' | 'consultationDate', field: 'time' | 'consultationTime') => (
    <SlotField {...fieldProps(field)} required date={values[dateField]} availability={availabilityFor(dateField)} />
  );

  // Her order, as she arranged the services on her dashboard (the server sends them so).
  const service = props.services.find((s) => s.id === values.serviceId);
  const photoshoot = needsConsultation(props.services, values.serviceId);

  const dateField = (field: 'date' | 'consultationDate') => {
    const { id, name, label, value, error } = fieldProps(field);
    return (
      <DateField
        id={id}
        name={name}
        label={label}
        required={required.has(field)}
        value={value}
        today={props.today}
        earliest={earliest}
        availability={availabilityFor(field)}
        error={error}
        onChange={(date) => change(field, date)}
        onSuggest={() => void suggest(field)}
        suggestionMissing={noSuggestion[field] === true}
      />
    );
  };

  return (
    <>
      {state.lastReference && <LastReference reference={state.lastReference} />}
      <form
        ref={form}
        // Without JavaScript it posts to the page's address, and the server answers with the page (routes/bookings.ts).
        method="post"
        action={BOOKING_PAGE_PATH}
        className="booking-form card"
        data-island="booking-form"
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-busy={status === 'submitting'}
      >
        <fieldset disabled={props.disabled} className="booking-fieldset">
          <div className="booking-grid">
            <TextField {...fieldProps('name')} autoComplete="name" wide warnings={warningsFor('name')} />
            <TextField {...fieldProps('email')} type="email" autoComplete="email" warnings={warningsFor('email')} />
            <TextField {...fieldProps('phone')} type="tel" autoComplete="tel" warnings={warningsFor('phone')} />
            <SelectField
              {...fieldProps('serviceId')}
              placeholder={m.chooseService}
              options={props.services.map((s) => ({ value: s.id, label: s.displayName }))}
            />
            {service && (
              <SelectField
                {...fieldProps('serviceTierId')}
                placeholder={m.chooseTier}
                options={service.tiers.map((t) => ({
                  value: t.id,
                  label: t.price ? `${t.displayName} (${t.price})` : t.displayName,
                }))}
              />
            )}
            {photoshoot && (
              <>
                {dateField('consultationDate')}
                {timeField('consultationDate', 'consultationTime')}
                <TextField {...fieldProps('consultationLocation')} autoComplete="off" wide />
                {dateField('date')}
                {timeField('date', 'time')}
                <EndDateField {...fieldProps('endDate')} min={values.date || earliest} />
                <TextField {...fieldProps('location')} autoComplete="off" wide />
              </>
            )}
            {!photoshoot && dateField('date')}
            {!photoshoot && timeField('date', 'time')}
            <TextField {...fieldProps('description')} multiline />
            {/* Only while texts are sent, so it never promises one: the server's availability answer says when. */}
            {props.availability?.smsOptIn !== false && (
              <div className="checkbox booking-wide">
                <input
                  id={idOf('smsOptIn')}
                  name="smsOptIn"
                  type="checkbox"
                  checked={values.smsOptIn}
                  onChange={(e) => change('smsOptIn', e.target.checked)}
                />
                <label htmlFor={idOf('smsOptIn')}>{SMS_OPT_IN_TEXT}</label>
              </div>
            )}
          </div>

          {failure && <Failure failure={failure} />}

          <button type="submit" className="btn btn-primary booking-submit" disabled={status === 'submitting'}>
            {status === 'submitting' ? m.submitting : m.submit}
          </button>
        </fieldset>
      </form>
    </>
  );
}

/** The last day of a multi-day shoot: optional, a plain date input (each day is checked on submit). */
function EndDateField(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  min: string;
  error: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
}) {
  const hintId = `${props.id}-hint`;
  const errorId = `${props.id}-error`;
  return (
    <div className="field">
      <FieldLabel htmlFor={props.id} label={props.label} required={false} />
      <input
        id={props.id}
        name={props.name}
        type="date"
        min={props.min}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${errorId} ${hintId}` : hintId}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      />
      <p id={hintId} className="field-hint">
        {bookingMessages.endDateHint}
      </p>
      {props.error && (
        <p id={errorId} className="field-error">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** Kept above the fresh form after 'Thank You!': the reference of what she sent, and where to look for it. */
export function LastReference({ reference }: { reference: string }) {
  return (
    <p className="alert booking-reference" role="status">
      {bookingMessages.reference(reference)}
    </p>
  );
}

/** 'Thank You!' (docs/product.md §4), focused so that a screen reader says it. */
export function Thanks() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className="alert alert-success booking-thanks" role="status" tabIndex={-1}>
      <h2>{m.thankYou}</h2>
      <p>{m.thankYouDetail}</p>
    </div>
  );
}

function Failure({ failure }: { failure: FormFailure }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure.focusAlert) ref.current?.focus();
  }, [failure]);
  return (
    <div ref={ref} className="alert alert-error booking-failure" role="alert" tabIndex={-1}>
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
  );
}
