// Ends the admin's session; the dashboard forgets its reads when it goes (app.tsx), whichever way the admin leaves.
import { useMutation } from '@studio/shared/data';

export const useSignOut = () => useMutation((backend, _input: void) => backend.auth.signOut());
