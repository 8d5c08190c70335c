// The logic of sendBookingSms and the day-before reminder, free of the firebase-functions runtime: Firestore is
// reached through SmsStore (firebase-admin in index.ts, an in-memory fake in tests) and Twilio through SmsClient.
import {
  SMS_MAX_PER_DAY,
  SMS_MAX_PER_HOUR,
  smsBookingConfirmation,
  smsFlagInForce,
  smsReminder,
} from '@studio/shared/domain';
import type { BookingRequest } from '@studio/shared/domain';

export type DocData = Record<string, unknown>;

/** The part of a Firestore transaction used here (firebase-admin's Transaction has the same shape by path). */
export interface SmsTransaction {
  get(path: string): Promise<DocData | undefined>;
  /** Fails the transaction when the document exists. */
  create(path: string, data: DocData): void;
  set(path: string, data: DocData): void;
}

export interface SmsStore {
  get(path: string): Promise<DocData | undefined>;
  set(path: string, data: DocData, options?: { merge: boolean }): Promise<void>;
  runTransaction<T>(work: (tx: SmsTransaction) => Promise<T>): Promise<T>;
  /** Bookings whose shoot date or consultation date equals `date` (two equality queries). */
  bookingsOn(date: string): Promise<Array<{ id: string; data: DocData }>>;
}

export interface SmsClient {
  send(to: string, body: string): Promise<{ sid: string }>;
}

export interface SmsDeps {
  store: SmsStore;
  client: SmsClient;
  /** process.env.SMS_ENABLED: 'true'/'false' overrides the admin's choice in settings/sms. */
  smsEnabledEnv: string | undefined;
  now: () => Date;
  log?: (message: string, detail?: unknown) => void;
}

export type SmsKind = 'confirmation' | 'reminder';

export type SmsOutcome =
  | { sent: true; sid: string }
  | { sent: false; reason: 'disabled' | 'no-opt-in' | 'already-sent' | 'rate-limited' | 'failed' | 'not-found' };

export const PATHS = {
  booking: (id: string) => `bookingRequests/${id}`,
  settings: 'settings/sms',
  /** One marker per booking and kind: its existence means the message was (or is being) sent. */
  marker: (id: string, kind: SmsKind) => `smsMarkers/${id}_${kind}`,
  /** The send times of the last 24 hours, for the 10/hour and 100/day limits across all function instances. */
  counter: 'smsCounters/global',
};

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

// The same shape as a Firestore document id the adapter writes (the idempotency key).
export const BOOKING_ID = /^[A-Za-z0-9_-]{1,128}$/;

export class SmsRequestError extends Error {
  constructor(
    readonly code: 'invalid-argument' | 'not-found',
    message: string,
  ) {
    super(message);
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function bookingOf(
  data: DocData,
): Pick<
  BookingRequest,
  'name' | 'service' | 'serviceTier' | 'date' | 'consultationDate' | 'phone' | 'smsOptIn' | 'status'
> {
  return {
    name: str(data.name),
    service: str(data.service),
    serviceTier: str(data.serviceTier),
    date: str(data.date),
    consultationDate: str(data.consultationDate),
    phone: str(data.phone),
    smsOptIn: data.smsOptIn === true,
    status: str(data.status) as BookingRequest['status'],
  };
}

/** The flag in force: SMS_ENABLED overrides settings/sms, and without either SMS is off. */
export async function smsEnabled(deps: Pick<SmsDeps, 'store' | 'smsEnabledEnv'>): Promise<boolean> {
  const settings = await deps.store.get(PATHS.settings);
  const admin = typeof settings?.smsEnabled === 'boolean' ? settings.smsEnabled : null;
  return smsFlagInForce(deps.smsEnabledEnv, admin).enabled;
}

/**
 * Sends one text for a stored booking, at most once per booking and kind. The booking is read from Firestore, never
 * taken from the caller. The marker and the counter are written in one transaction before Twilio is called, so two
 * concurrent calls cannot both send and the limits hold across instances; a Twilio failure leaves the marker (marked
 * failed) so a retry never risks a second text.
 */
export async function sendBookingSms(
  deps: SmsDeps,
  bookingId: unknown,
  kind: SmsKind = 'confirmation',
): Promise<SmsOutcome> {
  if (typeof bookingId !== 'string' || !BOOKING_ID.test(bookingId)) {
    throw new SmsRequestError('invalid-argument', 'bookingId must be a booking document id.');
  }
  const stored = await deps.store.get(PATHS.booking(bookingId));
  if (!stored) throw new SmsRequestError('not-found', 'Booking not found');
  const booking = bookingOf(stored);

  if (!(await smsEnabled(deps))) return { sent: false, reason: 'disabled' };
  if (!booking.smsOptIn || booking.phone === '') return { sent: false, reason: 'no-opt-in' };

  const t = deps.now().getTime();
  const reserved = await deps.store.runTransaction(async (tx): Promise<SmsOutcome | 'go'> => {
    // Every read before any write, as Firestore transactions require.
    const marker = await tx.get(PATHS.marker(bookingId, kind));
    const counter = await tx.get(PATHS.counter);
    if (marker) return { sent: false, reason: 'already-sent' };
    const recent = (Array.isArray(counter?.sentAt) ? (counter.sentAt as unknown[]) : []).filter(
      (s): s is number => typeof s === 'number' && t - s < DAY_MS,
    );
    const lastHour = recent.filter((s) => t - s < HOUR_MS).length;
    if (recent.length >= SMS_MAX_PER_DAY || lastHour >= SMS_MAX_PER_HOUR)
      return { sent: false, reason: 'rate-limited' };
    tx.create(PATHS.marker(bookingId, kind), { bookingId, kind, status: 'sending', at: t });
    tx.set(PATHS.counter, { sentAt: [...recent, t] });
    return 'go';
  });
  if (reserved !== 'go') return reserved;

  const body = kind === 'reminder' ? smsReminder(booking) : smsBookingConfirmation(booking);
  try {
    const { sid } = await deps.client.send(booking.phone, body);
    await deps.store.set(PATHS.marker(bookingId, kind), { status: 'sent', sid }, { merge: true });
    return { sent: true, sid };
  } catch (error) {
    deps.log?.('SMS send failed', error);
    await deps.store.set(PATHS.marker(bookingId, kind), { status: 'failed' }, { merge: true });
    return { sent: false, reason: 'failed' };
  }
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The day-before reminder: every booking dated tomorrow (the shoot date, or the consultation date when no shoot
 * date is set) that is not declined gets one reminder; the marker makes a rerun of the schedule harmless.
 */
export async function sendDayBeforeReminders(deps: SmsDeps): Promise<SmsOutcome[]> {
  const tomorrow = isoDay(new Date(deps.now().getTime() + DAY_MS));
  const outcomes: SmsOutcome[] = [];
  if (!(await smsEnabled(deps))) return outcomes;
  for (const { id, data } of await deps.store.bookingsOn(tomorrow)) {
    const booking = bookingOf(data);
    const dueDate = booking.date || booking.consultationDate;
    if (dueDate !== tomorrow || booking.status === 'Declined') continue;
    outcomes.push(await sendBookingSms(deps, id, 'reminder'));
  }
  return outcomes;
}
