import { createRateLimiter } from './create-rate-limiter';

function fakeClock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('createRateLimiter', () => {
  it('defaults to 60 calls per minute: the 60th is allowed, the 61st refused until the window has passed', () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ now: clock.now });

    for (let i = 1; i <= 59; i += 1) expect(limiter.check('booking').allowed).toBe(true);
    expect(limiter.check('booking')).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0 });

    const refused = limiter.check('booking');
    expect(refused.allowed).toBe(false);
    expect(refused.remaining).toBe(0);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBe(60_000);

    clock.advance(59_999);
    expect(limiter.check('booking')).toEqual({ allowed: false, remaining: 0, retryAfterMs: 1 });

    clock.advance(1); // all 60 calls were made at the same instant, so all of them have now left the window
    expect(limiter.check('booking')).toEqual({ allowed: true, remaining: 59, retryAfterMs: 0 });
  });

  it('counts remaining calls down', () => {
    const limiter = createRateLimiter({ limit: 3, now: fakeClock().now });
    expect([1, 2, 3].map(() => limiter.check('k').remaining)).toEqual([2, 1, 0]);
  });

  it('slides: calls leave the window one by one, and retryAfterMs points at the oldest', () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000, now: clock.now });
    limiter.check('k'); // t=0
    clock.advance(400);
    limiter.check('k'); // t=400
    expect(limiter.check('k').retryAfterMs).toBe(600);
    clock.advance(600); // t=1000: the first call expires, the second still counts
    expect(limiter.check('k')).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0 });
    expect(limiter.check('k')).toEqual({ allowed: false, remaining: 0, retryAfterMs: 400 });
  });

  it('does not count refused calls', () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: clock.now });
    limiter.check('k');
    for (let i = 0; i < 10; i += 1) limiter.check('k');
    clock.advance(1000);
    expect(limiter.check('k').allowed).toBe(true);
  });

  it('keeps keys apart', () => {
    const limiter = createRateLimiter({ limit: 1, now: fakeClock().now });
    expect(limiter.check('a').allowed).toBe(true);
    expect(limiter.check('a').allowed).toBe(false);
    expect(limiter.check('b').allowed).toBe(true);
  });

  it('resets one key or all of them', () => {
    const limiter = createRateLimiter({ limit: 1, now: fakeClock().now });
    limiter.check('a');
    limiter.check('b');
    limiter.reset('a');
    expect(limiter.check('a').allowed).toBe(true);
    expect(limiter.check('b').allowed).toBe(false);
    limiter.reset();
    expect(limiter.check('b').allowed).toBe(true);
  });

  it('forgets expired keys when many new ones arrive', () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: clock.now });
    for (let i = 0; i < 1000; i += 1) limiter.check(`old-${i}`);
    clock.advance(1000);
    limiter.check('new'); // sweeps the 1000 expired keys
    expect(limiter.check('old-0').allowed).toBe(true);
  });

  it('refuses nonsense options', () => {
    expect(() => createRateLimiter({ limit: 0 })).toThrow(RangeError);
    expect(() => createRateLimiter({ limit: 1.5 })).toThrow(RangeError);
    expect(() => createRateLimiter({ windowMs: 0 })).toThrow(RangeError);
  });
});
