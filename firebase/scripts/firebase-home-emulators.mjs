// The Firebase home on the emulators, as a browser uses it, for the Playwright journey (e2e/firebase/): the Firestore
// emulator (the jar), the Auth, Functions (the app function) and Hosting emulators of the Firebase CLI with the real
// firebase.json, the Cloud Storage stand-in the function keeps its media in (STORAGE_EMULATOR_HOST), the app function configured as a deployed one would be (STUDIO_HOME=firebase, her web config, her
// address) and its public origin on `localhost`, because WebAuthn refuses an IP address as the relying party and the
// journey enrols a passkey. It needs the web build (`npm run build`) and builds the function's bundle and Hosting's
// folder from it, as firebase/scripts/test-emulators.mjs does; the two write the same folders (functions/lib,
// functions/node_modules, hosting/), so they run one after the other (scripts/test-all.mjs).
//   const home = await startFirebaseHome({ logDir }); ...; await home.stop();
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildFunctions } from './build-functions.mjs';
import {
  ensureFirebaseTools,
  findFirestoreJar,
  linkFunctionsDeps,
  log,
  startCliEmulators,
  startFirestore,
  startStorageStandIn,
  stopAll,
} from './emulators.mjs';
import { assembleHosting, writeRobotsTxt } from './hosting-files.mjs';

/** The host name a browser reaches the Hosting emulator by (it listens on 127.0.0.1, which `localhost` is). */
export const BROWSER_HOST = 'localhost';
/** Her site's host name: Chromium resolves every *.localhost name to this machine. */
export const ADMIN_BROWSER_HOST = 'admin.localhost';
/** A key the Auth emulator accepts: it checks none, and a demo- project is never looked up online. */
export const DEMO_API_KEY = 'demo-api-key';

/**
 * Starts everything and answers where it runs: { project, hostingOrigin, adminOrigin, authOrigin, functionUrl, functionDataDir,
 * firestoreHost, storageUrl, storageBucket, modelName, adminEmail, stop }. `stop` ends every process it started (by process id) and removes its folders.
 */
export async function startFirebaseHome({
  logDir,
  modelName = 'Journey Studio Model',
  adminEmail = 'admin@studio.test',
  // A demo- project is never looked up online; one per run keeps concurrent runs on this machine apart.
  project = `demo-journey-${process.pid}`,
} = {}) {
  mkdirSync(logDir, { recursive: true });
  // The function's instances keep their scratch files (the demo artwork, an upload while it is processed) under
  // os.tmpdir(): this run's own.
  const functionTmp = mkdtempSync(path.join(tmpdir(), 'studio-journey-function-'));
  const cleanup = () => rmSync(functionTmp, { recursive: true, force: true, maxRetries: 5 });
  try {
    const jar = findFirestoreJar();
    const cli = ensureFirebaseTools();
    const t0 = Date.now();
    await buildFunctions();
    linkFunctionsDeps();
    assembleHosting();
    log(`function bundle and Hosting folder in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const firestore = await startFirestore({ jar, logDir });
    // The default bucket the Functions emulator gives the function in FIREBASE_CONFIG (STORAGE_BUCKET_URL below).
    const storage = await startStorageStandIn({ bucket: `${project}.appspot.com`, logDir });
    const webConfig = { apiKey: DEMO_API_KEY, authDomain: `${project}.firebaseapp.com`, projectId: project };
    const cliEmulators = await startCliEmulators({
      cli,
      only: ['auth', 'functions', 'hosting'],
      project,
      logDir,
      env: (ports) => ({
        FIRESTORE_EMULATOR_HOST: firestore.hostPort,
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
        STORAGE_EMULATOR_HOST: storage.url,
        STORAGE_BUCKET_URL: storage.bucket,
        TMPDIR: functionTmp,
        STUDIO_HOME: 'firebase',
        FIREBASE_WEB_CONFIG: JSON.stringify(webConfig),
        MODEL_NAME: modelName,
        ADMIN_EMAIL: adminEmail,
        PUBLIC_ORIGIN: `http://${BROWSER_HOST}:${ports.hosting}`,
        // Her account's site (firebase.json's `admin` target) under another host name, so that her host-only cookies
        // are never sent to the public site (a browser's cookies do not tell ports apart).
        ADMIN_ORIGIN: `http://${ADMIN_BROWSER_HOST}:${ports.adminHosting}`,
        // One run signs in and books more often from one address than a person would within the limits' windows.
        PUBLIC_WRITE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
      }),
    });
    const { auth, functions, hosting, adminHosting } = cliEmulators.ports;
    const hostingOrigin = `http://${BROWSER_HOST}:${hosting}`;
    const adminOrigin = `http://${ADMIN_BROWSER_HOST}:${adminHosting}`;
    await writeRobotsTxt(hostingOrigin);
    return {
      project,
      hostingOrigin,
      adminOrigin,
      authOrigin: `http://127.0.0.1:${auth}`,
      functionUrl: `http://127.0.0.1:${functions}/${project}/us-central1/app`,
      functionDataDir: path.join(functionTmp, 'studio-data'),
      firestoreHost: firestore.hostPort,
      storageUrl: storage.url,
      storageBucket: storage.bucket,
      modelName,
      adminEmail,
      stop: async () => {
        await stopAll();
        cleanup();
      },
    };
  } catch (error) {
    await stopAll();
    cleanup();
    throw error;
  }
}
