// What the client hears when the admin changes her request's status (issue 18, items 2 and 3). A change that tells
// her something is held for a short window (10 s by default) in the database before the mail and the status SMS
// leave, so the admin can take it back with Undo and nothing is sent. A timer sends what comes due; at start, what
// came due while the server was down goes at once. A Confirmed request's mail carries the calendar invite; a confirmed
// request later Declined or Cancelled, the invite's cancellation.
import type { FastifyBaseLogger } from 'fastify';
import { smsStatusUpdate, type BookingRequest, type BookingStatus } from '@studio/shared/domain';
import { statusChangeMailsClient } from '@studio/shared/domain/lifecycle';
import { movedMailOf, statusMailOf } from '@studio/shared/domain/status-mail';
import type { AppOptions } from '../config';
import type { Mailer } from '../lib/mailer';
import type { SmsSender } from '../lib/sms-sender';
import type { BookingsRepository } from '../repositories/bookings-repository';
import type { HeldNotification, HeldNotificationsRepository } from '../repositories/held-notifications-repository';
import { calendarInvite, type InviteMethod } from './calendar-invite';
import { statusChangeMail } from './client-mails';

export interface StatusNotificationsDeps {
  options: AppOptions;
  held: HeldNotificationsRepository;
  bookings: BookingsRepository;
  mailer: Mailer;
  smsSender: SmsSender;
  log: FastifyBaseLogger;
}

export class UndoTooLateError extends Error {}

export function createStatusNotifications(deps: StatusNotificationsDeps) {
  const { options, held, bookings, mailer, smsSender, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const inviteMethodFor = (booking: BookingRequest, status: BookingStatus): InviteMethod | null => {
    if (status === 'Confirmed') return 'REQUEST';
    // Only a request whose invite is in her calendar needs it taken out.
    if ((status === 'Declined' || status === 'Cancelled') && bookings.inviteSequence(booking.id) > 0) return 'CANCEL';
    return null;
  };

  // An invite counts as sent once made: its SEQUENCE is taken here.
  const inviteOf = (booking: BookingRequest, method: InviteMethod | null) =>
    method
      ? calendarInvite(booking, {
          method,
          sequence: bookings.nextInviteSequence(booking.id),
          timeZone: options.timeZone,
          modelName: options.modelName,
          organizerEmail: options.adminEmail,
          publicOrigin: options.publicOrigin,
          now: options.now(),
        })
      : null;

  /** The mail and SMS of one change, as they leave. */
  async function send(note: HeldNotification): Promise<void> {
    const booking = bookings.get(note.bookingId);
    if (!booking) return;
    const mail = statusMailOf(booking, note.status, { modelName: options.modelName, message: note.message });
    if (mail) {
      const invite = inviteOf(booking, inviteMethodFor(booking, note.status));
      await mailer
        .send(statusChangeMail(booking, mail, invite))
        .catch((error: unknown) => log.error({ err: error, bookingId: booking.id }, 'status-change mail failed'));
    }
    await smsSender
      .sendToClient(booking, 'status-update', smsStatusUpdate({ ...booking, status: note.status }))
      .catch((error: unknown) => log.error({ err: error, bookingId: booking.id }, 'status-update SMS failed'));
  }

  function sendDue(): void {
    const due = held.takeDue(options.now().toISOString());
    for (const note of due) sending = sending.then(() => send(note));
    schedule();
  }

  function schedule(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const next = held.nextDue();
    if (stopped || next === null) return;
    const wait = Math.max(0, Date.parse(next) - options.now().getTime());
    timer = setTimeout(sendDue, wait);
    // Never keeps a process alive on its own; what is held is in the database and goes at the next start.
    timer.unref();
  }

  return {
    /**
     * The status of `booking` just went from `previousStatus` to its current one: holds what tells the client, or sends
     * the status SMS at once for a change that mails nobody (a move back to New). Answers when the held mail leaves.
     */
    async changed(booking: BookingRequest, previousStatus: BookingStatus, message: string): Promise<string | null> {
      if (!statusChangeMailsClient(booking.status)) {
        // A move back to New cancels whatever was still held for this request.
        held.take(booking.id);
        schedule();
        await send({ bookingId: booking.id, previousStatus, status: booking.status, message: '', sendAfter: '' });
        return null;
      }
      const now = options.now();
      if (options.statusUndoMs <= 0) {
        // No Undo window configured: the client is told at once.
        await send({ bookingId: booking.id, previousStatus, status: booking.status, message, sendAfter: '' });
        return null;
      }
      const sendAfter = new Date(now.getTime() + options.statusUndoMs).toISOString();
      held.hold(
        { bookingId: booking.id, previousStatus, status: booking.status, message, sendAfter },
        now.toISOString(),
      );
      schedule();
      return sendAfter;
    },
    /**
     * Undo: takes the held notification back and answers the status to restore. Throws UndoTooLateError when nothing
     * is held any more (it was sent, or there was nothing to send).
     */
    undo(bookingId: string): BookingStatus {
      const note = held.take(bookingId);
      schedule();
      if (!note) throw new UndoTooLateError(bookingId);
      return note.previousStatus;
    },
    /** The request moved to the day the client asked for: tells her at once, with the updated invite if confirmed. */
    async moved(booking: BookingRequest): Promise<void> {
      const invite = inviteOf(booking, booking.status === 'Confirmed' ? 'REQUEST' : null);
      await mailer
        .send(statusChangeMail(booking, movedMailOf(booking, { modelName: options.modelName }), invite))
        .catch((error: unknown) => log.error({ err: error, bookingId: booking.id }, 'moved mail failed'));
    },
    /** Sends what is due now and answers once it has left (a scheduler's tick, where timers may not run). */
    async sendDueNow(): Promise<void> {
      sendDue();
      await sending;
    },
    /** Sends what came due while the server was down, then keeps the timer. */
    start(): void {
      sendDue();
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await sending;
    },
  };
}

export type StatusNotifications = ReturnType<typeof createStatusNotifications>;
