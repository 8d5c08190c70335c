// Creates a passkey on this device's authenticator and stores it under her name for it; the answer carries the
// recovery code when one was made (shown once). The list is read again.
import { useMutation } from '@studio/shared/data';
import { passkeysKey } from './get-passkeys';

export const useAddPasskey = () =>
  useMutation((backend, name: string) => backend.auth.addPasskey(name), { invalidates: [passkeysKey] });
