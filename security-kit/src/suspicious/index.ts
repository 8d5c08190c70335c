export { inspectInput, isSuspiciousInput } from './inspect-input';
export type { InputInspection, SuspiciousReason } from './inspect-input';
