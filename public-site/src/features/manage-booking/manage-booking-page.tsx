// The client's own request, reached through the private link in her confirmation mail: its status in her
// words and its dates, a way to ask to move the consultation or the shoot with the booking form's own date field
// (calendar, Suggest, the studio's today and her availability), "Add to calendar" once it is confirmed, and a
// way to cancel it (after a second, explicit click). The link's token is in the address's fragment, which the browser
// never sends: the page reads it and posts it in request bodies, so without JavaScript it can only say so. Its own
// lazy chunk, so the home page's first load does not carry it. Server-only: the http backend's /api/manage-booking.
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
import { manageMoveSchema } from '@studio/shared/schemas';
import { DateField } from '../../components/date-field/date-field';
import { SlotField } from '../booking/booking-fields';
import { usePublicAvailability } from './api/get-public-availability';
import { MANAGE_STATUS_WORDS, manageMessages as m } from './manage-messages';
import { pageToken, PaymentCard } from './payment-card';
import { InvoiceSection } from './invoice-section';
import type { Invoice } from '@studio/shared/domain/invoice';
import './manage-booking-page.css';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; view: ManageView };

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
  // Back from Stripe Checkout the address has no fragment: the token this tab kept (payment-card.tsx).
  const [token] = useState(pageToken);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    if (!token) {
      setLoad({ state: 'error', message: m.incomplete });
      return;
    }
    call('', { token }).then(
      (view) => setLoad({ state: 'ready', view }),
      (e: Error) => setLoad({ state: 'error', message: e.message }),
    );
  }, [token]);

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

  return (
    <section className="page manage-booking" aria-labelledby="manage-booking-title">
      <h1 id="manage-booking-title">{m.title}</h1>
      <noscript>
        <p className="alert">{m.noScript}</p>
      </noscript>
      {load.state === 'loading' && token !== '' && <p className="muted">{m.loading}</p>}
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
          {notice && (
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
          {view.status !== 'Declined' && view.status !== 'Cancelled' && <InvoiceSection load={loadInvoice} />}
          {view.status === 'Confirmed' && (
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
                  onMove={(move) => act('/reschedule', move, m.moveSent[move.part])}
                />
              )}
              {confirming ? (
                <div className="manage-booking-confirm" role="group" aria-label={m.cancelQuestion}>
                  <p>{m.cancelQuestion}</p>
                  <button
                    type="button"
                    className="btn btn-danger"
                    disabled={busy}
                    onClick={() => void act('/cancel', {}, m.cancelled)}
                  >
                    {m.cancelConfirm}
                  </button>
                  <button type="button" className="btn" onClick={() => setConfirming(false)}>
                    {m.keep}
                  </button>
                </div>
              ) : (
                <button type="button" className="btn" onClick={() => setConfirming(true)}>
                  {m.cancel}
                </button>
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
  onMove(move: { part: MovablePart; date: IsoDate; time: string }): Promise<Record<string, string[]>>;
}) {
  const { view, parts, busy, onMove } = props;
  // The shoot by default: the day the booking is about; the consultation is one choice away.
  const [part, setPart] = useState<MovablePart>(parts.includes('shoot') ? 'shoot' : parts[0]!);
  const [date, setDate] = useState<IsoDate | ''>('');
  const [time, setTime] = useState('');
  const [dateError, setDateError] = useState<string | undefined>();
  const [timeError, setTimeError] = useState<string | undefined>();
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
    <form className="card manage-booking-card manage-booking-move" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{m.moveTitle}</h2>
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
