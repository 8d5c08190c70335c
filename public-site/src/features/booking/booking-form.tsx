// The booking form (docs/product.md §5): the spec's fields and labels, checked against the shared booking schema as she
// types, with the security kit's warnings beside them; the date checks from one cached availability; a submit that
// never loses what she typed. The backend checks everything again: what is checked here is for her convenience.
import { useEffect, useRef } from 'react';
import { orderServices } from '@studio/shared/domain';
import { SMS_OPT_IN_TEXT } from '@studio/shared/messages';
import { messages } from '../../messages';
import { SelectField, TextField } from './booking-fields';
import { isPhotoshoot } from './booking-values';
import { DateField } from './date-field';
import type { FormFailure } from './submit-failure';
import { useBookingForm, type BookingFormOptions } from './use-booking-form';
import { useHydrated } from '../../components/use-hydrated';

const m = messages.booking;

export type BookingFormProps = BookingFormOptions;

export function BookingForm(props: BookingFormProps) {
  const { state, idOf, fieldProps, warningsFor, required, change, suggest, submit } = useBookingForm(props);
  const { values, status, failure, noSuggestion } = state;
  const hydrated = useHydrated();

  if (status === 'success') return <Thanks />;

  const ordered = orderServices(props.services);
  const service = ordered.find((s) => s.id === values.serviceId);
  const photoshoot = isPhotoshoot(values.serviceId);

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
        availability={props.availability ?? undefined}
        error={error}
        onChange={(date) => change(field, date)}
        onSuggest={() => void suggest(field)}
        suggestionMissing={noSuggestion[field] === true}
      />
    );
  };

  return (
    <form className="booking-form card" noValidate onSubmit={(e) => void submit(e)} aria-busy={status === 'submitting'}>
      <fieldset disabled={props.disabled || !hydrated} className="booking-fieldset">
        <div className="booking-grid">
          <TextField {...fieldProps('name')} autoComplete="name" wide warnings={warningsFor('name')} />
          <TextField {...fieldProps('email')} type="email" autoComplete="email" warnings={warningsFor('email')} />
          <TextField {...fieldProps('phone')} type="tel" autoComplete="tel" warnings={warningsFor('phone')} />
          <SelectField
            {...fieldProps('serviceId')}
            placeholder={m.chooseService}
            options={ordered.map((s) => ({ value: s.id, label: s.displayName }))}
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
              <TextField {...fieldProps('consultationLocation')} autoComplete="off" wide />
              {dateField('date')}
              <TextField {...fieldProps('location')} autoComplete="off" wide />
            </>
          )}
          {!photoshoot && dateField('date')}
          <TextField {...fieldProps('description')} multiline />
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
        </div>

        {failure && <Failure failure={failure} />}

        <button type="submit" className="btn btn-primary booking-submit" disabled={status === 'submitting'}>
          {status === 'submitting' ? m.submitting : m.submit}
        </button>
      </fieldset>
    </form>
  );
}

/** 'Thank You!' (docs/product.md §4), focused so that a screen reader says it. */
function Thanks() {
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
