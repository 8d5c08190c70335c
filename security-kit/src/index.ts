// Public entry of @studio/security-kit (framework-free helpers; React parts are in ./react).
// The full disposable-domain list is deliberately absent: import '@studio/security-kit/disposable-full' on the server.
export * from './csrf/csrf-token';
export * from './constants';
export { formMessages, validatorMessages, warningMessages, monitorMessages } from './messages';
export * from './validators';
export * from './sanitize';
export * from './phishing';
export * from './suspicious';
export * from './rate-limit';
export * from './monitor';
