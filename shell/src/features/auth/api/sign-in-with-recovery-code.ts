// The passkey step with her one-time recovery code instead (a lost passkey).
import { useMutation } from '@studio/shared/data';

export const useSignInWithRecoveryCode = () =>
  useMutation((backend, code: string) => backend.auth.signInWithRecoveryCode(code));
