// SMS texts, the on/off flag and the sending limits (docs/product.md §4, §9). Off by default.
import { SMS_OPT_IN_TEXT, SMS_STOP_FOOTER } from '../messages';
import { RESPONSE_TIME_HOURS, SMS_MAX_PER_DAY, SMS_MAX_PER_HOUR } from './constants';
import { CLIENT_STATUS_WORDS } from './lifecycle';
import type { BookingRequest } from './booking-types';
import type { SmsStatus } from './settings-types';

export { SMS_OPT_IN_TEXT, SMS_STOP_FOOTER };

type SmsBooking = Pick<BookingRequest, 'name' | 'service' | 'serviceTier' | 'date' | 'consultationDate'>;

// A text message greets by first name: the full name the form took may be long.
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';
const greeting = (name: string) => (firstName(name) ? `Hi ${firstName(name)},` : 'Hi,');
const what = (b: Pick<BookingRequest, 'service' | 'serviceTier'>) =>
  b.serviceTier ? `${b.service} (${b.serviceTier})` : b.service;

export function smsBookingConfirmation(booking: SmsBooking): string {
  const on = booking.date ? ` for ${booking.date}` : '';
  return `${greeting(booking.name)} thank you for your ${what(booking)} booking request${on}. I will reply within ${RESPONSE_TIME_HOURS} hours. ${SMS_STOP_FOOTER}`;
}

/** Sent the day before the booked date (the shoot date, or the consultation when no shoot date is set). */
export function smsReminder(booking: SmsBooking): string {
  const date = booking.date || booking.consultationDate;
  const kind = booking.date ? booking.service : `${booking.service} consultation`;
  return `${greeting(booking.name)} a reminder that your ${kind} is tomorrow, ${date}. ${SMS_STOP_FOOTER}`;
}

export function smsStatusUpdate(booking: SmsBooking & Pick<BookingRequest, 'status'>): string {
  return `${greeting(booking.name)} your ${what(booking)} booking request is now ${CLIENT_STATUS_WORDS[booking.status]}. ${SMS_STOP_FOOTER}`;
}

/**
 * The SMS flag in force: an environment value of 'true' or 'false' (any case) overrides the admin's choice; without
 * either the feature is off.
 */
export function smsFlagInForce(envValue: string | undefined, adminValue: boolean | null): SmsStatus {
  const env = envValue?.trim().toLowerCase();
  if (env === 'true' || env === 'false') return { enabled: env === 'true', source: 'env', adminValue };
  if (adminValue !== null) return { enabled: adminValue, source: 'admin', adminValue };
  return { enabled: false, source: 'default', adminValue };
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface SmsLimiter {
  /** Counts one message and answers true, or answers false without counting when a limit is reached. */
  tryConsume(): boolean;
  remaining(): { hour: number; day: number };
  /** Milliseconds until the next message may be sent; 0 when it may be sent now. */
  retryAfterMs(): number;
}

/** Rolling windows: at most SMS_MAX_PER_HOUR in any 60 minutes and SMS_MAX_PER_DAY in any 24 hours. */
export function createSmsLimiter(now: () => number = () => Date.now()): SmsLimiter {
  // Send times, oldest first; nothing older than a day is kept.
  let sent: number[] = [];

  const prune = (t: number) => {
    sent = sent.filter((s) => t - s < DAY_MS);
  };
  const inLastHour = (t: number) => sent.filter((s) => t - s < HOUR_MS).length;

  return {
    tryConsume() {
      const t = now();
      prune(t);
      if (sent.length >= SMS_MAX_PER_DAY || inLastHour(t) >= SMS_MAX_PER_HOUR) return false;
      sent.push(t);
      return true;
    },
    remaining() {
      const t = now();
      prune(t);
      return {
        hour: Math.max(0, Math.min(SMS_MAX_PER_HOUR - inLastHour(t), SMS_MAX_PER_DAY - sent.length)),
        day: Math.max(0, SMS_MAX_PER_DAY - sent.length),
      };
    },
    retryAfterMs() {
      const t = now();
      prune(t);
      let wait = 0;
      const hourly = sent.filter((s) => t - s < HOUR_MS);
      // The oldest send inside a full window is the one whose expiry frees a place.
      const oldestInHour = hourly[hourly.length - SMS_MAX_PER_HOUR];
      if (hourly.length >= SMS_MAX_PER_HOUR && oldestInHour !== undefined) wait = oldestInHour + HOUR_MS - t;
      const oldestInDay = sent[sent.length - SMS_MAX_PER_DAY];
      if (sent.length >= SMS_MAX_PER_DAY && oldestInDay !== undefined) wait = Math.max(wait, oldestInDay + DAY_MS - t);
      return wait;
    },
  };
}
