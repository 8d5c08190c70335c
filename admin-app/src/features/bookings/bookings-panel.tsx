// The bookings tab (docs/product.md §2, §4): every request, newest first, with a status dropdown; Generate Contract for
// Confirmed requests only. Read a page at a time, all requests or those of one status, with older pages on request
// (never the whole list at once). Each card is compact (she reads them on her phone): who, what and when, and its
// fields on expand, the empty ones left out.
import { useEffect, useState, type ReactNode } from 'react';
import { format, parseISO } from 'date-fns';
import { LIMITS } from '@studio/shared/constants';
import { formatPhone, phoneHref } from '@studio/shared/domain/phone';
import { formatInstant, formatSlot, studioClockOf } from '@studio/shared/domain/studio-time';
import { bookingReference } from '@studio/shared/domain/lifecycle';
import { useBackend, type QueryResult } from '@studio/shared/data';
import { canGenerateContract, type BookingPage, type BookingRequest } from '@studio/shared/domain';
import { Modal } from '../../components/modal';
import { PaymentPanel } from '../payments/payment-panel';
import { PaymentViewsProvider } from '../payments/api/booking-payments';
import { messages } from '../../messages';
import { bookingMessages } from './messages';
import { BOOKING_FILTERS, useLoadOlderBookings, type BookingFilter } from './api/get-bookings';
import { StatusSelect } from './status-select';
import { useAcceptReschedule } from './api/update-booking-status';
import './bookings.css';

const m = bookingMessages;

const day = (d: string) => (d ? format(parseISO(d), 'EEE, MMM d, yyyy') : m.none);
// Instants in the studio's zone (the admin reads them as the studio's times wherever she is), the zone the
// server wrote into the page.
const moment = (ts: string) => (ts ? formatInstant(ts, studioClockOf().timeZone) : m.none);

type Field = [label: string, value: ReactNode];

/** A request's fields that hold something, in reading order: an empty one says nothing worth a line on a phone. */
export function filledFields(booking: BookingRequest): Field[] {
  const text = (label: string, value: string): Field[] => (value.trim() ? [[label, value]] : []);
  const date = (label: string, value: string): Field[] => (value ? [[label, day(value)]] : []);
  const slot = (label: string, value: string | undefined): Field[] => (value ? [[label, formatSlot(value)]] : []);
  return [
    [m.fields.reference, bookingReference(booking.id)],
    // E-mail and phone are links: a tap on a phone writes or calls.
    [m.fields.email, <a href={`mailto:${booking.email}`}>{booking.email}</a>],
    ...(booking.phone
      ? [[m.fields.phone, <a href={phoneHref(booking.phone)}>{formatPhone(booking.phone)}</a>] as Field]
      : []),
    ...text(m.fields.service, booking.service),
    ...text(m.fields.serviceTier, booking.serviceTier),
    ...text(m.fields.servicePrice, booking.servicePrice),
    ...text(m.fields.paymentSchedule, booking.paymentSchedule),
    ...date(m.fields.date, booking.date),
    ...slot(m.fields.time, booking.time),
    ...date(m.fields.endDate, booking.endDate ?? ''),
    ...text(m.fields.location, booking.location),
    ...date(m.fields.consultationDate, booking.consultationDate),
    ...slot(m.fields.consultationTime, booking.consultationTime),
    ...text(m.fields.consultationLocation, booking.consultationLocation),
    ...(booking.smsOptIn ? [[m.fields.smsOptIn, messages.yes] as Field] : []),
    [m.fields.createdAt, moment(booking.createdAt)],
    // Updated says something only once it differs from Received.
    ...(booking.updatedAt && booking.updatedAt !== booking.createdAt
      ? [[m.fields.updatedAt, moment(booking.updatedAt)] as Field]
      : []),
  ];
}

/** The card's one line of when: the shoot's date (and time), else the consultation's; nothing when neither is set. */
function whenOf(booking: BookingRequest): string | null {
  if (booking.date) return booking.time ? `${day(booking.date)}, ${formatSlot(booking.time)}` : day(booking.date);
  if (booking.consultationDate) {
    const at = booking.consultationTime ? `, ${formatSlot(booking.consultationTime)}` : '';
    return `${m.fields.consultationDate}: ${day(booking.consultationDate)}${at}`;
  }
  return null;
}

