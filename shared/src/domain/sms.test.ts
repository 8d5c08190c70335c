import {
  createSmsLimiter,
  SMS_OPT_IN_TEXT,
  smsBookingConfirmation,
  smsFlagInForce,
  smsReminder,
  smsStatusUpdate,
} from './sms';

const booking = {
  name: 'Jane  Doe',
  service: 'Photoshoot',
  serviceTier: 'Mini Session',
  date: '2025-06-10',
  consultationDate: '2025-06-01',
  status: 'Confirmed' as const,
};

describe('SMS templates (docs/product.md §9)', () => {
  it('confirms a booking and promises a reply within 24 hours', () => {
    expect(smsBookingConfirmation(booking)).toBe(
      'Hi Jane, thank you for your Photoshoot (Mini Session) booking request for 2025-06-10. I will reply within 24 hours. Reply STOP to opt out.',
    );
  });

  it('confirms a booking without a date or a name', () => {
    expect(smsBookingConfirmation({ ...booking, name: ' ', serviceTier: '', date: '' })).toBe(
      'Hi, thank you for your Photoshoot booking request. I will reply within 24 hours. Reply STOP to opt out.',
    );
  });

  it('reminds of the shoot date, or of the consultation when there is no shoot date', () => {
    expect(smsReminder(booking)).toBe(
      'Hi Jane, a reminder that your Photoshoot is tomorrow, 2025-06-10. Reply STOP to opt out.',
    );
    expect(smsReminder({ ...booking, date: '' })).toBe(
      'Hi Jane, a reminder that your Photoshoot consultation is tomorrow, 2025-06-01. Reply STOP to opt out.',
    );
  });

  it('tells the new status', () => {
    expect(smsStatusUpdate(booking)).toBe(
      'Hi Jane, your Photoshoot (Mini Session) booking request is now Confirmed. Reply STOP to opt out.',
    );
  });

  it('ends every message with the opt-out', () => {
    for (const text of [smsBookingConfirmation(booking), smsReminder(booking), smsStatusUpdate(booking)]) {
      expect(text.endsWith('Reply STOP to opt out.')).toBe(true);
    }
  });

  it('explains on opt-in what is sent, how often, and how to stop', () => {
    expect(SMS_OPT_IN_TEXT).toBe(
      'Send me text messages about this booking: one confirmation when I submit it, an update whenever its status ' +
        'changes, and a reminder the day before. Nothing else, no marketing. Message and data rates may apply. ' +
        'Reply STOP at any time to stop receiving messages.',
    );
  });
});

describe('smsFlagInForce (docs/product.md §4)', () => {
  it("lets an environment 'true' or 'false' override the admin's choice", () => {
    expect(smsFlagInForce('true', false)).toEqual({ enabled: true, source: 'env', adminValue: false });
    expect(smsFlagInForce('false', true)).toEqual({ enabled: false, source: 'env', adminValue: true });
    expect(smsFlagInForce(' TRUE ', null)).toEqual({ enabled: true, source: 'env', adminValue: null });
  });

  it("uses the admin's choice when the environment says nothing usable", () => {
    expect(smsFlagInForce(undefined, true)).toEqual({ enabled: true, source: 'admin', adminValue: true });
    expect(smsFlagInForce('', false)).toEqual({ enabled: false, source: 'admin', adminValue: false });
    expect(smsFlagInForce('yes', true)).toEqual({ enabled: true, source: 'admin', adminValue: true });
  });

  it('is off by default', () => {
    expect(smsFlagInForce(undefined, null)).toEqual({ enabled: false, source: 'default', adminValue: null });
    expect(smsFlagInForce('1', null)).toEqual({ enabled: false, source: 'default', adminValue: null });
  });
});

describe('createSmsLimiter (10 per rolling hour, 100 per rolling day)', () => {
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;

  const fakeClock = () => {
    let t = Date.UTC(2025, 5, 1);
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('allows the 10th message in an hour and refuses the 11th', () => {
    const clock = fakeClock();
    const limiter = createSmsLimiter(clock.now);
    for (let i = 1; i <= 9; i++) {
      expect(limiter.tryConsume()).toBe(true);
      clock.advance(MINUTE);
    }
    expect(limiter.remaining()).toEqual({ hour: 1, day: 91 });
    expect(limiter.tryConsume()).toBe(true);
    expect(limiter.tryConsume()).toBe(false);
    expect(limiter.remaining()).toEqual({ hour: 0, day: 90 });
  });

  it('frees a place exactly one hour after the oldest message in the window', () => {
    const clock = fakeClock();
    const limiter = createSmsLimiter(clock.now);
    for (let i = 0; i < 10; i++) limiter.tryConsume();
    clock.advance(HOUR - 1);
    expect(limiter.retryAfterMs()).toBe(1);
    expect(limiter.tryConsume()).toBe(false);
    clock.advance(1);
    expect(limiter.retryAfterMs()).toBe(0);
    expect(limiter.tryConsume()).toBe(true);
  });

  it('allows the 100th message in a day and refuses the 101st, even with room in the hour', () => {
    const clock = fakeClock();
    const limiter = createSmsLimiter(clock.now);
    // 10 per hour for 10 hours: 100 messages, each hour's window full.
    for (let hour = 0; hour < 10; hour++) {
      for (let i = 0; i < 10; i++) expect(limiter.tryConsume()).toBe(true);
      clock.advance(HOUR);
    }
    expect(limiter.remaining()).toEqual({ hour: 0, day: 0 });
    expect(limiter.tryConsume()).toBe(false);
    expect(limiter.retryAfterMs()).toBe(14 * HOUR);
    clock.advance(14 * HOUR - 1);
    expect(limiter.tryConsume()).toBe(false);
    clock.advance(1);
    // The first hour's 10 messages are now a day old.
    expect(limiter.remaining()).toEqual({ hour: 10, day: 10 });
    expect(limiter.tryConsume()).toBe(true);
  });

  it('uses the real clock by default', () => {
    const limiter = createSmsLimiter();
    expect(limiter.remaining()).toEqual({ hour: 10, day: 100 });
    expect(limiter.tryConsume()).toBe(true);
    expect(limiter.remaining()).toEqual({ hour: 9, day: 99 });
  });
});
