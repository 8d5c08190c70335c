// The availability tab (docs/product.md §2): a month calendar, then availability periods, unavailable ranges and time slots,
// each listed, added through a modal and deleted. Lists follow the live subscription, so a change shows once the
// server has it. A delete asks first (the last period also says the public form will close) and then offers Undo for
// 10 seconds: the entry is deleted on the server at once, and Undo adds it again with the same dates, times
// and notes, so nothing hangs on this tab staying open.
import { useEffect, useState, type ReactNode } from 'react';
import { format, parseISO } from 'date-fns';
import type {
  AdminAvailability,
  AvailabilityPeriod,
  BookingRequest,
  IsoDate,
  TimeSlot,
  UnavailableRange,
} from '@studio/shared/domain';
import { STATUS_UNDO_SECONDS } from '@studio/shared/domain/lifecycle';
import { Modal } from '../../components/modal';
import { messages } from '../../messages';
import { availabilityMessages } from './messages';
import { AvailabilityCalendar } from './availability-calendar';
import { blockDay, freeDay, type DayWrites } from './day-toggle';
import { AddPeriodModal } from './add-period-modal';
import { AddUnavailableModal } from './add-unavailable-modal';
import { AddSlotModal } from './add-slot-modal';
import { useDeleteAvailabilityPeriod } from './api/delete-availability-period';
import { useDeleteUnavailableRange } from './api/delete-unavailable-range';
import { useDeleteTimeSlot } from './api/delete-time-slot';
import { useCreateAvailabilityPeriod } from './api/create-availability-period';
import { useCreateUnavailableRange } from './api/create-unavailable-range';
import { useCreateTimeSlot } from './api/create-time-slot';
import { WeeklyHoursEditor } from './weekly-hours-editor';
import './availability.css';

const m = availabilityMessages;
const day = (d: string) => format(parseISO(d), 'MMM d, yyyy');
const range = (start: string, end: string) => (start === end ? day(start) : `${day(start)} – ${day(end)}`);

type Kind = 'periods' | 'unavailable' | 'slots';

/** One entry of a list, with what it takes to add it again. */
type Entry =
  | { kind: 'periods'; item: AvailabilityPeriod }
  | { kind: 'unavailable'; item: UnavailableRange }
  | { kind: 'slots'; item: TimeSlot };

const slotTitle = (s: TimeSlot) => `${day(s.date)}, ${s.startTime}–${s.endTime}`;
const titleOf = (e: Entry) => (e.kind === 'slots' ? slotTitle(e.item) : range(e.item.startDate, e.item.endDate));

function ItemList({
  kind,
  heading,
  empty,
  addLabel,
  onAdd,
  deleteError,
  children,
}: {
  kind: Kind;
  heading: string;
  empty: string;
  addLabel: string;
  onAdd: () => void;
  deleteError: string | null;
  children: ReactNode[];
}) {
  const headingId = `availability-${kind}-heading`;
  return (
    <section className="card availability-list" aria-labelledby={headingId}>
      <div className="card-body">
        <div className="admin-section-head">
          <h3 id={headingId}>{heading}</h3>
          <button type="button" className="btn btn-primary btn-small" onClick={onAdd}>
            {addLabel}
          </button>
        </div>
        {deleteError && (
          <p className="alert alert-error" role="alert">
            {deleteError}
          </p>
        )}
        {children.length === 0 ? <p className="muted">{empty}</p> : <ul>{children}</ul>}
      </div>
    </section>
  );
}

function Item({
  title,
  badge,
  detail,
  deleteLabel,
  onDelete,
  busy,
}: {
  title: string;
  badge?: { text: string; available: boolean } | undefined;
  detail: string;
  deleteLabel: string;
  onDelete: () => void;
  busy: boolean;
}) {
  return (
    <li className="availability-item">
      <div className="availability-item-text">
        <span className="availability-item-title">{title}</span>
        {badge && (
          <span className={`badge ${badge.available ? 'badge-available' : 'badge-blocked'}`}>{badge.text}</span>
        )}
        {detail && <span className="muted availability-item-detail">{detail}</span>}
      </div>
      <button
        type="button"
        className="btn btn-small btn-ghost btn-delete"
        aria-label={deleteLabel}
        onClick={onDelete}
        disabled={busy}
        aria-busy={busy}
      >
        {messages.delete}
      </button>
    </li>
  );
}

