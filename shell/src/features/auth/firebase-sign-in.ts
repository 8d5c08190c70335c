// Firebase Auth's e-mail link, on the Firebase home only: spending it. Asking for one is the server's
// (POST /api/auth/link, which has Firebase make her link and mails it, only to her address and within its limits), so
// nothing here asks Firebase to mail anyone. This is the one module of the shell that imports the firebase package,
// and only /finishSignIn loads it (a dynamic import, its own chunk): a visitor's first load carries none of it
// (firebase/test/first-load.test.ts holds it to that), nor does the sign-in form.
import { getApps, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  inMemoryPersistence,
  initializeAuth,
  isSignInWithEmailLink,
  signInWithEmailLink,
  type Auth,
} from 'firebase/auth';
import type { FirebaseSignInConfig } from '@studio/shared/domain';

const APP_NAME = 'studio-sign-in';
let auth: Auth | undefined;

function authOf(config: FirebaseSignInConfig): Auth {
  if (auth) return auth;
  const app = getApps().find((a) => a.name === APP_NAME) ?? initializeApp(config.webConfig, APP_NAME);
  // Kept in memory only: the server's session cookie is what signs her in, so Firebase stores nothing here.
  auth = initializeAuth(app, { persistence: inMemoryPersistence });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}

/** Whether the address is Firebase's sign-in link (`?mode=signIn&oobCode=…`). */
export function isFirebaseSignInLink(config: FirebaseSignInConfig, href: string): boolean {
  return isSignInWithEmailLink(authOf(config), href);
}

/** Spends the link with the address it was sent to; answers the ID token the server trades for its session. */
export async function idTokenFromLink(config: FirebaseSignInConfig, email: string, href: string): Promise<string> {
  const { user } = await signInWithEmailLink(authOf(config), email, href);
  return user.getIdToken();
}

// The address the link was asked for is kept by the http adapter (shared/src/backend/sign-in-email.ts), on either
// home; once Firebase has spent the link it is not needed again.
const EMAIL_KEY = 'studio.emailForSignIn';
const attempt = (action: () => void) => {
  try {
    action();
  } catch {
    // No storage (a private mode): /finishSignIn asks for the address instead.
  }
};
export const forgetEmail = () => attempt(() => localStorage.removeItem(EMAIL_KEY));
