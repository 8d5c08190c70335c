// Sends an SMS to a client when the feature is on (docs/product.md §4 flag) and the client opted in, within the limits of
// docs/product.md §9 (10 per rolling hour, 100 per rolling day) counted in the database so they survive restarts. A failed or
// refused SMS is logged and reported, never thrown: it must not fail or lose the booking it is about.
import { SMS_MAX_PER_DAY, SMS_MAX_PER_HOUR, smsFlagInForce } from '@studio/shared/domain';
import type { BookingRequest, SmsStatus } from '@studio/shared/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { SettingsStore } from '../settings';
import type { SmsKind, SmsLimit, SmsLogStore } from './sms-log-store';
import type { SmsTransport } from './sms-transport';

export type { SmsKind };
export type SmsOutcome = 'sent' | 'disabled' | 'not-opted-in' | 'no-phone' | 'limited' | 'failed';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const LIMITS: readonly SmsLimit[] = [
  { windowMs: HOUR_MS, max: SMS_MAX_PER_HOUR },
  { windowMs: DAY_MS, max: SMS_MAX_PER_DAY },
];

export function createSmsSender(deps: {
  smsLog: SmsLogStore;
  transport: SmsTransport;
  settings: SettingsStore;
  /** SMS_ENABLED from the environment: 'true'/'false' overrides her own switch (docs/product.md §4). */
  smsEnabledEnv: string | undefined;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const now = deps.now ?? (() => Date.now());

  /** docs/product.md §4: the environment's 'true'/'false' overrides, else her own switch, else off. */
  const status = async (): Promise<SmsStatus> =>
    smsFlagInForce(deps.smsEnabledEnv, await deps.settings.adminSmsValue());

  return {
    status,

    async sendToClient(
      booking: Pick<BookingRequest, 'id' | 'phone' | 'smsOptIn'>,
      kind: SmsKind,
      body: string,
    ): Promise<SmsOutcome> {
      if (!(await status()).enabled) return 'disabled';
      if (!booking.smsOptIn) return 'not-opted-in';
      if (!booking.phone) return 'no-phone';
      const reservation = await deps.smsLog.reserve(booking.id, kind, now(), LIMITS);
      if (reservation === null) {
        deps.log.warn({ bookingId: booking.id, kind }, 'SMS not sent: hourly or daily limit reached');
        return 'limited';
      }
      try {
        await deps.transport.send(booking.phone, body);
        return 'sent';
      } catch (error) {
        // A message that never left does not count against the limits.
        await deps.smsLog.release(reservation);
        deps.log.error({ err: error, bookingId: booking.id, kind }, 'SMS failed');
        return 'failed';
      }
    },
  };
}

export type SmsSender = ReturnType<typeof createSmsSender>;
