// The client's own request, reached through the private link in her confirmation mail: its status in her
// words and its dates, a way to ask to move the consultation or the shoot with the booking form's own date field
// (calendar, Suggest, the studio's today and her availability), "Add to calendar" once it is confirmed, and a
// way to cancel it (after a second, explicit click). The link's token is in the address's fragment, which the browser
// never sends: with JavaScript the page reads it once hydrated and posts it in request bodies (the server renders the
// page and loads the app with it at once: shared/src/routes.ts, 'hydrate'). Without JavaScript every form here posts
// as a plain form to this page's address (server/src/features/bookings/manage-booking-forms.ts), and the server
// answers with the page rendered with the answer (usePlainFormPost): first the link pasted into the form the page
// shows without script, then her request, the cancel's "Are you sure?" step, a move's result or its field errors,
// each form carrying the key in a hidden field. Its own lazy chunk, so the home page's first load does not carry it.
// Server-only: the http backend's /api/manage-booking.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  consultationView,
  earliestBookableDate,
  formatLongDate,
  formatSlot,
  freeSlots,
  nextAvailableDate,
  suggestionStart,
  type IsoDate,
  type ManageView,
  type MovablePart,
} from '@studio/shared/domain';
import { studioClockOf } from '@studio/shared/domain/studio-time';
import {
  MANAGE_CANCEL_CONFIRMED,
  MANAGE_FORM_FIELDS as F,
  PLAIN_FORM_FIELD,
  type ManagePost,
  type PlainFormName,
} from '@studio/shared/domain/plain-form';
import { ROUTES } from '@studio/shared/routes';
import { manageMoveSchema } from '@studio/shared/schemas';
import { usePlainFormPost } from '../../app/plain-form-post';
import { useHydrated } from '../../components/use-hydrated';
import { DateField } from '../../components/date-field/date-field';
import { SlotField, TextField } from '../booking/booking-fields';
import { usePublicAvailability } from './api/get-public-availability';
import { MANAGE_STATUS_WORDS, manageMessages as m } from './manage-messages';
import { pageToken, PaymentCard } from './payment-card';
import { InvoiceSection } from './invoice-section';
import type { Invoice } from '@studio/shared/domain/invoice';
import './manage-booking-page.css';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; view: ManageView };

/** Where the page's plain forms post: the page's own address (the server answers with the page). */
const PAGE_PATH = ROUTES.manageBooking.pattern;
/**
 * The anchors a plain post's answer opens at (a form's action names one): the cancel's question and the move form,
 * so on a phone the answer to a post opens where its question or its field errors are, not at the page's top.
 */
const CANCEL_ANCHOR = 'manage-cancel';
const MOVE_ANCHOR = 'manage-move';

/** A plain form's hidden fields: which of the page's forms it is, and the link's key. */
function PlainFields({ form, token }: { form: PlainFormName; token?: string }) {
  return (
    <>
      <input type="hidden" name={PLAIN_FORM_FIELD} value={form} />
      {token !== undefined && <input type="hidden" name={F.token} value={token} />}
    </>
  );
}

/** Whether a plain post's answer is about a move: then it tells its result in the move form, where the page opens. */
const answersMove = (posted: ManagePost | undefined): boolean =>
  posted?.outcome === 'move-sent' || (posted?.outcome === 'refused' && posted.part !== undefined && !!posted.view);

/** What a plain post's answer tells: the change it made, or its refusal as a whole. */
function noticeOf(posted: ManagePost | undefined): string {
  if (posted?.outcome === 'cancelled') return m.cancelled;
  if (posted?.outcome === 'move-sent') return m.moveSent[posted.part ?? 'shoot'];
  return '';
}
const errorOf = (posted: ManagePost | undefined): string =>
  posted?.outcome === 'refused' && posted.view && Object.keys(posted.fieldErrors).length === 0 ? posted.message : '';

/**
 * The page's way in without JavaScript: the link pasted (the page cannot read its fragment without script), posted
 * to this page, which answers with her request. Shown in <noscript> on the page as sent, and with the refusal's
 * message when what was pasted opened nothing.
 */
function OpenForm({ value = '', error }: { value?: string; error?: string }) {
  return (
    <form
      method="post"
      action={PAGE_PATH}
      className="card manage-booking-card manage-booking-open"
      aria-labelledby="manage-open-title"
      noValidate
    >
      <PlainFields form="manage-open" />
      <h2 id="manage-open-title">{m.openTitle}</h2>
      <p className="muted">{m.openIntro}</p>
      <TextField
        id="manage-link"
        name={F.link}
        label={m.linkLabel}
        required
        value={value}
        error={error}
        onChange={() => undefined}
        onBlur={() => undefined}
        autoComplete="off"
      />
      <button type="submit" className="btn btn-primary">
        {m.open}
      </button>
    </form>
  );
}

