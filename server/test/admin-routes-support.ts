// What the admin route tests share (admin-routes*.test.ts): the app with the admin's and a stranger's sessions,
// bookings stored straight into the table, and a request sent as one of them.
import type { InjectOptions } from 'fastify';
import { build, withCsrf, ADMIN_EMAIL, type TestApp, insertRow } from './helper';

export let t: TestApp;
export let admin: string;
export let stranger: string;
/** Where the files' clock starts; a file that moves it passes its own to useAdminRoutesApp. */
export const START = new Date('2026-03-02T10:00:00Z').getTime();
let clock = () => START;

/** Builds the file's app on the clock given, with a session for the admin and one for a stranger. */
export function useAdminRoutesApp(now: () => number = () => START): void {
  clock = now;
  beforeAll(async () => {
    // The client is told at once here (no Undo window); the window itself is tested in status-changes.test.ts.
    t = await build({ now: () => new Date(clock()), statusUndoMs: 0 });
    admin = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
    // The server only ever issues sessions for the admin's e-mail; a stranger's session is made directly.
    stranger = (await t.repos.sessions.create('stranger@example.com')).id;
  });
  afterAll(() => t.close());
}

let seq = 0;
export function insertBooking(fields: Partial<Record<string, string | number>> = {}): string {
  const id = `b-${++seq}`;
  const at = new Date(clock() + seq * 1000).toISOString();
  const row = {
    id,
    name: 'Jamie Rivera',
    email: 'jamie@example.com',
    phone: '+15551234567',
    service_id: 'photoshoot',
    service: 'Photoshoot',
    service_price: '$350',
    service_tier: 'Standard',
    service_tier_id: 'standard',
    payment_schedule: '50% upfront, 50% upon completion',
    date: '2026-04-01',
    consultation_date: '2026-03-20',
    consultation_location: 'Studio',
    location: 'Tempe',
    description: 'Editorial shoot',
    sms_opt_in: 1,
    status: 'New',
    created_at: at,
    updated_at: at,
    ...fields,
  };
  insertRow(t.app, row);
  return id;
}

/** Every stored booking, as the table holds it. */
export const allBookings = () => t.app.db.prepare('SELECT * FROM booking_requests ORDER BY rowid').all();

export const as = (session: string | null, options: InjectOptions): InjectOptions =>
  withCsrf({ ...options, cookies: session ? { studio_session: session } : {} });
