// The booking lifecycle's small rules that the form, the dashboard, the mails and every backend share.
// Not in the domain entry: only the booking form's chunk, the dashboard and the backends read them.
import type { BookingRequest } from './booking-types';
import type { BookingStatus } from './booking-status';

/**
 * The reference a client quotes: the first 8 letters and digits of the request's id, upper case. Short enough to read
 * over the phone; the dashboard's search finds a request by it.
 */
export function bookingReference(id: string): string {
  return id
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase();
}

/**
 * Whether a request matches the dashboard's search: its name or e-mail contains the words as typed,
 * in any case, or its reference starts with them. The server's query says the same in SQL.
 */
export function matchesBookingSearch(booking: Pick<BookingRequest, 'id' | 'name' | 'email'>, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return (
    booking.name.toLowerCase().includes(needle) ||
    booking.email.toLowerCase().includes(needle) ||
    bookingReference(booking.id).toLowerCase().startsWith(needle)
  );
}

/** The statuses after which the client can no longer cancel or move the request herself. */
export const CLOSED_STATUSES: readonly BookingStatus[] = ['Declined', 'Cancelled'];

/** Whether a status change e-mails the client: every change but to New (nothing to tell) and to Cancelled by her. */
export const statusChangeMailsClient = (status: BookingStatus) => status !== 'New';

/** Seconds a status change's mail to the client waits, during which the dashboard offers Undo and nothing is sent. */
/**
 * A status as a client reads it in a mail or a text: "Contacted" is her dashboard's word for a request she
 * is working on, not the client's; New is the request waiting for her reply. The other statuses say what they mean.
 */
export const CLIENT_STATUS_WORDS: Readonly<Record<BookingStatus, string>> = {
  New: 'waiting for my reply',
  Contacted: 'in progress',
  Confirmed: 'Confirmed',
  Declined: 'Declined',
  Cancelled: 'Cancelled',
};

export const STATUS_UNDO_SECONDS = 10;
