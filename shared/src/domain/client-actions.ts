// What her clients do on their own: cancel or ask to move a request from the manage link, open or sign a
// contract, write to her from the booking page. Each is recorded, counts on the dashboard's badge until she has seen
// it, and reaches her by e-mail: at once, or in one digest a day when she chose that (her setting).
import { formatLongDate, formatSlot } from './studio-time';
import type { IsoDate } from './date-types';

export const CLIENT_ACTION_KINDS = [
  'cancelled',
  'move-requested',
  'consultation-move-requested',
  'contract-viewed',
  'contract-signed',
  'contact',
] as const;
export type ClientActionKind = (typeof CLIENT_ACTION_KINDS)[number];

export interface ClientAction {
  id: string;
  kind: ClientActionKind;
  /** The booking it concerns; null for a contact message, which has none. */
  bookingId: string | null;
  /** The client's name (a contact message: the sender's). */
  clientName: string;
  /** The client's e-mail and phone as she gave them ('' when none): what her reply goes to. */
  email: string;
  phone: string;
  /** The booking's service and package, as the client chose them; '' for a contact message. */
  service: string;
  /** The booking's date ('' when it has none). */
  date: IsoDate | '';
  /** The particulars: the date asked to move to (the shoot's or the consultation's, by kind), the contract's version, the message a visitor wrote. */
  detail: string;
  /** When the client did it (ISO). */
  at: string;
  /** When she saw it on her dashboard (ISO); null while it counts on the badge. */
  seenAt: string | null;
}

/** The dashboard's badge and its list: how many she has not seen, and the latest, newest first. */
export interface ClientActionsSummary {
  unseen: number;
  recent: ClientAction[];
}

/** Her choice: a mail per client action (false), or one digest a day instead (true). */
export interface ClientActionSettings {
  dailyDigest: boolean;
}

/** How many actions the dashboard's list shows. */
export const RECENT_CLIENT_ACTIONS = 20;

/**
 * Whether the action is a move asked for (its detail is the date asked for, then for a consultation the slot asked
 * for after a space: moveDetail).
 */
export const isMoveRequest = (kind: ClientActionKind) =>
  kind === 'move-requested' || kind === 'consultation-move-requested';

/** A move request's detail: the day, and the slot after a space when one was asked for. */
export const moveDetail = (date: IsoDate, time = '') => (time ? `${date} ${time}` : date);

/** A move request's day and slot as her mail and dashboard name them: 'Thursday, December 10, 2026, 10:00 AM - ...'. */
export function describeMove(detail: string): string {
  const [date = '', time = ''] = detail.split(' ');
  return [formatLongDate(date), time ? formatSlot(time) : ''].filter(Boolean).join(', ');
}

/** The action in a few words, as the mail's subject and the dashboard's list say it. */
export function clientActionTitle(action: Pick<ClientAction, 'kind' | 'clientName'>): string {
  const who = action.clientName;
  switch (action.kind) {
    case 'cancelled':
      return `${who} cancelled their booking`;
    case 'move-requested':
      return `${who} asked to move their booking`;
    case 'consultation-move-requested':
      return `${who} asked to move their consultation`;
    case 'contract-viewed':
      return `${who} opened their contract`;
    case 'contract-signed':
      return `${who} signed their contract`;
    case 'contact':
      return `Message from ${who}`;
  }
}

/** Her dashboard's address of one booking (the admin app opens it with that booking shown). */
export const adminBookingPath = (bookingId: string) => `/admin/bookings/${encodeURIComponent(bookingId)}`;
