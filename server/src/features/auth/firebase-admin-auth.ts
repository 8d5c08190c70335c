// Firebase Auth as the server on the Firebase home uses it, through the Admin SDK (against the Auth emulator when
// FIREBASE_AUTH_EMULATOR_HOST is set, which the Admin SDK reads itself): making the admin's sign-in link, which the
// server mails itself (features/auth/auth.routes.ts), and checking the ID token the link gives her browser
// (features/auth/auth-firebase.routes.ts). Loaded on that home only: the embedded server never loads firebase-admin.
import type { FirebaseHome } from '../../platform/config';

/** The account behind a token, as far as the check needs it: its address, verified or not, and any password. */
export type AccountLookup = (
  uid: string,
) => Promise<{ email: string; emailVerified: boolean; password: boolean } | null>;

export async function createFirebaseAuth(firebase: FirebaseHome) {
  const { applicationDefault, getApps, initializeApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  // A named app of its own, one per project: other parts of the server may initialise the default app, and both sign-in
  // plugins share this one.
  const name = `studio-sign-in-${firebase.projectId}`;
  const app = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: firebase.projectId }, name);
  const auth = getAuth(app);

  const emulator = firebase.authEmulatorHost;
  const lookupUrl = `${emulator ? `http://${emulator}/` : 'https://'}identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(firebase.projectId)}/accounts:lookup`;
  // The emulator takes "owner" as an administrator's token; Google's service, the project's own credential.
  const credential = emulator ? undefined : (app.options.credential ?? applicationDefault());
  // Read raw from accounts:lookup, not from getUser(): where the service account may not read hashes the service
  // answers passwordHash "REDACTED", which the Admin SDK turns into undefined, the very value of an account without one.
  const account: AccountLookup = async (uid) => {
    const token = credential ? (await credential.getAccessToken()).access_token : 'owner';
    const response = await fetch(lookupUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ localId: [uid] }),
    });
    if (!response.ok) throw new Error(`accounts:lookup answered ${response.status}`);
    const { users } = (await response.json()) as { users?: Array<Record<string, unknown>> };
    const user = users?.[0];
    if (!user) return null;
    return {
      email: typeof user.email === 'string' ? user.email : '',
      emailVerified: user.emailVerified === true,
      password: user.passwordHash !== undefined || user.passwordUpdatedAt !== undefined,
    };
  };
  return {
    verify: (idToken: string) => auth.verifyIdToken(idToken, true),
    account,
    /**
     * Firebase's e-mail link for the address, opening `continueUrl` with `?mode=signIn&oobCode=…` (the finish page
     * spends it with signInWithEmailLink). Made with the project's credential and mailed by nobody: Firebase sends no
     * mail for it, the caller does.
     */
    signInLink: (email: string, continueUrl: string) =>
      auth.generateSignInWithEmailLink(email, { url: continueUrl, handleCodeInApp: true }),
  };
}

export type FirebaseAdminAuth = Awaited<ReturnType<typeof createFirebaseAuth>>;
