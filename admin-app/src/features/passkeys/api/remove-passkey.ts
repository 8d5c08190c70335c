// Removes one of her passkeys; the list is read again.
import { useMutation } from '@studio/shared/data';
import { passkeysKey } from './get-passkeys';

export const useRemovePasskey = () =>
  useMutation((backend, id: string) => backend.auth.removePasskey(id), { invalidates: [passkeysKey] });
