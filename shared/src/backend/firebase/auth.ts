// E-mail link sign-in with Firebase Auth (docs/product.md §7), loaded only when it is needed: the sign-in form, a
// link being completed, or a browser that has signed in before (a session hint in localStorage). The admin is whoever
// carries the custom claim admin: true (firebase/README.md), so no address is compiled into the bundle.
import type { AuthUser } from '../../domain/types';
import { SIGN_IN_ACCESS_DENIED, SIGN_IN_INVALID_LINK } from '../../messages';
import { PASSKEYS_NOT_SUPPORTED } from '../../passkey-messages';
import { BackendError, type AuthPort } from '../port';
import { mapped, toBackendError } from './errors';
import type { FirebaseContext } from './firebase-context';
import { EMAIL_FOR_SIGN_IN_KEY, SESSION_HINT_KEY } from './options';

type AuthModule = typeof import('firebase/auth');
type FirebaseUser = import('firebase/auth').User;

export function createAuthPort(ctx: FirebaseContext): AuthPort {
  const { store } = ctx;
  const origin = ctx.options.origin ?? (() => window.location.origin);
  const currentUrl = ctx.options.currentUrl ?? (() => window.location.href);
  const listeners = new Set<(user: AuthUser | null) => void>();
  let loading: Promise<{ mod: AuthModule; auth: import('firebase/auth').Auth }> | undefined;
  let lastUser: AuthUser | null = null;

  const sessionMayExist = () => store?.getItem(SESSION_HINT_KEY) === '1';
  const emit = (user: AuthUser | null) => {
    lastUser = user;
    for (const listener of [...listeners]) listener(user);
  };

  async function toAuthUser(mod: AuthModule, user: FirebaseUser | null): Promise<AuthUser | null> {
    if (!user?.email) return null;
    const token = await mod.getIdTokenResult(user);
    return { email: user.email, isAdmin: token.claims.admin === true };
  }

  function load() {
    loading ??= import('firebase/auth').then((mod) => {
      const auth = mod.getAuth(ctx.app());
      const emulator = ctx.options.emulators?.auth;
      if (emulator) mod.connectAuthEmulator(auth, emulator, { disableWarnings: true });
      mod.onAuthStateChanged(auth, (user) => {
        toAuthUser(mod, user).then(
          (u) => {
            if (u) store?.setItem(SESSION_HINT_KEY, '1');
            else store?.removeItem(SESSION_HINT_KEY);
            if (u?.email !== lastUser?.email || u?.isAdmin !== lastUser?.isAdmin) emit(u);
          },
          (error: unknown) => console.warn('auth state could not be read', error),
        );
      });
      return { mod, auth };
    });
    return loading;
  }

  return {
    requestLink: (email) =>
      mapped(async () => {
        const { parseOrThrow, signInRequestSchema } = await import('./validation');
        const data = parseOrThrow(signInRequestSchema, { email: email.trim() });
        const { mod, auth } = await load();
        await mod.sendSignInLinkToEmail(auth, data.email, { url: `${origin()}/finishSignIn`, handleCodeInApp: true });
        store?.setItem(EMAIL_FOR_SIGN_IN_KEY, data.email);
      }),

    completeSignIn: (token, email) =>
      mapped(async () => {
        const { mod, auth } = await load();
        // The caller may hand over the whole link or only its code; the page's own address is the link then.
        const link = mod.isSignInWithEmailLink(auth, token) ? token : currentUrl();
        if (!mod.isSignInWithEmailLink(auth, link)) {
          throw new BackendError('unauthenticated', SIGN_IN_INVALID_LINK, { status: 401 });
        }
        let credential: import('firebase/auth').UserCredential;
        try {
          credential = await mod.signInWithEmailLink(auth, email.trim(), link);
        } catch (error) {
          const mappedError = toBackendError(error);
          throw mappedError.code === 'network' || mappedError.code === 'unavailable'
            ? mappedError
            : new BackendError('unauthenticated', SIGN_IN_INVALID_LINK, { status: 401 });
        }
        const user = await toAuthUser(mod, credential.user);
        if (!user?.isAdmin) {
          await mod.signOut(auth);
          throw new BackendError('forbidden', SIGN_IN_ACCESS_DENIED, { status: 403 });
        }
        store?.removeItem(EMAIL_FOR_SIGN_IN_KEY);
        store?.setItem(SESSION_HINT_KEY, '1');
        emit(user);
        return user;
      }),

    pendingEmail: () => store?.getItem(EMAIL_FOR_SIGN_IN_KEY) ?? null,

    current: () =>
      mapped(async () => {
        // A first visit (no hint) answers without downloading Auth.
        if (!sessionMayExist() && !loading) return null;
        const { mod, auth } = await load();
        await auth.authStateReady();
        return toAuthUser(mod, auth.currentUser);
      }),

    signOut: () =>
      mapped(async () => {
        store?.removeItem(SESSION_HINT_KEY);
        if (loading) {
          const { mod, auth } = await loading;
          await mod.signOut(auth);
        }
        emit(null);
      }),

    onChange: (listener) => {
      listeners.add(listener);
      if (sessionMayExist()) void load();
      return () => {
        listeners.delete(listener);
      };
    },

    // Passkeys are the embedded backend's (server/README.md); here the admin signs in with the e-mail link alone.
    signInWithPasskey: passkeysNotSupported,
    signInWithRecoveryCode: passkeysNotSupported,
    listPasskeys: passkeysNotSupported,
    addPasskey: passkeysNotSupported,
    removePasskey: passkeysNotSupported,
  };
}

function passkeysNotSupported(): Promise<never> {
  return Promise.reject(new BackendError('not-supported', PASSKEYS_NOT_SUPPORTED));
}
