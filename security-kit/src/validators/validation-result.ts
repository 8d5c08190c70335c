/** What every validator returns: `message` is set only when `valid` is false and is ready to show to the visitor. */
export interface ValidationResult {
  valid: boolean;
  message?: string;
}

export const VALID: ValidationResult = Object.freeze({ valid: true });

export const invalid = (message: string): ValidationResult => ({ valid: false, message });
