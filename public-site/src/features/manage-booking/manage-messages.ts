// Texts of the client's manage page, kept in its own chunk: public-site's messages.ts is part of
// every first load of /.
import type { BookingStatus, MovablePart } from '@studio/shared/domain';
import { CLIENT_STATUS_WORDS } from '@studio/shared/domain/lifecycle';

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * Each status as the client reads it here: the words her mails use (CLIENT_STATUS_WORDS, "in progress" for Contacted),
 * never the dashboard's "New"; a new request waits for her reply.
 */
export const MANAGE_STATUS_WORDS: Readonly<Record<BookingStatus, string>> = {
  New: 'Waiting for her reply',
  Contacted: capitalised(CLIENT_STATUS_WORDS.Contacted),
  Confirmed: capitalised(CLIENT_STATUS_WORDS.Confirmed),
  Declined: capitalised(CLIENT_STATUS_WORDS.Declined),
  Cancelled: capitalised(CLIENT_STATUS_WORDS.Cancelled),
};

export const manageMessages = {
  title: 'Your booking request',
  loading: 'Loading your request...',
  incomplete: 'This link is incomplete. Please use the link from your e-mail.',
  openTitle: 'Open your request',
  openIntro:
    'JavaScript is off in this browser, so this page cannot read your request from the link by itself. Paste the ' +
    "link from your e-mail (or this page's address) here to open it.",
  linkLabel: 'Your link',
  open: 'Open my request',
  reference: 'Reference',
  status: 'Status',
  service: 'Service',
  consultation: 'Consultation',
  shoot: 'Date',
  askedToMove: (day: string, time = '') => `You asked to move it to ${day}${time ? ` at ${time}` : ''}.`,
  moveTitle: 'Ask to move a date',
  moveIntro: 'Choose a new day. She will confirm the change by e-mail.',
  whichDate: 'Which date?',
  partChoice: { consultation: 'The consultation', shoot: 'The shoot' } satisfies Record<MovablePart, string>,
  newDate: { consultation: 'New consultation date', shoot: 'New shoot date' } satisfies Record<MovablePart, string>,
  newTime: 'New consultation time',
  ask: 'Ask to move',
  moveSent: {
    consultation: 'Your request to move the consultation has been sent.',
    shoot: 'Your request to move the date has been sent.',
  } satisfies Record<MovablePart, string>,
  calendarTitle: 'Add to calendar',
  calendarIntro: 'A calendar file (.ics) with your confirmed dates, for any calendar app.',
  addToCalendar: 'Add to calendar',
  cancel: 'Cancel request',
  cancelQuestion: 'Cancel this request? This cannot be undone.',
  cancelConfirm: 'Yes, cancel it',
  keep: 'Keep it',
  cancelled: 'Your request has been cancelled.',
  closed: 'This request is closed and can no longer be changed.',
  invoiceTitle: 'Invoice',
  invoiceLoading: 'Loading…',
  printInvoice: 'Print invoice',
  paymentTitle: 'Payment',
  total: 'Total',
  deposit: 'Deposit',
  balance: 'Balance',
  paid: 'Paid so far',
  dueOn: (day: string) => `Due on ${day}`,
  paymentPending: 'Thank you: your payment is being confirmed.',
  payAsAgreed: 'Pay by bank transfer or in cash, as agreed with her; she records it here.',
  networkError: 'Network error: the server could not be reached.',
  failed: (status: number) => `Request failed (${status})`,
};