/** The client's request to move (her manage link), and the admin's way to accept it after a confirmation. */
function RescheduleRequest({
  booking,
  onError,
}: {
  booking: BookingRequest;
  onError: (message: string | null) => void;
}) {
  // The shoot's day, the consultation's day and time, or both: acceptance moves each as asked.
  const askedTime = booking.rescheduleConsultationTime ? `, ${formatSlot(booking.rescheduleConsultationTime)}` : '';
  const consultation = booking.rescheduleConsultationDate
    ? `${day(booking.rescheduleConsultationDate)}${askedTime}`
    : '';
  const asked = [
    booking.rescheduleDate ? `The client asks to move this request to ${day(booking.rescheduleDate)}.` : '',
    consultation ? `The client asks to move the consultation to ${consultation}.` : '',
  ].filter(Boolean);
  const dates = [booking.rescheduleDate ? day(booking.rescheduleDate) : '', consultation].filter(Boolean).join(' and ');
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
      {asked.map((line) => (
        <p key={line}>{line}</p>
      ))}
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
          <p>{m.reschedule.confirmBody(booking.name, dates)}</p>
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

export function BookingCard({
  booking,
  onGenerateContract,
  onOpenQuote,
  contractState,
}: {
  booking: BookingRequest;
  onGenerateContract: (booking: BookingRequest) => void;
  /** Opens the booking's quote; no button without it. */
  onOpenQuote?: (booking: BookingRequest) => void;
  /** The contract's state, when the booking has a contract. */
  contractState?: ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const headingId = `booking-${booking.id}-name`;
  const detailsId = `booking-${booking.id}-details`;
  const when = whenOf(booking);
  return (
    <li className="card booking-card">
      <article className="card-body" aria-labelledby={headingId}>
        <div className="booking-card-head">
          <div className="booking-card-title">
            <h3 id={headingId}>{booking.name}</h3>
            <p className="muted booking-card-sub">
              {booking.service}
              {booking.serviceTier ? ` · ${booking.serviceTier}` : ''}
            </p>
            {when && <p className="booking-card-when">{when}</p>}
          </div>
          <StatusSelect booking={booking} onError={setError} />
        </div>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        {booking.status === 'Confirmed' && <PaymentPanel bookingId={booking.id} />}
        {(booking.rescheduleDate || booking.rescheduleConsultationDate) && booking.status !== 'Cancelled' && (
          <RescheduleRequest booking={booking} onError={setError} />
        )}
        <div className="booking-card-actions">
          {/* A real button: Enter and Space open it, and aria-expanded tells a screen reader which way it is. */}
          <button
            type="button"
            className="btn btn-ghost booking-card-toggle"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((o) => !o)}
          >
            {m.details}
            <span className="booking-card-chevron" aria-hidden="true" />
          </button>
          {onOpenQuote && (
            <button type="button" className="btn" onClick={() => onOpenQuote(booking)}>
              Quote
            </button>
          )}
          {(canGenerateContract(booking.status) || contractState) && (
            <>
              <button type="button" className="btn btn-primary" onClick={() => onGenerateContract(booking)}>
                {m.generateContract}
              </button>
              {contractState}
            </>
          )}
        </div>
        <div id={detailsId} className="booking-card-details" hidden={!open}>
          {open && (
            <>
              <dl className="booking-fields">
                {filledFields(booking).map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
              {booking.description.trim() && (
                <div className="booking-description">
                  <h4>{m.fields.description}</h4>
                  <p>{booking.description}</p>
                </div>
              )}
            </>
          )}
        </div>
      </article>
    </li>
  );
}

/** The list's outline until its first answer: the cards' places, not a spinner in an empty page. */
function BookingsSkeleton() {
  return (
    <div className="booking-list" role="status" data-testid="bookings-skeleton">
      <span className="visually-hidden">{messages.loading}</span>
      <div className="skeleton skeleton-card" />
      <div className="skeleton skeleton-card" />
      <div className="skeleton skeleton-card" />
    </div>
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
  onOpenQuote,
  contractStateOf,
}: {
  list: QueryResult<BookingPage>;
  filter: BookingFilter;
  onFilterChange: (filter: BookingFilter) => void;
  /** The search in effect (name, e-mail or reference), '' for none. */
  q?: string;
  onSearchChange?: (q: string) => void;
  onGenerateContract: (booking: BookingRequest) => void;
  onOpenQuote?: (booking: BookingRequest) => void;
  /** What a card shows of its booking's contract; nothing when absent. */
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
      <div className="booking-toolbar">
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
      </div>
      {list.status === 'loading' && <BookingsSkeleton />}
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
        // The confirmed cards' payments in one read and one live subscription, not one of each per card.
        <PaymentViewsProvider bookingIds={page.items.filter((b) => b.status === 'Confirmed').map((b) => b.id)}>
          <ul className="booking-list">
            {page.items.map((b) => (
              <BookingCard
                key={b.id}
                booking={b}
                onGenerateContract={onGenerateContract}
                onOpenQuote={onOpenQuote}
                contractState={contractStateOf?.(b)}
              />
            ))}
          </ul>
        </PaymentViewsProvider>
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
