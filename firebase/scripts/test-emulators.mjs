// `npm run test:firebase`, and the "Firebase emulator suite" step of `npm test`: builds the web apps (unless
// STUDIO_REUSE_WEB_BUILD=1 and a build is there), the app function's bundle and Hosting's folder, starts the
// Firestore emulator (the jar, FIRESTORE_EMULATOR_JAR overrides its path) and the Firebase CLI's Auth, Functions and
// Hosting emulators (firebase-tools from .cache/firebase-tools, with the real firebase.json) and the Cloud Storage
// stand-in the function keeps its media in (STORAGE_EMULATOR_HOST, Google's emulator cannot run here) once, runs every
// test in
// firebase/test/emulator/ against them, and stops them by their process ids.
// Arguments are passed to jest (`--json --outputFile=...`, a test name pattern).
// Without an emulator the run fails with a message that says how to get one; it never skips.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildFunctions } from './build-functions.mjs';
import {
  EmulatorSetupError,
  ROOT,
  ensureFirebaseTools,
  findFirestoreJar,
  killAllNow,
  linkFunctionsDeps,
  log,
  startCliEmulators,
  startFirestore,
  startStorageStandIn,
  stopAll,
} from './emulators.mjs';
import { assembleHosting, writeRobotsTxt } from './hosting-files.mjs';

const logDir = path.join(ROOT, '.test-results', 'emulators');
mkdirSync(logDir, { recursive: true });

// A demo- project is never looked up online; one per run keeps concurrent runs on this machine apart.
const project = `demo-studio-${process.pid}`;
/** The name the function is configured with: the test finds it in the pages the function renders. */
const MODEL_NAME = 'Emulator Studio Model';
// The function's instances keep their scratch files (the demo artwork, DATA_DIR) under os.tmpdir(): a folder of this
// run's own.
const functionTmp = mkdtempSync(path.join(tmpdir(), 'studio-function-'));

process.on('exit', () => {
  killAllNow();
  rmSync(functionTmp, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killAllNow();
    process.exit(130);
  });
}

function buildWeb() {
  const built = ['shell/dist/index.html', 'public-site/dist/mf-manifest.json', 'admin-app/dist/mf-manifest.json'];
  if (process.env.STUDIO_REUSE_WEB_BUILD === '1' && built.every((f) => existsSync(path.join(ROOT, f)))) return;
  const t0 = Date.now();
  const run = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`The web build failed (npm exit ${run.status}):\n${run.stdout}${run.stderr}`);
  log(`web build in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

let status;
try {
  const jar = findFirestoreJar();
  const cli = ensureFirebaseTools();
  buildWeb();
  await buildFunctions();
  linkFunctionsDeps();
  assembleHosting();
  const firestore = await startFirestore({ jar, logDir });
  // The default bucket the Functions emulator gives the function in FIREBASE_CONFIG (STORAGE_BUCKET_URL below).
  const storage = await startStorageStandIn({ bucket: `${project}.appspot.com`, logDir });
  const cliEmulators = await startCliEmulators({
    cli,
    only: ['auth', 'functions', 'hosting'],
    project,
    logDir,
    env: (ports) => ({
      FIRESTORE_EMULATOR_HOST: firestore.hostPort,
      STORAGE_EMULATOR_HOST: storage.url,
      STORAGE_BUCKET_URL: storage.bucket,
      TMPDIR: functionTmp,
      // The web app's config the function is the Firebase home with (its sign-in goes to the Auth emulator).
      FIREBASE_WEB_CONFIG: JSON.stringify({
        apiKey: 'demo-api-key',
        authDomain: `${project}.firebaseapp.com`,
        projectId: project,
      }),
      METADATA_SERVER_DETECTION: 'none',
      MODEL_NAME,
      ADMIN_EMAIL: 'admin@studio.test',
      PUBLIC_ORIGIN: `http://127.0.0.1:${ports.hosting}`,
      // Her account's site (firebase.json's `admin` target); its own port makes it another origin.
      ADMIN_ORIGIN: `http://127.0.0.1:${ports.adminHosting}`,
      LOG_LEVEL: 'warn',
    }),
  });
  const { auth, functions, hosting, adminHosting } = cliEmulators.ports;
  // Hosting serves files from the folder as they are: robots.txt names the origin the emulator got.
  await writeRobotsTxt(`http://127.0.0.1:${hosting}`);
  const env = {
    ...process.env,
    FIRESTORE_EMULATOR_HOST: firestore.hostPort,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${auth}`,
    GCLOUD_PROJECT: project,
    STUDIO_EMULATOR_PROJECT: project,
    STUDIO_HOSTING_ORIGIN: `http://127.0.0.1:${hosting}`,
    STUDIO_ADMIN_HOSTING_ORIGIN: `http://127.0.0.1:${adminHosting}`,
    STUDIO_FUNCTION_URL: `http://127.0.0.1:${functions}/${project}/us-central1/app`,
    STUDIO_MODEL_NAME: MODEL_NAME,
    // The bucket the function keeps the admin's uploads in, on the stand-in (its JSON API under /storage/v1/b/<bucket>).
    STUDIO_STORAGE_URL: storage.url,
    STUDIO_STORAGE_BUCKET: storage.bucket,
    // No Google Cloud metadata server here: the Admin SDK would wait for one before every first call.
    METADATA_SERVER_DETECTION: 'none',
  };
  const jest = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
      '-c',
      path.join(ROOT, 'firebase', 'test', 'jest.config.cjs'),
      ...process.argv.slice(2),
    ],
    { cwd: ROOT, stdio: 'inherit', env },
  );
  status = jest.status ?? 1;
} catch (error) {
  if (error instanceof EmulatorSetupError) console.error(`\n${error.message}\n`);
  else console.error(error);
  status = 1;
} finally {
  await stopAll();
}
process.exit(status);
