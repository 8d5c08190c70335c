// Listens and shuts down gracefully; everything else is in app.ts. The process holds DATA_DIR for its whole life
// (features/ops/data-lock.ts), so a restore refuses to run under it.
import { mkdirSync } from 'node:fs';
import { buildApp } from './app/app';
import { optionsFromEnv, SettingsError } from './platform/config';
import { loadToolSettings } from './platform/settings-file';
import { SchemaTooNew } from './platform/sqlite/database';
import { DataDirLocked, lockDataDir } from './features/ops/data-lock';
import { currentRelease, releaseName } from './features/ops/release';

/**
 * A start-up failure as one JSON line in the log's own shape (pino's: level 60 is fatal), so `journalctl -o cat | jq`
 * reads it like every other line; a bad setting is named, without a stack trace.
 */
function logFatal(error: unknown) {
  const line: Record<string, unknown> = { level: 60, time: Date.now(), msg: (error as Error).message };
  if (error instanceof SettingsError) line.settings = error.problems.map((p) => p.setting);
  // Refusals that say what to do (a settings file, a held DATA_DIR, a schema from a newer release) need no stack.
  else if (!(
    error instanceof SchemaTooNew ||
    error instanceof DataDirLocked ||
    (error as Error).name === 'SettingsFileError'
  ))
    line.stack = (error as Error).stack;
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

async function main() {
  // The unit's EnvironmentFile= has already set these; by hand, `--settings-file` or STUDIO_ENV_FILE names the same file.
  const { env } = loadToolSettings(process.argv.slice(2));
  const options = optionsFromEnv(env);
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const unlock = lockDataDir(options.dataDir, 'server');
  process.on('exit', unlock);
  const app = await buildApp(options);
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: options.port, host: options.host });
  const release = currentRelease();
  app.log.info(
    { version: releaseName(release) },
    `Studio ${releaseName(release)} is running on ${options.publicOrigin} (her dashboard: ${options.adminOrigin}/admin)`,
  );
  // Never the address nor a link in the log: only where a newcomer finds her sign-in link on this machine.
  if (app.hasRoute({ method: 'GET', url: '/api/dev/outbox' }))
    app.log.info(`Sign-in links go to the local outbox: ${options.publicOrigin}/api/dev/outbox`);
}

main().catch((error: unknown) => {
  logFatal(error);
  process.exit(1);
});
