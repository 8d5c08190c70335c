// sendBookingSms and the reminder with a fake Twilio client and an in-memory Firestore whose transactions are
// serialisable (one at a time, writes applied at commit, create() failing on an existing document), as Firestore's.
import { SMS_MAX_PER_DAY, SMS_MAX_PER_HOUR, smsBookingConfirmation, smsReminder } from '@studio/shared/domain';
import {
  PATHS,
  SmsRequestError,
  sendBookingSms,
  sendDayBeforeReminders,
  type DocData,
  type SmsClient,
  type SmsDeps,
  type SmsStore,
} from './send-booking-sms';
import { createTwilioClient } from './twilio';

class MemoryStore implements SmsStore {
  docs = new Map<string, DocData>();
  private lock: Promise<unknown> = Promise.resolve();

  async get(path: string) {
    const d = this.docs.get(path);
    return d ? { ...d } : undefined;
  }
  async set(path: string, data: DocData, options?: { merge: boolean }) {
    this.docs.set(path, options?.merge ? { ...(this.docs.get(path) ?? {}), ...data } : { ...data });
  }
  runTransaction<T>(work: Parameters<SmsStore['runTransaction']>[0]): Promise<T> {
    const run = async () => {
      const writes: Array<() => void> = [];
      const result = await work({
        get: async (path) => this.get(path),
        create: (path, data) =>
          writes.push(() => {
            if (this.docs.has(path)) throw new Error(`ALREADY_EXISTS: ${path}`);
            this.docs.set(path, { ...data });
          }),
        set: (path, data) => writes.push(() => this.docs.set(path, { ...data })),
      });
      writes.forEach((w) => w());
      return result as T;
    };
    const next = this.lock.then(run, run);
    this.lock = next.catch(() => undefined);
    return next;
  }
  async bookingsOn(date: string) {
    return [...this.docs]
      .filter(([path, d]) => path.startsWith('bookingRequests/') && (d.date === date || d.consultationDate === date))
      .map(([path, data]) => ({ id: path.split('/')[1] ?? '', data }));
  }
}

class FakeTwilio implements SmsClient {
  sent: Array<{ to: string; body: string }> = [];
  fail = false;
  async send(to: string, body: string) {
    await Promise.resolve();
    if (this.fail) throw new Error('Twilio is down');
    this.sent.push({ to, body });
    return { sid: `SM${this.sent.length}` };
  }
}

const booking = (over: DocData = {}): DocData => ({
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '+15551234567',
  service: 'Photoshoot',
  serviceTier: 'Mini Session',
  date: '2026-12-01',
  consultationDate: '',
  smsOptIn: true,
  status: 'New',
  ...over,
});

let store: MemoryStore;
let twilio: FakeTwilio;
let clock: number;
let env: string | undefined;

const deps = (): SmsDeps => ({ store, client: twilio, smsEnabledEnv: env, now: () => new Date(clock) });

beforeEach(() => {
  store = new MemoryStore();
  twilio = new FakeTwilio();
  clock = Date.parse('2026-11-21T10:00:00Z');
  env = undefined;
  store.docs.set(PATHS.settings, { smsEnabled: true });
  store.docs.set(PATHS.booking('b1'), booking());
});

