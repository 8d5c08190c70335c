// The client's own request through her private manage link, as one service the JSON API
// (manage-booking.routes.ts) and the page's plain forms (manage-booking-forms.ts) both call, so a post without
// JavaScript is held to exactly the API's rules: she reads its status, cancels it, or asks to move the shoot or the
// consultation to another available date. No account: the link's random token is the key, kept in the database only
// as its SHA-256, and sent in request bodies (the page reads it from the link's fragment, or she pastes the link into
// the plain form), so no URL a log or a proxy keeps ever holds it. A token that matches nothing is a 404, whatever it
// looks like. Each change reaches the admin's dashboards live as an 'updated' booking event, and her mail or digest
// as a client action.
import { sha256Hex } from '../../platform/hash';
import {
  consultationView,
  freeSlots,
  hasSlots,
  isDateAvailable,
  slotsOn,
  slotTime,
  type BookingRequest,
  type ManageView,
  type MovablePart,
  type PublicAvailability,
} from '@studio/shared/domain';
import { bookingReference, CLOSED_STATUSES } from '@studio/shared/domain/lifecycle';
import type { Invoice } from '@studio/shared/domain/invoice';
import { calendarDayIn } from '@studio/shared/domain/studio-time';
import { earliestBookableDate } from '@studio/shared/domain';
import { SHOOT_BEFORE_CONSULTATION, TIME_NOT_OFFERED, TIME_REQUIRED } from '@studio/shared/lifecycle-messages';
import type { ManageMove } from '@studio/shared/schemas';
import type { AppOptions } from '../../platform/config';
import type { ChangeBus } from '../../platform/change-bus';
import { HttpError } from '../../platform/http/errors';
import type { BookingsStore } from './bookings-store';
import { invoiceOfBooking, quoteOfBooking, type QuoteSources } from '../deal';
import type { ClientActions } from '../client-activity';
import type { SiteIdentityReader } from '../content';

export const hashManageToken = (token: string) => sha256Hex(token);

export const MANAGE_NOT_FOUND = 'This link does not lead to a booking request. Please use the link from your e-mail.';
export const MANAGE_CLOSED = 'This request is closed and can no longer be changed.';
export const RESCHEDULE_UNAVAILABLE = 'That date is not available. Please choose another one.';
export const NO_CONSULTATION_TO_MOVE = 'This request has no consultation to move.';
export const CONSULTATION_AFTER_SHOOT = 'The consultation cannot be after the shoot. Please choose an earlier date.';
export const SLOT_TAKEN = 'That time is no longer free. Please choose another one.';
export const NOT_CONFIRMED_YET = 'Your booking can be added to a calendar once it is confirmed.';
export function manageViewOf(b: BookingRequest): ManageView {
  return {
    reference: bookingReference(b.id),
    name: b.name,
    service: b.service,
    serviceTier: b.serviceTier,
    status: b.status,
    date: b.date,
    endDate: b.endDate,
    time: b.time,
    consultationDate: b.consultationDate,
    consultationTime: b.consultationTime,
    rescheduleDate: b.rescheduleDate ?? '',
    rescheduleConsultationDate: b.rescheduleConsultationDate ?? '',
    rescheduleConsultationTime: b.rescheduleConsultationTime ?? '',
    createdAt: b.createdAt,
    open: !CLOSED_STATUSES.includes(b.status),
  };
}

export interface ManageBookingDeps {
  options: AppOptions;
  bookings: BookingsStore;
  bookable: () => Promise<PublicAvailability>;
  bus: ChangeBus;
  /** Her name and public e-mail: the calendar file's organizer (never ADMIN_EMAIL). */
  identity: SiteIdentityReader;
  /** The booking a deposit link (her confirmation mail's own key to this page) opens, by the link's token. */
  linkedBooking?: (token: string) => Promise<string | null>;
  /** Tells her what the client did. */
  clientActions: Pick<ClientActions, 'bookingCancelled' | 'moveRequested'>;
  /** The booking's quote, for its invoice. */
  quoteSources: QuoteSources;
}

/** A refused move: the status it answers with and the messages by field. */
export interface MoveRefusal {
  status: 400 | 409;
  fields: Record<string, string[]>;
}

/**
 * Why a consultation's move to `time` on `date` is refused, or null: the booking form's rule for its consultation
 * time (checkTimes, takenSlots): on a day with slots (hers for that date, or her weekly hours) one of them is named
 * (400 when none or another is) and no booking holds it (409); a day without slots takes no time.
 */
