// The reminder SMS (docs/product.md §9 template): the day before a Confirmed booking's date, once. A tick finds the bookings
// due tomorrow (the studio's calendar, its TIMEZONE: not the machine's), claims each in the database before sending so overlapping ticks or a
// restart never send twice, and releases the claim when the SMS did not go out so a later tick tries again.
import type { FastifyBaseLogger } from 'fastify';
import { addCalendarDays, smsReminder } from '@studio/shared/domain';
import { calendarDayIn } from '@studio/shared/domain/studio-time';
import type { Job } from '../../platform/jobs';
import type { BookingsStore } from './bookings-store';
import type { SmsSender } from '../messaging';

export const REMINDER_INTERVAL_MS = 15 * 60 * 1000;

export interface ReminderJobDeps {
  bookings: BookingsStore;
  smsSender: SmsSender;
  log: FastifyBaseLogger;
  /** The studio's zone: "tomorrow" is the day after its today. */
  timeZone: string;
}

/** One pass at `now`: returns the ids whose reminder was sent. Tests call it with a fake now. */
export async function runReminderTick(deps: ReminderJobDeps, now: Date): Promise<string[]> {
  // Nothing can be sent while the feature is off; the bookings stay unclaimed for when it is turned on.
  if (!(await deps.smsSender.status()).enabled) return [];
  const tomorrow = addCalendarDays(calendarDayIn(deps.timeZone, now), 1);
  const sent: string[] = [];
  for (const booking of await deps.bookings.dueForReminder(tomorrow)) {
    if (!(await deps.bookings.claimReminder(booking.id, now.toISOString()))) continue;
    try {
      const outcome = await deps.smsSender.sendToClient(booking, 'reminder', smsReminder(booking));
      if (outcome === 'sent') sent.push(booking.id);
      else await deps.bookings.releaseReminder(booking.id);
    } catch (error) {
      deps.log.error({ err: error, bookingId: booking.id }, 'reminder SMS failed');
      await deps.bookings.releaseReminder(booking.id);
    }
  }
  return sent;
}

/** The reminders as a job of the server's runner (platform/jobs.ts): a tick at once, then every `everyMs`. */
export function reminderJob(deps: ReminderJobDeps, now: () => Date, everyMs: number = REMINDER_INTERVAL_MS): Job {
  return { name: 'reminders', due: { everyMs }, run: () => runReminderTick(deps, now()) };
}
