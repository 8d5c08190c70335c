// Starts and stops the Firebase emulators for firebase/scripts/test-emulators.mjs:
// - Firestore: Google's emulator jar (Debian package google-cloud-cli-firestore-emulator, run with `java`), started
//   directly because firebase-tools 15 refuses Java before 21 for it;
// - Auth, Functions (the app function) and Hosting: firebase-tools, installed on first use into .cache/firebase-tools,
//   not into the root package.json, so that `npm install` stays fast for everyone who never runs these tests. The
//   Functions emulator runs the function's bundle (firebase/scripts/build-functions.mjs) with the packages of the
//   repository's node_modules, which Node finds from firebase/functions upward.
// - Cloud Storage: the stand-in of the server's tests (storage-stand-in.mjs), since Google's Storage emulator cannot run
//   here; the function's client reaches it by STORAGE_EMULATOR_HOST.
// Every process is started here, remembered by its id, and stopped by that id (its process group) in stopAll().
// The processes, the installed tools and the Hosting sites are in emulator-processes.mjs, firebase-tools-cache.mjs and
// emulated-hosting.mjs; what the callers use of them is exported from here too.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ADMIN_SITE_PORT_OFFSET,
  checkHostingSitePorts,
  emulatedHosting,
  freeHostingPort,
} from './emulated-hosting.mjs';
import {
  EmulatorSetupError,
  freePort,
  HOST,
  log,
  ROOT,
  startProcess,
  stopOne,
  waitFor,
} from './emulator-processes.mjs';

export { ADMIN_SITE_PORT_OFFSET, emulatedHosting, hostingSitePorts } from './emulated-hosting.mjs';
export { EmulatorSetupError, freePort, killAllNow, log, ROOT, stopAll } from './emulator-processes.mjs';
export { ensureFirebaseTools, FIREBASE_TOOLS_VERSION, linkFunctionsDeps, TOOLS_DIR } from './firebase-tools-cache.mjs';

export const DEFAULT_FIRESTORE_JAR =
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';

/** The emulator jar: FIRESTORE_EMULATOR_JAR, else the Debian package's file, else what dpkg says the package holds. */
export function findFirestoreJar(env = process.env) {
  const candidates = [];
  if (env.FIRESTORE_EMULATOR_JAR) candidates.push(env.FIRESTORE_EMULATOR_JAR);
  else {
    candidates.push(DEFAULT_FIRESTORE_JAR);
    const dpkg = spawnSync('dpkg', ['-L', 'google-cloud-cli-firestore-emulator'], { encoding: 'utf8' });
    if (dpkg.status === 0) candidates.push(...dpkg.stdout.split('\n').filter((l) => l.endsWith('emulator.jar')));
  }
  const jar = candidates.find((c) => existsSync(c));
  if (!jar) {
    throw new EmulatorSetupError(
      `The Firestore emulator was not found (looked for ${candidates.join(', ')}).\n` +
        'Get it one of these ways, then run the tests again:\n' +
        '  - Debian/Ubuntu with the Google Cloud apt source: sudo apt-get install google-cloud-cli-firestore-emulator\n' +
        '  - any machine with the gcloud CLI: gcloud components install cloud-firestore-emulator\n' +
        '  - or point FIRESTORE_EMULATOR_JAR at a cloud-firestore-emulator.jar you already have.\n' +
        'It needs Java 11 or newer as `java` on the PATH.',
    );
  }
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) {
    throw new EmulatorSetupError(
      `The Firestore emulator (${jar}) needs Java 11 or newer as \`java\` on the PATH ` +
        '(Debian: sudo apt-get install openjdk-17-jre-headless).',
    );
  }
  return jar;
}

