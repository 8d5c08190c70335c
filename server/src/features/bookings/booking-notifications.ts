// What happens after a booking is committed: a mail to the admin (the request's name, service, dates and a link to
// /admin) and, when the SMS feature is on and she opted in, the confirmation SMS. Both run after the 201 is decided
// and never fail or undo the booking: every error is caught and logged. Pending sends are tracked so tests can wait
// for them and a graceful shutdown does not cut them off.
import type { FastifyBaseLogger } from 'fastify';
import { smsBookingConfirmation, type BookingRequest } from '@studio/shared/domain';
import { getInputWarnings, warningMessages } from '@studio/security-kit';
import { isDisposableEmailFull } from '@studio/security-kit/disposable-full';
import { formatPhone } from '@studio/shared/domain/phone';
import { formatInstant, formatLongDate, formatSlot } from '@studio/shared/domain/studio-time';
import { bookingReference } from '@studio/shared/domain/lifecycle';
import type { Mailer } from '../messaging';
import { clientConfirmationMail } from './client-mails';
import type { SmsSender } from '../messaging';

export interface BookingNotificationsDeps {
  mailer: Mailer;
  smsSender: SmsSender;
  adminEmail: string;
  publicOrigin: string;
  /** Where her dashboard is: the link in her own mail. */
  adminOrigin: string;
  /** The studio's zone: dates and times in mails are its own (TIMEZONE). */
  timeZone: string;
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

export function newBookingMailText(booking: BookingRequest, adminOrigin: string, timeZone: string): string {
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

export function createBookingNotifications(deps: BookingNotificationsDeps) {
  const pending = new Set<Promise<void>>();

  async function mailAdmin(booking: BookingRequest) {
    try {
      await deps.mailer.send({
        to: deps.adminEmail,
        subject: newBookingMailSubject(booking),
        text: newBookingMailText(booking, deps.adminOrigin, deps.timeZone),
      });
    } catch (error) {
      deps.log.error({ err: error, bookingId: booking.id }, 'new-booking mail to the admin failed');
    }
  }

  async function mailClient(booking: BookingRequest, manageToken: string) {
    try {
      await deps.mailer.send(
        clientConfirmationMail(booking, {
          publicOrigin: deps.publicOrigin,
          timeZone: deps.timeZone,
          token: manageToken,
        }),
      );
    } catch (error) {
      deps.log.error({ err: error, bookingId: booking.id }, 'confirmation mail to the client failed');
    }
  }

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
    /** Starts both notifications and returns at once; the booking is already committed. */
    newBooking(booking: BookingRequest, manageToken?: string): void {
      const work = Promise.all([
        mailAdmin(booking),
        manageToken ? mailClient(booking, manageToken) : undefined,
        textClient(booking),
      ]).then(() => undefined);
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
    /** Resolves when every notification started so far has finished (sent or logged). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type BookingNotifications = ReturnType<typeof createBookingNotifications>;
