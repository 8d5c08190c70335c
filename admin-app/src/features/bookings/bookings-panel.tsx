// The bookings tab (docs/product.md §2, §4): every request, newest first, with all its fields; a status dropdown; Generate
// Contract for Confirmed requests only. Read a page at a time, all requests or those of one status, with older pages
// on request (issue 14, item 3).
import { useEffect, useState, type ReactNode } from 'react';
import { format, parseISO } from 'date-fns';
import { LIMITS } from '@studio/shared/constants';
import { formatPhone, phoneHref } from '@studio/shared/domain/phone';
import { formatInstant, formatSlot, studioClockOf } from '@studio/shared/domain/studio-time';
import { bookingReference } from '@studio/shared/domain/lifecycle';
import { useBackend, type QueryResult } from '@studio/shared/data';
import { canGenerateContract, type BookingPage, type BookingRequest } from '@studio/shared/domain';
import { Loading } from '../../components/loading';
import { Modal } from '../../components/modal';
import { messages } from '../../messages';
import { BOOKING_FILTERS, useLoadOlderBookings, type BookingFilter } from './api/get-bookings';
import { StatusSelect } from './status-select';
import { useAcceptReschedule } from './api/update-booking-status';
import './bookings.css';

const m = messages.bookings;

const day = (d: string) => (d ? format(parseISO(d), 'EEE, MMM d, yyyy') : m.none);
// Instants in the studio's zone (issue 18: the admin reads them as the studio's times wherever she is), the zone the
// server wrote into the page.
const moment = (ts: string) => (ts ? formatInstant(ts, studioClockOf().timeZone) : m.none);
const orNone = (s: string) => (s.trim() ? s : m.none);

