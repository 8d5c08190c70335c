// The passkey step after the e-mail link: her authenticator's passkey turns the step into a session.
import { useMutation } from '@studio/shared/data';

export const useSignInWithPasskey = () =>
  useMutation((backend, input: { trustDevice: boolean }) => backend.auth.signInWithPasskey(input));
