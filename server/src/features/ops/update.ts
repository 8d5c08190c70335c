// `npm run update -- <release tarball>`: installs a release built elsewhere (`npm run release`) beside the
// running one and switches to it with a safety net. The server's home holds one folder per release and a `current`
// link to the live one (docs/deploy.md, section 6):
//
//   <home>/releases/studio-1.2.0+ab12cd3/   unpacked tarball, production dependencies installed
//   <home>/current -> releases/studio-1.2.0+ab12cd3
//
// The steps: unpack and install (the running site untouched; a failure here ends the update and changes nothing),
// stop the service, back up DATA_DIR (with the server stopped, so the backup holds every booking the old release
// acknowledged), switch `current`, migrate, start, and check /api/health until it names the new release. When any
// step from the stop on fails, it rolls back: stop, `current` back to the previous release, the backup restored over
// DATA_DIR (what the failed release wrote is moved aside, never deleted), start, and the health check again.
//
// The service is stopped and started through the commands the settings name (systemctl in production, a script in
// the test), and the install is the command the settings name too (`npm ci --omit=dev`: nothing is built here), run
// with none of the site's secrets in its environment (installEnvOf).
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';
import { x as extract } from 'tar';
import { RELEASE_FILE, releaseName, type ReleaseInfo } from './release';

export const RELEASES_DIR = 'releases';
export const CURRENT_LINK = 'current';

export interface UpdateSettings {
  /** The folder holding releases/ and the `current` link (STUDIO_APP_HOME, default /srv/studio). */
  home: string;
  /** The environment the tools run with: the service's settings (DATA_DIR, BACKUP_DIR, ...). */
  env: NodeJS.ProcessEnv;
  /** Shell commands: stop and start the service; install production dependencies in a release's folder. */
  stopCommand: string;
  startCommand: string;
  installCommand: string;
  /** The health URL of the running service, and how long a start may take to answer it. */
  healthUrl: string;
  healthTimeoutMs: number;
  /** Where progress lines go. */
  print: (line: string) => void;
}

export type UpdateOutcome =
  | { ok: true; release: string; previous: string | undefined; backup: string | undefined }
  | {
      ok: false;
      /** The step that failed, and why. */
      failed: string;
      reason: string;
      /** Whether the previous release is running again (false: nothing was stopped, or the rollback failed too). */
      rolledBack: boolean;
      previous: string | undefined;
      backup: string | undefined;
    };

class StepFailed extends Error {
  constructor(
    readonly step: string,
    message: string,
  ) {
    super(message);
  }
}

function run(step: string, command: string, options: { cwd?: string; env: NodeJS.ProcessEnv }): string {
  const result = spawnSync('sh', ['-c', command], {
    cwd: options.cwd,
    env: options.env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.error) throw new StepFailed(step, `${command}: ${result.error.message}`);
  if (result.status !== 0) {
    const said = `${result.stderr}${result.stdout}`.trim().split('\n').slice(-5).join('\n');
    throw new StepFailed(step, `${command} exited with ${result.status ?? result.signal}${said ? `: ${said}` : ''}`);
  }
  return result.stdout;
}

// What the install may see of the tools' environment. The install runs the dependencies' own scripts (npm ci runs
// every package's install scripts), so none of the site's secrets (SMTP_URL with its password, STRIPE_*, TWILIO_*,
// anything else the settings file holds) may reach it: only what npm and node need to find themselves, the registry
// and its proxy.
const INSTALL_ENV_NAMES = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'TZ',
  'TERM',
  'TMPDIR',
  'TMP',
  'TEMP',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
]);
const INSTALL_ENV_PREFIXES = ['npm_config_', 'NODE_', 'LC_'];

/** The tools' environment cut down to INSTALL_ENV_NAMES and INSTALL_ENV_PREFIXES (npm's own settings, node's). */
export function installEnvOf(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(
      ([name]) =>
        INSTALL_ENV_NAMES.has(name.toUpperCase()) ||
        INSTALL_ENV_PREFIXES.some((prefix) => name.toUpperCase().startsWith(prefix.toUpperCase())),
    ),
  );
}

