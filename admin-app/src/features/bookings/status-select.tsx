// The status dropdown (docs/product.md §4): any status may be chosen; its colour is the status colour (New red, Contacted
// yellow, Confirmed blue, Declined pink). A choice that e-mails the client first opens the mail's preview with room
// for a personal message; after saving, "Client e-mailed" with Undo for as long as the server holds
// the mail. The cached list is the truth (the live stream and the server's answer both write it): until the server
// confirms, the choice shows as saving, and a failure puts the saved value back.
import { useEffect, useState } from 'react';
import { useBackend } from '@studio/shared/data';
import { BOOKING_STATUSES, STATUS_COLORS, type BookingRequest, type BookingStatus } from '@studio/shared/domain';
import { STATUS_UNDO_SECONDS, statusChangeMailsClient } from '@studio/shared/domain/lifecycle';
import { messages } from '../../messages';
import { bookingMessages } from './messages';
import { useUndoBookingStatus, useUpdateBookingStatus } from './api/update-booking-status';
import { StatusMailDialog } from './status-mail-dialog';

const m = bookingMessages;

type Notice = { kind: 'emailed'; undoable: boolean } | { kind: 'undone' };

export function StatusSelect({
  booking,
  onError,
}: {
  booking: BookingRequest;
  onError: (message: string | null) => void;
}) {
  const [pending, setPending] = useState<BookingStatus | null>(null);
  const [asking, setAsking] = useState<BookingStatus | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const update = useUpdateBookingStatus();
  const undo = useUndoBookingStatus();
  const canUndo = useBackend().bookings.undoStatus !== undefined;
  const shown = pending ?? asking ?? booking.status;
  const color = STATUS_COLORS[shown];
  const id = `status-${booking.id}`;

  // Undo is offered for as long as the server holds the mail, then the notice stays without it.
  const undoable = notice?.kind === 'emailed' && notice.undoable;
  useEffect(() => {
    if (!undoable) return;
    const timer = setTimeout(() => setNotice({ kind: 'emailed', undoable: false }), STATUS_UNDO_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [undoable]);

  const save = async (status: BookingStatus, message = '') => {
    setPending(status);
    onError(null);
    try {
      await update.mutate({ id: booking.id, status, message });
      setNotice(statusChangeMailsClient(status) ? { kind: 'emailed', undoable: canUndo } : null);
    } finally {
      setPending(null);
    }
  };

  const change = (status: BookingStatus) => {
    if (status === booking.status) return;
    if (statusChangeMailsClient(status)) {
      setAsking(status);
      return;
    }
    save(status).catch(() => onError(m.updateFailed));
  };

  const onUndo = () => {
    onError(null);
    undo.mutate(booking.id).then(
      () => setNotice({ kind: 'undone' }),
      (error: unknown) => {
        setNotice({ kind: 'emailed', undoable: false });
        onError(error instanceof Error ? error.message : m.updateFailed);
      },
    );
  };

  return (
    <div className="status-select">
      <label htmlFor={id} className="visually-hidden">
        {m.statusLabel(booking.name)}
      </label>
      <select
        id={id}
        value={shown}
        disabled={pending !== null || asking !== null}
        aria-busy={pending !== null}
        data-color={color.name}
        style={{ backgroundColor: color.background, color: color.text, borderColor: color.text }}
        onChange={(e) => change(e.target.value as BookingStatus)}
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
      {!pending && notice && (
        <span className="status-notice" role="status">
          {notice.kind === 'emailed' ? m.clientEmailed : m.undone}
          {undoable && (
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={onUndo}
              disabled={undo.status === 'pending'}
              aria-busy={undo.status === 'pending'}
            >
              {m.undo}
            </button>
          )}
        </span>
      )}
      {asking && (
        <StatusMailDialog
          booking={booking}
          status={asking}
          canUndo={canUndo}
          onSave={(message) => save(asking, message)}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}