export function AvailabilityPanel({
  availability,
  today,
  bookings = [],
}: {
  availability: AdminAvailability;
  today: IsoDate;
  /** The requests the dashboard has read, shown on the calendar. */
  bookings?: readonly BookingRequest[];
}) {
  const [open, setOpen] = useState<Kind | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [deleteErrors, setDeleteErrors] = useState<Record<Kind, string | null>>({
    periods: null,
    unavailable: null,
    slots: null,
  });

  const deletes: Record<Kind, (id: string) => Promise<void>> = {
    periods: useDeleteAvailabilityPeriod().mutate,
    unavailable: useDeleteUnavailableRange().mutate,
    slots: useDeleteTimeSlot().mutate,
  };

  const restores = {
    periods: useCreateAvailabilityPeriod().mutate,
    unavailable: useCreateUnavailableRange().mutate,
    slots: useCreateTimeSlot().mutate,
  };
  // A tapped calendar day is written with the same calls as the unavailable days' list.
  const dayWrites: DayWrites = { addUnavailable: restores.unavailable, deleteUnavailable: deletes.unavailable };
  const [confirming, setConfirming] = useState<Entry | null>(null);
  const [undoable, setUndoable] = useState<Entry | null>(null);
  const [restoring, setRestoring] = useState(false);
  const [undoFailed, setUndoFailed] = useState(false);
  useEffect(() => {
    if (!undoable) return;
    const timer = setTimeout(() => setUndoable(null), STATUS_UNDO_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [undoable]);

  const remove = async (entry: Entry) => {
    const { kind, item } = entry;
    setConfirming(null);
    setDeleting(item.id);
    setUndoFailed(false);
    setDeleteErrors((e) => ({ ...e, [kind]: null }));
    try {
      await deletes[kind](item.id);
      setUndoable(entry);
    } catch {
      setDeleteErrors((e) => ({ ...e, [kind]: m[kind].deleteFailed }));
    } finally {
      setDeleting(null);
    }
  };

  const undo = async (entry: Entry) => {
    setRestoring(true);
    setUndoFailed(false);
    try {
      if (entry.kind === 'periods') {
        const { startDate, endDate, isAvailable, notes } = entry.item;
        await restores.periods({ startDate, endDate, isAvailable, notes });
      } else if (entry.kind === 'unavailable') {
        const { startDate, endDate, reason } = entry.item;
        await restores.unavailable({ startDate, endDate, reason });
      } else {
        const { date, startTime, endTime, isAvailable, notes } = entry.item;
        await restores.slots({ date, startTime, endTime, isAvailable, notes });
      }
      setUndoable(null);
    } catch {
      setUndoFailed(true);
    } finally {
      setRestoring(false);
    }
  };
  const lastPeriod = (e: Entry) => e.kind === 'periods' && availability.periods.length === 1;

  const badge = (available: boolean) => ({ text: available ? m.available : m.unavailableBadge, available });

  return (
    <div className="availability-panel">
      <AvailabilityCalendar
        availability={availability}
        today={today}
        bookings={bookings}
        onToggleDay={(date, to) =>
          to === 'blocked' ? blockDay(date, dayWrites) : freeDay(date, availability, dayWrites)
        }
      />
      <div className="availability-lists">
        <WeeklyHoursEditor weekly={availability.weekly} />
        <ItemList
          kind="periods"
          heading={m.periods.heading}
          empty={m.periods.empty}
          addLabel={m.periods.add}
          onAdd={() => setOpen('periods')}
          deleteError={deleteErrors.periods}
        >
          {availability.periods.map((p) => (
            <Item
              key={p.id}
              title={range(p.startDate, p.endDate)}
              badge={badge(p.isAvailable)}
              detail={p.notes}
              deleteLabel={m.deleteLabel(`${m.periods.heading.toLowerCase()} ${range(p.startDate, p.endDate)}`)}
              onDelete={() => setConfirming({ kind: 'periods', item: p })}
              busy={deleting === p.id}
            />
          ))}
        </ItemList>
        <ItemList
          kind="unavailable"
          heading={m.unavailable.heading}
          empty={m.unavailable.empty}
          addLabel={m.unavailable.add}
          onAdd={() => setOpen('unavailable')}
          deleteError={deleteErrors.unavailable}
        >
          {availability.unavailable.map((r) => (
            <Item
              key={r.id}
              title={range(r.startDate, r.endDate)}
              detail={r.reason}
              deleteLabel={m.deleteLabel(`${m.unavailable.heading.toLowerCase()} ${range(r.startDate, r.endDate)}`)}
              onDelete={() => setConfirming({ kind: 'unavailable', item: r })}
              busy={deleting === r.id}
            />
          ))}
        </ItemList>
        <ItemList
          kind="slots"
          heading={m.slots.heading}
          empty={m.slots.empty}
          addLabel={m.slots.add}
          onAdd={() => setOpen('slots')}
          deleteError={deleteErrors.slots}
        >
          {availability.slots.map((s) => (
            <Item
              key={s.id}
              title={slotTitle(s)}
              badge={badge(s.isAvailable)}
              detail={s.notes}
              deleteLabel={m.deleteLabel(
                `${m.slots.heading.toLowerCase().replace(/s$/, '')} ${day(s.date)} ${s.startTime}–${s.endTime}`,
              )}
              onDelete={() => setConfirming({ kind: 'slots', item: s })}
              busy={deleting === s.id}
            />
          ))}
        </ItemList>
      </div>
      {undoable && (
        <div className="availability-undo" role="status">
          <span>{m.deleted(m.entryName[undoable.kind], titleOf(undoable))}</span>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void undo(undoable)}
            disabled={restoring}
            aria-busy={restoring}
          >
            {m.undo}
          </button>
        </div>
      )}
      {undoFailed && (
        <p className="alert alert-error" role="alert">
          {m.undoFailed}
        </p>
      )}
      {confirming && (
        <Modal title={m.confirmTitle(m.entryName[confirming.kind])} onClose={() => setConfirming(null)}>
          <p>{m.confirmBody(titleOf(confirming))}</p>
          {lastPeriod(confirming) && <p className="alert alert-error">{m.lastPeriodWarning}</p>}
          <div className="admin-form-actions">
            <button type="button" className="btn" onClick={() => setConfirming(null)}>
              {messages.cancel}
            </button>
            <button type="button" className="btn btn-danger" onClick={() => void remove(confirming)}>
              {messages.delete}
            </button>
          </div>
        </Modal>
      )}
      {open === 'periods' && <AddPeriodModal onClose={() => setOpen(null)} />}
      {open === 'unavailable' && <AddUnavailableModal onClose={() => setOpen(null)} />}
      {open === 'slots' && <AddSlotModal onClose={() => setOpen(null)} />}
    </div>
  );
}
