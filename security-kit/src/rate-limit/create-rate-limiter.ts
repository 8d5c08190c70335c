// Client-side rate limiter (docs/product.md §9: 60 requests per minute per key).
//
// Sliding window log: each key keeps the times of its allowed calls within the last `windowMs`. A call is allowed
// while fewer than `limit` of them remain, so no burst of 2 x limit can straddle a window edge (a fixed window
// would allow 60 calls at 0:59 and 60 more at 1:00). Refused calls are not recorded: a client that keeps retrying
// is let through again as soon as its oldest call leaves the window. Memory is at most `limit` numbers per key.
//
// This only shapes a well-behaved client (for example a form resubmitted in a loop); the server enforces its own.
import { RATE_LIMIT_MAX, RATE_LIMIT_WINDOW_MS } from '../constants';

export interface RateLimiterOptions {
  /** Calls allowed per key within one window. Default 60. */
  limit?: number;
  /** Window length in milliseconds. Default 60 000. */
  windowMs?: number;
  /** Clock, injectable for tests. Default Date.now. */
  now?: () => number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Calls still allowed in the current window after this one. */
  remaining: number;
  /** 0 when allowed; otherwise milliseconds until the next call for this key will be allowed. */
  retryAfterMs: number;
}

export interface RateLimiter {
  /** Counts one call for `key` if it is allowed. */
  check(key: string): RateLimitResult;
  /** Forgets one key, or every key when none is given. */
  reset(key?: string): void;
}

// Above this many keys, keys whose calls have all expired are swept when a new key arrives, so a limiter fed
// with ever-new keys does not grow without bound.
const SWEEP_THRESHOLD = 1000;

export function createRateLimiter({
  limit = RATE_LIMIT_MAX,
  windowMs = RATE_LIMIT_WINDOW_MS,
  now = Date.now,
}: RateLimiterOptions = {}): RateLimiter {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError(`windowMs must be positive, got ${windowMs}`);

  // Per key, the times of allowed calls, oldest first.
  const logs = new Map<string, number[]>();

  const prune = (log: number[], t: number): void => {
    // A call made at `s` stops counting at s + windowMs.
    let expired = 0;
    while (expired < log.length && (log[expired] ?? 0) + windowMs <= t) expired += 1;
    if (expired > 0) log.splice(0, expired);
  };

  const sweep = (t: number): void => {
    for (const [key, log] of logs) {
      prune(log, t);
      if (log.length === 0) logs.delete(key);
    }
  };

  return {
    check(key) {
      const t = now();
      let log = logs.get(key);
      if (log === undefined) {
        if (logs.size >= SWEEP_THRESHOLD) sweep(t);
        log = [];
        logs.set(key, log);
      }
      prune(log, t);
      if (log.length < limit) {
        log.push(t);
        return { allowed: true, remaining: limit - log.length, retryAfterMs: 0 };
      }
      const oldest = log[0] ?? t;
      return { allowed: false, remaining: 0, retryAfterMs: Math.max(1, oldest + windowMs - t) };
    },
    reset(key) {
      if (key === undefined) logs.clear();
      else logs.delete(key);
    },
  };
}
