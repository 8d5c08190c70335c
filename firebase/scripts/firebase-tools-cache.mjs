// What the emulators need installed (emulators.mjs): the Firebase CLI, cached in .cache/firebase-tools, and the
// functions' dependencies, linked to the copies this repository already installed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EmulatorSetupError, log, ROOT } from './emulator-processes.mjs';

/** The Firebase CLI the tests use; pinned so the cache is reused and a new release cannot change a run. */
export const FIREBASE_TOOLS_VERSION = '15.34.2';
export const TOOLS_DIR = path.join(ROOT, '.cache', 'firebase-tools');

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
