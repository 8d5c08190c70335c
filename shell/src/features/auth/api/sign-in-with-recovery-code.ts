// The passkey step with her one-time recovery code instead (a lost passkey).
import { useMutation } from '@studio/shared/data';

export const useSignInWithRecoveryCode = () =>
  useMutation((backend, input: { code: string; trustDevice: boolean }) =>
    backend.auth.signInWithRecoveryCode(input.code, { trustDevice: input.trustDevice }),
  );
