// What the firebase adapter is built from: the web config, where the callable functions live, the emulators to
// use instead of Google's services (tests and local runs), and the browser's clock, storage and address.
import type { FirebaseOptions } from 'firebase/app';

export type FirebaseWebConfig = Pick<
  FirebaseOptions,
  'apiKey' | 'authDomain' | 'projectId' | 'storageBucket' | 'messagingSenderId' | 'appId'
>;

/** The parts of Web Storage the adapter uses (localStorage in the browser). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface HostPort {
  host: string;
  port: number;
}

/**
 * Emulators to connect to instead of the real services (each SDK's connect…Emulator), e.g. firebase/scripts/
 * test-emulators.mjs's. A service left out is reached as deployed.
 */
export interface FirebaseEmulators {
  firestore?: HostPort;
  /** The Auth emulator's origin, e.g. 'http://127.0.0.1:9099'. */
  auth?: string;
  functions?: HostPort;
  storage?: HostPort;
}

export interface FirebaseBackendOptions {
  config: FirebaseWebConfig;
  /** A name for the Firebase app, so several backends can live in one process (tests); default the SDK's. */
  appName?: string;
  /** Region of the callable functions (firebase/functions/src/index.ts deploys to the same). */
  functionsRegion?: string;
  emulators?: FirebaseEmulators;
  /**
   * The reCAPTCHA Enterprise site key of App Check (FIREBASE_APP_CHECK_SITE_KEY at build): with it, calls to the
   * functions carry an App Check token, which createBooking requires once APP_CHECK_ENFORCED is set.
   */
  appCheckSiteKey?: string;
  fetch?: typeof fetch;
  now?: () => Date;
  store?: KeyValueStore;
  /** The site's origin; the sign-in link returns to `${origin}/finishSignIn`. */
  origin?: () => string;
  /** The page's address, for completing sign-in when the caller passes only the link's code. */
  currentUrl?: () => string;
}

/** localStorage keys: the e-mail the link was sent to (docs/product.md §7), and a hint that a session may exist. */
// One key for every adapter, so a link mailed before an update still finds the e-mail.
export { EMAIL_FOR_SIGN_IN_KEY } from '../sign-in-email';
export const SESSION_HINT_KEY = 'studio.firebaseSession';
export const SMS_CALL_FAILED = 'sendBookingSms failed';