/** Runs one of a release's compiled tools (server/dist/cli/<tool>.js) with plain node. */
const tool = (release: string, name: string, args: string[]) =>
  [process.execPath, path.join(release, 'server', 'dist', 'cli', `${name}.js`), ...args]
    .map((part) => `'${part.replace(/'/g, `'\\''`)}'`)
    .join(' ');

function readRelease(folder: string): ReleaseInfo {
  const file = path.join(folder, 'server', 'dist', RELEASE_FILE);
  if (!existsSync(file)) throw new StepFailed('unpack', `${folder} is not a Studio release: it has no ${file}.`);
  return JSON.parse(readFileSync(file, 'utf8')) as ReleaseInfo;
}

/** Points `<home>/current` at `target` in one rename, so it always names a whole release. */
function pointCurrentAt(home: string, target: string) {
  const next = path.join(home, `.${CURRENT_LINK}-${process.pid}`);
  rmSync(next, { force: true });
  symlinkSync(path.relative(home, target), next);
  renameSync(next, path.join(home, CURRENT_LINK));
}

/** The release `current` points at, if any. */
export function currentReleaseDir(home: string): string | undefined {
  const link = path.join(home, CURRENT_LINK);
  try {
    readlinkSync(link);
    return realpathSync(link);
  } catch {
    return undefined;
  }
}

/** Polls the health URL until it answers 200 naming `version`, or fails after the timeout saying what it last saw. */
async function waitForHealth(url: string, version: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      const body = (await res.json().catch(() => ({}))) as { version?: string; message?: string };
      if (res.ok && body.version === version) return;
      last = res.ok
        ? `200 from ${body.version ?? 'a release without a version'}`
        : `${res.status} ${body.message ?? ''}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new StepFailed(
    'health check',
    `${url} did not answer 200 from ${version} within ${timeoutMs / 1000} s (last: ${last.trim()}).`,
  );
}

/** Unpacks the tarball into releases/ and installs its production dependencies; answers its folder and release. */
async function unpackAndInstall(tarball: string, settings: UpdateSettings) {
  const releases = path.join(settings.home, RELEASES_DIR);
  mkdirSync(releases, { recursive: true });
  const incoming = path.join(releases, `.incoming-${process.pid}`);
  rmSync(incoming, { recursive: true, force: true });
  mkdirSync(incoming);
  try {
    // The tarball holds one folder (studio-<version>+<commit>/): its contents go straight into `incoming`.
    await extract({ file: tarball, cwd: incoming, strip: 1 });
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true });
    throw new StepFailed('unpack', `${tarball} could not be unpacked: ${(error as Error).message}`);
  }
  let release: ReleaseInfo;
  try {
    release = readRelease(incoming);
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true });
    throw error;
  }
  const folder = path.join(releases, `studio-${releaseName(release)}`);
  if (folder === currentReleaseDir(settings.home)) {
    rmSync(incoming, { recursive: true, force: true });
    throw new StepFailed('unpack', `${releaseName(release)} is the release running now.`);
  }
  // Left by an earlier attempt that failed: replaced whole.
  rmSync(folder, { recursive: true, force: true });
  renameSync(incoming, folder);
  settings.print(`Unpacked ${releaseName(release)} into ${folder}; installing its production dependencies.`);
  try {
    run('install', settings.installCommand, { cwd: folder, env: installEnvOf(settings.env) });
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return { folder, release };
}

