// The bookings tab (docs/product.md §2, §4): every request, newest first, with all its fields; a status dropdown; Generate
// Contract for Confirmed requests only.
import { useState } from 'react';
import { format, parseISO } from 'date-fns';
import { canGenerateContract, type BookingRequest } from '@studio/shared/domain';
import { messages } from '../../messages';
import { StatusSelect } from './status-select';
import './bookings.css';

const m = messages.bookings;

const day = (d: string) => (d ? format(parseISO(d), 'EEE, MMM d, yyyy') : m.none);
const moment = (ts: string) => (ts ? format(new Date(ts), 'MMM d, yyyy, HH:mm') : m.none);
const orNone = (s: string) => (s.trim() ? s : m.none);

function BookingCard({
  booking,
  onGenerateContract,
}: {
  booking: BookingRequest;
  onGenerateContract: (booking: BookingRequest) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const details: Array<[string, string]> = [
    [m.fields.email, booking.email],
    [m.fields.phone, orNone(booking.phone)],
    [m.fields.service, orNone(booking.service)],
    [m.fields.serviceTier, orNone(booking.serviceTier)],
    [m.fields.servicePrice, orNone(booking.servicePrice)],
    [m.fields.paymentSchedule, orNone(booking.paymentSchedule)],
    [m.fields.date, day(booking.date)],
    [m.fields.location, orNone(booking.location)],
    [m.fields.consultationDate, day(booking.consultationDate)],
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
        {canGenerateContract(booking.status) && (
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={() => onGenerateContract(booking)}>
              {m.generateContract}
            </button>
          </div>
        )}
      </article>
    </li>
  );
}

export function BookingsPanel({
  bookings,
  onGenerateContract,
}: {
  bookings: BookingRequest[];
  onGenerateContract: (booking: BookingRequest) => void;
}) {
  return (
    <section aria-labelledby="bookings-heading" className="stack">
      <div className="admin-section-head">
        <h2 id="bookings-heading">{m.heading}</h2>
        <span className="muted">{m.count(bookings.length)}</span>
      </div>
      {bookings.length === 0 ? (
        <p className="empty-state">{m.empty}</p>
      ) : (
        <ul className="booking-list">
          {bookings.map((b) => (
            <BookingCard key={b.id} booking={b} onGenerateContract={onGenerateContract} />
          ))}
        </ul>
      )}
    </section>
  );
}
