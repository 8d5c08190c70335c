// What the client hears when the admin changes her request's status. A change that tells her something is held for a
// short window (10 s by default) in the database before the mail and the status SMS leave, so the admin can take it
// back with Undo and nothing is sent. A job of the server's runner (platform/jobs.ts), due when the earliest held
// change is, sends what comes due; at start, what came due while the server was down goes at once. A Confirmed
// request's mail carries the calendar invite; a confirmed request later Declined or Cancelled, the invite's
// cancellation.
import type { FastifyBaseLogger } from 'fastify';
import { smsStatusUpdate, type BookingRequest, type BookingStatus } from '@studio/shared/domain';
import { CLOSED_STATUSES, statusChangeMailsClient } from '@studio/shared/domain/lifecycle';
import { movedMailOf, statusMailOf } from '@studio/shared/domain/status-mail';
import type { AppOptions } from '../../platform/config';
import type { Job, JobRunner, ScheduledJob } from '../../platform/jobs';
import { replyingToHer, type Mailer } from '../messaging';
import type { SmsSender } from '../messaging';
import type { BookingsStore } from './bookings-store';
import type { HeldNotification, HeldNotificationsStore } from './held-notifications-store';
import { calendarInvite, type InviteMethod } from './calendar-invite';
import { statusChangeMail } from './client-mails';
import { organizerAddressOf, type SiteIdentityReader } from '../content';

export interface StatusNotificationsDeps {
  options: AppOptions;
  held: HeldNotificationsStore;
  bookings: BookingsStore;
  mailer: Mailer;
  smsSender: SmsSender;
  /** Her name and public e-mail (Site details): the mails' signature and the invites' organizer. */
  identity: SiteIdentityReader;
  log: FastifyBaseLogger;
  /** The deposit paragraph (with its link) a confirmation adds, or null (features/deal/payments.ts). */
  depositParagraph?: (booking: BookingRequest) => Promise<string | null>;
}

export class UndoTooLateError extends Error {}

export function createStatusNotifications(deps: StatusNotificationsDeps) {
  const { options, held, bookings, mailer, smsSender, identity, log } = deps;
  // The job once handed to the runner (start()): a change held or taken back asks it when the next is due.
  let scheduled: ScheduledJob | undefined;

  const inviteMethodFor = async (booking: BookingRequest, status: BookingStatus): Promise<InviteMethod | null> => {
    if (status === 'Confirmed') return 'REQUEST';
    // Only a request whose invite is in her calendar needs it taken out.
    if (CLOSED_STATUSES.includes(status) && (await bookings.inviteSequence(booking.id)) > 0) return 'CANCEL';
    return null;
  };

  // An invite counts as sent once made: its SEQUENCE is taken here.
  const inviteOf = async (booking: BookingRequest, method: InviteMethod | null) => {
    if (!method) return null;
    const [sequence, me] = await Promise.all([bookings.nextInviteSequence(booking.id), identity.current()]);
    return calendarInvite(booking, {
      method,
      sequence,
      timeZone: options.timeZone,
      modelName: me.name,
      organizerEmail: organizerAddressOf(me, options.mailFrom),
      publicOrigin: options.publicOrigin,
      now: options.now(),
    });
  };

  /** The mail and SMS of one change, as they leave. Never rejects: what fails is logged. */
  async function send(note: HeldNotification): Promise<void> {
    try {
      const booking = await bookings.get(note.bookingId);
      if (!booking) return;
      const modelName = await identity.displayName();
      const statusMail = statusMailOf(booking, note.status, { modelName, message: note.message });
      const deposit =
        statusMail && note.status === 'Confirmed' && deps.depositParagraph
          ? await deps.depositParagraph(booking).catch((error: unknown) => {
              log.error({ err: error, bookingId: booking.id }, 'the deposit link could not be made');
              return null;
            })
          : null;
      const mail =
        statusMail && deposit
          ? {
              ...statusMail,
              paragraphs: [...statusMail.paragraphs, deposit],
              text: `${[...statusMail.paragraphs, deposit].join('\n\n')}\n\n${statusMail.signature}\n`,
            }
          : statusMail;
      if (mail) {
        const invite = await inviteOf(booking, await inviteMethodFor(booking, note.status));
        await mailer
          .send(replyingToHer(statusChangeMail(booking, mail, invite), (await identity.current()).email))
          .catch((error: unknown) => log.error({ err: error, bookingId: booking.id }, 'status-change mail failed'));
      }
      await smsSender
        .sendToClient(booking, 'status-update', smsStatusUpdate({ ...booking, status: note.status }))
        .catch((error: unknown) => log.error({ err: error, bookingId: booking.id }, 'status-update SMS failed'));
    } catch (error) {
      log.error({ err: error, bookingId: note.bookingId }, 'status notification failed');
    }
  }

  /**
   * Takes what came due and sends it, in the order it came due; a storage that cannot be read fails the pass. The pass
   * ends once what it took has left: the next one waits for it, the runner's stop (before the storage closes) too, and
   * a scheduler's tick that asked for it (the Firebase home's) returns only then.
   */
  const job: Job = {
    name: 'held status mail',
    due: {
      next: async () => {
        const next = await held.nextDue();
        return next === null ? null : Date.parse(next) - options.now().getTime();
      },
    },
    async run() {
      const due = await held.takeDue(options.now().toISOString());
      for (const note of due) await send(note);
    },
  };

  return {
    /**
     * The status of `booking` just went from `previousStatus` to its current one: holds what tells the client, or sends
     * the status SMS at once for a change that mails nobody (a move back to New). Answers when the held mail leaves.
     */
    async changed(booking: BookingRequest, previousStatus: BookingStatus, message: string): Promise<string | null> {
      if (!statusChangeMailsClient(booking.status)) {
        // A move back to New cancels whatever was still held for this request.
        await held.take(booking.id);
        await scheduled?.reschedule();
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
      await held.hold(
        { bookingId: booking.id, previousStatus, status: booking.status, message, sendAfter },
        now.toISOString(),
      );
      await scheduled?.reschedule();
      return sendAfter;
    },
    /**
     * Undo: takes the held notification back and answers the status to restore. Throws UndoTooLateError when nothing
     * is held any more (it was sent, or there was nothing to send).
     */
    async undo(bookingId: string): Promise<BookingStatus> {
      const note = await held.take(bookingId);
      await scheduled?.reschedule();
      if (!note) throw new UndoTooLateError(bookingId);
      return note.previousStatus;
    },
    /** The request moved to the day the client asked for: tells her at once, with the updated invite if confirmed. */
    async moved(booking: BookingRequest): Promise<void> {
      const invite = await inviteOf(booking, booking.status === 'Confirmed' ? 'REQUEST' : null);
      const me = await identity.current();
      await mailer
        .send(replyingToHer(statusChangeMail(booking, movedMailOf(booking, { modelName: me.name }), invite), me.email))
        .catch((error: unknown) => log.error({ err: error, bookingId: booking.id }, 'moved mail failed'));
    },
    /**
     * Hands the job to the server's runner, which asks it when the next is due: what came due while the server was down
     * is due at once and goes in the runner's first pass, without holding the server's start while it is sent.
     */
    start(jobs: JobRunner): void {
      scheduled = jobs.add(job);
    },
  };
}

export type StatusNotifications = ReturnType<typeof createStatusNotifications>;
