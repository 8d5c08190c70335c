// The deployed functions: thin wrappers that wire firebase-admin and Twilio into core/ (which holds the logic and
// the tests). Not run by jest (it needs the functions runtime); the root type check covers it.
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { defineBoolean, defineSecret, defineString } from 'firebase-functions/params';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { logger } from 'firebase-functions/v2';
import { createAdminStore } from './core/admin-store';
import { clientAddress } from './core/client-address';
import { BookingCallError, createBooking as create } from './core/create-booking';
import { sendBookingSms as send, sendDayBeforeReminders, SmsRequestError, type SmsDeps } from './core/send-booking-sms';
import { createTwilioClient } from './core/twilio';

initializeApp();

const REGION = defineString('FUNCTIONS_REGION', { default: 'us-central1' });
const TWILIO_ACCOUNT_SID = defineString('TWILIO_ACCOUNT_SID');
const TWILIO_FROM = defineString('TWILIO_FROM');
const TWILIO_AUTH_TOKEN = defineSecret('TWILIO_AUTH_TOKEN');
/** true once the site registers App Check (FIREBASE_APP_CHECK_SITE_KEY at build): calls without a valid token fail. */
const APP_CHECK_ENFORCED = defineBoolean('APP_CHECK_ENFORCED', { default: false });

function deps(): SmsDeps {
  return {
    store: createAdminStore(getFirestore()),
    client: createTwilioClient({
      accountSid: TWILIO_ACCOUNT_SID.value(),
      authToken: TWILIO_AUTH_TOKEN.value(),
      from: TWILIO_FROM.value(),
    }),
    smsEnabledEnv: process.env.SMS_ENABLED,
    now: () => new Date(),
    log: (message, detail) => logger.warn(message, detail),
  };
}

/**
 * The only way a booking is stored (firestore.rules refuse client writes): { booking, idempotencyKey }, answered
 * with { id, status, createdAt }, or an HttpsError whose details carry the embedded server's status and field errors.
 */
export const createBooking = onCall(
  { region: REGION, enforceAppCheck: APP_CHECK_ENFORCED, maxInstances: 10 },
  async (request) => {
    try {
      // Not request.rawRequest.ip: with the framework's 'trust proxy' that is the caller's own X-Forwarded-For text
      // (core/client-address.ts).
      const { booking } = await create(
        { db: getFirestore(), now: () => new Date() },
        { data: request.data, client: clientAddress(request.rawRequest) },
      );
      return booking;
    } catch (error) {
      if (error instanceof BookingCallError) throw new HttpsError(error.code, error.message, error.details);
      throw error;
    }
  },
);

/** Called by the site right after a booking with the SMS opt-in: { bookingId }. */
export const sendBookingSms = onCall(
  { region: REGION, secrets: [TWILIO_AUTH_TOKEN], maxInstances: 5 },
  async (request) => {
    const data = request.data as { bookingId?: unknown } | null;
    try {
      return await send(deps(), data?.bookingId, 'confirmation');
    } catch (error) {
      if (error instanceof SmsRequestError) throw new HttpsError(error.code, error.message);
      throw error;
    }
  },
);

/** Every evening: a reminder for each booking dated tomorrow. */
export const sendBookingReminders = onSchedule(
  { schedule: 'every day 18:00', timeZone: 'America/Phoenix', region: REGION, secrets: [TWILIO_AUTH_TOKEN] },
  async () => {
    const outcomes = await sendDayBeforeReminders(deps());
    logger.info('day-before reminders', { sent: outcomes.filter((o) => o.sent).length, total: outcomes.length });
  },
);
