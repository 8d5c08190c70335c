// sendBookingSms and the day-before reminder on the Firestore emulator, through the deployed store
// (core/admin-store.ts on firebase-admin): the marker and the counter live in real transactions, so concurrent
// calls cannot text twice or pass the limits; the reminder's two equality queries run on real indexes. Twilio is
// the one fake (an outside service). The callable wrapper of src/index.ts is called over HTTP as well.
import { SMS_MAX_PER_HOUR } from '@studio/shared/domain';
import { createAdminStore } from '../src/core/admin-store';
import {
  PATHS,
  sendBookingSms,
  sendDayBeforeReminders,
  type DocData,
  type SmsClient,
  type SmsDeps,
} from '../src/core/send-booking-sms';
import { adminDb, clearFirestore, closeAdmin, startCallableServer } from './emulator-support';

class FakeTwilio implements SmsClient {
  sent: Array<{ to: string; body: string }> = [];
  fail = false;
  async send(to: string, body: string) {
    if (this.fail) throw new Error('Twilio is down');
    this.sent.push({ to, body });
    return { sid: `SM${this.sent.length}` };
  }
}

const booking = (over: DocData = {}): DocData => ({
  name: 'Jane Doe',
  phone: '+15551234567',
  service: 'Photoshoot',
  serviceTier: 'Mini Session',
  date: '2026-12-01',
  consultationDate: '',
  smsOptIn: true,
  status: 'New',
  ...over,
});

let twilio: FakeTwilio;
const NOW = new Date('2026-11-21T10:00:00Z');
const deps = (): SmsDeps => ({
  store: createAdminStore(adminDb()),
  client: twilio,
  smsEnabledEnv: undefined,
  now: () => NOW,
});

async function put(path: string, data: DocData) {
  await adminDb().doc(path).set(data);
}

beforeEach(async () => {
  twilio = new FakeTwilio();
  await clearFirestore();
  await put(PATHS.settings, { smsEnabled: true });
});
afterAll(closeAdmin);

describe('sendBookingSms on Firestore transactions', () => {
  it('texts a booking once when several calls race for it', async () => {
    await put(PATHS.booking('b1'), booking());
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => sendBookingSms(deps(), 'b1')));
    expect(outcomes.filter((o) => o.sent)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.sent)).toEqual(Array(4).fill({ sent: false, reason: 'already-sent' }));
    expect(twilio.sent).toHaveLength(1);
    expect((await adminDb().doc(PATHS.marker('b1', 'confirmation')).get()).get('status')).toBe('sent');
  });

  it(`sends at most ${SMS_MAX_PER_HOUR} in an hour when more bookings race for the counter`, async () => {
    const ids = Array.from({ length: SMS_MAX_PER_HOUR + 4 }, (_, i) => `h${i}`);
    await Promise.all(ids.map((id) => put(PATHS.booking(id), booking())));
    const outcomes = await Promise.all(ids.map((id) => sendBookingSms(deps(), id)));
    expect(outcomes.filter((o) => o.sent)).toHaveLength(SMS_MAX_PER_HOUR);
    expect(outcomes.filter((o) => !o.sent && o.reason === 'rate-limited')).toHaveLength(4);
    expect(twilio.sent).toHaveLength(SMS_MAX_PER_HOUR);
    expect((await adminDb().doc(PATHS.counter).get()).get('sentAt')).toHaveLength(SMS_MAX_PER_HOUR);
  });

  it('keeps the marker when Twilio fails, so a retry never texts twice', async () => {
    await put(PATHS.booking('b2'), booking());
    twilio.fail = true;
    expect(await sendBookingSms(deps(), 'b2')).toEqual({ sent: false, reason: 'failed' });
    twilio.fail = false;
    expect(await sendBookingSms(deps(), 'b2')).toEqual({ sent: false, reason: 'already-sent' });
    expect(twilio.sent).toEqual([]);
  });
});

describe('the day-before reminder (the scheduled function, called directly)', () => {
  it("reminds tomorrow's bookings by shoot or consultation date once, and a rerun sends nothing", async () => {
    await put(PATHS.booking('shoot'), booking({ date: '2026-11-22' }));
    await put(PATHS.booking('consult'), booking({ date: '', consultationDate: '2026-11-22', phone: '+15550000001' }));
    await put(PATHS.booking('declined'), booking({ date: '2026-11-22', status: 'Declined' }));
    await put(PATHS.booking('later'), booking({ date: '2026-11-30', consultationDate: '2026-11-22' }));
    await put(PATHS.booking('other-day'), booking({ date: '2026-11-23' }));
    const first = await sendDayBeforeReminders(deps());
    expect(first.map((o) => o.sent)).toEqual([true, true]);
    expect(twilio.sent.map((s) => s.to).sort()).toEqual(['+15550000001', '+15551234567']);
    expect((await sendDayBeforeReminders(deps())).map((o) => o.sent)).toEqual([false, false]);
    expect(twilio.sent).toHaveLength(2);
  });
});

describe('the sendBookingSms callable (src/index.ts) over HTTP', () => {
  it('refuses a bookingId that is not a document id, and sends nothing while SMS is off', async () => {
    await put(PATHS.settings, { smsEnabled: false });
    await put(PATHS.booking('b3'), booking());
    const server = await startCallableServer();
    const post = async (data: unknown) => {
      const response = await fetch(server.url('sendBookingSms'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data }),
      });
      return (await response.json()) as { result?: unknown; error?: { status: string } };
    };
    try {
      expect((await post({ bookingId: '../settings/sms' })).error?.status).toBe('INVALID_ARGUMENT');
      expect((await post({ bookingId: 'missing' })).error?.status).toBe('NOT_FOUND');
      expect((await post({ bookingId: 'b3' })).result).toEqual({ sent: false, reason: 'disabled' });
    } finally {
      await server.close();
    }
  });
});
