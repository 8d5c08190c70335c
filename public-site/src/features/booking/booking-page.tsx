// /book-me: loads the services and the public availability once, then shows the form, 'Failed to load services'
// (only the message, docs/product.md §8) or 'No Availability Set' with her contact form in place of the booking form
// (a form that can send nothing is not shown). Rendered by the server after a plain form post too (no
// JavaScript): then it shows that post's answer, the confirmation or the form again with its errors.
import { lazy, Suspense, useMemo, useState } from 'react';
import { hasAnyAvailabilityPeriod } from '@studio/shared/domain';
import { studioClockOf } from '@studio/shared/domain/studio-time';
import { useSearchParams } from '@studio/shared/router';
import { useServices } from '../../api/get-services';
import { messages } from '../../messages';
import { usePublicAvailability } from './api/get-public-availability';
import { BookingForm, LastReference, Thanks } from './booking-form';
import { EMPTY_BOOKING, initialValues, isBookingTextField, type BookingFormValues } from './booking-values';
import type { BookingErrors } from './validate-booking';
import { usePlainFormPost } from '../../app/plain-form-post';
import './booking.css';
import { PageLoading } from '../../components/page-loading';

const m = messages.booking;

// Only when nothing is bookable: a chunk of its own.
const ContactFallback = lazy(() => import(/* webpackChunkName: "booking-contact" */ './contact-fallback'));

export function BookingPage() {
  const servicesState = useServices();
  const services = servicesState.data;
  const availability = usePublicAvailability();
  const [params] = useSearchParams();
  // The studio's calendar day, never the visitor's (a visitor in Berlin or Auckland may be a day ahead): the one the
  // availability answer names, which the server's render and the browser's hydration read alike; without that answer,
  // the day the server wrote into the page.
  const [pageToday] = useState(() => studioClockOf().today);
  const today = (availability.status === 'ready' && availability.data.today) || pageToday;
  // The booking form's own answer only: her contact form's posts to this page are answered by that form.
  const formPost = usePlainFormPost();
  const posted = formPost?.form === 'booking' ? formPost : undefined;
  const selectedService = params.get('selectedService');
  const selectedTier = params.get('selectedTier');
  // Stable between renders: the form's 3 s reset timer restarts whenever its initial values change.
  const initial = useMemo(
    () =>
      posted?.outcome === 'refused'
        ? valuesOfPost(posted.values)
        : initialValues(services ?? [], selectedService, selectedTier),
    [services, selectedService, selectedTier, posted],
  );

  if (servicesState.status === 'error') {
    return (
      <section className="page booking-page">
        <p role="alert" className="alert alert-error">
          {messages.failedToLoadServices}
        </p>
      </section>
    );
  }

  const loading = !services || availability.status === 'loading';
  const noAvailability = availability.status === 'ready' && !hasAnyAvailabilityPeriod(availability.data);

  return (
    <section className="page booking-page" aria-labelledby="booking-title">
      <header className="page-header">
        <h1 id="booking-title">{m.title}</h1>
        <p>{m.intro}</p>
      </header>
      {loading ? (
        <PageLoading />
      ) : (
        <>
          {noAvailability ? (
            <>
              <div className="alert booking-closed" role="status">
                <h2>{m.noAvailability}</h2>
                <p>{m.noAvailabilityDetail}</p>
              </div>
              <Suspense fallback={null}>
                <ContactFallback />
              </Suspense>
            </>
          ) : posted?.outcome === 'sent' ? (
            <>
              <Thanks />
              <LastReference reference={posted.reference} />
            </>
          ) : (
            <BookingForm
              // A link to another service (the URL changes, the page stays) starts a form for that service.
              key={`${selectedService ?? ''}|${selectedTier ?? ''}`}
              services={services}
              availability={availability.status === 'ready' ? availability.data : null}
              lookupAvailability={availability.ensure}
              today={today}
              disabled={false}
              initial={initial}
              posted={posted?.outcome === 'refused' ? postedErrorsOf(posted) : undefined}
            />
          )}
        </>
      )}
    </section>
  );
}

/** The values a plain post carried, on the form's own fields only (anything else the post held is dropped). */
function valuesOfPost(posted: Record<string, string | boolean>): BookingFormValues {
  const values: BookingFormValues = { ...EMPTY_BOOKING, smsOptIn: posted.smsOptIn === true };
  for (const [field, value] of Object.entries(posted)) {
    if (isBookingTextField(field) && typeof value === 'string') values[field] = value;
  }
  return values;
}

/** The server's refusal of a plain post as the form shows a refusal: each message by its field, the whole above. */
function postedErrorsOf(posted: { fieldErrors: Record<string, string>; message: string }) {
  const errors: BookingErrors = {};
  for (const [field, message] of Object.entries(posted.fieldErrors)) {
    if (isBookingTextField(field)) errors[field] = message;
  }
  const detail = Object.keys(errors).length > 0 ? m.fixFields : posted.message;
  return { errors, failure: { detail, sendFailed: false, focusAlert: false } };
}
