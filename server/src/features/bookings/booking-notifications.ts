// What a new booking tells: a mail to the admin (the request's name, service, dates and a link to /admin), the
// client's confirmation mail (with her manage link) and, when the SMS feature is on and she opted in, the confirmation
// SMS. The two mails are rendered here and written with the request, in its own transaction (newBookingMails; the
// mail queue sends them: docs/decisions/010-mail-is-a-durable-job-written-with-the-request.md). The SMS is sent after
// the commit and never fails or undoes the booking: every error is caught and logged; pending texts are tracked so
// tests can wait for them and a graceful shutdown does not cut them off.
import type { FastifyBaseLogger } from 'fastify';
import { smsBookingConfirmation, type BookingRequest } from '@studio/shared/domain';
import { getInputWarnings, warningMessages } from '@studio/security-kit';
import { isDisposableEmailFull } from '@studio/security-kit/disposable-full';
import { formatPhone } from '@studio/shared/domain/phone';
import { formatInstant, formatLongDate, formatSlot } from '@studio/shared/domain/studio-time';
import { bookingReference } from '@studio/shared/domain/lifecycle';
import type { QuoteTerms } from '@studio/shared/domain/quote';
import { dealQuote, firstQuoteInput } from '@studio/shared/domain/deal-terms';
import { paymentTermsText } from '@studio/shared/domain/quote-terms';
import { replyingToHer, type MailMessage } from '../messaging';
import { clientConfirmationMail } from './client-mails';
import type { SmsSender } from '../messaging';

/** What the mails of a new booking are rendered with. */
export interface NewBookingMailOptions {
  adminEmail: string;
  publicOrigin: string;
  /** Where her dashboard is: the link in her own mail. */
  adminOrigin: string;
  /** The studio's zone: dates and times in mails are its own (TIMEZONE). */
  timeZone: string;
}

/** What the mails also need, read before the booking's transaction: her name and her quote defaults. */
export interface NewBookingMailContext {
  /** The sender's name. */
  fromName: string;
  /** Her quote defaults: the terms of a schedule left 'TBD'. */
  unagreed: QuoteTerms;
}

export interface BookingNotificationsDeps {
  smsSender: SmsSender;
  log: FastifyBaseLogger;
}

export function newBookingMailSubject(booking: Pick<BookingRequest, 'name' | 'service'>): string {
  return `New booking request: ${booking.name} - ${booking.service}`;
}

/**
 * Notes for the admin about the address and phone. They never reject a booking (the schema alone decides that):
 * they tell her which requests deserve a second look. The full disposable-domain list is server-only.
 */
function reviewNotes(booking: BookingRequest): string[] {
  const warnings = getInputWarnings({ email: booking.email, phone: booking.phone, name: booking.name });
  const notes = warnings.map((w) => w.message);
  // The browser's list is short; the server's covers the 120k domains the browser does not carry.
  if (!warnings.some((w) => w.code === 'disposable-email') && isDisposableEmailFull(booking.email)) {
    notes.push(warningMessages.disposableEmail);
  }
  return notes;
}

/** 'Wednesday, November 25, 2026, 9:00 AM - 11:00 AM' (the slot when one was chosen). */
export const dayAndTime = (date: string, time: string) =>
  date ? [formatLongDate(date), time ? formatSlot(time) : ''].filter(Boolean).join(', ') : '';

/**
 * The payment terms the booking's first quote states (the one computation the quote, invoice and contract read):
 * what its payment schedule means in amounts, with no due date while she has not answered. '' for a tier without a
 * price.
 */
export function firstQuoteTermsText(booking: BookingRequest, unagreed: QuoteTerms, timeZone: string): string {
  const input = firstQuoteInput(booking, unagreed);
  const quote = dealQuote(booking, input, timeZone);
  return quote.totalCents === 0 ? '' : paymentTermsText(quote, input.balanceDueDaysBefore).join(' ');
}

export function newBookingMailText(
  booking: BookingRequest,
  adminOrigin: string,
  timeZone: string,
  unagreed: QuoteTerms,
): string {
  const line = (label: string, value: string) => (value ? [`${label}: ${value}`] : []);
  const notes = reviewNotes(booking);
  return [
    // The studio's time, not a raw timestamp.
    `A new booking request arrived on ${formatInstant(booking.createdAt, timeZone)}.`,
    '',
    ...line('Reference', bookingReference(booking.id)),
    ...line('Name', booking.name),
    ...line('Email', booking.email),
    ...line('Phone', booking.phone ? formatPhone(booking.phone) : ''),
    ...line('Service', booking.service),
    ...line('Package', [booking.serviceTier, booking.servicePrice].filter(Boolean).join(', ')),
    ...line('Payment schedule', booking.paymentSchedule),
    ...line('Payment terms', firstQuoteTermsText(booking, unagreed, timeZone)),
    ...line('Consultation date', dayAndTime(booking.consultationDate, booking.consultationTime)),
    ...line('Consultation location', booking.consultationLocation),
    ...line(
      // A booking with a consultation is of a service that needs one: its date is the shoot's.
      booking.consultationDate ? 'Preferred shoot date' : 'Preferred date',
      dayAndTime(booking.date, booking.time) || 'not given',
    ),
    ...line('Last shoot day', booking.endDate ? formatLongDate(booking.endDate) : ''),
    ...line('Location', booking.location),
    ...line('SMS updates', booking.smsOptIn ? 'yes' : 'no'),
    '',
    'Project description:',
    booking.description,
    '',
    ...(notes.length > 0 ? ['Please check:', ...notes.map((n) => `- ${n}`), ''] : []),
    `Open the dashboard: ${adminOrigin}/admin`,
  ].join('\n');
}

/**
 * The mails of a new request, in the order they leave: hers, then the client's confirmation with her manage link
 * (none without a token). Pure, so the store can call it inside the booking's transaction; `fromName` is the sender's
 * name, read before it (the mailer would otherwise read it as each mail leaves, which a transaction cannot wait for).
 */
export function newBookingMails(
  booking: BookingRequest,
  manageToken: string | undefined,
  options: NewBookingMailOptions & NewBookingMailContext & { publicEmail: string },
): MailMessage[] {
  const admin: MailMessage = {
    to: options.adminEmail,
    subject: newBookingMailSubject(booking),
    text: newBookingMailText(booking, options.adminOrigin, options.timeZone, options.unagreed),
    fromName: options.fromName,
  };
  if (!manageToken) return [admin];
  const client = clientConfirmationMail(booking, {
    publicOrigin: options.publicOrigin,
    timeZone: options.timeZone,
    token: manageToken,
  });
  return [admin, replyingToHer({ ...client, fromName: options.fromName }, options.publicEmail)];
}

export function createBookingNotifications(deps: BookingNotificationsDeps) {
  const pending = new Set<Promise<void>>();

  async function textClient(booking: BookingRequest) {
    try {
      // sendToClient applies the flag, the opt-in and the limits, and reports rather than throws; the catch is for
      // anything unexpected in between.
      await deps.smsSender.sendToClient(booking, 'booking-confirmation', smsBookingConfirmation(booking));
    } catch (error) {
      deps.log.error({ err: error, bookingId: booking.id }, 'booking confirmation SMS failed');
    }
  }

  return {
    /** Starts the confirmation SMS and returns at once; the booking and its mails are already committed. */
    newBooking(booking: BookingRequest): void {
      const work = textClient(booking);
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
    /** Resolves when every text started so far has finished (sent or logged). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type BookingNotifications = ReturnType<typeof createBookingNotifications>;
