// The server's app as the Firebase home builds it, in this process, for the sign-in tests: buildApp on SQLite in a
// temporary DATA_DIR with STUDIO_HOME=firebase, and Firebase Auth on the Auth emulator the suite started
// (firebase/scripts/test-emulators.mjs sets GCLOUD_PROJECT and FIREBASE_AUTH_EMULATOR_HOST, which the Admin SDK reads).
import { build, ADMIN_ORIGIN, PUBLIC_ORIGIN, type TestApp } from '../../../server/test/helper';

export const PROJECT = process.env.GCLOUD_PROJECT ?? '';
export const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '';
export const AUTH = `http://${AUTH_HOST}`;
/** The Auth emulator takes any key. */
export const API_KEY = 'demo-api-key';
export const webConfig = { apiKey: API_KEY, authDomain: `${PROJECT}.firebaseapp.com`, projectId: PROJECT };

/** Every account of the project goes: a password account another test made for her address would refuse her link. */
export async function deleteAuthAccounts(): Promise<void> {
  await fetch(`${AUTH}/emulator/v1/projects/${PROJECT}/accounts`, { method: 'DELETE' });
}

export function buildFirebaseHome(): Promise<TestApp> {
  return build({
    home: 'firebase',
    firebase: { projectId: PROJECT, webConfig, authEmulatorHost: AUTH_HOST },
    publicOrigin: PUBLIC_ORIGIN,
    adminOrigin: ADMIN_ORIGIN,
    seedDemo: false,
    renderImagesAtStart: false,
  });
}
