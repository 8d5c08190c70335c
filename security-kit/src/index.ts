// Public entry of @studio/security-kit (framework-free helpers; React parts are in ./react).
// The full disposable-domain list is deliberately absent: import '@studio/security-kit/disposable-full' on the server.
// The stateful parts are re-exported through their own subpaths, not relative paths: under Module Federation each
// subpath is a shared singleton, so the page-wide monitor is one instance whichever entry a caller imports.
export * from '@studio/security-kit/csrf';
export * from './constants';
export { formMessages, validatorMessages, warningMessages, monitorMessages } from './messages';
export * from './validators';
export * from './sanitize';
export * from './phishing';
export * from './suspicious';
export * from './rate-limit';
export * from '@studio/security-kit/monitor';
