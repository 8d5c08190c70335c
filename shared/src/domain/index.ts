// Public entry of @studio/shared/domain: types, constants and pure rules shared by client and server.
export * from './types';
export * from './constants';
export * from './services';
export * from './payment-schedule';
export * from './availability';
export * from './booking-rules';
export * from './idempotency-key';
export * from './status';
export * from './contract';
export * from './sms';
export * from './media';
export * from './portfolio';
export * from './passkeys';
export * from './lifecycle';
export * from './studio-time';
