// The auth store: one instance for the shell and both remotes (a Module Federation singleton), so the navbar,
// the public site's admin-only buttons and the dashboard all follow one session.
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { AuthUser } from '../domain/auth-types';

export type AuthStatus = 'unknown' | 'signed-in' | 'signed-out';

export interface AuthState {
  user: AuthUser | null;
  status: AuthStatus;
  setUser(user: AuthUser | null): void;
}

export const authStore = createStore<AuthState>()((set) => ({
  user: null,
  status: 'unknown',
  setUser: (user) => set({ user, status: user ? 'signed-in' : 'signed-out' }),
}));

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}

export const selectIsAdmin = (s: AuthState) => s.user?.isAdmin === true;