/** The client's request to move (her manage link), and the admin's way to accept it after a confirmation. */
function RescheduleRequest({
  booking,
  date,
  onError,
}: {
  booking: BookingRequest;
  date: string;
  onError: (message: string | null) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const accept = useAcceptReschedule();
  const canAccept = useBackend().bookings.acceptReschedule !== undefined;
  const busy = accept.status === 'pending';
  const move = () => {
    setConfirming(false);
    onError(null);
    accept.mutate(booking.id).catch((error: unknown) => {
      onError(error instanceof Error ? error.message : m.reschedule.failed);
    });
  };
  return (
    <div className="alert booking-reschedule" role="note" data-testid="reschedule-request">
      <p>{`The client asks to move this request to ${day(date)}.`}</p>
      {canAccept && (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => setConfirming(true)}
          disabled={busy}
          aria-busy={busy}
        >
          {m.reschedule.accept}
        </button>
      )}
      {confirming && (
        <Modal title={m.reschedule.confirmTitle} onClose={() => setConfirming(false)}>
          <p>{m.reschedule.confirmBody(booking.name, day(date))}</p>
          <div className="admin-form-actions">
            <button type="button" className="btn" onClick={() => setConfirming(false)}>
              {messages.cancel}
            </button>
            <button type="button" className="btn btn-primary" onClick={move}>
              {m.reschedule.confirm}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}

function BookingCard({
  booking,
  onGenerateContract,
  contractState,
}: {
  booking: BookingRequest;
  onGenerateContract: (booking: BookingRequest) => void;
  /** The contract's state (issue 19), when the booking has a contract. */
  contractState?: ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  // E-mail and phone are links: a tap on a phone writes or calls (issue 18, item 6).
  const details: Array<[string, ReactNode]> = [
    [m.fields.reference, bookingReference(booking.id)],
    [m.fields.email, <a href={`mailto:${booking.email}`}>{booking.email}</a>],
    [m.fields.phone, booking.phone ? <a href={phoneHref(booking.phone)}>{formatPhone(booking.phone)}</a> : m.none],
    [m.fields.service, orNone(booking.service)],
    [m.fields.serviceTier, orNone(booking.serviceTier)],
    [m.fields.servicePrice, orNone(booking.servicePrice)],
    [m.fields.paymentSchedule, orNone(booking.paymentSchedule)],
    [m.fields.date, day(booking.date)],
    ...(booking.time ? [[m.fields.time, formatSlot(booking.time)] as [string, string]] : []),
    ...(booking.endDate ? [[m.fields.endDate, day(booking.endDate)] as [string, string]] : []),
    [m.fields.location, orNone(booking.location)],
    [m.fields.consultationDate, day(booking.consultationDate)],
    ...(booking.consultationTime
      ? [[m.fields.consultationTime, formatSlot(booking.consultationTime)] as [string, string]]
      : []),
    [m.fields.consultationLocation, orNone(booking.consultationLocation)],
    [m.fields.smsOptIn, booking.smsOptIn ? messages.yes : messages.no],
    [m.fields.createdAt, moment(booking.createdAt)],
    [m.fields.updatedAt, moment(booking.updatedAt)],
  ];
  const headingId = `booking-${booking.id}-name`;
  return (
    <li className="card booking-card">
      <article className="card-body" aria-labelledby={headingId}>
        <div className="booking-card-head">
          <div>
            <h3 id={headingId}>{booking.name}</h3>
            <p className="muted booking-card-sub">
              {booking.service}
              {booking.serviceTier ? ` · ${booking.serviceTier}` : ''}
            </p>
          </div>
          <StatusSelect booking={booking} onError={setError} />
        </div>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        {booking.rescheduleDate && booking.status !== 'Cancelled' && (
          <RescheduleRequest booking={booking} date={booking.rescheduleDate} onError={setError} />
        )}
        <dl className="booking-fields">
          {details.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="booking-description">
          <h4>{m.fields.description}</h4>
          <p>{booking.description}</p>
        </div>
        {(canGenerateContract(booking.status) || contractState) && (
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={() => onGenerateContract(booking)}>
              {m.generateContract}
            </button>
            {contractState}
          </div>
        )}
      </article>
    </li>
  );
}

/** The search field: what she types is searched once she pauses (300 ms), so each key press is not a request. */
function BookingSearch({ q, onSearchChange }: { q: string; onSearchChange: (q: string) => void }) {
  const [text, setText] = useState(q);
  useEffect(() => {
    const timer = setTimeout(() => onSearchChange(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, onSearchChange]);
  return (
    <div className="booking-search">
      <label htmlFor="booking-search">{m.searchLabel}</label>
      <input
        id="booking-search"
        type="search"
        value={text}
        maxLength={LIMITS.search}
        placeholder={m.searchPlaceholder}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && text) {
            e.stopPropagation();
            setText('');
          }
        }}
      />
      {text && (
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setText('')}>
          {m.clearSearch}
        </button>
      )}
    </div>
  );
}

export function BookingsPanel({
  list,
  filter,
  onFilterChange,
  q = '',
  onSearchChange,
  onGenerateContract,
  contractStateOf,
}: {
  list: QueryResult<BookingPage>;
  filter: BookingFilter;
  onFilterChange: (filter: BookingFilter) => void;
  /** The search in effect (name, e-mail or reference), '' for none. */
  q?: string;
  onSearchChange?: (q: string) => void;
  onGenerateContract: (booking: BookingRequest) => void;
  /** What a card shows of its booking's contract (issue 19); nothing when absent. */
  contractStateOf?: (booking: BookingRequest) => ReactNode;
}) {
  const older = useLoadOlderBookings(filter, q);
  const page = list.status === 'ready' ? list.data : null;
  const more = page?.nextCursor != null;
  const loadingOlder = older.status === 'pending';
  return (
    <section aria-labelledby="bookings-heading" className="stack">
      <div className="admin-section-head">
        <h2 id="bookings-heading">{m.heading}</h2>
        {page && <span className="muted">{m.count(page.items.length, more)}</span>}
      </div>
      {onSearchChange && <BookingSearch q={q} onSearchChange={onSearchChange} />}
      <div className="booking-filter">
        <label htmlFor="booking-filter">{m.filterLabel}</label>
        <select
          id="booking-filter"
          value={filter}
          onChange={(e) => {
            older.reset();
            onFilterChange(e.target.value as BookingFilter);
          }}
        >
          {BOOKING_FILTERS.map((f) => (
            <option key={f} value={f}>
              {m.filters[f]}
            </option>
          ))}
        </select>
      </div>
      {list.status === 'loading' && <Loading />}
      {list.status === 'error' && (
        <div className="alert alert-error" role="alert">
          <p>{m.loadFailed}</p>
          <button type="button" className="btn" onClick={list.refetch}>
            {m.retry}
          </button>
        </div>
      )}
      {page && page.items.length === 0 && (
        <p className="empty-state">{q ? m.noMatch(q) : filter === 'all' ? m.empty : m.emptyFiltered(filter)}</p>
      )}
      {page && page.items.length > 0 && (
        <ul className="booking-list">
          {page.items.map((b) => (
            <BookingCard
              key={b.id}
              booking={b}
              onGenerateContract={onGenerateContract}
              contractState={contractStateOf?.(b)}
            />
          ))}
        </ul>
      )}
      {older.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {m.loadOlderFailed}
        </p>
      )}
      {more && (
        <div className="row">
          <button
            type="button"
            className="btn"
            onClick={() => void older.mutate().catch(() => undefined)}
            disabled={loadingOlder}
            aria-busy={loadingOlder}
          >
            {loadingOlder ? m.loadingOlder : m.loadOlder}
          </button>
        </div>
      )}
    </section>
  );
}