/** A refusal as the server gave it: its message, and the message of each field it names. */
class ManageError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

async function send(path: string, body: Record<string, string>): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`/api/manage-booking${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ManageError(m.networkError);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as {
      message?: string;
      fieldErrors?: Record<string, string[]>;
    } | null;
    throw new ManageError(payload?.message ?? m.failed(response.status), payload?.fieldErrors);
  }
  return response;
}

const call = async (path: string, body: Record<string, string>): Promise<ManageView> =>
  (await (await send(path, body)).json()) as ManageView;

/** Saves the calendar file the server answered: the browser's own download, named as the server named it. */
async function download(response: Response): Promise<void> {
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'booking.ics';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const when = (date: string, time: string) =>
  date ? [formatLongDate(date), time ? formatSlot(time) : ''].filter(Boolean).join(', ') : '';

/** The dates she can ask to move: the consultation when the request has one, and the shoot when it has a date. */
const movableParts = (view: ManageView): MovablePart[] =>
  [view.consultationDate ? ('consultation' as const) : null, view.date ? ('shoot' as const) : null].filter(
    (p): p is MovablePart => p !== null,
  );

export function ManageBookingPage() {
  // The answer to one of this page's plain forms, when the server renders the page with one (no JavaScript).
  const formPost = usePlainFormPost();
  const posted = formPost?.form === 'manage' ? formPost : undefined;
  // The link's key: the one the plain post carried; with script, read from the address once hydrated (below), so the
  // server's HTML and the first render in the browser agree, and kept with the request it opened.
  const [token, setToken] = useState(posted?.token ?? '');
  const [load, setLoad] = useState<Load>(() =>
    posted?.view ? { state: 'ready', view: posted.view } : { state: 'loading' },
  );
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(posted?.outcome === 'confirm-cancel');
  const [notice, setNotice] = useState(() => noticeOf(posted));
  const [error, setError] = useState(() => errorOf(posted));
  const hydrated = useHydrated();

  useEffect(() => {
    if (posted) return;
    // Back from Stripe Checkout the address has no fragment: the token this tab kept (payment-card.tsx).
    const fromPage = pageToken();
    if (!fromPage) {
      setLoad({ state: 'error', message: m.incomplete });
      return;
    }
    // The key and the request it opened in one render: the cards below read the request with the key.
    call('', { token: fromPage }).then(
      (view) => {
        setToken(fromPage);
        setLoad({ state: 'ready', view });
      },
      (e: Error) => setLoad({ state: 'error', message: e.message }),
    );
  }, [posted]);

  /** Runs one change; answers the refusal's field errors (none when it went through or failed as a whole). */
  const act = async (path: string, body: Record<string, string>, done: string): Promise<Record<string, string[]>> => {
    setBusy(true);
    setError('');
    setNotice('');
    try {
      setLoad({ state: 'ready', view: await call(path, { token, ...body }) });
      setNotice(done);
      return {};
    } catch (e) {
      const fieldErrors = e instanceof ManageError ? e.fieldErrors : {};
      if (Object.keys(fieldErrors).length === 0) setError((e as Error).message);
      return fieldErrors;
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const addToCalendar = async () => {
    setBusy(true);
    setError('');
    try {
      await download(await send('/calendar', { token }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const view = load.state === 'ready' ? load.view : null;
  const parts = view ? movableParts(view) : [];
  const loadInvoice = useCallback(async () => (await (await send('/invoice', { token })).json()) as Invoice, [token]);
  // A plain post's answer that found no request: the form to paste the link again, with why.
  const openAgain = posted?.outcome === 'refused' && !posted.view ? posted : undefined;

  return (
    <section className="page manage-booking" aria-labelledby="manage-booking-title">
      <h1 id="manage-booking-title">{m.title}</h1>
      {!posted && (
        // Without script the key in the link's fragment is out of the page's reach: she pastes the link.
        <noscript>
          <OpenForm />
        </noscript>
      )}
      {openAgain && <OpenForm value={openAgain.values[F.link]} error={openAgain.fieldErrors[F.link]} />}
      {load.state === 'loading' && hydrated && <p className="muted">{m.loading}</p>}
      {load.state === 'error' && (
        <p role="alert" className="manage-booking-error">
          {load.message}
        </p>
      )}
      {view && (
        <>
          <dl className="manage-booking-summary">
            <dt>{m.reference}</dt>
            <dd>{view.reference}</dd>
            <dt>{m.status}</dt>
            <dd data-testid="manage-status" data-status={view.status}>
              {MANAGE_STATUS_WORDS[view.status]}
            </dd>
            <dt>{m.service}</dt>
            <dd>{[view.service, view.serviceTier].filter(Boolean).join(', ')}</dd>
            {view.consultationDate && (
              <>
                <dt>{m.consultation}</dt>
                <dd data-testid="manage-consultation">
                  {when(view.consultationDate, view.consultationTime)}
                  {view.rescheduleConsultationDate && (
                    <span className="manage-booking-asked">
                      {m.askedToMove(
                        formatLongDate(view.rescheduleConsultationDate),
                        view.rescheduleConsultationTime ? formatSlot(view.rescheduleConsultationTime) : '',
                      )}
                    </span>
                  )}
                </dd>
              </>
            )}
            {view.date && (
              <>
                <dt>{m.shoot}</dt>
                <dd data-testid="manage-shoot">
                  {when(view.date, view.time)}
                  {view.endDate && ` to ${formatLongDate(view.endDate)}`}
                  {view.rescheduleDate && (
                    <span className="manage-booking-asked">{m.askedToMove(formatLongDate(view.rescheduleDate))}</span>
                  )}
                </dd>
              </>
            )}
          </dl>
          {notice && !answersMove(posted) && (
            <p role="status" className="manage-booking-notice">
              {notice}
            </p>
          )}
          {error && (
            <p role="alert" className="manage-booking-error">
              {error}
            </p>
          )}
          {view.status === 'Confirmed' && <PaymentCard token={token} />}
          {view.status !== 'Declined' &&
            view.status !== 'Cancelled' &&
            (posted ? (
              posted.invoice && <InvoiceSection given={posted.invoice} />
            ) : (
              <InvoiceSection load={loadInvoice} />
            ))}
          {view.status === 'Confirmed' && hydrated && (
            <section className="card manage-booking-card" aria-labelledby="manage-calendar-title">
              <h2 id="manage-calendar-title">{m.calendarTitle}</h2>
              <p className="muted">{m.calendarIntro}</p>
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void addToCalendar()}>
                {m.addToCalendar}
              </button>
            </section>
          )}
          {view.open ? (
            <>
              {parts.length > 0 && (
                <MoveForm
                  // A new answer (a move asked for) starts the form afresh.
                  key={`${view.rescheduleDate}|${view.rescheduleConsultationDate}|${view.rescheduleConsultationTime}`}
                  view={view}
                  parts={parts}
                  busy={busy}
                  token={token}
                  refused={posted?.outcome === 'refused' && posted.view ? posted : undefined}
                  notice={answersMove(posted) ? notice : ''}
                  onMove={(move) => act('/reschedule', move, m.moveSent[move.part])}
                />
              )}
              {confirming ? (
                // Without script, "Are you sure?" is a page of its own (the server's answer to the first post): its
                // "Yes" posts the confirmation, "Keep it" shows the request again.
                <form
                  id={CANCEL_ANCHOR}
                  method="post"
                  action={PAGE_PATH}
                  className="manage-booking-confirm"
                  role="group"
                  aria-label={m.cancelQuestion}
                  onSubmit={(event) => {
                    event.preventDefault();
                    void act('/cancel', {}, m.cancelled);
                  }}
                >
                  <PlainFields form="manage-cancel" token={token} />
                  <p>{m.cancelQuestion}</p>
                  <button
                    type="submit"
                    name={F.confirm}
                    value={MANAGE_CANCEL_CONFIRMED}
                    className="btn btn-danger"
                    disabled={busy}
                  >
                    {m.cancelConfirm}
                  </button>
                  <button
                    type="submit"
                    name={F.confirm}
                    value="no"
                    className="btn"
                    onClick={(event) => {
                      event.preventDefault();
                      setConfirming(false);
                    }}
                  >
                    {m.keep}
                  </button>
                </form>
              ) : (
                <form
                  method="post"
                  // The answer, "Are you sure?", opens at the question.
                  action={`${PAGE_PATH}#${CANCEL_ANCHOR}`}
                  onSubmit={(event) => {
                    event.preventDefault();
                    setConfirming(true);
                  }}
                >
                  <PlainFields form="manage-cancel" token={token} />
                  <button type="submit" className="btn">
                    {m.cancel}
                  </button>
                </form>
              )}
            </>
          ) : (
            <p className="muted">{m.closed}</p>
          )}
        </>
      )}
    </section>
  );
}

