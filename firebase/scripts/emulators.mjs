// Starts and stops the Firebase emulators for firebase/scripts/test-emulators.mjs:
// - Firestore: Google's emulator jar (Debian package google-cloud-cli-firestore-emulator, run with `java`), started
//   directly because firebase-tools 15 refuses Java before 21 for it;
// - Auth: firebase-tools, installed on first use into .cache/firebase-tools, not into the root package.json, so that
//   `npm install` stays fast for everyone who never runs these tests;
// - the functions' own dependencies, in firebase/functions/node_modules, and their bundle (lib/index.js).
// Every process is started here, remembered by its id, and stopped by that id (its process group) in stopAll().
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEFAULT_FIRESTORE_JAR =
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
/** The Firebase CLI the tests use; pinned so the cache is reused and a new release cannot change a run. */
export const FIREBASE_TOOLS_VERSION = '15.34.2';
export const TOOLS_DIR = path.join(ROOT, '.cache', 'firebase-tools');

const HOST = '127.0.0.1';
const started = [];

/** A failure with a message meant for the person running the tests (what is missing and how to get it). */
export class EmulatorSetupError extends Error {}

export function log(message) {
  console.log(`[emulators] ${message}`);
}

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

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` answers true, the process exits, or the time is up. */
async function waitFor(name, child, check, timeoutMs, logFile) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(`${name} exited before it was ready:\n${tail(logFile)}`);
    }
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${name} was not ready after ${timeoutMs / 1000} s:\n${tail(logFile)}`);
}

function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Spawns a process in its own group (so stopAll ends its children too) with output to a log file. */
function startProcess(name, command, args, options) {
  const out = openSync(options.logFile, 'w');
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', out, out],
    detached: true,
  });
  started.push({ name, child });
  return child;
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

function installedToolsVersion() {
  try {
    return JSON.parse(readFileSync(path.join(TOOLS_DIR, 'node_modules', 'firebase-tools', 'package.json'), 'utf8'))
      .version;
  } catch {
    return undefined;
  }
}