/** Starts the Firestore emulator jar on a free port; answers { host, port, hostPort, pid }. */
export async function startFirestore({ jar, logDir }) {
  let lastError;
  // A port found free can be taken before the JVM binds it (other test runs share the machine): try again then.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const logFile = path.join(logDir, `firestore-${port}.log`);
    const t0 = Date.now();
    const child = startProcess(
      'firestore',
      'java',
      [
        '-Duser.language=en',
        '-Xmx512m',
        '-cp',
        jar,
        'com.google.cloud.datastore.emulator.firestore.CloudFirestore',
        'start',
        `--host=${HOST}`,
        `--port=${port}`,
      ],
      { logFile },
    );
    try {
      await waitFor(
        'The Firestore emulator',
        child,
        async () => (await (await fetch(`http://${HOST}:${port}/`)).text()).trim() === 'Ok',
        90_000,
        logFile,
      );
      log(`Firestore emulator ready on ${HOST}:${port} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      return { host: HOST, port, hostPort: `${HOST}:${port}`, pid: child.pid };
    } catch (error) {
      lastError = error;
      stopOne(child);
    }
  }
  throw lastError;
}

/**
 * Starts the Cloud Storage stand-in with one bucket, `bucket`, on a port it picks (it prints its address, so no port
 * can be taken between choosing and binding). Answers { url, bucket, pid }; `url` is STORAGE_EMULATOR_HOST's value.
 */
export async function startStorageStandIn({ bucket, logDir }) {
  const logFile = path.join(logDir, 'storage-stand-in.log');
  const t0 = Date.now();
  const child = startProcess(
    'storage stand-in',
    process.execPath,
    [path.join(ROOT, 'firebase', 'scripts', 'storage-stand-in.mjs'), bucket],
    { logFile },
  );
  const address = () => /^listening on (http:\/\/\S+)$/m.exec(readFileSync(logFile, 'utf8'))?.[1];
  await waitFor('The Cloud Storage stand-in', child, async () => Boolean(address()), 30_000, logFile);
  const url = address();
  log(`Cloud Storage stand-in ready on ${url} (bucket ${bucket}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { url, bucket, pid: child.pid };
}

/**
 * Starts the Firebase CLI's emulators (`only`, e.g. ['auth', 'functions', 'hosting']) on free ports with the real
 * firebase/firebase.json: its copy, identical but for the emulators' ports, is written beside it (relative paths
 * resolve from the config's folder) and removed when the CLI stops. `env` is the CLI's (and so the functions')
 * environment, or a function of the chosen ports that answers it. Answers { project, ports, pid, logFile }.
 */
export async function startCliEmulators({ cli, only, project, logDir, env = {} }) {
  const firebaseDir = path.join(ROOT, 'firebase');
  const base = JSON.parse(readFileSync(path.join(firebaseDir, 'firebase.json'), 'utf8'));
  let lastError;
  // As for the Firestore jar: a port found free may be taken before the CLI binds it; then try other ports.
  for (let attempt = 0; attempt < 3; attempt++) {
    const ports = { hub: await freePort(), logging: await freePort() };
    for (const name of only) ports[name] = name === 'hosting' ? await freeHostingPort() : await freePort();
    const emulators = { ui: { enabled: false }, singleProjectMode: true };
    for (const [name, port] of Object.entries(ports)) emulators[name] = { host: HOST, port };
    // The admin site's port, set by the CLI from the first one's (hostingSitePorts); not an emulator of its own.
    if (ports.hosting) ports.adminHosting = ports.hosting + ADMIN_SITE_PORT_OFFSET;
    const configFile = path.join(firebaseDir, `firebase.emulators.${process.pid}.json`);
    writeFileSync(
      configFile,
      JSON.stringify({ ...base, hosting: emulatedHosting(base.hosting, project), emulators }, null, 2),
    );
    const logFile = path.join(logDir, 'firebase-cli.log');
    const t0 = Date.now();
    const child = startProcess(
      'firebase emulators',
      process.execPath,
      [cli, 'emulators:start', '--only', only.join(','), '--project', project, '--config', configFile],
      {
        cwd: firebaseDir,
        logFile,
        cleanup: () => rmSync(configFile, { force: true }),
        // No update check: this machine may have no internet, and the answer would only slow the start.
        env: { ...(typeof env === 'function' ? env(ports) : env), NO_UPDATE_NOTIFIER: '1', CI: '1' },
      },
    );
    // The CLI prints this line once every emulator it started is ready.
    const ready = async () => /All emulators ready/.test(readFileSync(logFile, 'utf8'));
    try {
      await waitFor('The Firebase CLI emulators', child, ready, 180_000, logFile);
      if (ports.hosting) checkHostingSitePorts(readFileSync(logFile, 'utf8'), ports);
      log(`${only.join(' + ')} emulator(s) ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      return { project, ports, pid: child.pid, logFile };
    } catch (error) {
      lastError = error;
      stopOne(child);
    }
  }
  throw lastError;
}
