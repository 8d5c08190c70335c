// What the booking request tests share (bookings*.test.ts): the app on a fixed day, requests for a photoshoot and for
// UGC, their POST with a fresh Idempotency-Key, and what was stored and sent.
import { addCalendarDays, type BookingInput } from '@studio/shared/domain';
import type { InjectOptions } from 'fastify';
import { atStudio, build, withCsrf, type TestApp } from './helper';
import type { BuildOverrides } from '../src/app/app';

export const TODAY = '2026-11-21';
// Noon at the studio, so its day is the 21st whatever zone the machine running the tests is in.
export const NOW = atStudio(TODAY);
export const day = (n: number) => addCalendarDays(TODAY, n);

export let t: TestApp;
let keySeq = 0;
export const newKey = () => `test-key-${++keySeq}`;

export async function start(overrides: BuildOverrides = {}) {
  t = await build({ now: () => NOW, ...overrides });
  return t;
}
/** Closes each test's app after it. */
export function closeAfterEach(): void {
  afterEach(async () => {
    await t?.close();
  });
}

export const photoshoot = (over: Partial<BookingInput> = {}): BookingInput => ({
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '+15551234567',
  serviceId: 'photoshoot',
  serviceTierId: 'photoshoot-standard',
  date: day(3),
  consultationDate: day(2),
  consultationLocation: 'Studio downtown',
  location: 'Papago Park',
  description: 'Editorial shoot for a spring lookbook.',
  smsOptIn: false,
  ...over,
});

export const ugc = (over: Partial<BookingInput> = {}): BookingInput => ({
  name: 'Brand Co',
  email: 'hello@brand.example',
  phone: '',
  serviceId: 'usergeneratedcontent',
  serviceTierId: 'ugc-monthly',
  date: '',
  consultationDate: '',
  consultationLocation: '',
  location: '',
  description: 'Twelve reels a month for our skincare line.',
  smsOptIn: false,
  ...over,
});

export function post(payload: unknown, key: string | null = newKey(), extra: Partial<InjectOptions> = {}) {
  return t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/bookings',
      payload: payload as InjectOptions['payload'],
      headers: key === null ? {} : { 'idempotency-key': key },
      ...extra,
    }),
  );
}

export const rowCount = () => (t.app.db.prepare('SELECT COUNT(*) AS n FROM booking_requests').get() as { n: number }).n;
export const outbox = (channel: 'mail' | 'sms') =>
  t.app.db.prepare('SELECT recipient, subject, body FROM outbox WHERE channel = ? ORDER BY id').all(channel) as Array<{
    recipient: string;
    subject: string;
    body: string;
  }>;
