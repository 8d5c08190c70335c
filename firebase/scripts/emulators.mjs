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
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
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

/**
 * Gives firebase/functions a node_modules for the Functions emulator: each dependency of functions/package.json
 * linked to the copy this repository already installed (the server's, else the root's), after checking it is the
 * exact version the package names (build-functions.mjs checked the bundle needs no other). Cloud Build installs the
 * same versions from the registry on deploy; installing them here again would build better-sqlite3 from source.
 */
export function linkFunctionsDeps() {
  const { dependencies } = JSON.parse(readFileSync(path.join(FUNCTIONS_DIR, 'package.json'), 'utf8'));
  const modules = path.join(FUNCTIONS_DIR, 'node_modules');
  rmSync(modules, { recursive: true, force: true });
  const wrong = [];
  for (const [name, version] of Object.entries(dependencies)) {
    const found = [path.join(ROOT, 'server', 'node_modules', name), path.join(ROOT, 'node_modules', name)].find((dir) =>
      existsSync(path.join(dir, 'package.json')),
    );
    const installed = found && JSON.parse(readFileSync(path.join(found, 'package.json'), 'utf8')).version;
    if (installed !== version) {
      wrong.push(`${name}@${version} (${installed ? `${installed} is installed` : 'not installed'})`);
      continue;
    }
    mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
    symlinkSync(found, path.join(modules, name), 'dir');
  }
  if (wrong.length > 0) {
    throw new EmulatorSetupError(
      `The functions' dependencies are not installed in this repository at their versions: ${wrong.join(', ')}. ` +
        "Run `npm install` at the root, or align firebase/functions/package.json with the server's versions.",
    );
  }
}

/**
 * firebase.json's two Hosting sites (targets `public` and `admin`, her account on its own origin) as the emulator can
 * read them: a target names a site through .firebaserc, which a demo project has none of, so the copy names the
 * sites themselves. Everything else of each site is firebase.json's.
 */
export function emulatedHosting(hosting, project) {
  if (!Array.isArray(hosting)) return hosting;
  return hosting.map(({ target, ...site }) => (target ? { ...site, site: `${project}-${target}` } : site));
}

/**
 * The Hosting emulator serves the first site on the port it is given and the second on that port + 5 (firebase-tools
 * 15, serve/hosting.js), or on the next free port after it: both are found free here, and checkHostingSitePorts
 * reads back where each site was served.
 */
export const ADMIN_SITE_PORT_OFFSET = 5;

async function freeHostingPort() {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await freePort();
    if (await isFree(port + ADMIN_SITE_PORT_OFFSET)) return port;
  }
  throw new Error('No free pair of ports for the two Hosting sites.');
}

function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** Each site's port from the CLI's log ("hosting[<site>]: Local server: http://host:port"); throws on a mismatch. */
export function hostingSitePorts(log) {
  const sites = {};
  for (const m of log.matchAll(/hosting\[[^\]]*-(public|admin)\][^\n]*Local server: \S*?:(\d+)/g))
    sites[m[1]] = Number(m[2]);
  return sites;
}

function checkHostingSitePorts(cliLog, ports) {
  const sites = hostingSitePorts(cliLog.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), ''));
  if (sites.public !== ports.hosting || sites.admin !== ports.adminHosting) {
    throw new Error(
      `The Hosting sites were served on ${JSON.stringify(sites)}, not public ${ports.hosting} and admin ${ports.adminHosting}.`,
    );
  }
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
        // No update check: this machine may have no internet, and the answer would only slow the start.
        env: { ...(typeof env === 'function' ? env(ports) : env), NO_UPDATE_NOTIFIER: '1', CI: '1' },
      },
    );
    started[started.length - 1].cleanup = () => rmSync(configFile, { force: true });
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

function stopOne(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    // The negative id is the process group this script created for the child (detached: true), nothing else.
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/** Whether any process of the group `pid` leads (detached: true) is still running. */
function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops every process started here, by its id, and waits until each one's whole process group is gone (SIGKILL after
 * 10 s): the CLI can exit before the function's runtime it started, which would go on writing into folders the caller
 * removes next. A child that had already exited (an attempt retried on another port) is only cleaned up after.
 */
export async function stopAll() {
  const running = started.splice(0);
  if (running.length > 0) log(`stopping ${running.map((r) => `${r.name} (pid ${r.child.pid})`).join(', ')}`);
  await Promise.all(
    running.map(async ({ child, cleanup }) => {
      if (child.exitCode === null && child.signalCode === null) stopOne(child);
      else if (groupAlive(child.pid)) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // Gone between the check and the signal.
        }
      }
      const deadline = Date.now() + 10_000;
      while (groupAlive(child.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      if (groupAlive(child.pid)) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Gone between the check and the signal.
        }
        const killed = Date.now() + 5_000;
        while (groupAlive(child.pid) && Date.now() < killed) await new Promise((r) => setTimeout(r, 50));
      }
      try {
        cleanup?.();
      } catch (error) {
        log(`could not clean up after ${child.pid}: ${error.message}`);
      }
    }),
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