export function slotRefusal(date: string, time: string, availability: PublicAvailability): MoveRefusal | null {
  const view = consultationView(availability);
  if (!hasSlots(date, view)) return time === '' ? null : { status: 400, fields: { time: [TIME_NOT_OFFERED] } };
  if (time === '') return { status: 400, fields: { time: [TIME_REQUIRED] } };
  if (!slotsOn(date, view).some((s) => slotTime(s) === time)) {
    return { status: 400, fields: { time: [TIME_NOT_OFFERED] } };
  }
  if (!freeSlots(date, view).some((s) => slotTime(s) === time)) return { status: 409, fields: { time: [SLOT_TAKEN] } };
  return null;
}

/**
 * Why a move to `date` (and for a consultation `time`) is refused, by field, or null when it may be asked for: the
 * date must be one the booking form would accept today (past the minimum notice, available: a consultation's day by
 * her consultation hours and slots), the consultation must exist to be moved and its slot be free (slotRefusal), and
 * the shoot stays on or after its consultation, each compared with the other's date as it will be once a pending move
 * is accepted. A requested move holds no slot: only her acceptance moves the booking, and it checks the slot again.
 */
export function moveRefusal(
  booking: BookingRequest,
  part: MovablePart,
  date: string,
  today: string,
  availability: PublicAvailability,
  time = '',
): MoveRefusal | null {
  if (part === 'consultation' && booking.consultationDate === '') {
    return { status: 409, fields: { part: [NO_CONSULTATION_TO_MOVE] } };
  }
  const view = part === 'consultation' ? consultationView(availability) : availability;
  if (date < earliestBookableDate(today, availability) || !isDateAvailable(date, view)) {
    return { status: 409, fields: { date: [RESCHEDULE_UNAVAILABLE] } };
  }
  const shoot = booking.rescheduleDate || booking.date;
  const consultation = booking.rescheduleConsultationDate || booking.consultationDate;
  if (part === 'shoot' && consultation !== '' && date < consultation) {
    return { status: 409, fields: { date: [SHOOT_BEFORE_CONSULTATION] } };
  }
  if (part === 'consultation' && shoot !== '' && date > shoot) {
    return { status: 409, fields: { date: [CONSULTATION_AFTER_SHOOT] } };
  }
  return part === 'consultation' ? slotRefusal(date, time, availability) : null;
}

/** The manage link's service: what each of the link's calls does, whichever way it came (JSON or a plain form). */
export function createManageBooking(deps: ManageBookingDeps) {
  const { bookings, options } = deps;

  /** The request the link's token opens (her own link's, or a deposit link's), or a 404. */
  const find = async (token: string): Promise<BookingRequest> => {
    const booking = await bookings.findByManageTokenHash(hashManageToken(token));
    if (booking) return booking;
    const linked = deps.linkedBooking ? await deps.linkedBooking(token) : null;
    const viaLink = linked ? await bookings.get(linked) : null;
    if (!viaLink) throw new HttpError(404, MANAGE_NOT_FOUND);
    return viaLink;
  };
  const announce = async (id: string): Promise<BookingRequest> => {
    const booking = (await bookings.get(id))!;
    deps.bus.publish({ topic: 'bookings', type: 'updated', booking });
    return booking;
  };

  return {
    find,
    async view(token: string): Promise<ManageView> {
      return manageViewOf(await find(token));
    },
    /** Cancels the request; a second cancel (a double click, a retry) finds it closed and answers as it stands. */
    async cancel(token: string): Promise<ManageView> {
      const booking = await find(token);
      if (!(await bookings.cancelByClient(booking.id, options.now().toISOString()))) return manageViewOf(booking);
      await deps.clientActions.bookingCancelled(booking);
      return manageViewOf(await announce(booking.id));
    },
    /** Asks to move the shoot or the consultation (moveRefusal's rules), or throws the refusal by field. */
    async reschedule({ token, part, date, time }: ManageMove): Promise<ManageView> {
      const booking = await find(token);
      if (CLOSED_STATUSES.includes(booking.status)) throw new HttpError(409, MANAGE_CLOSED);
      const today = calendarDayIn(options.timeZone, options.now());
      const refusal = moveRefusal(booking, part, date, today, await deps.bookable(), time);
      if (refusal) throw new HttpError(refusal.status, Object.values(refusal.fields)[0]![0]!, refusal.fields);
      if (!(await bookings.requestReschedule(booking.id, date, options.now().toISOString(), part, time))) {
        throw new HttpError(409, MANAGE_CLOSED);
      }
      await deps.clientActions.moveRequested(booking, date, part, time);
      return manageViewOf(await announce(booking.id));
    },
    /** The invoice: the booking's quote billed, as the contract's payment terms cite it. */
    async invoice(booking: BookingRequest): Promise<Invoice> {
      const [current, me] = await Promise.all([quoteOfBooking(deps.quoteSources, booking), deps.identity.current()]);
      return invoiceOfBooking(booking, current, me);
    },
  };
}

export type ManageBooking = ReturnType<typeof createManageBooking>;
