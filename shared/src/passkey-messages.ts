// The texts of the admin's passkeys (docs/architecture.md, sign-in), shared by the server, the adapters and the UI.
// Not product texts of docs/product.md (the product had no passkeys), and apart from messages.ts because that module
// is in every visitor's first load, where nothing of passkeys belongs (e2e/tests/platform.spec.ts keeps its budget).
export const PASSKEY_STEP_EXPIRED = 'This sign-in has expired. Please request a new sign-in link.';
export const PASSKEY_NOT_ACCEPTED = 'Your passkey could not be verified. Please try again.';
export const RECOVERY_CODE_NOT_ACCEPTED = 'That recovery code is not valid or has already been used.';
export const PASSKEY_NOT_ADDED = 'The passkey could not be added. Please try again.';
export const PASSKEY_NOT_FOUND = 'Passkey not found';
export const PASSKEY_CANCELLED = 'The passkey request was cancelled or timed out.';
export const PASSKEY_ALREADY_ON_DEVICE = 'This device already holds one of your passkeys.';
export const PASSKEYS_NOT_SUPPORTED = 'Passkeys are not supported here.';
/** Every refusal of a sign-in by passkey alone, in one wording: a visitor learns nothing about which passkeys exist. */
export const PASSKEY_SIGN_IN_REFUSED =
  'No passkey on this device matches your sign-in, or the sign-in took too long. Try again, or use the e-mail link.';
