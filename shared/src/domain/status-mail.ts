// The e-mail a client gets when the admin changes her request's status. One pure function writes
// its subject and text, so the admin's confirmation dialog previews exactly what the server will send (the server
// wraps the same text in its HTML template). Dates are calendar dates, written as the studio means them.
// Its own entry (@studio/shared/domain/status-mail): only the dashboard and the server read it.
import { bookingReference, CLIENT_STATUS_WORDS, statusChangeMailsClient } from './lifecycle';
import { formatLongDate, formatSlot } from './studio-time';
import type { BookingRequest } from './booking-types';
import type { BookingStatus } from './booking-status';

export interface StatusMail {
  subject: string;
  /** The greeting, then paragraphs; the personal message, when there is one, is its own paragraph. */
  paragraphs: string[];
  /** The personal message as she typed it (trimmed), or ''. */
  personalMessage: string;
  signature: string;
  text: string;
}

const NEXT_STEP: Record<Exclude<BookingStatus, 'New'>, string> = {
  Contacted:
    'I have read your request and will be in touch shortly to talk through the details. If you have questions in the meantime, reply to this e-mail.',
  Confirmed:
    'Your booking is confirmed. The calendar invite attached to this e-mail adds it to your calendar; if anything changes, I will send an update.',
  Declined:
    'Unfortunately I cannot take this booking. Thank you for thinking of me, and I hope we can work together another time.',
  Cancelled: 'This booking has been cancelled. If this is unexpected, reply to this e-mail.',
};

const when = (date: string, time: string) =>
  date ? [formatLongDate(date), time ? formatSlot(time) : ''].filter(Boolean).join(', ') : '';

/** What the request is about, in one line: 'Photoshoot (Half day) on Wednesday, November 25, 2026, 10:00 AM - 12:00 PM'. */
export function bookingSubjectLine(booking: BookingRequest): string {
  const what = booking.serviceTier ? `${booking.service} (${booking.serviceTier})` : booking.service;
  const day = when(booking.date, booking.time);
  const until = booking.endDate && booking.endDate !== booking.date ? ` to ${formatLongDate(booking.endDate)}` : '';
  return day ? `${what} on ${day}${until}` : what;
}

/**
 * The mail for a change to `status`, or null when that change tells the client nothing (a move back to New).
 * `message` is the admin's optional personal note.
 */
export function statusMailOf(
  booking: BookingRequest,
  status: BookingStatus,
  options: { modelName: string; message?: string },
): StatusMail | null {
  if (!statusChangeMailsClient(status)) return null;
  const reference = bookingReference(booking.id);
  const personalMessage = (options.message ?? '').trim();
  const consultation =
    booking.consultationDate && status === 'Confirmed'
      ? [`Consultation: ${when(booking.consultationDate, booking.consultationTime)}.`]
      : [];
  const paragraphs = [
    `Hi ${booking.name},`,
    `Your booking request ${reference} for ${bookingSubjectLine(booking)} is now ${CLIENT_STATUS_WORDS[status]}.`,
    ...consultation,
    ...(personalMessage ? [personalMessage] : []),
    NEXT_STEP[status],
  ];
  const signature = options.modelName;
  return {
    subject: `Your booking request ${reference} is now ${CLIENT_STATUS_WORDS[status]}`,
    paragraphs,
    personalMessage,
    signature,
    text: `${paragraphs.join('\n\n')}\n\n${signature}\n`,
  };
}

/** The mail that tells a client her request moved to the day she asked for (the admin accepted her move). */
export function movedMailOf(booking: BookingRequest, options: { modelName: string }): StatusMail {
  const reference = bookingReference(booking.id);
  const paragraphs = [
    `Hi ${booking.name},`,
    `Your booking request ${reference} has moved, as you asked: it is now ${bookingSubjectLine(booking)}.`,
    ...(booking.status === 'Confirmed'
      ? ['The calendar invite attached to this e-mail updates the one in your calendar.']
      : []),
  ];
  return {
    subject: `Your booking request ${reference} has moved`,
    paragraphs,
    personalMessage: '',
    signature: options.modelName,
    text: `${paragraphs.join('\n\n')}\n\n${options.modelName}\n`,
  };
}
