// Public entry of @studio/shared/domain: types, constants and pure rules shared by client and server.
export * from './date-types';
export * from './service-types';
export * from './booking-status';
export * from './booking-types';
export * from './availability-types';
export * from './content-types';
export * from './auth-types';
export * from './settings-types';
export * from './runtime-config-types';
export * from './constants';
export * from './services';
export * from './service-rules';
export * from './legacy-service-rules';
export * from './availability';
export * from './booking-rules';
export * from './idempotency-key';
export * from './status';
// The contract module (and its date formatting) is @studio/shared/domain/contract, outside every first load; only its
// form's type is here (a type: no code).
export type { ContractForm } from './contract-records';
export { escapeHtml } from './escape-html';
export * from './sms';
export * from './media';
export * from './portfolio';
export * from './passkeys';
export * from './content';
export * from './lifecycle';
export * from './studio-time';
