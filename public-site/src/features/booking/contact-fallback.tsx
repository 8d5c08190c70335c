// Under 'No Availability Set': a visitor who finds nothing to book can still reach her, by her
// e-mail address (the site details) or a short message the server mails to her. A chunk of its own, loaded only when
// nothing is bookable, so the booking form's page carries none of it. Without JavaScript it posts as a plain form to
// this page (server/src/features/messaging/contact.routes.ts), and the server renders the page with the answer: the thank-you, or the
// form again with each field's message and what was written.
import { useRef, useState, type FormEvent } from 'react';
import { PLAIN_FORM_FIELD } from '@studio/shared/domain/plain-form';
import { BackendError } from '@studio/shared/data';
import type { ContactMessage } from '@studio/shared/domain';
import { contactMessageSchema, fieldErrorsOf } from '@studio/shared/schemas';
import { useSite } from '../../api/get-site';
import { usePlainFormPost, useTypedBeforeHydration } from '../../app/plain-form-post';
import { BOOKING_PAGE_PATH } from './booking-values';
import { contactMessages } from './contact-messages';
import { TextField } from './booking-fields';
import { useCanSendContactMessage, useSendContactMessage } from './api/send-contact-message';

const m = contactMessages;
const EMPTY: ContactMessage = { name: '', email: '', phone: '', message: '' };
type Errors = Partial<Record<keyof ContactMessage, string>>;

export default function ContactFallback() {
  const site = useSite();
  const email = site.status === 'ready' ? site.data.details.email : '';
  const canSend = useCanSendContactMessage();
  const send = useSendContactMessage();
  // The answer to this form's plain post, when the server renders the page with one.
  const formPost = usePlainFormPost();
  const posted = formPost?.form === 'contact' ? formPost : undefined;
  const refused = posted?.outcome === 'refused' ? posted : undefined;
  const [values, setValues] = useState<ContactMessage>(() => (refused ? valuesOfPost(refused.values) : EMPTY));
  const [errors, setErrors] = useState<Errors>(() => (refused ? errorsOfPost(refused.fieldErrors) : {}));
  const [state, setState] = useState<'editing' | 'sent' | 'failed'>(() =>
    posted?.outcome === 'sent'
      ? 'sent'
      : refused && Object.keys(refused.fieldErrors).length === 0
        ? 'failed'
        : 'editing',
  );
  const [failure, setFailure] = useState(refused?.message ?? '');
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, values, (typed) => {
    for (const [field, value] of typed) if (typeof value === 'string') setValues((v) => ({ ...v, [field]: value }));
  });

  const field = (name: keyof ContactMessage) => ({
    id: `contact-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
    onBlur: () => undefined,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactMessageSchema.safeParse(values);
    if (!parsed.success) {
      const all = fieldErrorsOf(parsed.error);
      setErrors(Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v[0]])) as Errors);
      return;
    }
    setErrors({});
    send.mutate(parsed.data).then(
      () => {
        setState('sent');
        setValues(EMPTY);
      },
      (error: unknown) => {
        if (error instanceof BackendError && Object.keys(error.fieldErrors).length > 0) {
          setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0]])) as Errors);
          return;
        }
        setState('failed');
        setFailure(error instanceof BackendError && error.code === 'rate-limited' ? m.rateLimited : m.failed);
      },
    );
  };

  return (
    <section className="card booking-contact" aria-labelledby="booking-contact-title" data-island="contact-form">
      <div className="card-body">
        <h2 id="booking-contact-title">{m.title}</h2>
        <p>
          {m.intro}
          {email && (
            <>
              {' '}
              {m.writeTo} <a href={`mailto:${email}`}>{email}</a>.
            </>
          )}
        </p>
        {canSend &&
          (state === 'sent' ? (
            <div className="alert alert-success" role="status">
              <p>{m.sent}</p>
              {/* A link to the page, so it also works without JavaScript (the page answers with an empty form). */}
              <a
                href={BOOKING_PAGE_PATH}
                className="btn"
                onClick={(event) => {
                  event.preventDefault();
                  setState('editing');
                }}
              >
                {m.another}
              </a>
            </div>
          ) : (
            <form
              ref={form}
              // Without JavaScript it posts to the page's address, and the server answers with the page.
              method="post"
              action={BOOKING_PAGE_PATH}
              className="booking-contact-form"
              noValidate
              onSubmit={onSubmit}
              aria-label={m.formLabel}
            >
              <input type="hidden" name={PLAIN_FORM_FIELD} value="contact" />
              <div className="booking-grid">
                <TextField {...field('name')} label={m.name} required autoComplete="name" />
                <TextField {...field('email')} label={m.email} required type="email" autoComplete="email" />
                <TextField {...field('phone')} label={m.phone} required={false} type="tel" autoComplete="tel" />
                <TextField {...field('message')} label={m.message} required multiline />
              </div>
              {state === 'failed' && (
                <p className="alert alert-error" role="alert">
                  {failure}
                </p>
              )}
              <button
                type="submit"
                className="btn btn-primary"
                disabled={send.status === 'pending'}
                aria-busy={send.status === 'pending'}
              >
                {send.status === 'pending' ? m.sending : m.send}
              </button>
            </form>
          ))}
      </div>
    </section>
  );
}

/** What a plain post carried, on the form's own fields only. */
function valuesOfPost(posted: Record<string, string | boolean>): ContactMessage {
  const values = { ...EMPTY };
  for (const field of Object.keys(EMPTY) as Array<keyof ContactMessage>) {
    const value = posted[field];
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

/** The server's message for each of the form's own fields. */
function errorsOfPost(fieldErrors: Record<string, string>): Errors {
  return Object.fromEntries(Object.entries(fieldErrors).filter(([field]) => field in EMPTY)) as Errors;
}
