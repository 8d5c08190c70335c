// Every client action reaches her: a cancellation or a move asked for from the manage link, a contract opened (the
// first time) or signed, a visitor's message. Each is recorded (the dashboard's badge counts the ones she has not
// seen) and mailed to her, ADMIN_EMAIL, naming the booking (client, service, date) with a link that opens it in her
// dashboard; or, when she chose the daily digest, kept for one mail a day (runDigest, as a job: the embedded server's
// runner, the Firebase home's scheduled function). The routes make one call each and never fail because of what
// happens here, except the contact message, whose mail is the message itself (nothing else keeps its words for her
// reply): when that mail cannot leave, the visitor is told so.
import type { FastifyBaseLogger } from 'fastify';
import type { BookingRequest, ContactMessage, IsoDate, MovablePart } from '@studio/shared/domain';
import {
  adminBookingPath,
  describeMove,
  moveDetail,
  clientActionTitle,
  RECENT_CLIENT_ACTIONS,
  type ClientAction,
  type ClientActionsSummary,
} from '@studio/shared/domain/client-actions';
import type { ContractRecord } from '@studio/shared/domain/contract';
import { bookingReference } from '@studio/shared/domain/lifecycle';
import { formatPhone } from '@studio/shared/domain/phone';
import { calendarDayIn, formatInstant, formatLongDate } from '@studio/shared/domain/studio-time';
import type { AppOptions } from '../../platform/config';
import type { Job } from '../../platform/jobs';
import type { Mailer, MailMessage } from '../messaging';
import type { ClientActionsStore, NewClientAction } from './client-actions-store';
import type { SettingsStore } from '../settings';

/** The studio's hour (0-23) from which the day's digest goes out. */
export const DIGEST_HOUR = 8;
/** How often the embedded server looks whether the day's digest is due. */
export const DIGEST_INTERVAL_MS = 15 * 60 * 1000;

export interface ClientActionsDeps {
  options: Pick<AppOptions, 'adminEmail' | 'adminOrigin' | 'timeZone' | 'now'>;
  store: ClientActionsStore;
  /** The one read it makes of the bookings store: its own type, for bookings' routes import this feature. */
  bookings: { get(id: string): Promise<BookingRequest | null> };
  settings: SettingsStore;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

type Facts = Omit<NewClientAction, 'delivery' | 'at'>;

/** What a booking's action records of it: who, what, when (the shoot date, else the consultation's). */
const bookingFacts = (booking: BookingRequest, kind: ClientAction['kind'], detail = ''): Facts => ({
  kind,
  bookingId: booking.id,
  clientName: booking.name,
  email: booking.email,
  phone: booking.phone,
  service: [booking.service, booking.serviceTier].filter(Boolean).join(' - '),
  date: booking.date || booking.consultationDate,
  detail,
});

/** The hour (0-23) it is in the studio's zone at `at`. */
function studioHour(timeZone: string, at: Date): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(at));
}