function MoveForm(props: {
  view: ManageView;
  parts: MovablePart[];
  busy: boolean;
  token: string;
  /** A plain post's refused move: the form again with what she chose and each field's message. */
  refused: ManagePost | undefined;
  /** A plain post's move sent, told here (where its answer opens). */
  notice: string;
  onMove(move: { part: MovablePart; date: IsoDate; time: string }): Promise<Record<string, string[]>>;
}) {
  const { view, parts, busy, token, refused, notice, onMove } = props;
  const chosen = refused?.part && parts.includes(refused.part) ? refused.part : undefined;
  // The shoot by default: the day the booking is about; the consultation is one choice away.
  const [part, setPart] = useState<MovablePart>(chosen ?? (parts.includes('shoot') ? 'shoot' : parts[0]!));
  const [date, setDate] = useState<IsoDate | ''>(() => (refused?.values.date ?? '') as IsoDate | '');
  const [time, setTime] = useState(() => refused?.values.time ?? '');
  const [dateError, setDateError] = useState<string | undefined>(
    () => refused?.fieldErrors.date ?? refused?.fieldErrors.part,
  );
  const [timeError, setTimeError] = useState<string | undefined>(() => refused?.fieldErrors.time);
  const [suggestionMissing, setSuggestionMissing] = useState(false);
  const availability = usePublicAvailability();
  const loaded = availability.status === 'ready' ? availability.data : undefined;
  // A consultation's days and times are her consultation hours too, as on the booking form.
  const open = loaded && part === 'consultation' ? consultationView(loaded) : loaded;
  // The studio's day, never the visitor's: the one the availability answer names, else the one the page was given.
  const [pageToday] = useState(() => studioClockOf().today);
  const today = open?.today || pageToday;
  const earliest = open ? earliestBookableDate(today, open) : today;

  const choose = (next: MovablePart) => {
    setPart(next);
    setDate('');
    setTime('');
    setDateError(undefined);
    setTimeError(undefined);
    setSuggestionMissing(false);
  };

  const suggest = async () => {
    const fetched = open ?? (await availability.ensure().catch(() => undefined));
    const known = fetched && part === 'consultation' ? consultationView(fetched) : fetched;
    // The shoot's suggestion starts after its consultation (as it will be once a pending move is accepted).
    const consultation = view.rescheduleConsultationDate || view.consultationDate;
    const from = known ? suggestionStart(today, known, part === 'shoot' ? consultation : '') : null;
    const found = known && from ? nextAvailableDate(from, known) : null;
    setSuggestionMissing(found === null);
    if (found) {
      setDate(found);
      setTime('');
      setDateError(undefined);
      setTimeError(undefined);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The server's own schema first: an empty or impossible date is named at once, without a round trip.
    const checked = manageMoveSchema.safeParse({ token: 'x'.repeat(43), part, date, time });
    if (!checked.success) {
      setDateError(date === '' ? `${m.newDate[part]} is required` : checked.error.issues[0]?.message);
      return;
    }
    // The day's slots are offered below the date; one is needed where there are any (the server says so too).
    if (part === 'consultation' && time === '' && open && freeSlots(date, open).length > 0) {
      setTimeError(`${m.newTime} is required`);
      return;
    }
    const refused = await onMove({ part, date: date as IsoDate, time: part === 'consultation' ? time : '' });
    setDateError(refused.date?.[0] ?? refused.part?.[0]);
    setTimeError(refused.time?.[0]);
  };

  return (
    <form
      // Without JavaScript it posts to the page's address, and the server answers with the page, open at this form.
      id={MOVE_ANCHOR}
      method="post"
      action={`${PAGE_PATH}#${MOVE_ANCHOR}`}
      className="card manage-booking-card manage-booking-move"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <PlainFields form="manage-move" token={token} />
      <h2>{m.moveTitle}</h2>
      {notice && (
        <p role="status" className="manage-booking-notice">
          {notice}
        </p>
      )}
      <p className="muted">{m.moveIntro}</p>
      {parts.length > 1 && (
        <fieldset className="manage-booking-parts">
          <legend>{m.whichDate}</legend>
          {parts.map((p) => (
            <label key={p} className="manage-booking-part">
              <input type="radio" name="part" value={p} checked={part === p} onChange={() => choose(p)} />
              {m.partChoice[p]}
            </label>
          ))}
        </fieldset>
      )}
      <DateField
        id="manage-move-date"
        name="date"
        label={m.newDate[part]}
        required
        value={date}
        today={today}
        earliest={earliest}
        availability={open}
        error={dateError}
        onChange={(value) => {
          setDate(value);
          setTime('');
          setDateError(undefined);
          setTimeError(undefined);
          setSuggestionMissing(false);
        }}
        onSuggest={() => void suggest()}
        suggestionMissing={suggestionMissing}
      />
      {part === 'consultation' && (
        <SlotField
          id="manage-move-time"
          name="time"
          label={m.newTime}
          required
          value={time}
          error={timeError}
          onChange={(value) => {
            setTime(value);
            setTimeError(undefined);
          }}
          onBlur={() => undefined}
          date={date}
          availability={open}
        />
      )}
      <button type="submit" className="btn btn-primary manage-booking-submit" disabled={busy}>
        {m.ask}
      </button>
    </form>
  );
}

export default ManageBookingPage;
