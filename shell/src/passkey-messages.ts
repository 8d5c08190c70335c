// The shell's texts for the passkey step of the admin's sign-in (features/auth/passkey-step.tsx), not in
// docs/product.md (the product had no passkeys). Apart from messages.ts, which every visitor's first load carries:
// these load with the passkey step, only when an admin with a passkey completes a link. The backend words its own
// refusals (a passkey or code not accepted, the step expired, the prompt cancelled), and the step shows those.
import { SIGN_IN_FAILED } from '@studio/shared/messages';

export const passkeyStepMessages = {
  intro: 'One more step: confirm it is you with your passkey.',
  usePasskey: 'Use my passkey',
  waiting: 'Waiting for your passkey…',
  showRecovery: 'Lost your passkey? Use your recovery code',
  recoveryLabel: 'Recovery code',
  recoveryHint: 'The code you saved when you added your first passkey (four groups of five letters and digits).',
  recoverySubmit: 'Sign in with the recovery code',
  recoveryRequired: 'Please enter your recovery code.',
  notSupported:
    'This browser cannot use passkeys. Use your recovery code, or open the sign-in link on the device that holds your passkey.',
  failed: SIGN_IN_FAILED,
} as const;
