// Public entry of @studio/security-kit (framework-free helpers; React parts are in ./react).
// The full disposable-domain list is deliberately absent: import '@studio/security-kit/disposable-full' on the server.
// The stateful parts are re-exported through their own subpaths, not relative paths: under Module Federation each
// subpath is a shared singleton, so the page-wide monitor is one instance whichever entry a caller imports.
export * from '@studio/security-kit/csrf';
export * from './constants';
export { formMessages, validatorMessages, warningMessages, monitorMessages } from './messages';
export type { ValidationResult } from './validators/validation-result';
export * from './validators/validators';
export * from './validators/warnings';
export * from './validators/disposable-domains';
export { sanitizeInput, sanitizeWithDom } from './sanitize/sanitize-input';
export { sanitizeWithoutDom, stripMarkup, decodeBasicEntities } from './sanitize/strip-markup';
export { containsMarkup } from './sanitize/contains-markup';
export { PHISHING_PHRASES, detectPhishing } from './phishing/detect-phishing';
export type { PhishingPhrase, PhishingResult } from './phishing/detect-phishing';
export { inspectInput, isSuspiciousInput } from './suspicious/inspect-input';
export type { InputInspection, SuspiciousReason } from './suspicious/inspect-input';
export { createRateLimiter } from './rate-limit/create-rate-limiter';
export type { RateLimiter, RateLimiterOptions, RateLimitResult } from './rate-limit/create-rate-limiter';
export * from '@studio/security-kit/monitor';
