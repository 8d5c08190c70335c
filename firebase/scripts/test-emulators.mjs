// `npm run test:firebase`, and the "Firebase emulator suite" step of `npm test`: builds the functions' bundle, starts
// the Firestore emulator (the jar, FIRESTORE_EMULATOR_JAR overrides its path) and the Auth emulator (firebase-tools
// from .cache/firebase-tools) once, runs every test in firebase/test/emulator/ and firebase/functions/test/ against
// them, and stops them by their process ids.
// Arguments are passed to jest (`--json --outputFile=...`, a test name pattern).
// Without an emulator the run fails with a message that says how to get one; it never skips.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  EmulatorSetupError,
  buildFunctions,
  ROOT,
  ensureFirebaseTools,
  ensureFunctionsDeps,
  findFirestoreJar,
  killAllNow,
  startCliEmulators,
  startFirestore,
  stopAll,
} from './emulators.mjs';

const logDir = path.join(ROOT, '.test-results', 'emulators');
mkdirSync(logDir, { recursive: true });

// A demo- project is never looked up online; one per run keeps concurrent runs on this machine apart.
const project = `demo-studio-${process.pid}`;

process.on('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killAllNow();
    process.exit(130);
  });
}

let status;
try {
  const jar = findFirestoreJar();
  const cli = ensureFirebaseTools();
  ensureFunctionsDeps();
  buildFunctions();
  const [firestore, cliEmulators] = await Promise.all([
    startFirestore({ jar, logDir }),
    startCliEmulators({ cli, only: ['auth'], project, logDir }),
  ]);
  const env = {
    ...process.env,
    FIRESTORE_EMULATOR_HOST: firestore.hostPort,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${cliEmulators.ports.auth}`,
    GCLOUD_PROJECT: project,
    STUDIO_EMULATOR_PROJECT: project,
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