describe('sendBookingSms', () => {
  it("texts the stored booking's confirmation to its phone", async () => {
    expect(await sendBookingSms(deps(), 'b1')).toEqual({ sent: true, sid: 'SM1' });
    expect(twilio.sent).toEqual([
      {
        to: '+15551234567',
        body: smsBookingConfirmation({
          name: 'Jane Doe',
          service: 'Photoshoot',
          serviceTier: 'Mini Session',
          date: '2026-12-01',
          consultationDate: '',
        }),
      },
    ]);
    expect(store.docs.get(PATHS.marker('b1', 'confirmation'))).toMatchObject({ status: 'sent', sid: 'SM1' });
  });

  it('refuses an id that is not a booking document id, and a booking that does not exist', async () => {
    await expect(sendBookingSms(deps(), { phone: '+1999' })).rejects.toEqual(
      new SmsRequestError('invalid-argument', 'bookingId must be a booking document id.'),
    );
    await expect(sendBookingSms(deps(), '../settings/sms')).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(sendBookingSms(deps(), 'missing')).rejects.toMatchObject({ code: 'not-found' });
    expect(twilio.sent).toEqual([]);
  });

  it('sends nothing the second time for the same booking, even when two calls race', async () => {
    await sendBookingSms(deps(), 'b1');
    expect(await sendBookingSms(deps(), 'b1')).toEqual({ sent: false, reason: 'already-sent' });
    store.docs.set(PATHS.booking('b2'), booking());
    const both = await Promise.all([sendBookingSms(deps(), 'b2'), sendBookingSms(deps(), 'b2')]);
    expect(both.filter((o) => o.sent)).toHaveLength(1);
    expect(twilio.sent).toHaveLength(2);
  });

  it('is off without a flag, follows settings/sms, and lets SMS_ENABLED override it', async () => {
    store.docs.delete(PATHS.settings);
    expect(await sendBookingSms(deps(), 'b1')).toEqual({ sent: false, reason: 'disabled' });
    store.docs.set(PATHS.settings, { smsEnabled: false });
    expect(await sendBookingSms(deps(), 'b1')).toEqual({ sent: false, reason: 'disabled' });
    env = 'false';
    store.docs.set(PATHS.settings, { smsEnabled: true });
    expect(await sendBookingSms(deps(), 'b1')).toEqual({ sent: false, reason: 'disabled' });
    expect(twilio.sent).toEqual([]);
    env = 'TRUE';
    store.docs.set(PATHS.settings, { smsEnabled: false });
    expect((await sendBookingSms(deps(), 'b1')).sent).toBe(true);
  });

  it('texts only a client who ticked the opt-in and gave a phone number', async () => {
    store.docs.set(PATHS.booking('b1'), booking({ smsOptIn: false }));
    expect(await sendBookingSms(deps(), 'b1')).toEqual({ sent: false, reason: 'no-opt-in' });
    store.docs.set(PATHS.booking('b1'), booking({ phone: '' }));
    expect(await sendBookingSms(deps(), 'b1')).toEqual({ sent: false, reason: 'no-opt-in' });
    expect(twilio.sent).toEqual([]);
  });

  it(`sends at most ${SMS_MAX_PER_HOUR} in an hour`, async () => {
    for (let i = 0; i <= SMS_MAX_PER_HOUR; i++) store.docs.set(PATHS.booking(`h${i}`), booking());
    for (let i = 0; i < SMS_MAX_PER_HOUR; i++) expect((await sendBookingSms(deps(), `h${i}`)).sent).toBe(true);
    expect(await sendBookingSms(deps(), `h${SMS_MAX_PER_HOUR}`)).toEqual({ sent: false, reason: 'rate-limited' });
    clock += 60 * 60 * 1000;
    expect((await sendBookingSms(deps(), `h${SMS_MAX_PER_HOUR}`)).sent).toBe(true);
  });

  it(`sends at most ${SMS_MAX_PER_DAY} in a day`, async () => {
    const start = clock;
    for (let i = 0; i <= SMS_MAX_PER_DAY; i++) store.docs.set(PATHS.booking(`d${i}`), booking());
    for (let i = 0; i < SMS_MAX_PER_DAY; i++) {
      // Spread over the day so the hourly limit never bites first.
      clock = start + Math.floor(i / SMS_MAX_PER_HOUR) * 61 * 60 * 1000;
      expect((await sendBookingSms(deps(), `d${i}`)).sent).toBe(true);
    }
    clock = start + 20 * 60 * 60 * 1000;
    expect(await sendBookingSms(deps(), `d${SMS_MAX_PER_DAY}`)).toEqual({ sent: false, reason: 'rate-limited' });
    clock = start + 24 * 60 * 60 * 1000;
    expect((await sendBookingSms(deps(), `d${SMS_MAX_PER_DAY}`)).sent).toBe(true);
  });

  it('keeps the marker when Twilio fails, so a retry never texts twice', async () => {
    twilio.fail = true;
    expect(await sendBookingSms(deps(), 'b1')).toEqual({ sent: false, reason: 'failed' });
    expect(store.docs.get(PATHS.marker('b1', 'confirmation'))).toMatchObject({ status: 'failed' });
    twilio.fail = false;
    expect(await sendBookingSms(deps(), 'b1')).toEqual({ sent: false, reason: 'already-sent' });
    expect(twilio.sent).toEqual([]);
  });
});

describe('sendDayBeforeReminders', () => {
  it('reminds each booking dated tomorrow once, by shoot date or else consultation date, skipping declined ones', async () => {
    store.docs.set(PATHS.booking('shoot'), booking({ date: '2026-11-22' }));
    store.docs.set(
      PATHS.booking('consult'),
      booking({ date: '', consultationDate: '2026-11-22', phone: '+15550000001' }),
    );
    store.docs.set(PATHS.booking('declined'), booking({ date: '2026-11-22', status: 'Declined' }));
    store.docs.set(PATHS.booking('shoot-later'), booking({ date: '2026-11-30', consultationDate: '2026-11-22' }));
    const outcomes = await sendDayBeforeReminders(deps());
    expect(outcomes.map((o) => o.sent)).toEqual([true, true]);
    expect(twilio.sent.map((s) => s.body).sort()).toEqual(
      [
        smsReminder({
          name: 'Jane Doe',
          service: 'Photoshoot',
          serviceTier: 'Mini Session',
          date: '2026-11-22',
          consultationDate: '',
        }),
        smsReminder({
          name: 'Jane Doe',
          service: 'Photoshoot',
          serviceTier: 'Mini Session',
          date: '',
          consultationDate: '2026-11-22',
        }),
      ].sort(),
    );
    await sendDayBeforeReminders(deps());
    expect(twilio.sent).toHaveLength(2);
  });
});

describe('createTwilioClient', () => {
  it("posts the message form to the account's Messages endpoint with basic auth", async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const client = createTwilioClient({
      accountSid: 'AC123',
      authToken: 'secret',
      from: '+15550001111',
      fetch: (async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return { ok: true, status: 201, json: async () => ({ sid: 'SM9' }) } as Response;
      }) as unknown as typeof fetch,
    });
    expect(await client.send('+15551234567', 'Hi')).toEqual({ sid: 'SM9' });
    expect(calls[0]?.url).toBe('https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json');
    expect((calls[0]?.init.headers as Record<string, string>).Authorization).toBe(
      `Basic ${Buffer.from('AC123:secret').toString('base64')}`,
    );
    expect(String(calls[0]?.init.body)).toBe('To=%2B15551234567&From=%2B15550001111&Body=Hi');
  });
});
