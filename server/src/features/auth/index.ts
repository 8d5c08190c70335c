// What other features may use of auth: everything else in this folder is its own.
export { NOT_ADMIN, NOT_SIGNED_IN } from './require-admin';
export { SESSION_COOKIE } from './sessions';
export type { SessionStore } from './sessions';
