export { createRateLimiter } from './create-rate-limiter';
export type { RateLimiter, RateLimiterOptions, RateLimitResult } from './create-rate-limiter';
