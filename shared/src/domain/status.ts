// Booking status colours and the contract gate (docs/product.md §4).
import type { BookingStatus } from './booking-status';

export interface StatusColor {
  /** The colour docs/product.md §4 names, for a text alternative. */
  name: 'red' | 'yellow' | 'blue' | 'pink' | 'grey';
  background: string;
  text: string;
}

// Pale backgrounds with dark text of the same hue: every pair has a contrast ratio above 6:1, well past WCAG AA (4.5:1)
// for the small text of a badge.
export const STATUS_COLORS: Readonly<Record<BookingStatus, StatusColor>> = {
  New: { name: 'red', background: '#FEE2E2', text: '#991B1B' },
  Contacted: { name: 'yellow', background: '#FEF9C3', text: '#854D0E' },
  Confirmed: { name: 'blue', background: '#DBEAFE', text: '#1E40AF' },
  Declined: { name: 'pink', background: '#FCE7F3', text: '#9D174D' },
  // Grey: closed by the client, nothing left to do (contrast 7.6:1).
  Cancelled: { name: 'grey', background: '#E5E7EB', text: '#374151' },
};

/** Only a confirmed booking gets a contract. */
export function canGenerateContract(status: BookingStatus): boolean {
  return status === 'Confirmed';
}
