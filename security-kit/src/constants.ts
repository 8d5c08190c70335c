// Business constants of the kit (docs/product.md §9). Apps import these instead of repeating the numbers.

/** Client-side rate limit: requests allowed per key within one window. */
export const RATE_LIMIT_MAX = 60;
/** Client-side rate limit window: one minute. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** How often SecurityMonitorView re-reads the monitor. */
export const MONITOR_REFRESH_MS = 30_000;
/** How many events the security monitor keeps; older ones are dropped first. */
export const MONITOR_MAX_EVENTS = 50;

/** General text fields (docs/product.md §5): 1 to 1000 characters. */
export const TEXT_MIN_LENGTH = 1;
export const TEXT_MAX_LENGTH = 1000;

/** Names (docs/product.md §5): 2 to 50 characters. */
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 50;

/** E-mail addresses longer than this cannot be delivered (RFC 5321); also the server's limit. */
export const EMAIL_MAX_LENGTH = 254;

/** Phone numbers with a digit count outside this range get a warning (not an error). */
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 16;
