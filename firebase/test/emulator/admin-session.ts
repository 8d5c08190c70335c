// Her sign-in on the emulated Firebase home as the product does it, for the tests that act as her through Hosting:
// Firebase mails her a link (read from the Auth emulator's oobCodes), her browser spends it for an ID token and the
// page trades that for the server's session (POST /api/auth/firebase on her site), which comes back in `__session`.
const ADMIN_EMAIL = 'admin@studio.test';
const PROJECT = process.env.STUDIO_EMULATOR_PROJECT ?? '';
const AUTH = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? ''}`;
/** The web config's key the function is given (scripts/test-emulators.mjs); the Auth emulator takes any. */
const API_KEY = 'demo-api-key';

/** The Identity Toolkit REST API on the Auth emulator, as the firebase package in her browser calls it. */
async function identityToolkit<T>(method: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`accounts:${method} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs her in on her site (`adminHosting`, its origin) and answers the `__session` cookie's value. */
export async function adminSessionOn(adminHosting: string): Promise<string> {
  await identityToolkit('sendOobCode', {
    requestType: 'EMAIL_SIGNIN',
    email: ADMIN_EMAIL,
    continueUrl: `${adminHosting}/finishSignIn`,
    canHandleCodeInApp: true,
  });
  const codes = (await (await fetch(`${AUTH}/emulator/v1/projects/${PROJECT}/oobCodes`)).json()) as {
    oobCodes: Array<{ email: string; oobCode: string; requestType: string }>;
  };
  const oobCode = codes.oobCodes
    .filter((c) => c.email === ADMIN_EMAIL && c.requestType === 'EMAIL_SIGNIN')
    .pop()?.oobCode;
  if (!oobCode) throw new Error('no sign-in link was mailed to the admin');
  const { idToken } = await identityToolkit<{ idToken: string }>('signInWithEmailLink', {
    email: ADMIN_EMAIL,
    oobCode,
    returnSecureToken: true,
  });
  const res = await fetch(`${adminHosting}/api/auth/firebase`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: adminHosting },
    body: JSON.stringify({ idToken }),
  });
  if (res.status !== 200) throw new Error(`POST /api/auth/firebase answered ${res.status}: ${await res.text()}`);
  const session = res.headers
    .getSetCookie()
    .map((line) => /^__session=([^;]+)/.exec(line)?.[1])
    .find(Boolean);
  if (!session) throw new Error('no __session cookie came back');
  return session;
}
