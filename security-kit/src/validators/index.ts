export type { ValidationResult } from './validation-result';
export * from './validators';
export * from './warnings';
export * from './disposable-domains';
