// Asks the server who is signed in and tells the shared auth store, so the shell's navbar stops showing a session
// that ended elsewhere (expiry, another tab). Not cached: the answer is only true at the moment it is given.
import { useCallback } from 'react';
import { useBackend } from '@studio/shared/data';
import { authStore } from '@studio/shared/auth-store';

export function useCheckSession() {
  const backend = useBackend();
  return useCallback(
    () =>
      backend.auth.current().then(
        (user) => authStore.getState().setUser(user),
        // Unknown is not "signed out": the store keeps what it had until an answer comes.
        () => undefined,
      ),
    [backend],
  );
}
