// The reminder SMS: sent the day before a Confirmed booking's date, once, and only when the feature is on
// and she opted in. The tick is driven directly with a fake now.
import { addCalendarDays, type BookingInput } from '@studio/shared/domain';
import { atStudio, build, STUDIO_ZONE, withCsrf, type TestApp } from './helper';
import { reminderJob, runReminderTick, type ReminderJobDeps } from '../src/features/bookings/reminder-job';
import { createJobRunner } from '../src/platform/jobs';
import { createSmsSender } from '../src/features/messaging/sms-sender';
import type { SmsTransport } from '../src/features/messaging/sms-transport';

const TODAY = '2026-11-21';
// Noon at the studio, so its day is the 21st whatever zone the machine running the tests is in.
const NOW = atStudio(TODAY);
const day = (n: number) => addCalendarDays(TODAY, n);
/** 09:00 at the studio on the day before `n`. */
const dayBefore = (n: number) => atStudio(day(n - 1), '09:00');

let t: TestApp;
let seq = 0;
afterEach(async () => {
  await t?.close();
});

const ugc = (over: Partial<BookingInput> = {}): BookingInput => ({
  name: 'Mia Lopez',
  email: 'mia@example.com',
  phone: '+15557654321',
  serviceId: 'usergeneratedcontent',
  serviceTierId: 'ugc-single',
  date: day(3),
  consultationDate: '',
  consultationLocation: '',
  location: '',
  description: 'One product video.',
  smsOptIn: true,
  ...over,
});

async function book(input: BookingInput, status: 'New' | 'Contacted' | 'Confirmed' | 'Declined' = 'Confirmed') {
  const res = await t.app.inject(
    withCsrf({ method: 'POST', url: '/api/bookings', payload: input, headers: { 'idempotency-key': `r-${++seq}` } }),
  );
  expect(res.statusCode).toBe(201);
  const id = (res.json() as { id: string }).id;
  await t.repos.bookings.updateStatus(id, status, new Date().toISOString());
  return id;
}

// The job's own parts, built by the test on the app's database file and sending through the app's SMS transport.
const deps = (): ReminderJobDeps => ({
  bookings: t.repos.bookings,
  smsSender: createSmsSender({
    smsLog: t.repos.storage.sms,
    transport: t.sms,
    settings: t.repos.settings,
    smsEnabledEnv: t.options.smsEnabledEnv,
    log: t.app.log,
    now: () => NOW.getTime(),
  }),
  log: t.app.log,
  timeZone: STUDIO_ZONE,
});
const reminders = () =>
  (
    t.app.db.prepare("SELECT recipient, body FROM outbox WHERE channel = 'sms' ORDER BY id").all() as Array<{
      recipient: string;
      body: string;
    }>
  ).filter((m) => m.body.includes('a reminder'));

test('a Confirmed booking gets one reminder on the day before its date, and only then', async () => {
  t = await build({ now: () => NOW, smsEnabledEnv: 'true' });
  const id = await book(ugc());

  expect(await runReminderTick(deps(), dayBefore(2))).toEqual([]);
  expect(await runReminderTick(deps(), dayBefore(3))).toEqual([id]);
  expect(await runReminderTick(deps(), dayBefore(3))).toEqual([]);
  expect(await runReminderTick(deps(), atStudio(day(2), '23:30'))).toEqual([]);

  const sent = reminders();
  expect(sent).toHaveLength(1);
  expect(sent[0]?.recipient).toBe('+15557654321');
  expect(sent[0]?.body).toBe(
    `Hi Mia, a reminder that your User-Generated Content is tomorrow, ${day(3)}. Reply STOP to opt out.`,
  );
});

test('New, Contacted and Declined bookings get no reminder', async () => {
  t = await build({ now: () => NOW, smsEnabledEnv: 'true' });
  await book(ugc(), 'New');
  await book(ugc(), 'Contacted');
  await book(ugc(), 'Declined');
  expect(await runReminderTick(deps(), dayBefore(3))).toEqual([]);
  expect(reminders()).toEqual([]);
});

test('no reminder without the opt-in, or while the feature is off; it goes out once the feature is on', async () => {
  t = await build({ now: () => NOW, smsEnabledEnv: undefined });
  // Both confirmed once both are in: a confirmed booking holds its day for new requests.
  const optedOut = await book(ugc({ smsOptIn: false }), 'New');
  const id = await book(ugc(), 'New');
  await t.repos.bookings.updateStatus(optedOut, 'Confirmed', new Date().toISOString());
  await t.repos.bookings.updateStatus(id, 'Confirmed', new Date().toISOString());
  expect(await runReminderTick(deps(), dayBefore(3))).toEqual([]);
  await t.repos.settings.setAdminSmsValue(true);
  expect(await runReminderTick(deps(), dayBefore(3))).toEqual([id]);
  expect(reminders()).toHaveLength(1);
});

test('a photoshoot is reminded the day before its shoot date', async () => {
  t = await build({ now: () => NOW, smsEnabledEnv: 'true' });
  const id = await book(
    ugc({
      serviceId: 'photoshoot',
      serviceTierId: 'photoshoot-mini',
      consultationDate: day(2),
      date: day(4),
      consultationLocation: 'Cafe',
      location: 'Desert',
    }),
  );
  expect(await runReminderTick(deps(), dayBefore(1))).toEqual([]);
  expect(await runReminderTick(deps(), dayBefore(4))).toEqual([id]);
});

test('a failed reminder is not marked as sent, so the next tick tries again', async () => {
  let fail = true;
  const sms: SmsTransport = {
    kind: 'twilio',
    send: async () => {
      if (fail) throw new Error('carrier down');
    },
  };
  t = await build({ now: () => NOW, smsEnabledEnv: 'true', sms });
  const id = await book(ugc({ smsOptIn: false }));
  t.app.db.prepare('UPDATE booking_requests SET sms_opt_in = 1 WHERE id = ?').run(id);
  expect(await runReminderTick(deps(), dayBefore(3))).toEqual([]);
  fail = false;
  expect(await runReminderTick(deps(), dayBefore(3))).toEqual([id]);
  expect(await runReminderTick(deps(), dayBefore(3))).toEqual([]);
});

test("the job ticks at start and every interval, and the runner's stop() clears its timer", async () => {
  t = await build({ now: () => NOW, smsEnabledEnv: 'true' });
  const id = await book(ugc());
  // The booking's mails leave by a pass of the app's own runner: done before the clock is faked, so only this test's
  // runner sets timers on it.
  await t.settled();
  let clock = dayBefore(2);
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  try {
    const jobs = createJobRunner({ log: t.app.log });
    let ticks = 0;
    const job = reminderJob(deps(), () => clock, 60_000);
    jobs.add({ ...job, run: () => (ticks++, job.run()) });
    // The tick at start: two days before the booking, nothing is due.
    await jest.advanceTimersByTimeAsync(0);
    expect(ticks).toBe(1);
    expect(reminders()).toHaveLength(0);
    clock = dayBefore(3);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(ticks).toBe(2);
    await jobs.stop();
    expect(reminders()).toHaveLength(1);
    expect(jest.getTimerCount()).toBe(0);
    expect((await t.repos.bookings.get(id))?.status).toBe('Confirmed');
  } finally {
    jest.useRealTimers();
  }
});