export async function update(tarball: string, given: UpdateSettings): Promise<UpdateOutcome> {
  // Folders are compared with what `current` resolves to: the home's own path resolved too.
  mkdirSync(given.home, { recursive: true });
  const settings = { ...given, home: realpathSync(given.home) };
  const previous = currentReleaseDir(settings.home);
  let next: { folder: string; release: ReleaseInfo };
  try {
    next = await unpackAndInstall(path.resolve(tarball), settings);
  } catch (error) {
    const step = error instanceof StepFailed ? error.step : 'unpack';
    return {
      ok: false,
      failed: step,
      reason: (error as Error).message,
      rolledBack: false,
      previous,
      backup: undefined,
    };
  }
  const version = releaseName(next.release);
  const env = settings.env;
  let backup: string | undefined;
  let stopped = false;
  let swapped = false;
  try {
    if (previous) {
      settings.print('Stopping the service.');
      run('stop', settings.stopCommand, { env });
      stopped = true;
      if (existsSync(path.join(previous, 'server', 'dist', 'cli', 'backup.js'))) {
        backup = run('backup', tool(previous, 'backup', []), { env })
          .trim()
          .split('\n')
          .at(-1);
        settings.print(`Backed up the data to ${backup}.`);
      }
    }
    pointCurrentAt(settings.home, next.folder);
    swapped = true;
    settings.print(`current -> ${path.relative(settings.home, next.folder)}; migrating.`);
    // The first install creates the database; later ones refuse a DATA_DIR without one (a setting gone missing).
    const migrate = tool(next.folder, 'migrate', previous ? [] : ['--create']);
    for (const line of run('migrate', migrate, { env }).trim().split('\n')) settings.print(line);
    settings.print('Starting the service.');
    run('start', settings.startCommand, { env });
    await waitForHealth(settings.healthUrl, version, settings.healthTimeoutMs);
    settings.print(`${version} is running and healthy.`);
    pruneReleases(settings.home, [next.folder, ...(previous ? [previous] : [])]);
    return { ok: true, release: version, previous: previous && path.basename(previous), backup };
  } catch (error) {
    const step = error instanceof StepFailed ? error.step : 'update';
    const reason = (error as Error).message;
    settings.print(`The update to ${version} failed at the ${step}: ${reason}`);
    // A stop that failed switched nothing: the service is as it was, and no rollback would know better.
    const rolledBack =
      previous !== undefined && stopped ? await rollBack({ settings, previous, backup, swapped }) : false;
    return { ok: false, failed: step, reason, rolledBack, previous: previous && path.basename(previous), backup };
  }
}

/** Back to the previous release on the data of the backup; answers whether it is running and healthy again. */
async function rollBack(options: {
  settings: UpdateSettings;
  previous: string;
  backup: string | undefined;
  swapped: boolean;
}): Promise<boolean> {
  const { settings, previous, backup } = options;
  const env = settings.env;
  try {
    settings.print('Rolling back.');
    // Whatever the failed release left running (a start that came up unhealthy) is stopped first.
    run('stop', settings.stopCommand, { env });
    if (options.swapped) {
      pointCurrentAt(settings.home, previous);
      settings.print(`current -> ${path.relative(settings.home, previous)}.`);
      if (backup) {
        for (const line of run('restore', tool(previous, 'restore', ['--force', backup]), { env })
          .trim()
          .split('\n'))
          settings.print(line);
      }
    }
    run('start', settings.startCommand, { env });
    const release = readRelease(previous);
    await waitForHealth(settings.healthUrl, releaseName(release), settings.healthTimeoutMs);
    settings.print(`Rolled back: ${releaseName(release)} is running${backup ? ` on the data of ${backup}` : ''}.`);
    return true;
  } catch (error) {
    settings.print(`The rollback failed too: ${(error as Error).message}`);
    return false;
  }
}

/** Deletes the release folders but `keep` (the one now live and the one before it, for the next rollback). */
function pruneReleases(home: string, keep: string[]) {
  const releases = path.join(home, RELEASES_DIR);
  for (const name of readdirSync(releases)) {
    const folder = path.join(releases, name);
    if (!name.startsWith('.') && !keep.includes(folder)) rmSync(folder, { recursive: true, force: true });
  }
}
