// What the client hears when the admin changes her request's status (issue 18, items 2 and 3). A change that tells
// her something is held for a short window (10 s by default) in the database before the mail and the status SMS
// leave, so the admin can take it back with Undo and nothing is sent. A timer sends what comes due; at start, what
// came due while the server was down goes at once. A Confirmed request's mail carries the calendar invite; a confirmed
// request later Declined or Cancelled, the invite's cancellation.
import type { FastifyBaseLogger } from 'fastify';
import { smsStatusUpdate, type BookingRequest, type BookingStatus } from '@studio/shared/domain';
import { statusChangeMailsClient } from '@studio/shared/domain/lifecycle';
import { movedMailOf, statusMailOf } from '@studio/shared/domain/status-mail';
import type { AppOptions } from '../../platform/config';
import type { Mailer } from '../messaging';
import type { SmsSender } from '../messaging';
import type { BookingsStore, HeldNotification, HeldNotificationsStore } from '../../platform/storage/ports';
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
  /** Issue 30: the deposit paragraph (with its link) a confirmation adds, or null (features/deal/payments.ts). */
  depositParagraph?: (booking: BookingRequest) => Promise<string | null>;
}

export class UndoTooLateError extends Error {}

// When the storage cannot be read to send or schedule what is held, the timer tries again after this long.
const RETRY_MS = 30 * 1000;

export function createStatusNotifications(deps: StatusNotificationsDeps) {
  const { options, held, bookings, mailer, smsSender, identity, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<unknown> = Promise.resolve();
  // The tick in progress (taking what came due, then scheduling the next): stop() waits for it, so nothing reads the
  // storage after the app closed it.
  let ticking: Promise<void> = Promise.resolve();
  // Counts calls of schedule(): only the latest one sets the timer, whatever order the storage answers them in.
  let generation = 0;
  let stopped = false;

  const inviteMethodFor = async (booking: BookingRequest, status: BookingStatus): Promise<InviteMethod | null> => {
    if (status === 'Confirmed') return 'REQUEST';
    // Only a request whose invite is in her calendar needs it taken out.
    if ((status === 'Declined' || status === 'Cancelled') && (await bookings.inviteSequence(booking.id)) > 0)
      return 'CANCEL';
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
          .send(statusChangeMail(booking, mail, invite))
          .catch((error: unknown) => log.error({ err: error, bookingId: booking.id }, 'status-change mail failed'));
      }
      await smsSender
        .sendToClient(booking, 'status-update', smsStatusUpdate({ ...booking, status: note.status }))
        .catch((error: unknown) => log.error({ err: error, bookingId: booking.id }, 'status-update SMS failed'));
    } catch (error) {
      log.error({ err: error, bookingId: note.bookingId }, 'status notification failed');
    }
  }

  /** Takes what came due and sends it in order, then sets the timer for the next. Never rejects. */
  function sendDue(): Promise<void> {
    ticking = ticking.then(async () => {
      if (stopped) return;
      try {
        const due = await held.takeDue(options.now().toISOString());
        for (const note of due) sending = sending.then(() => send(note));
      } catch (error) {
        log.error({ err: error }, 'held status notifications could not be read; trying again later');
        retryLater();
        return;
      }
      await schedule();
    });
    return ticking;
  }

  function setTimer(wait: number): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void sendDue(), wait);
    // Never keeps a process alive on its own; what is held is in the storage and goes at the next start.
    timer.unref();
  }

  function retryLater(): void {
    if (!stopped) setTimer(RETRY_MS);
  }

  /** Sets the timer for the earliest held notification (none when nothing is held). Never rejects. */
  async function schedule(): Promise<void> {
    const mine = ++generation;
    let next: string | null;
    try {
      next = await held.nextDue();
    } catch (error) {
      log.error({ err: error }, 'held status notifications could not be read; trying again later');
      if (mine === generation) retryLater();
      return;
    }
    // A later call read the storage after this one: its answer stands.
    if (mine !== generation) return;
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (stopped || next === null) return;
    setTimer(Math.max(0, Date.parse(next) - options.now().getTime()));
  }

  return {
    /**
     * The status of `booking` just went from `previousStatus` to its current one: holds what tells the client, or sends
     * the status SMS at once for a change that mails nobody (a move back to New). Answers when the held mail leaves.
     */
    async changed(booking: BookingRequest, previousStatus: BookingStatus, message: string): Promise<string | null> {
      if (!statusChangeMailsClient(booking.status)) {
        // A move back to New cancels whatever was still held for this request.
        await held.take(booking.id);
        await schedule();
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
      await schedule();
      return sendAfter;
    },
    /**
     * Undo: takes the held notification back and answers the status to restore. Throws UndoTooLateError when nothing
     * is held any more (it was sent, or there was nothing to send).
     */
    async undo(bookingId: string): Promise<BookingStatus> {
      const note = await held.take(bookingId);
      await schedule();
      if (!note) throw new UndoTooLateError(bookingId);
      return note.previousStatus;
    },
    /** The request moved to the day the client asked for: tells her at once, with the updated invite if confirmed. */
    async moved(booking: BookingRequest): Promise<void> {
      const invite = await inviteOf(booking, booking.status === 'Confirmed' ? 'REQUEST' : null);
      await mailer
        .send(statusChangeMail(booking, movedMailOf(booking, { modelName: await identity.displayName() }), invite))
        .catch((error: unknown) => log.error({ err: error, bookingId: booking.id }, 'moved mail failed'));
    },
    /** Sends what is due now and answers once it has left (a scheduler's tick, where timers may not run). */
    async sendDueNow(): Promise<void> {
      await sendDue();
      await sending;
    },
    /** Sends what came due while the server was down, then keeps the timer. Resolves once that is taken. */
    start(): Promise<void> {
      return sendDue();
    },
    /** Stops the timer and waits for what is being taken and sent: nothing touches the storage after. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await ticking;
      await sending;
    },
  };
}

export type StatusNotifications = ReturnType<typeof createStatusNotifications>;