export function createClientActions(deps: ClientActionsDeps) {
  const { options, store, mailer, log } = deps;
  const link = (action: ClientAction) =>
    `${options.adminOrigin}${action.bookingId ? adminBookingPath(action.bookingId) : '/admin'}`;

  /** The lines that name the action's booking (or the visitor who wrote), then the link: mail and digest alike. */
  function describe(action: ClientAction): string[] {
    const line = (label: string, value: string) => (value ? [`${label}: ${value}`] : []);
    if (action.kind === 'contact') {
      return [
        ...line('E-mail', action.email),
        ...line('Phone', action.phone ? formatPhone(action.phone) : ''),
        '',
        action.detail,
        '',
        `Open your dashboard: ${link(action)}`,
      ];
    }
    return [
      ...line('Client', `${action.clientName} (${action.email})`),
      ...line('Service', action.service),
      ...line('Date', action.date ? formatLongDate(action.date) : 'not given'),
      ...line('Reference', action.bookingId ? bookingReference(action.bookingId) : ''),
      ...line('Asked to move to', action.kind === 'move-requested' ? describeMove(action.detail) : ''),
      ...line(
        'Asked to move the consultation to',
        action.kind === 'consultation-move-requested' ? describeMove(action.detail) : '',
      ),
      ...line('Contract', action.kind.startsWith('contract-') ? `version ${action.detail}` : ''),
      '',
      `Open the booking: ${link(action)}`,
    ];
  }

  function actionMail(action: ClientAction): MailMessage {
    const when = formatInstant(action.at, options.timeZone);
    if (action.kind === 'contact') {
      return {
        to: options.adminEmail,
        replyTo: action.email,
        subject: `Message from ${action.clientName} (nothing was bookable)`,
        text: [
          `${action.clientName} wrote through the booking page while no date could be booked (${when}).`,
          '',
          ...describe(action),
        ].join('\n'),
      };
    }
    const dated = action.date ? `, ${formatLongDate(action.date)}` : '';
    return {
      to: options.adminEmail,
      replyTo: action.email,
      subject: `${clientActionTitle(action)}: ${action.service}${dated}`,
      text: [`${clientActionTitle(action)} on ${when}.`, '', ...describe(action)].join('\n'),
    };
  }

  /**
   * Records the action and tells her: its own mail, or a place in the next digest. A booking's action is recorded
   * whatever the mail does (a failed mail is logged: the badge still counts it); `mustMail` lets the failure through.
   */
  async function record(facts: Facts, mustMail = false): Promise<void> {
    const digest = await deps.settings.clientActionDigest();
    const action = await store.add({ ...facts, at: options.now().toISOString(), delivery: digest ? 'digest' : 'mail' });
    if (digest) return;
    try {
      await mailer.send(actionMail(action));
    } catch (error) {
      if (mustMail) throw error;
      log.error({ err: error, bookingId: action.bookingId, kind: action.kind }, 'client action mail failed');
    }
  }

  /** A contract's action: its booking as it stands now, else what the contract itself says of the client. */
  async function contractFacts(contract: ContractRecord, kind: ClientAction['kind']): Promise<Facts> {
    const booking = await deps.bookings.get(contract.bookingId);
    if (booking) return bookingFacts(booking, kind, String(contract.version));
    const { deal } = contract;
    return {
      kind,
      bookingId: contract.bookingId,
      clientName: contract.form.clientName,
      email: deal.client.email,
      phone: deal.client.phone,
      service: deal.packageName,
      date: deal.shootDate || deal.consultationDate,
      detail: String(contract.version),
    };
  }

  /** Keeps a failure of recording from failing the client's own request (what she did is stored already). */
  const quietly = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      log.error({ err: error }, `client action not recorded: ${what}`);
    }
  };

  return {
    /** The client cancelled from her manage link (`booking` as it was before). */
    bookingCancelled: (booking: BookingRequest) =>
      quietly('cancellation', () => record(bookingFacts(booking, 'cancelled'))),
    /** The client asked to move her request's shoot (the default) or its consultation to `date`. */
    /** `time`: the consultation's slot asked for on that day ('' for none), named beside the day. */
    moveRequested: (booking: BookingRequest, date: IsoDate, part: MovablePart = 'shoot', time = '') =>
      quietly('move request', () =>
        record(
          bookingFacts(
            booking,
            part === 'consultation' ? 'consultation-move-requested' : 'move-requested',
            moveDetail(date, time),
          ),
        ),
      ),
    /** The signing page was opened: told only the first time (sent to viewed), not at every reload. */
    contractViewed: (before: ContractRecord, after: ContractRecord | null) =>
      before.status === 'sent' && after?.status === 'viewed'
        ? quietly('contract view', async () => record(await contractFacts(after, 'contract-viewed')))
        : Promise.resolve(),
    contractSigned: (contract: ContractRecord) =>
      quietly('contract signature', async () => record(await contractFacts(contract, 'contract-signed'))),
    /** A visitor's message: rejects when it was to be mailed now and could not be (the route answers 502). */
    contactMessage: (message: ContactMessage) =>
      record(
        {
          kind: 'contact',
          bookingId: null,
          clientName: message.name,
          email: message.email,
          phone: message.phone,
          service: '',
          date: '',
          detail: message.message,
        },
        true,
      ),

    async summary(): Promise<ClientActionsSummary> {
      const [unseen, recent] = await Promise.all([store.unseenCount(), store.recent(RECENT_CLIENT_ACTIONS)]);
      return { unseen, recent };
    },
    /** She saw them: all, or one booking's (she opened its link). */
    markSeen: (bookingId?: string) => store.markSeen(options.now().toISOString(), bookingId),

    /**
     * One pass of the digest timer at `now`: from DIGEST_HOUR on, the day's digest takes every action waiting and
     * mails them in one message (none when none waits). Answers how many it carried. A failed mail puts them back for
     * the next pass.
     */
    async runDigest(now: Date): Promise<number> {
      if (studioHour(options.timeZone, now) < DIGEST_HOUR) return 0;
      const day = calendarDayIn(options.timeZone, now);
      const actions = await store.takeDigest(day, now.toISOString());
      if (actions.length === 0) return 0;
      const count = actions.length === 1 ? '1 client action' : `${actions.length} client actions`;
      const text = [
        `Your daily digest for ${formatLongDate(day)}: ${count} since the last one.`,
        ...actions.flatMap((a) => [
          '',
          `${clientActionTitle(a)} (${formatInstant(a.at, options.timeZone)})`,
          ...describe(a).filter((l) => l !== ''),
        ]),
      ].join('\n');
      try {
        await mailer.send({ to: options.adminEmail, subject: `Daily digest: ${count}`, text });
      } catch (error) {
        await store.releaseDigest(day);
        throw error;
      }
      return actions.length;
    },
  };
}

export type ClientActions = ReturnType<typeof createClientActions>;

/** The digest as a job of the server's runner (platform/jobs.ts): a pass at once, then every `everyMs`. */
export function clientActionDigestJob(
  actions: ClientActions,
  now: () => Date,
  everyMs: number = DIGEST_INTERVAL_MS,
): Job {
  return { name: 'client action digest', due: { everyMs }, run: () => actions.runDigest(now()) };
}
