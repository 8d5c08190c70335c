// `npm run update -- <release tarball>`: installs a release made by `npm run release` and switches to it, rolling back
// to the previous release and its data when anything from the stop on fails (features/ops/update.ts says how). Run it from
// the live release's folder (<home>/current). Settings: the service's settings file, as every tool's (tool-settings.ts:
// --settings-file, STUDIO_ENV_FILE, /etc/studio/studio.env), under the tool's own environment; so the backup, migrate
// and restore it runs, and its health check, see the service's DATA_DIR and PORT without their being retyped. Its own:
//   STUDIO_APP_HOME         the folder holding releases/ and current (default: found from this tool's own path)
//   STUDIO_STOP_COMMAND     default `sudo systemctl stop studio`
//   STUDIO_START_COMMAND    default `sudo systemctl start studio`
//   STUDIO_INSTALL_COMMAND  default `npm ci --omit=dev --no-audit --no-fund` (production dependencies, nothing built)
//   HEALTH_URL              default http://127.0.0.1:$PORT/api/health (PORT 8080)
//   HEALTH_TIMEOUT_SECONDS  default 60
import path from 'node:path';
import { RELEASES_DIR, update } from '../features/ops/update';
import { startTool } from './tool-settings';

const USAGE = 'usage: npm run update -- <release tarball>';

/** <home>/releases/<release>/server/dist/cli/update.js: the home is five folders up, when the layout is there. */
function defaultHome(): string {
  const release = path.resolve(__dirname, '..', '..', '..');
  return path.basename(path.dirname(release)) === RELEASES_DIR ? path.dirname(path.dirname(release)) : '/srv/studio';
}

async function main(): Promise<number> {
  const tool = startTool(process.argv.slice(2));
  if (!tool) return 1;
  const args = tool.args.filter((a) => a !== '--');
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const env = tool.env;
  const seconds = Number(env.HEALTH_TIMEOUT_SECONDS ?? 60);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    console.error(`HEALTH_TIMEOUT_SECONDS must be a number of seconds, not "${env.HEALTH_TIMEOUT_SECONDS}".`);
    return 2;
  }
  const outcome = await update(args[0]!, {
    home: path.resolve(env.STUDIO_APP_HOME?.trim() || defaultHome()),
    env,
    stopCommand: env.STUDIO_STOP_COMMAND?.trim() || 'sudo systemctl stop studio',
    startCommand: env.STUDIO_START_COMMAND?.trim() || 'sudo systemctl start studio',
    installCommand: env.STUDIO_INSTALL_COMMAND?.trim() || 'npm ci --omit=dev --no-audit --no-fund',
    healthUrl: env.HEALTH_URL?.trim() || `http://127.0.0.1:${env.PORT?.trim() || 8080}/api/health`,
    healthTimeoutMs: seconds * 1000,
    print: (line) => console.log(line),
  });
  if (outcome.ok) return 0;
  console.error(
    outcome.rolledBack
      ? `The update failed at the ${outcome.failed}. ${outcome.previous} is running again${outcome.backup ? ` on the data of ${outcome.backup}` : ''}.`
      : outcome.previous && outcome.failed !== 'unpack' && outcome.failed !== 'install' && outcome.failed !== 'stop'
        ? `The update failed at the ${outcome.failed} and the rollback failed too: see the lines above, then docs/deploy.md, section 6.`
        : `The update failed at the ${outcome.failed}: ${outcome.reason} Nothing was switched.`,
  );
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`The update failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