/** The Firebase CLI from the cache, installed there with npm when it is missing or another version. */
export function ensureFirebaseTools() {
  const cli = path.join(TOOLS_DIR, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  if (installedToolsVersion() === FIREBASE_TOOLS_VERSION && existsSync(cli)) return cli;
  log(`installing firebase-tools ${FIREBASE_TOOLS_VERSION} into ${path.relative(ROOT, TOOLS_DIR)} (first run only)`);
  mkdirSync(TOOLS_DIR, { recursive: true });
  writeFileSync(
    path.join(TOOLS_DIR, 'package.json'),
    `${JSON.stringify(
      {
        name: 'studio-firebase-test-tools',
        private: true,
        description: 'Installed by firebase/scripts/emulators.mjs for the emulator tests; not part of the app.',
        dependencies: { 'firebase-tools': FIREBASE_TOOLS_VERSION },
      },
      null,
      2,
    )}\n`,
  );
  const t0 = Date.now();
  const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
    cwd: TOOLS_DIR,
    stdio: 'inherit',
  });
  if (npm.status !== 0 || installedToolsVersion() !== FIREBASE_TOOLS_VERSION) {
    throw new EmulatorSetupError(
      `Installing firebase-tools ${FIREBASE_TOOLS_VERSION} into ${TOOLS_DIR} failed (npm exit ${npm.status}). ` +
        'The Auth emulator comes with it: check that the npm registry is reachable, then run the tests again.',
    );
  }
  log(`firebase-tools installed in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return cli;
}

const FUNCTIONS_DIR = path.join(ROOT, 'firebase', 'functions');

/** Whether firebase/functions/node_modules holds exactly the versions its package.json names. */
function functionsDepsInstalled() {
  const { dependencies } = JSON.parse(readFileSync(path.join(FUNCTIONS_DIR, 'package.json'), 'utf8'));
  return Object.entries(dependencies).every(([name, version]) => {
    try {
      const installed = JSON.parse(
        readFileSync(path.join(FUNCTIONS_DIR, 'node_modules', name, 'package.json'), 'utf8'),
      ).version;
      return installed === version;
    } catch {
      return false;
    }
  });
}

/**
 * The functions' own dependencies (firebase-admin with its Firestore client, firebase-functions) in
 * firebase/functions/node_modules, where `firebase deploy` installs them too; the tests run the functions with them.
 */
export function ensureFunctionsDeps() {
  if (functionsDepsInstalled()) return;
  log("installing the functions' dependencies into firebase/functions/node_modules (first run only)");
  const t0 = Date.now();
  const npm = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', '--loglevel=error'],
    { cwd: FUNCTIONS_DIR, stdio: 'inherit' },
  );
  if (npm.status !== 0 || !functionsDepsInstalled()) {
    throw new EmulatorSetupError(
      `Installing the functions' dependencies in ${FUNCTIONS_DIR} failed (npm exit ${npm.status}). ` +
        'Check that the npm registry is reachable, then run the tests again.',
    );
  }
  log(`functions' dependencies installed in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/** Builds lib/index.js with the functions' own build script (the bundle `firebase deploy` uploads). */
export function buildFunctions() {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: FUNCTIONS_DIR, encoding: 'utf8' });
  if (build.status !== 0) {
    throw new Error(`Building the functions failed (npm exit ${build.status}):\n${build.stdout}${build.stderr}`);
  }
}

/**
 * Starts the Firebase CLI's emulators (`only`, e.g. ['auth']) on free ports, with a configuration written to a
 * temporary folder. Answers { project, ports: { auth, ... }, pid, logFile }.
 */
export async function startCliEmulators({ cli, only, project, logDir, env = {} }) {
  let lastError;
  // As for the Firestore jar: a port found free may be taken before the CLI binds it; then try other ports.
  for (let attempt = 0; attempt < 3; attempt++) {
    const ports = { hub: await freePort(), logging: await freePort() };
    for (const name of only) ports[name] = await freePort();
    const configDir = mkdtempSync(path.join(tmpdir(), 'studio-emulators-'));
    const emulators = { ui: { enabled: false }, singleProjectMode: true };
    for (const [name, port] of Object.entries(ports)) emulators[name] = { host: HOST, port };
    writeFileSync(path.join(configDir, 'firebase.json'), JSON.stringify({ emulators }, null, 2));
    const logFile = path.join(logDir, 'firebase-cli.log');
    const t0 = Date.now();
    const child = startProcess(
      'firebase emulators',
      process.execPath,
      [cli, 'emulators:start', '--only', only.join(','), '--project', project],
      {
        cwd: configDir,
        logFile,
        // No update check: this machine may have no internet, and the answer would only slow the start.
        env: { ...env, NO_UPDATE_NOTIFIER: '1', CI: '1' },
      },
    );
    started[started.length - 1].cleanup = () => rmSync(configDir, { recursive: true, force: true });
    // The CLI prints this line once every emulator it started is ready.
    const ready = async () => /All emulators ready/.test(readFileSync(logFile, 'utf8'));
    try {
      await waitFor('The Firebase CLI emulators', child, ready, 180_000, logFile);
      log(`${only.join(' + ')} emulator(s) ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      return { project, ports, pid: child.pid, logFile };
    } catch (error) {
      lastError = error;
      stopOne(child);
    }
  }
  throw lastError;
}

function stopOne(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    // The negative id is the process group this script created for the child (detached: true), nothing else.
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/** Stops every process started here, by its id, and waits for each to exit (SIGKILL after 10 s). */
export async function stopAll() {
  const running = started.splice(0);
  if (running.length > 0) log(`stopping ${running.map((r) => `${r.name} (pid ${r.child.pid})`).join(', ')}`);
  await Promise.all(
    running.map(
      ({ child, cleanup }) =>
        new Promise((resolve) => {
          const done = () => {
            clearTimeout(timer);
            cleanup?.();
            resolve();
          };
          if (child.exitCode !== null || child.signalCode !== null) return done();
          const timer = setTimeout(() => {
            try {
              process.kill(-child.pid, 'SIGKILL');
            } catch {
              // Already gone.
            }
          }, 10_000);
          child.once('exit', done);
          stopOne(child);
        }),
    ),
  );
}

/** Synchronous last resort for process exit: signal every group still running. */
export function killAllNow() {
  for (const { child } of started) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
