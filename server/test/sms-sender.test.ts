// docs/product.md §9 SMS limits (10 per hour, 100 per day), the flag and the opt-in, enforced by the server.
import { build, type TestApp } from './helper';
import { createSmsSender } from '../src/features/messaging/sms-sender';
import type { SmsTransport } from '../src/features/messaging/sms-transport';

let t: TestApp;
const sent: string[] = [];
let failNext = false;
const transport: SmsTransport = {
  kind: 'outbox',
  async send(to) {
    if (failNext) {
      failNext = false;
      throw new Error('carrier down');
    }
    sent.push(to);
  },
};
let clock = Date.parse('2026-11-21T10:00:00Z');

beforeEach(async () => {
  t = await build({ smsEnabledEnv: 'true' });
  sent.length = 0;
  clock = Date.parse('2026-11-21T10:00:00Z');
});
afterEach(() => t.close());

/** The sender as the app builds it, on the test's own connection to the app's database file. */
const senderOf = (test: TestApp, smsEnabledEnv: string | undefined) =>
  createSmsSender({
    smsLog: test.repos.storage.sms,
    transport,
    settings: test.repos.settings,
    smsEnabledEnv,
    log: test.app.log,
    now: () => clock,
  });
const sender = () => senderOf(t, 'true');
const booking = (n: number) => ({ id: `b${n}`, phone: '+15550000000', smsOptIn: true });

test('the 10th message in an hour is sent and the 11th is refused until the hour has passed', async () => {
  const s = sender();
  for (let i = 1; i <= 10; i++) expect(await s.sendToClient(booking(i), 'booking-confirmation', 'hi')).toBe('sent');
  expect(await s.sendToClient(booking(11), 'booking-confirmation', 'hi')).toBe('limited');
  clock += 60 * 60 * 1000 + 1;
  expect(await s.sendToClient(booking(12), 'booking-confirmation', 'hi')).toBe('sent');
  expect(sent).toHaveLength(11);
});

test('at most 100 in a day, even spread over hours', async () => {
  const s = sender();
  let ok = 0;
  for (let hour = 0; hour < 11; hour++) {
    for (let i = 0; i < 10; i++) if ((await s.sendToClient(booking(i), 'status-update', 'x')) === 'sent') ok++;
    clock += 60 * 60 * 1000 + 1;
  }
  expect(ok).toBe(100);
  clock += 14 * 60 * 60 * 1000;
  expect(await s.sendToClient(booking(1), 'reminder', 'x')).toBe('sent');
});

test('nothing is sent when the feature is off, the client did not opt in, or has no phone', async () => {
  const off = await build({ smsEnabledEnv: undefined });
  try {
    const s = senderOf(off, undefined);
    expect(await s.sendToClient(booking(1), 'booking-confirmation', 'x')).toBe('disabled');
    await off.repos.settings.setAdminSmsValue(true);
    expect(await s.sendToClient({ ...booking(1), smsOptIn: false }, 'booking-confirmation', 'x')).toBe('not-opted-in');
    expect(await s.sendToClient({ ...booking(1), phone: '' }, 'booking-confirmation', 'x')).toBe('no-phone');
    expect(await s.sendToClient(booking(1), 'booking-confirmation', 'x')).toBe('sent');
  } finally {
    await off.close();
  }
});

test('the environment setting overrides the admin: false wins over her true', async () => {
  const env = await build({ smsEnabledEnv: 'false' });
  try {
    await env.repos.settings.setAdminSmsValue(true);
    expect(await senderOf(env, 'false').status()).toMatchObject({ enabled: false, source: 'env' });
  } finally {
    await env.close();
  }
});

test('a failed send is reported, never thrown, and does not use up the limit', async () => {
  const s = sender();
  failNext = true;
  expect(await s.sendToClient(booking(1), 'booking-confirmation', 'x')).toBe('failed');
  for (let i = 0; i < 10; i++) expect(await s.sendToClient(booking(i), 'booking-confirmation', 'x')).toBe('sent');
});
