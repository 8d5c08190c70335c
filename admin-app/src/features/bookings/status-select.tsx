// The status dropdown (docs/product.md §4): any status may be chosen; its colour is the status colour (New red, Contacted
// yellow, Confirmed blue, Declined pink). The cached list is the truth (the live stream and the server's answer both
// write it): until the server confirms, the choice shows as saving, and a failure puts the saved value back.
import { useState } from 'react';
import { BOOKING_STATUSES, STATUS_COLORS, type BookingRequest, type BookingStatus } from '@studio/shared/domain';
import { messages } from '../../messages';
import { useUpdateBookingStatus } from './api/update-booking-status';

export function StatusSelect({
  booking,
  onError,
}: {
  booking: BookingRequest;
  onError: (message: string | null) => void;
}) {
  const [pending, setPending] = useState<BookingStatus | null>(null);
  const update = useUpdateBookingStatus();
  const shown = pending ?? booking.status;
  const color = STATUS_COLORS[shown];
  const id = `status-${booking.id}`;

  const change = async (status: BookingStatus) => {
    if (status === booking.status) return;
    setPending(status);
    onError(null);
    try {
      await update.mutate({ id: booking.id, status });
    } catch {
      onError(messages.bookings.updateFailed);
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="status-select">
      <label htmlFor={id} className="visually-hidden">
        {messages.bookings.statusLabel(booking.name)}
      </label>
      <select
        id={id}
        value={shown}
        disabled={pending !== null}
        aria-busy={pending !== null}
        data-color={color.name}
        style={{ backgroundColor: color.background, color: color.text, borderColor: color.text }}
        onChange={(e) => void change(e.target.value as BookingStatus)}
      >
        {BOOKING_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      {pending && (
        <span className="muted status-saving" role="status">
          {messages.saving}
        </span>
      )}
    </div>
  );
}
