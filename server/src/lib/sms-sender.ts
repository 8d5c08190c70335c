// Sends an SMS to a client when the feature is on (docs/product.md §4 flag) and the client opted in, within the limits of
// docs/product.md §9 (10 per rolling hour, 100 per rolling day) counted in the database so they survive restarts. A failed or
// refused SMS is logged and reported, never thrown: it must not fail or lose the booking it is about.
import { SMS_MAX_PER_DAY, SMS_MAX_PER_HOUR } from '@studio/shared/domain';
import type { BookingRequest } from '@studio/shared/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { SettingsRepository } from '../repositories/settings-repository';
import type { SmsTransport } from './sms-transport';

export type SmsKind = 'booking-confirmation' | 'status-update' | 'reminder';
export type SmsOutcome = 'sent' | 'disabled' | 'not-opted-in' | 'no-phone' | 'limited' | 'failed';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export function createSmsSender(deps: {
  db: Db;
  transport: SmsTransport;
  settings: SettingsRepository;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const now = deps.now ?? (() => Date.now());
  const countSince = deps.db.prepare('SELECT COUNT(*) AS n FROM sms_log WHERE sent_at > ?');
  const record = deps.db.prepare('INSERT INTO sms_log (booking_id, kind, sent_at) VALUES (?, ?, ?)');

  /** Reserves one message within the limits, atomically: two concurrent sends cannot both take the last one. */
  const reserve = deps.db.transaction((bookingId: string, kind: SmsKind, at: number): number | null => {
    const hour = (countSince.get(at - HOUR_MS) as { n: number }).n;
    const day = (countSince.get(at - DAY_MS) as { n: number }).n;
    if (hour >= SMS_MAX_PER_HOUR || day >= SMS_MAX_PER_DAY) return null;
    return Number(record.run(bookingId, kind, at).lastInsertRowid);
  });
  const release = deps.db.prepare('DELETE FROM sms_log WHERE id = ?');

  return {
    async sendToClient(
      booking: Pick<BookingRequest, 'id' | 'phone' | 'smsOptIn'>,
      kind: SmsKind,
      body: string,
    ): Promise<SmsOutcome> {
      if (!deps.settings.smsStatus().enabled) return 'disabled';
      if (!booking.smsOptIn) return 'not-opted-in';
      if (!booking.phone) return 'no-phone';
      const reservation = reserve(booking.id, kind, now());
      if (reservation === null) {
        deps.log.warn({ bookingId: booking.id, kind }, 'SMS not sent: hourly or daily limit reached');
        return 'limited';
      }
      try {
        await deps.transport.send(booking.phone, body);
        return 'sent';
      } catch (error) {
        // A message that never left does not count against the limits.
        release.run(reservation);
        deps.log.error({ err: error, bookingId: booking.id, kind }, 'SMS failed');
        return 'failed';
      }
    },
  };
}

export type SmsSender = ReturnType<typeof createSmsSender>;
